// The in-game arena editor's map, mouse, keys and panel (see level_editor.hpp).
#include "level_editor.hpp"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>

#include "editor_common.hpp"
#include "render.hpp"

namespace skidpad::app {

namespace {

namespace fs = std::filesystem;

constexpr double kTurnStep = std::numbers::pi / 12.0;  // 15 degrees
constexpr double kScaleStep = 1.1;

vec2 f(dvec2 v) {
    return vec2(static_cast<float>(v.x), static_cast<float>(v.y));
}

/// A new level to start from: an empty yard with the car at the origin facing up.
Level starter() {
    Level l;
    l.name = "My arena";
    l.car_start = {0.0, 0.0};
    l.car_heading = 0.5 * std::numbers::pi;
    return l;
}

void fit_view(LevelEditor& ed, const dvec2& screen) {
    dvec2 lo = ed.draft.level().car_start - dvec2(30.0);
    dvec2 hi = ed.draft.level().car_start + dvec2(30.0);
    for (const LevelBody& b : ed.draft.level().bodies) {
        const BodyBox box = level_body_box(b);
        const double r = glm::length(box.half);
        lo = glm::min(lo, box.centre - dvec2(r));
        hi = glm::max(hi, box.centre + dvec2(r));
    }
    editor_fit_view(ed.view, lo - dvec2(5.0), hi + dvec2(5.0), screen, 0.5, 80.0);
    ed.placed = true;
}

bool near_car(const LevelEditor& ed, dvec2 w) {
    return glm::length(w - ed.draft.level().car_start) < std::max(2.0, 10.0 / ed.view.zoom);
}

void handle_mouse(LevelEditor& ed) {
    const ImGuiIO& io = ImGui::GetIO();
    const EditorMouse m = editor_mouse(ed, 0.5, 80.0);
    if (m.captured) {
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) ed.drag = LevelEditor::Drag::None;
        return;
    }
    const dvec2 w = m.world;
    LevelDraft& d = ed.draft;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        const int hit = d.body_at(w);
        ed.grab = w;
        if (near_car(ed, w) && hit < 0) {
            ed.drag = LevelEditor::Drag::Car;
            ed.car_moved = false;
        } else if (hit >= 0) {
            const auto i = static_cast<std::size_t>(hit);
            const bool in =
                std::find(d.selected().begin(), d.selected().end(), i) != d.selected().end();
            if (io.KeyShift || io.KeyCtrl) {
                d.select(i, true);
            } else if (!in) {
                d.select(i);
            }
            ed.drag = LevelEditor::Drag::Bodies;
            d.move_selected(dvec2(0.0), false);
        } else {
            const LevelTool& t = level_editor_tools()[static_cast<std::size_t>(ed.tool)];
            d.add(level_body_new(t.kind, t.group, w));
            ed.drag = LevelEditor::Drag::Bodies;
            d.move_selected(dvec2(0.0), false);
        }
    } else if (ed.drag != LevelEditor::Drag::None && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        if (ed.drag == LevelEditor::Drag::Car) {
            if (m.moved) {
                d.set_car_start(w, d.level().car_heading, ed.car_moved);
                ed.car_moved = true;
            }
        } else if (!d.selected().empty()) {
            // Move by what the mouse moved since the grab; the model snaps and keeps the
            // remainder in `grab` so that a slow drag still crosses grid lines.
            const LevelBody& first = d.level().bodies[d.selected()[0]];
            const BodyBox before = level_body_box(first);
            d.move_selected(w - ed.grab, true);
            const BodyBox after = level_body_box(d.level().bodies[d.selected()[0]]);
            ed.grab += after.centre - before.centre;
        }
    } else {
        ed.drag = LevelEditor::Drag::None;
    }
    if (m.right_click) {
        if (const int hit = d.body_at(w); hit >= 0) {
            d.select(static_cast<std::size_t>(hit));
            d.delete_selected();
        }
    }
}

