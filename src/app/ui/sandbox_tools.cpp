// The soft-body sandbox's mouse tools and its overlay window (see sandbox_tools.hpp).
#include "sandbox_tools.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "camera.hpp"
#include "overlay_layout.hpp"
#include "session.hpp"
#include "skidpad/scene/bench_scene.hpp"
#include "skidpad/soft/body_kinds.hpp"

namespace skidpad::app {

void sandbox_bench_scene(Sim& sim, Camera& camera, int crates, int width, int height) {
    const BenchScene sc = make_bench_scene(crates, 1);
    build_bench_scene(sim.scene.world.soft(), sc);
    // Paused, the whole arena in view: the figure is the renderer's, not physics'.
    sim.tuner.control("sim.paused", 1.0);
    sim.camera = CameraCue{};  // this view, not the one a scene change asked for
    camera.follow = false;
    camera.placed = true;
    camera.centre = dvec2(sc.inner_width * 0.5, sc.inner_height * 0.5);
    const double zoom = std::min(static_cast<double>(width) / (sc.inner_width + 4.0),
                                 static_cast<double>(height) / (sc.inner_height + 4.0));
    camera.user_zoom = zoom;  // a view, not a tunable
    camera.def_zoom = sim.settings().camera.zoom;
    camera.zoom = zoom;
}

namespace {
/// Where the last SDL motion event put the pointer (window pixels). While a button is
/// held, ImGui 1.86's SDL backend reads the pointer from the desktop's global mouse
/// state, which some X servers (Xvfb) leave where the press was; the events follow it.
struct Pointer {
    bool seen = false;
    dvec2 at{0.0, 0.0};
};
Pointer g_pointer;
}  // namespace

void sandbox_pointer_moved(int x, int y) {
    g_pointer.seen = true;
    g_pointer.at = dvec2(x, y);
}

bool sandbox_reset_pressed() {
    // ImGui 1.86 indexes io.KeysDown by the backend's key code (SDL scancodes), so the
    // named key goes through io.KeyMap; the raw enum value of ImGuiKey_Backspace is
    // the scancode of H.
    const ImGuiIO& io = ImGui::GetIO();
    return !io.WantCaptureKeyboard &&
           ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace), false);
}

std::string sandbox_frame(Session& session, const View& view) {
    SandboxState& sb = session.sim.sandbox;
    const Scene& scene = session.sim.scene;
    std::string message;
    const SoftWorld& soft = scene.world.soft();
    const ImGuiIO& io = ImGui::GetIO();
    if (sandbox_reset_pressed()) {
        session.apply(Event::scene_reset());
        sb.dragging = BodyId{};
        message = scene.track < 0 ? "Level reset (" + scene.arena_source + ")"
                                  : std::string("Cars back on the grid");
    }
    const vec2 mouse(
        view.to_world(g_pointer.seen ? g_pointer.at : dvec2(io.MousePos.x, io.MousePos.y)));
    const bool on_ground = std::isfinite(mouse.x) && std::isfinite(mouse.y) &&
                           std::fabs(mouse.x) <= kReplayMaxCoordinate &&
                           std::fabs(mouse.y) <= kReplayMaxCoordinate;
    if (!io.WantCaptureMouse && on_ground) {
        // The toolbar's tool in the sandbox mode; elsewhere (no toolbar) a click spawns.
        const SandboxTool tool = session.mode_name == "sandbox" ? sb.tool : SandboxTool::Spawn;
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
            const BodyId hit = soft.body_at(mouse);
            if (hit && tool == SandboxTool::Delete) {
                session.apply(Event::remove(hit));
            } else if (hit) {
                sb.dragging = hit;
            } else if (tool == SandboxTool::Spawn) {
                const std::vector<BodyKind> kinds = sandbox_kinds();
                const int last = static_cast<int>(kinds.size()) - 1;
                session.apply(Event::spawn(
                    kinds[static_cast<std::size_t>(std::clamp(sb.spawn_kind, 0, last))], mouse.x,
                    mouse.y));
            }
        }
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
            const BodyId hit = soft.body_at(mouse);
            if (hit) session.apply(Event::remove(hit));
        }
    }
    if (sb.dragging && soft.valid(sb.dragging) && on_ground &&
        ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        if (sb.drag_sent != sb.dragging || sb.drag_sent_at != mouse) {
            session.apply(Event::drag(sb.dragging, mouse.x, mouse.y));
            sb.drag_sent = sb.dragging;
            sb.drag_sent_at = mouse;
        }
    } else {
        sb.dragging = BodyId{};
        if (sb.drag_sent) {
            session.apply(Event::drag_end());
            sb.drag_sent = BodyId{};
        }
    }
    return message;
}

