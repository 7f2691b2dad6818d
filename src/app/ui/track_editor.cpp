// The in-game track editor's map, mouse, keys and panel (see track_editor.hpp).
#include "track_editor.hpp"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "editor_common.hpp"
#include "render.hpp"
#include "skidpad/plan/plan_car.hpp"

namespace skidpad::app {

namespace {

namespace fs = std::filesystem;

vec2 f(dvec2 v) {
    return vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}

/// A new track to start from: a 260 m x 120 m rounded rectangle of 10 points.
TrackDraftData starter() {
    TrackDraftData d;
    d.name = "New track";
    d.points = {{0, 0},     {80, 0},   {150, 0}, {200, 20}, {210, 70},
                {170, 115}, {80, 120}, {0, 120}, {-50, 95}, {-50, 25}};
    d.stretches.assign(d.points.size(), DraftStretch{});
    return d;
}

void fit_view(TrackEditor& ed, const dvec2& screen) {
    const std::vector<dvec2>& p = ed.draft.data().points;
    ed.view.size = screen;
    if (p.empty()) return;
    dvec2 lo(1e300), hi(-1e300);
    for (const dvec2& q : p) {
        lo = glm::min(lo, q);
        hi = glm::max(hi, q);
    }
    // At least 20 m across, with the road and 20 m beside it.
    const dvec2 grow =
        0.5 * glm::max(dvec2(20.0) - (hi - lo), dvec2(0.0)) + dvec2(ed.draft.data().width + 20.0);
    editor_fit_view(ed.view, lo - grow, hi + grow, screen, 0.05, 40.0);
    ed.placed = true;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// The track and its checks follow every change at once; the planner (ten times their
/// cost on a long track) re-plans when no drag is going on.
void rebuild(TrackEditor& ed, const Settings& settings) {
    if (ed.built_revision != ed.draft.revision()) {
        const auto t0 = std::chrono::steady_clock::now();
        ed.built_revision = ed.draft.revision();
        ed.built = track_draft_build(ed.draft.data(), false);  // the map draws; nothing drives
        ed.problems = track_draft_check(ed.draft.data(), settings.car.wheelbase,
                                        settings.car.max_steer, &ed.built);
        ed.barriers = ed.built.ok ? track_barrier_bodies(ed.built.track) : std::vector<LevelBody>{};
        ed.line.clear();
        if (!ed.built.ok && ed.draft.size() >= 3 && ed.problems.size() > 0 &&
            ed.problems[0].kind != DraftProblemKind::PointsTooClose)
            ed.line = catmull_rom_closed(ed.draft.data().points, 2.0);
        ed.rebuild_ms = ms_since(t0);
        ed.race = Race{};
        ed.plan_stale = ed.built.ok;
    }
    if (ed.plan_stale && !ed.dragging) {
        const auto t0 = std::chrono::steady_clock::now();
        ed.race.set_track(ed.built.track, plan_car_from_def(settings.car), settings.plan);
        ed.plan_ms = ms_since(t0);
        ed.plan_stale = false;
    }
}

int point_at(const TrackEditor& ed, dvec2 w) {
    const std::vector<dvec2>& p = ed.draft.data().points;
    const double reach = 9.0 / ed.view.zoom;  // 9 points on screen
    int best = -1;
    double d = reach;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double e = glm::length(p[i] - w);
        if (e <= d) {
            d = e;
            best = static_cast<int>(i);
        }
    }
    return best;
}

/// The stretch (control point index) whose part of the built centre line is nearest to
/// w, when w is on the road; -1 otherwise.
int stretch_at(const TrackEditor& ed, dvec2 w) {
    const std::vector<dvec2>& p = ed.draft.data().points;
    if (p.size() < 2) return -1;
    int best = -1;
    double d = 1e300;
    const TrackDraftData& data = ed.draft.data();
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double reach =
            0.5 * std::max(draft_width_at(data, i), draft_width_at(data, (i + 1) % p.size())) +
            data.kerb_width + 4.0 / ed.view.zoom;
        const dvec2 a = p[i];
        const dvec2 b = p[(i + 1) % p.size()];
        const dvec2 ab = b - a;
        const double u =
            std::clamp(glm::dot(w - a, ab) / std::max(glm::dot(ab, ab), 1e-9), 0.0, 1.0);
        const double e = glm::length(a + ab * u - w);
        if (e < d && e < reach) {
            d = e;
            best = static_cast<int>(i);
        }
    }
    return best;
}

void handle_mouse(TrackEditor& ed) {
    const EditorMouse m = editor_mouse(ed, 0.05, 40.0);
    if (m.captured) {
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) ed.dragging = false;
        return;
    }
    const dvec2 w = m.world;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        const int hit = point_at(ed, w);
        if (hit >= 0) {
            ed.selected = hit;
            ed.stretch = hit;
            ed.dragging = true;
            ed.draft.move_point(static_cast<std::size_t>(hit), ed.draft.data().points[hit]);
        } else if (const int s = stretch_at(ed, w); s >= 0 && ed.draft.size() >= 3) {
            // A click on the road: a new point there, between its stretch's ends.
            ed.draft.insert_point(static_cast<std::size_t>(s), w);
            ed.selected = s + 1;
            ed.stretch = s + 1;
            ed.dragging = true;
        } else {
            ed.draft.add_point(w);
            ed.selected = static_cast<int>(ed.draft.size()) - 1;
            ed.stretch = ed.selected;
            ed.dragging = true;
        }
    } else if (ed.dragging && ImGui::IsMouseDown(ImGuiMouseButton_Left) && ed.selected >= 0) {
        if (m.moved) ed.draft.move_point(static_cast<std::size_t>(ed.selected), w, true);
    } else {
        ed.dragging = false;
    }
    if (m.right_click) {
        if (const int hit = point_at(ed, w); hit >= 0) {
            ed.draft.delete_point(static_cast<std::size_t>(hit));
            ed.selected = -1;
        }
    }
}

