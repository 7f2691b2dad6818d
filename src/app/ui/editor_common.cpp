// What the track and arena editors share (editor_common.hpp).
#include "editor_common.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "render.hpp"

namespace skidpad::app {

namespace fs = std::filesystem;

void editor_fit_view(View& view, dvec2 lo, dvec2 hi, dvec2 screen, double min_zoom,
                     double max_zoom) {
    view.size = screen;
    const dvec2 span = hi - lo;
    const double free_w = std::max(200.0, screen.x - 400.0);  // the panel takes the left
    view.zoom = std::clamp(std::min(free_w / span.x, screen.y / span.y), min_zoom, max_zoom);
    view.centre = 0.5 * (lo + hi) - dvec2(200.0 / view.zoom, 0.0);
}

std::string editor_new_file(const std::string& user_dir, const std::string& name,
                            const char* fallback, std::string& error) {
    error.clear();
    if (user_dir.empty()) {
        error = "No folder to save to (no data folder)";
        return "";
    }
    std::error_code ec;
    fs::create_directories(user_dir, ec);
    std::string stem;
    for (const char c : name)
        stem +=
            std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '-';
    if (stem.empty()) stem = fallback;
    // A file of that name from an earlier draft is kept: the first free NAME-2, NAME-3, ….
    for (int n = 1; n <= kMaxNewFileTries; ++n) {
        const std::string file = n == 1 ? stem + ".json" : stem + "-" + std::to_string(n) + ".json";
        const fs::path p = fs::path(user_dir) / file;
        if (!fs::exists(p, ec)) return p.string();
    }
    error = "No free file name for " + stem + ".json in " + user_dir + " (" +
            std::to_string(kMaxNewFileTries) + " taken)";
    return "";
}

void editor_draw_world(WorldRenderer& renderer, DrawList& shapes, const View& view,
                       const std::function<void(DrawList&)>& map) {
    renderer.begin();
    renderer.draw_ground(view);
    renderer.draw_grid(view);
    shapes.clear();
    map(shapes);
    renderer.draw(shapes, view);
    renderer.draw_scale_bar(*ImGui::GetBackgroundDrawList(), view);
}

}  // namespace skidpad::app