int sandbox_clear(Session& session) {
    session.sim.sandbox.dragging = BodyId{};
    const SoftWorld& soft = session.sim.scene.world.soft();
    std::vector<BodyId> ids;
    ids.reserve(soft.body_count());
    for (std::size_t i = 0; i < soft.body_count(); ++i)
        ids.push_back(soft.id_of(i));
    int removed = 0;
    for (const BodyId id : ids) {
        if (soft.valid(id) && session.apply(Event::remove(id)).empty()) removed += 1;
    }
    return removed;
}

bool draw_sandbox_panel(SandboxState& sb, const Scene& scene) {
    const SoftWorld& soft = scene.world.soft();
    // Docked in the left column below the Planner (overlay_layout.hpp); collapsed at
    // first start.
    dock_next_window(Dock::Left, ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    const bool open =
        ImGui::Begin("Sandbox", nullptr, ImGuiWindowFlags_AlwaysAutoResize | dock_window_flags());
    dock_window_placed(Dock::Left);
    if (!open) {
        ImGui::End();
        return false;
    }
    ImGui::Text("bodies %zu   particles %zu   constraints %zu", soft.body_count(),
                soft.particle_count(), soft.constraint_count());
    const SoftStats& st = soft.stats();
    ImGui::Text("contacts %d  pairs %d  sub-steps %d", st.contacts, st.pairs, st.substeps);
    if (st.pairs_dropped > 0) {
        ImGui::Text("pairs skipped in crowded cells %lld",
                    static_cast<long long>(st.pairs_dropped));
    }
    ImGui::Text("max penetration %.3f m  max strain %.3f", static_cast<double>(st.max_penetration),
                static_cast<double>(st.max_strain));
    ImGui::Text("speed caps %llu  settling %d  pieces %d",
                static_cast<unsigned long long>(soft.speed_cap_events()), st.settling, st.pieces);
    std::vector<BodyKind> kinds = sandbox_kinds();
    const bool picked = ImGui::Combo(
        "spawn", &sb.spawn_kind,
        [](void* data, int i, const char** label) {
            const auto& list = *static_cast<const std::vector<BodyKind>*>(data);
            *label = body_kind_row(list[static_cast<std::size_t>(i)]).sandbox_label;
            return true;
        },
        &kinds, static_cast<int>(kinds.size()));
    if (picked) sb.tool = SandboxTool::Spawn;  // a kind picked here spawns, as on the toolbar
    ImGui::TextDisabled("click: spawn / drag a body   right-click: delete");
    ImGui::PushTextWrapPos(layout_wrap_width());
    ImGui::TextDisabled("Backspace: reset level (%s)", scene.arena_source.c_str());
    ImGui::PopTextWrapPos();
    // The scene as it stands, handed to the arena editor (the arena only: a track's
    // barriers are the track's).
    ImGui::BeginDisabled(scene.track >= 0);
    const bool save = ImGui::Button("Save as level...");
    ImGui::EndDisabled();
    if (scene.track >= 0) {
        ImGui::SameLine();
        ImGui::TextDisabled("(on the arena)");
    }
    ImGui::End();
    return save;
}

}  // namespace skidpad::app