/// True when F5 was pressed.
bool handle_keys(TrackEditor& ed) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureKeyboard) return false;
    if (io.KeyCtrl && ImGui::IsKeyPressed(SDL_SCANCODE_Z)) {
        if (io.KeyShift)
            ed.draft.redo();
        else
            ed.draft.undo();
    }
    if (io.KeyCtrl && ImGui::IsKeyPressed(SDL_SCANCODE_Y)) ed.draft.redo();
    if (io.KeyCtrl && ImGui::IsKeyPressed(SDL_SCANCODE_S)) editor_say(ed, track_editor_save(ed));
    if ((ImGui::IsKeyPressed(SDL_SCANCODE_DELETE) || ImGui::IsKeyPressed(SDL_SCANCODE_BACKSPACE)) &&
        ed.selected >= 0 && ed.selected < static_cast<int>(ed.draft.size())) {
        ed.draft.delete_point(static_cast<std::size_t>(ed.selected));
        ed.selected = std::min(ed.selected, static_cast<int>(ed.draft.size()) - 1);
    }
    // [ and ]: the selected point's width, a metre at a time (one undo step each).
    const bool narrower = ImGui::IsKeyPressed(SDL_SCANCODE_LEFTBRACKET);
    if ((narrower || ImGui::IsKeyPressed(SDL_SCANCODE_RIGHTBRACKET)) && ed.selected >= 0 &&
        ed.selected < static_cast<int>(ed.draft.size())) {
        const auto i = static_cast<std::size_t>(ed.selected);
        DraftStretch s = ed.draft.data().stretches[i];
        const double w =
            std::clamp(draft_width_at(ed.draft.data(), i) + (narrower ? -1.0 : 1.0), 4.0, 60.0);
        s.width = w == ed.draft.data().width ? 0.0 : w;
        ed.draft.set_stretch(i, s);
    }
    return ImGui::IsKeyPressed(SDL_SCANCODE_F5, false);
}

void draw_map(TrackEditor& ed, DrawList& out) {
    const TrackDraftData& d = ed.draft.data();
    if (ed.built.ok) {
        track_draw(ed.built.track, out);
        if (ed.race.has_track()) ed.race.draw(out, true);
        for (const LevelBody& b : ed.barriers) {
            if (b.kind == BodyKind::Tyre) {
                out.circle(f(dvec2(b.x, b.y)), 0.35f, rgba(30, 30, 34), rgba(90, 90, 96), 0.06f, 3);
                continue;
            }
            const dvec2 ax = direction(b.angle) * (0.5 * b.w);
            const dvec2 ay = perp(direction(b.angle)) * (0.5 * b.h);
            const dvec2 c(b.x, b.y);
            const vec2 q[4] = {f(c - ax - ay), f(c + ax - ay), f(c + ax + ay), f(c - ax + ay)};
            out.polygon(q, rgba(170, 170, 165), rgba(90, 90, 90), 0.08f, 3);
        }
    } else if (ed.line.size() > 2) {
        // Not a track yet: the smoothed centre line as the loader would draw it, in white.
        std::vector<vec2> pts;
        for (const dvec2& p : ed.line)
            pts.push_back(f(p));
        out.polyline(pts, rgba(235, 235, 235, 200), 2.0f * static_cast<float>(1.0 / ed.view.zoom),
                     true, 4);
    }
    const float px = static_cast<float>(1.0 / ed.view.zoom);  // one screen point, in m
    // The control polygon and the points; point 0 (the start) is larger.
    for (std::size_t i = 0; i < d.points.size(); ++i) {
        const dvec2 a = d.points[i];
        const dvec2 b = d.points[(i + 1) % d.points.size()];
        const bool sel = static_cast<int>(i) == ed.stretch;
        if (d.points.size() > 1)
            out.segment(f(a), f(b), sel ? rgba(255, 220, 60, 220) : rgba(120, 200, 255, 140),
                        (sel ? 3.0f : 1.5f) * px, 5);
    }
    for (std::size_t i = 0; i < d.points.size(); ++i) {
        const bool sel = static_cast<int>(i) == ed.selected;
        const float r = (i == 0 ? 7.0f : 5.0f) * px;
        out.circle(f(d.points[i]), r, sel ? rgba(255, 220, 60) : rgba(60, 160, 255),
                   rgba(10, 20, 40), 1.5f * px, 6);
    }
    for (const DraftProblem& p : ed.problems) {
        out.circle(f(p.where), 14.0f * px, rgba(230, 40, 40, 70), rgba(255, 40, 40), 3.0f * px, 7);
    }
}

