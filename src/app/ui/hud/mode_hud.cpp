// The modes' shared HUD pieces and the running mode's HUD (see mode_hud.hpp).
#include "mode_hud.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "camera.hpp"
#include "ghost.hpp"
#include "modes/mode_replay.hpp"
#include "overlay_layout.hpp"
#include "palette.hpp"
#include "race_hud.hpp"
#include "scene.hpp"
#include "skidpad/car/car.hpp"
#include "time_trial_hud.hpp"

namespace skidpad::app {

namespace {
/// Over every window, but under the pause menu (or any popup) while one is open.
ImDrawList* big_text_list() {
    return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)
               ? ImGui::GetBackgroundDrawList()
               : ImGui::GetForegroundDrawList();
}
}  // namespace

void draw_big_text(const char* text, ImVec2 centre, float size, ImU32 colour) {
    ImFont* font = ImGui::GetFont();
    const float scale = size / font->FontSize;
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const ImVec2 p(centre.x - 0.5f * ts.x * scale, centre.y - 0.5f * ts.y * scale);
    ImDrawList* dl = big_text_list();
    const float o = std::max(2.0f, size / 24.0f);
    dl->AddText(font, size, ImVec2(p.x + o, p.y + o), IM_COL32(0, 0, 0, 170), text);
    dl->AddText(font, size, p, colour, text);
}

void draw_countdown(const Countdown& c, double now) {
    const double t = now - c.start;
    if (t < 0.0 || t >= kCountdownS + 1.0) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // Above the car (at the screen's centre), clear of its number and the HUD boxes.
    const float size = std::clamp(ds.y * 0.17f, 40.0f, 200.0f);
    const ImVec2 centre(ds.x * 0.5f, ds.y * 0.5f - size * 1.25f);
    if (t < kCountdownS) {
        char text[8];
        std::snprintf(text, sizeof text, "%d", static_cast<int>(std::ceil(kCountdownS - t)));
        draw_big_text(text, centre, size, IM_COL32(255, 210, 60, 255));
        // The lights: one red lamp per second gone, green at GO.
        ImDrawList* dl = big_text_list();
        const float r = size * 0.09f;
        for (int i = 0; i < 3; ++i) {
            const bool lit = t >= static_cast<double>(i);
            const ImVec2 lc(centre.x + (static_cast<float>(i) - 1.0f) * r * 3.0f,
                            centre.y + size * 0.58f);
            dl->AddCircleFilled(lc, r,
                                lit ? IM_COL32(230, 40, 40, 255) : IM_COL32(50, 20, 20, 220));
            dl->AddCircle(lc, r, IM_COL32(0, 0, 0, 200), 0, 2.0f);
        }
    } else {
        const int a = static_cast<int>(255.0 * std::clamp(kCountdownS + 1.0 - t, 0.0, 1.0));
        draw_big_text("GO", centre, size, IM_COL32(80, 230, 90, a));
    }
}

bool player_screen_box(const Scene& scene, const View& view, double alpha, Box& out) {
    const World& w = scene.world;
    if (!w.valid(w.player())) return false;
    const CarDef& def = w.car_def(w.player());
    const dvec2 s = view.to_screen(w.interpolated_pose(w.player(), alpha).position);
    const float half = static_cast<float>(0.5 * std::max(def.length, def.width) * view.zoom) + 8.0f;
    out = Box{static_cast<float>(s.x) - half, static_cast<float>(s.y) - half, 2.0f * half,
              2.0f * half};
    return true;
}

RaceHeadline race_headline(const RaceEntry& me, int position, int field, int laps,
                           double race_start) {
    char buf[96];
    RaceHeadline h;
    if (me.finish_time >= 0.0) {
        std::snprintf(buf, sizeof buf, "POS %d/%d   FINISHED", position, field);
        h.status = buf;
        h.clock = "Race  " + format_lap(me.finish_time - race_start);
        return h;
    }
    std::snprintf(buf, sizeof buf, "POS %d/%d   LAP %d/%d", position, field,
                  std::min(me.timer.laps + 1, laps), laps);
    h.status = buf;
    h.clock = "Lap   " + format_lap(me.timer.current());
    return h;
}

Color race_car_colour(const Race& race, CarId player, std::size_t entry_index) {
    if (entry_index >= race.entries().size()) return kPlayerPaint;
    const CarId id = race.entries()[entry_index].car;
    if (id == player) return kPlayerPaint;
    // The world numbers the other cars' paints in slot order (World::draw_bodies); in a
    // race every car is an entry, further human players' cars included.
    std::uint32_t others = 1;
    for (const RaceEntry& e : race.entries())
        if (e.car != player && e.car.index < id.index) ++others;
    return car_paint(others);
}