/// True when F5 was pressed.
bool handle_keys(LevelEditor& ed) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureKeyboard) return false;
    LevelDraft& d = ed.draft;
    auto pressed = [](SDL_Scancode k) { return ImGui::IsKeyPressed(k); };
    if (io.KeyCtrl && pressed(SDL_SCANCODE_Z)) {
        if (io.KeyShift)
            d.redo();
        else
            d.undo();
    }
    if (io.KeyCtrl && pressed(SDL_SCANCODE_Y)) d.redo();
    if (io.KeyCtrl && pressed(SDL_SCANCODE_S)) editor_say(ed, level_editor_save(ed));
    if (io.KeyCtrl && pressed(SDL_SCANCODE_A)) d.select_all();
    if (io.KeyCtrl && pressed(SDL_SCANCODE_D)) d.duplicate_selected(dvec2(2.0, -2.0));
    if (pressed(SDL_SCANCODE_DELETE) || pressed(SDL_SCANCODE_BACKSPACE)) d.delete_selected();
    if (!io.KeyCtrl && pressed(SDL_SCANCODE_R))
        d.rotate_selected(io.KeyShift ? -kTurnStep : kTurnStep);
    if (pressed(SDL_SCANCODE_EQUALS) || pressed(SDL_SCANCODE_KP_PLUS)) d.scale_selected(kScaleStep);
    if (pressed(SDL_SCANCODE_MINUS) || pressed(SDL_SCANCODE_KP_MINUS))
        d.scale_selected(1.0 / kScaleStep);
    if (!io.KeyCtrl && pressed(SDL_SCANCODE_H)) {
        d.set_car_start(d.level().car_start,
                        d.level().car_heading + (io.KeyShift ? -kTurnStep : kTurnStep));
    }
    return ImGui::IsKeyPressed(SDL_SCANCODE_F5, false);
}

/// The bodies an element places, as boxes (a stack's crates, a line's tyres or cones).
void element_boxes(const LevelBody& b, std::vector<BodyBox>& out) {
    out.clear();
    const BodyBox whole = level_body_box(b);
    if (b.group == LevelGroup::Line) {
        const double r = whole.half.y;
        const dvec2 p(b.x, b.y), q(b.x1, b.y1);
        for (int i = 0; i < b.count; ++i) {
            const double u = b.count == 1 ? 0.0 : static_cast<double>(i) / (b.count - 1);
            out.push_back({p + (q - p) * u, dvec2(r), whole.angle});
        }
    } else if (b.group == LevelGroup::Grid) {
        const double size = b.size.value_or(1.0);
        const double pitch = size + b.gap;
        const dvec2 ax = direction(b.angle), ay = perp(direction(b.angle));
        for (int r = 0; r < b.rows; ++r) {
            for (int c = 0; c < b.cols; ++c) {
                const dvec2 at = whole.centre + ax * (pitch * (c - 0.5 * (b.cols - 1))) +
                                 ay * (pitch * (r - 0.5 * (b.rows - 1)));
                out.push_back({at, dvec2(0.5 * size), b.angle});
            }
        }
    } else {
        out.push_back(whole);
    }
}

void quad(const BodyBox& b, vec2 q[4]) {
    const dvec2 ax = direction(b.angle) * b.half.x;
    const dvec2 ay = perp(direction(b.angle)) * b.half.y;
    q[0] = f(b.centre - ax - ay);
    q[1] = f(b.centre + ax - ay);
    q[2] = f(b.centre + ax + ay);
    q[3] = f(b.centre - ax + ay);
}