/// A slider whose value is committed when it is let go (one undo step per drag): true
/// then, with the value (to 0.1) in `out`.
bool slider_on_release(const char* label, double current, float lo, float hi, double& out) {
    static ImGuiID held_id = 0;
    static float held = 0.0f;
    const ImGuiID id = ImGui::GetID(label);
    float v = held_id == id ? held : static_cast<float>(current);
    if (ImGui::SliderFloat(label, &v, lo, hi, "%.1f")) {
        held_id = id;
        held = v;
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) {
        out = std::round(static_cast<double>(v) * 10.0) / 10.0;
        held_id = 0;
        return true;
    }
    return false;
}

bool draw_panel(TrackEditor& ed) {
    bool drive = false;
    ImGui::SetNextWindowPos(ImVec2(10.0f, 10.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(380.0f, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.88f);
    ImGui::Begin("Track editor", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings);
    TrackDraftData d = ed.draft.data();
    bool changed = false;
    char name[65];
    std::snprintf(name, sizeof name, "%s", d.name.c_str());
    if (ImGui::InputText("Name", name, sizeof name, ImGuiInputTextFlags_EnterReturnsTrue) ||
        (ImGui::IsItemDeactivatedAfterEdit())) {
        d.name = name;
        changed = true;
    }
    char author[65];
    std::snprintf(author, sizeof author, "%s", d.author.c_str());
    if (ImGui::InputText("Author", author, sizeof author, ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit()) {
        d.author = author;
        changed = true;
    }
    changed |= slider_on_release("Width (m)", d.width, 4.0f, 30.0f, d.width);
    changed |=
        slider_on_release("Barriers at (m)", d.barrier_offset, 0.5f, 30.0f, d.barrier_offset);
    int slots = d.grid_slots;
    if (ImGui::SliderInt("Grid slots", &slots, 1, kMaxGridSlots)) {
        d.grid_slots = slots;
        changed = true;
    }
    static const char* kinds[] = {"asphalt", "kerb", "grass", "gravel", "ice"};
    int road = static_cast<int>(d.road);
    if (ImGui::Combo("Road", &road, kinds, kSurfaceKinds)) {
        // The whole road: stretches that had the old surface take the new one.
        const SurfaceKind old = d.road;
        d.road = static_cast<SurfaceKind>(road);
        for (DraftStretch& s : d.stretches)
            if (s.surface == old) s.surface = d.road;
        changed = true;
    }
    if (changed) ed.draft.replace(d);
    ImGui::Separator();
    if (ed.stretch >= 0 && ed.stretch < static_cast<int>(ed.draft.size())) {
        ImGui::Text("Stretch %d -> %d", ed.stretch,
                    (ed.stretch + 1) % static_cast<int>(ed.draft.size()));
        const auto at = static_cast<std::size_t>(ed.stretch);
        DraftStretch s = ed.draft.data().stretches[at];
        double here = draft_width_at(ed.draft.data(), at);
        bool edit = false;
        char label[48];
        std::snprintf(label, sizeof label, "Width at %d (m)", ed.stretch);
        if (slider_on_release(label, here, 4.0f, 60.0f, here)) {
            s.width = here == ed.draft.data().width ? 0.0 : here;
            edit = true;
        }
        if (s.width > 0.0) {
            ImGui::SameLine();
            if (ImGui::SmallButton("Track's")) {
                s.width = 0.0;
                edit = true;
            }
        }
        int surf = static_cast<int>(s.surface);
        edit |= ImGui::Combo("Surface", &surf, kinds, kSurfaceKinds);
        s.surface = static_cast<SurfaceKind>(surf);
        edit |= ImGui::Checkbox("Kerbs", &s.kerbs);
        static const char* barriers[] = {"none", "wall", "tyres"};
        int left = static_cast<int>(s.left), right = static_cast<int>(s.right);
        edit |= ImGui::Combo("Left barrier", &left, barriers, 3);
        edit |= ImGui::Combo("Right barrier", &right, barriers, 3);
        s.left = static_cast<DraftBarrier>(left);
        s.right = static_cast<DraftBarrier>(right);
        if (edit) ed.draft.set_stretch(at, s);
    } else {
        ImGui::TextDisabled("Click a point to edit its stretch");
    }
    ImGui::Separator();
    ImGui::BeginDisabled(!ed.draft.can_undo());
    if (ImGui::Button("Undo")) ed.draft.undo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!ed.draft.can_redo());
    if (ImGui::Button("Redo")) ed.draft.redo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Save")) editor_say(ed, track_editor_save(ed));
    ImGui::SameLine();
    ImGui::BeginDisabled(!ed.problems.empty());
    if (ImGui::Button("Drive (F5)")) drive = true;
    ImGui::EndDisabled();
    editor_status_line(ed);
    ImGui::Separator();
    if (ed.built.ok && ed.problems.empty()) {
        const SpeedProfile& p = ed.race.profile();
        ImGui::Text("%zu points, %.0f m", ed.draft.size(), ed.built.track.centre.length);
        if (p.ok)
            ImGui::Text("Planned lap %.1f s, %.0f-%.0f km/h", p.lap_time_s, p.min_speed_mps * 3.6,
                        p.max_speed_mps * 3.6);
        ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1.0f), "No problems");
    } else {
        ImGui::Text("%zu points", ed.draft.size());
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        for (std::size_t i = 0; i < ed.problems.size(); ++i)
            ImGui::TextWrapped("%zu. %s", i + 1, ed.problems[i].message.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::TextDisabled("Track and checks %.1f ms, plan %.1f ms", ed.rebuild_ms, ed.plan_ms);
    ImGui::Separator();
    ImGui::TextDisabled(
        "Click: add point (on the road: insert)\nDrag: move   Right click/Del: "
        "delete\n[ ]: the point's width   Wheel: zoom   Right drag: pan\n"
        "Ctrl+Z/Y undo/redo   Ctrl+S save\n"
        "F5 drive   Esc: back to the game");
    ImGui::End();
    return drive;
}

}  // namespace

void track_editor_mouse(TrackEditor& ed) {
    handle_mouse(ed);
}

std::string user_tracks_dir(const std::string& pref_dir) {
    return pref_dir.empty() ? std::string() : (fs::path(pref_dir) / "tracks").string();
}

std::string track_editor_open(TrackEditor& ed, const std::string& file,
                              const std::string& pref_dir) {
    ed = TrackEditor{};
    ed.open = true;
    ed.user_dir = user_tracks_dir(pref_dir);
    if (file.empty()) {
        ed.draft = TrackDraft(starter());
        return "";
    }
    const TrackDraftResult r = track_draft_load(file);
    if (!r.ok) {
        ed.draft = TrackDraft(starter());
        return r.error;
    }
    ed.draft = TrackDraft(r.draft);
    ed.path = file;
    return "";
}

std::string track_editor_save(TrackEditor& ed) {
    if (ed.path.empty()) {
        std::string error;
        ed.path = editor_new_file(ed.user_dir, ed.draft.data().name, "track", error);
        if (!error.empty()) return error;
    }
    const FileResult r = track_draft_save(ed.draft.data(), ed.path);
    if (!r.ok) return r.error;
    ed.saved_files.push_back(ed.path);
    return "Saved " + ed.path;
}

bool track_editor_frame(TrackEditor& ed, const Settings& settings, WorldRenderer& renderer,
                        DrawList& shapes, const dvec2& screen, bool interactive) {
    if (!ed.placed) fit_view(ed, screen);
    ed.view.size = screen;
    bool drive = false;
    if (interactive) {
        handle_mouse(ed);
        drive = handle_keys(ed);
    }
    rebuild(ed, settings);
    drive = editor_draw(
                renderer, shapes, ed.view, [&](DrawList& out) { draw_map(ed, out); },
                [&] { return draw_panel(ed); }, ed.problems) ||
            drive;
    return editor_may_drive(ed, drive, ed.problems.size());
}

}  // namespace skidpad::app