ImU32 im_colour(Color c, int alpha) {
    c = shown_paint(c);  // a car's paint as the player's palette shows it
    return IM_COL32(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, alpha);
}

/// The road as the minimap draws it: its surface's road colour (the surface table)
/// lightened halfway to white, to read on the map's dark ground.
ImU32 map_road_colour(SurfaceKind road) {
    const SurfaceRow& r = surface_row(road);
    const Color c = r.road != 0 ? r.road : r.colour;
    const auto half = [c](int shift) { return (((c >> shift) & 0xffu) + 255u) / 2u; };
    return IM_COL32(half(0), half(8), half(16), 230);
}

ImVec4 place_minimap(bool overlay_shown) {
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // With the overlay open it shares the right column with the Tuning window.
    const float side = overlay_shown ? std::clamp(std::min(ds.x, ds.y) * 0.22f, 110.0f, 200.0f)
                                     : std::clamp(std::min(ds.x, ds.y) * 0.3f, 120.0f, 260.0f);
    const float margin = overlay_shown ? kLayoutMargin : 12.0f;
    const float y = overlay_shown ? ImGui::GetFrameHeight() + margin : margin;
    layout_reserve_top(Dock::Right, y + side);
    return ImVec4(ds.x - side - margin, y, side, side);
}

namespace {
void draw_minimap_shapes(const Scene& scene, const Ghost& ghost, bool overlay_shown);
}  // namespace

float minimap_clear_alpha(ImVec4 place, const ImVec2* keep_clear, int count) {
    constexpr float kMargin = 24.0f;  // points
    for (int i = 0; i < count; ++i) {
        const ImVec2 p = keep_clear[i];
        if (p.x >= place.x - kMargin && p.x <= place.x + place.z + kMargin &&
            p.y >= place.y - kMargin && p.y <= place.y + place.z + kMargin)
            return kMinimapFaded;
    }
    return 1.0f;
}

void draw_minimap(const Scene& scene, const Ghost& ghost, bool overlay_shown, float alpha) {
    ImDrawList* faded = ImGui::GetBackgroundDrawList();
    const int first_vertex = faded->VtxBuffer.Size;
    draw_minimap_shapes(scene, ghost, overlay_shown);
    // Fade what it drew: scale the alpha of its vertices.
    const float a = std::clamp(alpha, 0.0f, 1.0f);
    if (a >= 1.0f) return;
    for (int i = first_vertex; i < faded->VtxBuffer.Size; ++i) {
        ImU32& col = faded->VtxBuffer[i].col;
        const auto old_a = static_cast<float>((col >> IM_COL32_A_SHIFT) & 0xFFu);
        const auto new_a = static_cast<ImU32>(old_a * a + 0.5f);
        col = (col & ~IM_COL32_A_MASK) | (new_a << IM_COL32_A_SHIFT);
    }
}