void draw_map(LevelEditor& ed, DrawList& out) {
    const Level& l = ed.draft.level();
    const float px = static_cast<float>(1.0 / ed.view.zoom);  // one screen point, in m
    level_draw_patches(l, out);
    std::vector<BodyBox> parts;
    for (std::size_t i = 0; i < l.bodies.size(); ++i) {
        const LevelBody& b = l.bodies[i];
        const BodyKindRow& row = body_kind_row(b.kind);
        const Color fill = b.kind == BodyKind::Barrier && b.pinned && row.pinned_fill != 0
                               ? row.pinned_fill
                               : row.fill;
        element_boxes(b, parts);
        for (const BodyBox& p : parts) {
            if (b.kind == BodyKind::Tyre || b.kind == BodyKind::Cone) {
                out.circle(f(p.centre), static_cast<float>(p.half.x), fill, row.stroke, 1.0f * px,
                           3);
            } else {
                vec2 q[4];
                quad(p, q);
                out.polygon(q, fill, row.stroke, 1.0f * px, 3);
            }
        }
        const bool sel = std::find(ed.draft.selected().begin(), ed.draft.selected().end(), i) !=
                         ed.draft.selected().end();
        if (sel) {
            vec2 q[4];
            BodyBox whole = level_body_box(b);
            whole.half += dvec2(3.0 * px);
            quad(whole, q);
            out.polyline(q, rgba(255, 220, 60), 2.0f * px, true, 5);
        }
    }
    // The car's start: a car-sized box with an arrow along its heading.
    const BodyBox car{l.car_start, {2.3, 1.0}, l.car_heading};
    vec2 q[4];
    quad(car, q);
    out.polygon(q, rgba(60, 140, 255, 120), rgba(120, 190, 255), 2.0f * px, 5);
    const dvec2 t = direction(l.car_heading);
    out.segment(f(l.car_start), f(l.car_start + t * 3.5), rgba(255, 255, 255), 3.0f * px, 6);
    for (const LevelProblem& p : ed.problems)
        out.circle(f(p.where), 14.0f * px, rgba(230, 40, 40, 70), rgba(255, 40, 40), 3.0f * px, 7);
}

