// The surface table: each ground surface as one row (grip, rolling, colours, dust).
#include "skidpad/surface.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad {

// clang-format off
constexpr std::array<SurfaceRow, kSurfaceKinds> kSurfaces = {{
    {SurfaceKind::Asphalt, "asphalt", &SurfaceDef::asphalt, rgba(62, 64, 68), 0, 0, 0.65},
    {SurfaceKind::Kerb, "kerb", &SurfaceDef::kerb, rgba(200, 40, 36), 0, 0, 0.55},
    {SurfaceKind::Grass, "grass", &SurfaceDef::grass, rgba(62, 112, 50), rgba(88, 120, 60),
     rgba(128, 108, 72), 0.6},  // earth
    {SurfaceKind::Gravel, "gravel", &SurfaceDef::gravel, rgba(186, 166, 126), rgba(150, 126, 92),
     rgba(214, 200, 172), 0.9},  // pale stone
    {SurfaceKind::Ice, "ice", &SurfaceDef::ice, rgba(200, 226, 240), 0, 0, 1.0},
}};
// clang-format on

const SurfaceRow& surface_row(SurfaceKind k) {
    const auto i = static_cast<std::size_t>(k);
    return kSurfaces[i < kSurfaces.size() ? i : 0];
}

double weather_grip(SurfaceKind k, Weather w) {
    const double wet = surface_row(k).wet_grip;
    switch (w) {
        case Weather::Dry:
            return 1.0;
        case Weather::Damp:
            return 1.0 - 0.5 * (1.0 - wet);
        case Weather::Wet:
            return wet;
    }
    return 1.0;
}

const char* surface_name(SurfaceKind k) {
    const auto i = static_cast<std::size_t>(k);
    return i < kSurfaces.size() ? kSurfaces[i].name : "?";
}

bool surface_from_name(std::string_view name, SurfaceKind& out) {
    for (const SurfaceRow& r : kSurfaces) {
        if (name == r.name) {
            out = r.kind;
            return true;
        }
    }
    return false;
}

const char* surface_names() {
    return "asphalt|kerb|grass|gravel|ice";
}

const SurfaceProps& SurfaceDef::of(SurfaceKind k) const {
    return this->*surface_row(k).props;
}

bool SurfacePatch::contains(dvec2 p) const {
    const dvec2 local = rotate(p - centre, -angle);
    return std::fabs(local.x) <= 0.5 * size.x && std::fabs(local.y) <= 0.5 * size.y;
}

SurfaceMap::SurfaceMap(dvec2 lo, dvec2 hi, double cell, SurfaceKind outside) : outside_(outside) {
    const double w = std::max(hi.x - lo.x, 0.0);
    const double h = std::max(hi.y - lo.y, 0.0);
    if (!(cell > 0.0) || !std::isfinite(w) || !std::isfinite(h) || w <= 0.0 || h <= 0.0) return;
    // Coarser cells until the raster fits.
    const double need = std::sqrt(w * h / static_cast<double>(kMaxSurfaceCells));
    cell_ = std::max(cell, need * 1.001);
    nx_ = std::max(1, static_cast<int>(std::ceil(w / cell_)));
    ny_ = std::max(1, static_cast<int>(std::ceil(h / cell_)));
    origin_ = lo;
    cells_.assign(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_),
                  static_cast<std::uint8_t>(outside));
}

SurfaceMap SurfaceMap::uniform(SurfaceKind kind) {
    SurfaceMap m;
    m.outside_ = kind;
    return m;
}

SurfaceKind SurfaceMap::at(dvec2 p) const {
    if (nx_ <= 0) return outside_;
    const double fx = (p.x - origin_.x) / cell_;
    const double fy = (p.y - origin_.y) / cell_;
    if (!(fx >= 0.0 && fy >= 0.0 && fx < nx_ && fy < ny_)) return outside_;
    return static_cast<SurfaceKind>(
        cells_[static_cast<std::size_t>(fy) * static_cast<std::size_t>(nx_) +
               static_cast<std::size_t>(fx)]);
}

dvec2 SurfaceMap::cell_centre(int ix, int iy) const {
    return origin_ + dvec2((ix + 0.5) * cell_, (iy + 0.5) * cell_);
}

SurfaceKind SurfaceMap::cell_kind(int ix, int iy) const {
    if (ix < 0 || iy < 0 || ix >= nx_ || iy >= ny_) return outside_;
    return static_cast<SurfaceKind>(cells_[static_cast<std::size_t>(iy) * nx_ + ix]);
}

void SurfaceMap::set_cell(int ix, int iy, SurfaceKind k) {
    if (ix < 0 || iy < 0 || ix >= nx_ || iy >= ny_) return;
    cells_[static_cast<std::size_t>(iy) * nx_ + ix] = static_cast<std::uint8_t>(k);
}

void SurfaceMap::paint(const SurfacePatch& patch) {
    if (nx_ <= 0) return;
    const double r = 0.5 * std::sqrt(patch.size.x * patch.size.x + patch.size.y * patch.size.y);
    const int x0 =
        std::max(0, static_cast<int>(std::floor((patch.centre.x - r - origin_.x) / cell_)));
    const int y0 =
        std::max(0, static_cast<int>(std::floor((patch.centre.y - r - origin_.y) / cell_)));
    const int x1 =
        std::min(nx_ - 1, static_cast<int>(std::ceil((patch.centre.x + r - origin_.x) / cell_)));
    const int y1 =
        std::min(ny_ - 1, static_cast<int>(std::ceil((patch.centre.y + r - origin_.y) / cell_)));
    for (int iy = y0; iy <= y1; ++iy) {
        for (int ix = x0; ix <= x1; ++ix) {
            if (patch.contains(cell_centre(ix, iy))) set_cell(ix, iy, patch.kind);
        }
    }
}

}  // namespace skidpad