namespace {
void draw_minimap_shapes(const Scene& scene, const Ghost& ghost, bool overlay_shown) {
    const World& world = scene.world;
    const Race& race = scene.race;
    const ImVec4 place = place_minimap(overlay_shown);
    const float side = place.z;
    const ImVec2 top(place.x, place.y);
    // The world box to fit: the track's centre line, else the arena's bodies and cars.
    dvec2 lo(1e300), hi(-1e300);
    auto grow = [&](dvec2 p) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    };
    const bool track = race.has_track();
    const auto pos = world.soft().positions();
    const std::size_t stride = std::max<std::size_t>(1, pos.size() / 4000);
    if (track) {
        for (const dvec2& p : race.track().centre.points)
            grow(p);
        const double pad = race.track().half_width() + race.track().kerb_width;
        lo -= dvec2(pad);
        hi += dvec2(pad);
    } else {
        for (std::size_t i = 0; i < pos.size(); i += stride)
            grow(dvec2(pos[i]));
        if (world.valid(world.player())) grow(world.car(world.player()).position);
        lo -= dvec2(10.0);
        hi += dvec2(10.0);
    }
    if (!(hi.x > lo.x) || !(hi.y > lo.y)) return;
    const double span = std::max(hi.x - lo.x, hi.y - lo.y);
    const float inner = side - 16.0f;
    const double scale = inner / span;
    const dvec2 mid = 0.5 * (lo + hi);
    const ImVec2 c(top.x + side * 0.5f, top.y + side * 0.5f);
    auto map = [&](dvec2 w) {
        return ImVec2(c.x + static_cast<float>((w.x - mid.x) * scale),
                      c.y - static_cast<float>((w.y - mid.y) * scale));
    };
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->AddRectFilled(top, ImVec2(top.x + side, top.y + side), IM_COL32(10, 14, 12, 170), 8.0f);
    dl->AddRect(top, ImVec2(top.x + side, top.y + side), IM_COL32(255, 255, 255, 60), 8.0f);
    if (track) {
        const ClosedPath& cl = race.track().centre;
        std::vector<ImVec2> pts;
        pts.reserve(cl.size());
        for (const dvec2& p : cl.points)
            pts.push_back(map(p));
        const float w = std::max(3.0f, static_cast<float>(race.track().width * scale));
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()),
                        map_road_colour(race.track().road), ImDrawFlags_Closed, w);
        // The start/finish line across the track.
        const dvec2 t = path_tangent_at(cl, 0.0);
        const dvec2 n(-t.y, t.x);
        const double hw = race.track().half_width() + 2.0 / scale;
        dl->AddLine(map(cl.points[0] + n * hw), map(cl.points[0] - n * hw),
                    IM_COL32(255, 255, 255, 255), 2.0f);
    } else {
        for (std::size_t i = 0; i < pos.size(); i += stride)
            dl->AddRectFilled(map(dvec2(pos[i])),
                              map(dvec2(pos[i]) + dvec2(1.0 / scale, -1.0 / scale)),
                              IM_COL32(170, 140, 100, 200));
    }
    // The cars: the race's in their paint, the player last (on top) and ringed.
    const float dot = std::clamp(side / 36.0f, 3.0f, 7.0f);
    const CarId player = world.player();
    // Back to front of the grid, so that a car ahead is drawn over the one behind it.
    for (std::size_t i = race.entries().size(); i-- > 0;) {
        const RaceEntry& e = race.entries()[i];
        if (e.car == player || !world.valid(e.car)) continue;
        dl->AddCircleFilled(map(world.car(e.car).position), dot,
                            im_colour(race_car_colour(race, player, i)));
        dl->AddCircle(map(world.car(e.car).position), dot, IM_COL32(0, 0, 0, 200), 0, 1.5f);
    }
    Car ghost_scratch;
    if (const Car* g = ghost_car(ghost, ghost_scratch))
        dl->AddCircle(map(g->position), dot, IM_COL32(230, 230, 255, 200), 0, 2.0f);
    if (world.valid(player)) {
        const Car& car = world.car(player);
        const ImVec2 p = map(car.position);
        dl->AddCircleFilled(p, dot + 1.5f, im_colour(kPlayerPaint));
        dl->AddCircle(p, dot + 3.5f, IM_COL32(255, 255, 255, 255), 0, 2.0f);
        // Which way it points.
        const ImVec2 d(std::cos(static_cast<float>(car.heading)),
                       -std::sin(static_cast<float>(car.heading)));
        dl->AddLine(p, ImVec2(p.x + d.x * (dot + 8.0f), p.y + d.y * (dot + 8.0f)),
                    IM_COL32(255, 255, 255, 255), 2.0f);
    }
    const char* label = "Tab: map";
    const ImVec2 ls = ImGui::CalcTextSize(label);
    dl->AddText(ImVec2(top.x + side - ls.x - 6.0f, top.y + side - ls.y - 4.0f),
                IM_COL32(200, 200, 200, 140), label);
}
}  // namespace

void draw_car_numbers(const Scene& scene, const View& view, double alpha, const int* numbers,
                      std::size_t count) {
    const World& world = scene.world;
    const Race& race = scene.race;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    for (std::size_t i = 0; i < race.entries().size() && i < count; ++i) {
        const RaceEntry& e = race.entries()[i];
        if (!world.valid(e.car)) continue;
        const CarPose pose = world.interpolated_pose(e.car, alpha);
        const dvec2 s = view.to_screen(pose.position);
        if (s.x < -50 || s.y < -50 || s.x > view.size.x + 50 || s.y > view.size.y + 50) continue;
        char text[16];
        std::snprintf(text, sizeof text, e.car == world.player() ? "#%d you" : "#%d", numbers[i]);
        const ImVec2 ts = ImGui::CalcTextSize(text);
        const float lift = static_cast<float>(2.8 * view.zoom) + 10.0f;
        const ImVec2 p(static_cast<float>(s.x) - ts.x * 0.5f, static_cast<float>(s.y) - lift);
        dl->AddRectFilled(ImVec2(p.x - 4, p.y - 1), ImVec2(p.x + ts.x + 4, p.y + ts.y + 1),
                          im_colour(race_car_colour(race, world.player(), i), 210), 4.0f);
        dl->AddText(p, IM_COL32(255, 255, 255, 255), text);
    }
}

bool draw_mode_hud(const Mode& mode, const HudContext& hud) {
    if (const TimeTrialHud* tt = time_trial_hud(mode)) return draw_time_trial_hud(*tt, hud);
    if (const RaceHud* race = race_hud(mode)) return draw_race_hud(*race, hud);
    if (const ReplayViewer* v = replay_viewer(&mode)) return draw_race_replay_hud(*v, hud);
    return false;
}

}  // namespace skidpad::app
