// Ground surfaces under the wheels (docs/physics.md §9): each kind scales the
// tyres' friction coefficient and adds a rolling resistance proportional to the wheel load.
// The World holds a SurfaceMap (a raster of kinds built from the track or the level) and
// tells car_step what each wheel stands on; the kinds' figures are the `surface.*` tunables.
// The surface table (kSurfaces) is the one place a kind's name, tunables, colour and dust
// are written: the track and level drawing, the minimap and the effects read its rows.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"

namespace skidpad {

enum class SurfaceKind : std::uint8_t { Asphalt = 0, Kerb = 1, Grass = 2, Gravel = 3, Ice = 4 };
inline constexpr int kSurfaceKinds = 5;

/// "asphalt", "kerb", "grass", "gravel", "ice".
const char* surface_name(SurfaceKind k);
/// Reads a surface name; false (and `out` untouched) for an unknown name.
bool surface_from_name(std::string_view name, SurfaceKind& out);
/// "asphalt|kerb|grass|gravel|ice" (for messages and help texts).
const char* surface_names();

/// What a surface does to a tyre.
struct SurfaceProps {
    double grip = 1.0;     ///< multiplies the tyre's friction coefficient μ
    double rolling = 0.0;  ///< rolling-resistance coefficient: F = −c F_z along the wheel
};

/// The tunable figures of every kind (tunables `surface.KIND.grip|rolling`).
struct SurfaceDef {
    SurfaceProps asphalt{1.0, 0.0};
    SurfaceProps kerb{0.9, 0.01};
    SurfaceProps grass{0.5, 0.06};
    SurfaceProps gravel{0.6, 0.12};
    SurfaceProps ice{0.15, 0.0};
    const SurfaceProps& of(SurfaceKind k) const;
};

/// The weather on the ground (tunable sim.weather, docs/physics.md §9.1): wet ground
/// scales each surface's grip by its row's `wet_grip`; damp by half as much.
enum class Weather : std::uint8_t { Dry = 0, Damp = 1, Wet = 2 };

/// One row of the surface table.
struct SurfaceRow {
    SurfaceKind kind;
    const char* name;                 ///< in level and track files and tunable keys
    SurfaceProps SurfaceDef::*props;  ///< its grip and rolling (surface.<name>.*)
    /// Its colour: the ground, run-off, friction patches and (lightened) the minimap.
    Color colour;
    /// A whole road of it, a shade apart from run-off of it so that a gravel road reads
    /// apart from a gravel trap; 0 = `colour`.
    Color road;
    Color dust;  ///< the dust a sliding wheel throws up; 0 = none (not loose ground)
    /// Its grip when wet, times its dry grip (docs/physics.md §9.1).
    double wet_grip;
};

/// The table, in SurfaceKind order.
extern const std::array<SurfaceRow, kSurfaceKinds> kSurfaces;
/// The row of `k` (asphalt's for a value out of range).
const SurfaceRow& surface_row(SurfaceKind k);

/// The multiplier the weather puts on the grip of `k`: exactly 1 when dry, the row's
/// wet_grip when wet and halfway between when damp.
double weather_grip(SurfaceKind k, Weather w);

/// What one wheel stands on this sub-step (car_step's view of the ground).
struct WheelSurface {
    double grip = 1.0;
    double rolling = 0.0;
};
using WheelSurfaces = std::array<WheelSurface, 4>;
/// Every wheel on a surface with grip 1 and no extra rolling resistance.
inline constexpr WheelSurfaces kPlainGround{};

/// A rectangle of one surface (a friction patch in a level or a track).
struct SurfacePatch {
    SurfaceKind kind = SurfaceKind::Ice;
    dvec2 centre{0.0, 0.0};  ///< m
    dvec2 size{1.0, 1.0};    ///< m, full width (along the rotated x) and height
    double angle = 0.0;      ///< rad
    bool contains(dvec2 p) const;
    friend bool operator==(const SurfacePatch&, const SurfacePatch&) = default;
};

/// The most cells a SurfaceMap holds (a coarser cell is used for larger areas).
inline constexpr std::size_t kMaxSurfaceCells = 4u * 1024u * 1024u;

/// A raster of surface kinds over a rectangle; `outside` everywhere else. An empty map
/// is `outside` (asphalt by default) everywhere.
class SurfaceMap {
public:
    SurfaceMap() = default;
    /// A raster covering [lo, hi] with square cells of about `cell` m (made coarser when
    /// the area would need more than kMaxSurfaceCells), filled with `outside`.
    SurfaceMap(dvec2 lo, dvec2 hi, double cell, SurfaceKind outside);
    /// No raster: `kind` everywhere.
    static SurfaceMap uniform(SurfaceKind kind);

    SurfaceKind at(dvec2 p) const;
    SurfaceKind outside() const { return outside_; }
    bool has_raster() const { return nx_ > 0 && ny_ > 0; }
    int cols() const { return nx_; }
    int rows() const { return ny_; }
    double cell() const { return cell_; }
    dvec2 origin() const { return origin_; }
    /// Centre of cell (ix, iy).
    dvec2 cell_centre(int ix, int iy) const;
    SurfaceKind cell_kind(int ix, int iy) const;
    void set_cell(int ix, int iy, SurfaceKind k);
    /// Paints a patch over every cell whose centre lies in it (cells outside the raster
    /// are left alone).
    void paint(const SurfacePatch& patch);

private:
    dvec2 origin_{0.0, 0.0};
    double cell_ = 1.0;
    int nx_ = 0;
    int ny_ = 0;
    SurfaceKind outside_ = SurfaceKind::Asphalt;
    std::vector<std::uint8_t> cells_;
};

}  // namespace skidpad