bool draw_panel(LevelEditor& ed) {
    bool drive = false;
    LevelDraft& d = ed.draft;
    ImGui::SetNextWindowPos(ImVec2(10.0f, 10.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(380.0f, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.88f);
    ImGui::Begin("Arena editor", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings);
    char name[65];
    std::snprintf(name, sizeof name, "%s", d.level().name.c_str());
    if (ImGui::InputText("Name", name, sizeof name, ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit())
        d.set_name(name);
    char author[65];
    std::snprintf(author, sizeof author, "%s", d.level().author.c_str());
    if (ImGui::InputText("Author", author, sizeof author, ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit())
        d.set_author(author);
    const std::vector<LevelTool>& tools = level_editor_tools();
    if (ImGui::BeginCombo("Place", tools[static_cast<std::size_t>(ed.tool)].name)) {
        for (std::size_t i = 0; i < tools.size(); ++i) {
            if (ImGui::Selectable(tools[i].name, static_cast<int>(i) == ed.tool))
                ed.tool = static_cast<int>(i);
        }
        ImGui::EndCombo();
    }
    static const float kSnaps[] = {0.0f, 0.25f, 0.5f, 1.0f, 2.0f};
    static const char* kSnapNames[] = {"off", "0.25 m", "0.5 m", "1 m", "2 m"};
    int snap = 0;
    for (int i = 0; i < 5; ++i)
        if (std::fabs(d.snap - kSnaps[i]) < 1e-6) snap = i;
    if (ImGui::Combo("Snap", &snap, kSnapNames, 5)) d.snap = kSnaps[snap];
    ImGui::Separator();
    const bool any = !d.selected().empty();
    ImGui::Text("%zu bodies, %zu selected", d.level().bodies.size(), d.selected().size());
    ImGui::BeginDisabled(!any);
    if (ImGui::Button("Turn -15")) d.rotate_selected(-kTurnStep);
    ImGui::SameLine();
    if (ImGui::Button("Turn +15")) d.rotate_selected(kTurnStep);
    ImGui::SameLine();
    if (ImGui::Button("Smaller")) d.scale_selected(1.0 / kScaleStep);
    ImGui::SameLine();
    if (ImGui::Button("Larger")) d.scale_selected(kScaleStep);
    if (ImGui::Button("Duplicate")) d.duplicate_selected(dvec2(2.0, -2.0));
    ImGui::SameLine();
    if (ImGui::Button("Delete")) d.delete_selected();
    ImGui::EndDisabled();
    ImGui::Separator();
    ImGui::BeginDisabled(!d.can_undo());
    if (ImGui::Button("Undo")) d.undo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!d.can_redo());
    if (ImGui::Button("Redo")) d.redo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Save")) editor_say(ed, level_editor_save(ed));
    ImGui::SameLine();
    ImGui::BeginDisabled(!ed.problems.empty());
    if (ImGui::Button("Drive (F5)")) drive = true;
    ImGui::EndDisabled();
    editor_status_line(ed);
    ImGui::Separator();
    if (ed.problems.empty()) {
        ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1.0f), "No problems");
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        for (std::size_t i = 0; i < ed.problems.size(); ++i)
            ImGui::TextWrapped("%zu. %s", i + 1, ed.problems[i].message.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::Separator();
    ImGui::TextDisabled(
        "Click: select (Shift: add)   on empty ground: place\nDrag: move (the car too)   "
        "Right click/Del: delete\nR/Shift+R turn   +/- scale   Ctrl+D duplicate\n"
        "H/Shift+H turn the car   Ctrl+A select all\nWheel: zoom   Right drag: pan\n"
        "Ctrl+Z/Y undo/redo   Ctrl+S save\nF5 drive   Esc: back to the game");
    ImGui::End();
    return drive;
}

}  // namespace

void level_editor_mouse(LevelEditor& ed) {
    handle_mouse(ed);
}

const std::vector<LevelTool>& level_editor_tools() {
    static const std::vector<LevelTool> tools = [] {
        std::vector<LevelTool> out;
        for (const BodyKindRow& r : kBodyKinds) {
            if (r.level_name) out.push_back({r.kind, LevelGroup::None, r.level_name});
            if (r.level_group_name) out.push_back({r.kind, r.level_group, r.level_group_name});
        }
        return out;
    }();
    return tools;
}

std::string user_levels_dir(const std::string& pref_dir) {
    return pref_dir.empty() ? std::string() : (fs::path(pref_dir) / "levels").string();
}

std::string level_editor_open(LevelEditor& ed, const std::string& file,
                              const std::string& pref_dir) {
    ed = LevelEditor{};
    ed.open = true;
    ed.user_dir = user_levels_dir(pref_dir);
    if (file.empty()) {
        ed.draft = LevelDraft(starter());
        return "";
    }
    Level l;
    const LevelResult r = load_level_file(file, l);
    if (!r.ok) {
        ed.draft = LevelDraft(starter());
        return r.error;
    }
    ed.draft = LevelDraft(std::move(l));
    ed.path = file;
    return "";
}

std::string level_editor_save(LevelEditor& ed) {
    if (ed.path.empty()) {
        std::string error;
        ed.path = editor_new_file(ed.user_dir, ed.draft.level().name, "level", error);
        if (!error.empty()) return error;
    }
    const FileResult r = level_draft_save(ed.draft.level(), ed.path);
    return r.ok ? "Saved " + ed.path : r.error;
}

bool level_editor_frame(LevelEditor& ed, WorldRenderer& renderer, DrawList& shapes,
                        const dvec2& screen, bool interactive) {
    if (!ed.placed) fit_view(ed, screen);
    ed.view.size = screen;
    bool drive = false;
    if (interactive) {
        handle_mouse(ed);
        drive = handle_keys(ed);
    }
    if (ed.checked_revision != ed.draft.revision()) {
        ed.checked_revision = ed.draft.revision();
        ed.problems = level_draft_check(ed.draft.level());
    }
    drive = editor_draw(
                renderer, shapes, ed.view, [&](DrawList& out) { draw_map(ed, out); },
                [&] { return draw_panel(ed); }, ed.problems) ||
            drive;
    return editor_may_drive(ed, drive, ed.problems.size());
}

}  // namespace skidpad::app
