// What the track and arena editors share (editor_common.hpp).
#include "editor_common.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <utility>

#include "pointer.hpp"
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

namespace {

/// Follows one button's press: true while it is held past `slack` pixels from the press.
bool dragging(EditorPress& p, int button, dvec2 at, double slack) {
    if (ImGui::IsMouseClicked(button)) p = EditorPress{at, false};
    if (!ImGui::IsMouseDown(button)) return false;
    if (glm::length(at - p.from) >= slack) p.far = true;
    return p.far;
}

}  // namespace

EditorMouse editor_mouse(EditorState& ed, double min_zoom, double max_zoom) {
    const ImGuiIO& io = ImGui::GetIO();
    const dvec2 at = pointer_at(dvec2(io.MousePos.x, io.MousePos.y));
    EditorMouse m;
    m.moved = ed.pointer_known && at != ed.pointer;
    const dvec2 delta = ed.pointer_known ? at - ed.pointer : dvec2(0.0);
    ed.pointer = at;
    ed.pointer_known = true;
    m.world = ed.view.to_world(at);
    if (io.WantCaptureMouse) {
        m.captured = true;
        ed.right.far = ed.middle.far = true;  // a press there is no click on the map
        return m;
    }
    if (io.MouseWheel != 0.0f) {
        // Zoom about the pointer: the point under it stays.
        const double k = std::pow(1.15, static_cast<double>(io.MouseWheel));
        const double zoom = std::clamp(ed.view.zoom * k, min_zoom, max_zoom);
        const double r = zoom / ed.view.zoom;
        ed.view.zoom = zoom;
        ed.view.centre = m.world - (m.world - ed.view.centre) / r;
    }
    const bool pan_middle = dragging(ed.middle, ImGuiMouseButton_Middle, at, io.MouseDragThreshold);
    const bool pan_right = dragging(ed.right, ImGuiMouseButton_Right, at, 4.0);
    if (pan_middle || pan_right) ed.view.centre -= dvec2(delta.x, -delta.y) / ed.view.zoom;
    m.right_click = ImGui::IsMouseReleased(ImGuiMouseButton_Right) && !ed.right.far;
    return m;
}

bool editor_may_drive(EditorState& ed, bool asked, std::size_t problems) {
    if (!asked) return false;
    if (problems == 0) return true;
    editor_say(ed, "Not driven: " +
                       (problems == 1 ? std::string("a problem")
                                      : std::to_string(problems) + " problems") +
                       " to fix first (listed below, marked on the map)");
    return false;
}

void editor_say(EditorState& ed, std::string text) {
    ed.status = std::move(text);
    ++ed.said;
}

double editor_status_glow(double age) {
    if (!(age >= 0.0) || age >= kStatusGlowS) return 0.0;
    return 1.0 - age / kStatusGlowS;
}

void editor_status_line(EditorState& ed) {
    if (ed.status.empty()) return;
    const double now = ImGui::GetTime();
    if (ed.said != ed.said_seen) {
        ed.said_seen = ed.said;
        ed.said_at = now;
    }
    const float g = static_cast<float>(editor_status_glow(now - ed.said_at));
    const ImVec4 base = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    const ImVec4 lit(1.0f, 0.86f, 0.35f, 1.0f);  // a warm yellow, fading to the text colour
    const ImVec4 c(base.x + (lit.x - base.x) * g, base.y + (lit.y - base.y) * g,
                   base.z + (lit.z - base.z) * g, base.w);
    ImGui::PushStyleColor(ImGuiCol_Text, c);
    ImGui::TextWrapped("%s", ed.status.c_str());
    ImGui::PopStyleColor();
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
