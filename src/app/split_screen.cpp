// The split screen of several human players (see split_screen.hpp).
#include "split_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "drift_battle_hud.hpp"
#include "edge_markers.hpp"
#include "event.hpp"
#include "game.hpp"
#include "gl_shapes.hpp"
#include "players.hpp"
#include "skidpad/car/car.hpp"
#include "sound_out.hpp"

namespace skidpad::app {

namespace {
/// The whole track (or the arena's bodies) fitted into `rect`.
View map_view(const Scene& sc, const ScreenRect& rect) {
    dvec2 lo(1e300), hi(-1e300);
    auto grow = [&](dvec2 p) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    };
    if (sc.race.has_track()) {
        for (const dvec2& p : sc.race.track().centre.points)
            grow(p);
        const double pad = sc.race.track().half_width() + sc.race.track().kerb_width + 4.0;
        lo -= dvec2(pad);
        hi += dvec2(pad);
    } else {
        const auto pos = sc.world.soft().positions();
        const std::size_t stride = std::max<std::size_t>(1, pos.size() / 4000);
        for (std::size_t i = 0; i < pos.size(); i += stride)
            grow(dvec2(pos[i]));
        for (CarId id : player_cars(sc))
            if (sc.world.valid(id)) grow(sc.world.car(id).position);
        lo -= dvec2(10.0);
        hi += dvec2(10.0);
    }
    if (!(hi.x > lo.x) || !(hi.y > lo.y)) return rect_view(rect, dvec2(0.0), 2.0);
    const double zoom = std::min(rect.w / (hi.x - lo.x), rect.h / (hi.y - lo.y));
    return rect_view(rect, (lo + hi) * 0.5, zoom);
}

const char* ordinal(int n) {
    if (n % 100 >= 11 && n % 100 <= 13) return "th";
    switch (n % 10) {
        case 1:
            return "st";
        case 2:
            return "nd";
        case 3:
            return "rd";
        default:
            return "th";
    }
}

/// The seat's panel at the bottom left of its viewport (speed, gear, lap, place); its box
/// goes into `boxes`.
void draw_seat_hud(ImDrawList* dl, const Game& game, std::size_t seat, const ScreenRect& r,
                   std::vector<ScreenRect>& boxes) {
    const Scene& sc = game.session.sim.scene;
    const World& w = sc.world;
    const std::vector<CarId> cars = player_cars(sc);
    const CarId id = cars[seat];
    if (!w.valid(id)) return;
    const Car& car = w.car(id);
    const double kmh = glm::length(car.velocity) * 3.6;
    char gear[16];
    if (car.gear < 0) {
        std::snprintf(gear, sizeof gear, "R");
    } else if (car.gear == 0) {
        std::snprintf(gear, sizeof gear, "N");
    } else {
        std::snprintf(gear, sizeof gear, "%d", car.gear);
    }
    char line1[64], line2[96] = "";
    std::snprintf(line1, sizeof line1, "P%zu  %3.0f km/h  gear %s", seat + 1, kmh, gear);
    if (const RaceEntry* e = sc.race.entry(id)) {
        const std::vector<Standing> order = sc.race.standings(w.time());
        int place = 0;
        for (std::size_t i = 0; i < order.size(); ++i)
            if (sc.race.entries()[order[i].entry].car == id) place = static_cast<int>(i) + 1;
        const int laps = sc.race.laps();
        if (e->finish_time >= 0.0) {
            std::snprintf(line2, sizeof line2, "finished %d%s of %zu", place, ordinal(place),
                          order.size());
        } else if (laps > 0) {
            std::snprintf(line2, sizeof line2, "lap %d/%d   %d%s of %zu",
                          std::min(e->timer.laps + 1, laps), laps, place, ordinal(place),
                          order.size());
        } else {
            std::snprintf(line2, sizeof line2, "lap %d", e->timer.laps + 1);
        }
    }
    const float pad = 6.0f, lh = ImGui::GetTextLineHeight();
    const float tw = std::max(ImGui::CalcTextSize(line1).x, ImGui::CalcTextSize(line2).x);
    const float bh = (line2[0] ? 2.0f : 1.0f) * lh + 2.0f * pad;
    const ImVec2 a(r.x + 8.0f, r.y + r.h - 8.0f - bh);
    dl->AddRectFilled(a, ImVec2(a.x + tw + 2.0f * pad + 6.0f, a.y + bh), IM_COL32(0, 0, 0, 150),
                      4.0f);
    boxes.push_back(ScreenRect{a.x, a.y, tw + 2.0f * pad + 6.0f, bh});
    // The seat's colour as a bar at the left of its panel.
    dl->AddRectFilled(a, ImVec2(a.x + 4.0f, a.y + bh), im_colour(seat_paint(sc, seat)), 2.0f);
    dl->AddText(ImVec2(a.x + pad + 6.0f, a.y + pad), IM_COL32(240, 240, 240, 255), line1);
    if (line2[0])
        dl->AddText(ImVec2(a.x + pad + 6.0f, a.y + pad + lh), IM_COL32(210, 210, 210, 255), line2);
}

/// The other players off this viewport: an arrow on its edge towards each, named, slid
/// along the edge off the viewport's own HUD boxes (not drawn when the edge has no room).
void draw_seat_markers(ImDrawList* dl, const Game& game, std::size_t seat, const ScreenRect& r,
                       const View& view, const std::vector<ScreenRect>& boxes) {
    const Scene& sc = game.session.sim.scene;
    const World& w = sc.world;
    const std::vector<CarId> cars = player_cars(sc);
    constexpr float kMargin = 18.0f;
    for (std::size_t k = 0; k < cars.size(); ++k) {
        if (k == seat || !w.valid(cars[k])) continue;
        dvec2 at, dir;
        if (!edge_marker(r, view, w.car(cars[k]).position, kMargin, at, dir)) continue;
        char name[24];
        std::snprintf(name, sizeof name, "P%zu", k + 1);
        const ImVec2 ts = ImGui::CalcTextSize(name);
        // The arrow (10 points ahead of `at`, 7 to each side) and the name's band around
        // its centre 16 points behind: what must stay off the boxes.
        const double lx = -dir.x * 16.0, ly = -dir.y * 16.0;
        const double hx = ts.x * 0.5 + 2.0, hy = ts.y * 0.5 + 1.0;
        const double x0 = std::min(-10.0, lx - hx), x1 = std::max(10.0, lx + hx);
        const double y0 = std::min(-10.0, ly - hy), y1 = std::max(10.0, ly + hy);
        const ScreenRect foot{static_cast<float>(x0), static_cast<float>(y0),
                              static_cast<float>(x1 - x0), static_cast<float>(y1 - y0)};
        if (!marker_clear_of(r, kMargin, boxes, foot, at)) continue;
        const ImVec2 tip(static_cast<float>(at.x + dir.x * 10.0),
                         static_cast<float>(at.y + dir.y * 10.0));
        const dvec2 side(-dir.y, dir.x);
        const ImVec2 b1(static_cast<float>(at.x - dir.x * 4.0 + side.x * 7.0),
                        static_cast<float>(at.y - dir.y * 4.0 + side.y * 7.0));
        const ImVec2 b2(static_cast<float>(at.x - dir.x * 4.0 - side.x * 7.0),
                        static_cast<float>(at.y - dir.y * 4.0 - side.y * 7.0));
        const ImU32 col = im_colour(seat_paint(sc, k), 230);
        dl->AddTriangleFilled(tip, b1, b2, col);
        dl->AddTriangle(tip, b1, b2, IM_COL32(0, 0, 0, 200), 1.5f);
        const ImVec2 tp(static_cast<float>(at.x - dir.x * 16.0) - ts.x * 0.5f,
                        static_cast<float>(at.y - dir.y * 16.0) - ts.y * 0.5f);
        dl->AddRectFilled(ImVec2(tp.x - 2.0f, tp.y - 1.0f),
                          ImVec2(tp.x + ts.x + 2.0f, tp.y + ts.y + 1.0f), IM_COL32(0, 0, 0, 140),
                          3.0f);
        dl->AddText(tp, col, name);
    }
}
}  // namespace

void seat_frame_inputs(Controls& controls, std::size_t humans, SeatInputs& inputs) {
    if (humans <= 1) return;
    SharedKeyboard& kb = controls.shared;
    if (kb.maps.size() != humans) kb.seat(static_cast<int>(humans));
    controls.seat_edges.resize(humans);
    inputs.seat.resize(humans);
    for (std::size_t k = 0; k < humans && k < kb.frame.size(); ++k) {
        const InputState& keys = kb.frame[k];
        InputState& in = inputs.seat[k];
        // Keys and a pad together: the larger pedal, the keys' steer when they steer.
        in.throttle = std::max(in.throttle, keys.throttle);
        in.brake = std::max(in.brake, keys.brake);
        in.handbrake = std::max(in.handbrake, keys.handbrake);
        if (keys.steer != 0.0) in.steer = keys.steer;
        if (k == 0) {
            controls.edges.add(keys);
        } else {
            controls.seat_edges[k].add(keys);
        }
        kb.frame[k] = InputState{};  // taken: a frame without steps hands nothing on twice
    }
}

void seat_pad_controls(SharedKeyboard& kb, InputMapper& input, double dt, const InputDef& def) {
    if (kb.seat_pads.empty()) {
        for (std::size_t k = 1; k < kb.frame.size(); ++k)
            merge_controls(kb.frame[k], input.pad_input(k, dt, def));
        return;
    }
    const std::vector<int> ids = input.pad_ids();
    for (std::size_t k = 0; k < kb.frame.size(); ++k) {
        const int i = seat_pad_index(kb, ids, k);
        if (i >= 0)
            merge_controls(kb.frame[k], input.pad_input(static_cast<std::size_t>(i), dt, def));
    }
}

void seat_take_edges(Controls& controls, SeatInputs& inputs) {
    for (std::size_t k = 1; k < inputs.seat.size() && k < controls.seat_edges.size(); ++k)
        controls.seat_edges[k].take_into(inputs.seat[k]);
}

void split_after_step(Game& game) {
    const Scene& sc = game.session.sim.scene;
    SplitScreen& sp = game.picture.split;
    for (std::size_t k = 0; k < sc.humans.size() && k < sp.cameras.size(); ++k) {
        double impulse = 0.0;
        for (const ContactEvent& c : sc.world.events().contacts)
            if (c.car == sc.humans[k].index && std::isfinite(c.impulse))
                impulse += std::max(c.impulse, 0.0);
        camera_shake_kick(sp.cameras[k], game.settings().camera, impulse);
    }
}

void seat_restart_vote(Game& game, double elapsed) {
    Session& ses = game.session;
    const std::size_t humans = 1 + ses.sim.scene.humans.size();
    if (humans < 2 || ses.mode_name != "race" || !ses.live() || game.ui.menu.open ||
        game.ui.join.open)
        return;
    const SharedKeyboard& kb = game.controls.shared;
    const std::vector<int> ids = game.controls.input.pad_ids();
    constexpr int kReset = static_cast<int>(Action::Reset);
    std::vector<bool> holding(humans, false);
    for (std::size_t k = 0; k < humans; ++k) {
        const int pad = seat_pad_index(kb, ids, k);
        holding[k] = (k < kb.boards.size() && kb.boards[k].held(kReset)) ||
                     (pad >= 0 &&
                      game.controls.input.pad_held(static_cast<std::size_t>(pad), Action::Reset));
    }
    const VoteStep s = restart_vote_frame(game.controls.vote, holding, elapsed);
    if (s.restart) {
        lend_host(game);
        ses.apply(Event::restart_mode());
    }
    if (const std::string text = restart_vote_text(s, static_cast<int>(humans)); !text.empty())
        game.toast(text, 3.0);
}

bool split_roomy(const SplitScreen& sp) {
    return std::all_of(sp.layout.views.begin(), sp.layout.views.end(),
                       [](const ScreenRect& r) { return r.w >= 600.0f && r.h >= 600.0f; });
}

bool split_active(const Game& game) {
    return !game.session.sim.scene.humans.empty();
}

Color seat_paint(const Scene& sc, std::size_t seat) {
    const World& w = sc.world;
    const CarId id = player_car(sc, seat);
    if (seat < sc.seat_paints.size() && sc.seat_paints[seat] != 0) return sc.seat_paints[seat];
    if (id == w.player()) return kPlayerPaint;
    // The world numbers the other cars' paints in slot order (World::draw_bodies).
    std::vector<CarId> all = player_cars(sc);
    for (const RaceEntry& e : sc.race.entries())
        all.push_back(e.car);
    all.push_back(sc.ai_car);
    std::sort(all.begin(), all.end(), [](CarId a, CarId b) { return a.index < b.index; });
    all.erase(std::unique(all.begin(), all.end()), all.end());
    std::uint32_t others = 0;
    for (CarId c : all) {
        if (!w.valid(c) || c == w.player()) continue;
        ++others;
        if (c == id) return car_paint(others);
    }
    return car_paint(1);
}

View split_frame_views(Game& game, double elapsed) {
    SplitScreen& sp = game.picture.split;
    const Scene& sc = game.session.sim.scene;
    const World& w = sc.world;
    const CameraDef& def = game.settings().camera;
    const std::vector<CarId> cars = player_cars(sc);
    sp.cameras.resize(cars.size() - 1);
    Camera& first = game.picture.camera;
    camera_take_cue(first, game.session.sim.camera);
    const double user_zoom = camera_user_zoom(first, def);
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    sp.layout = split_layout(static_cast<int>(cars.size()), ds.x, ds.y, sp.stacked);
    sp.views.clear();
    for (std::size_t k = 0; k < cars.size(); ++k) {
        Camera& cam = k == 0 ? first : sp.cameras[k - 1];
        if (k > 0 && !first.placed) cam.placed = false;  // a cue snaps every camera
        // Each camera looks ahead within its own viewport.
        cam.viewport =
            dvec2(std::max(sp.layout.views[k].w, 1.0f), std::max(sp.layout.views[k].h, 1.0f));
        if (w.valid(cars[k])) {
            const CarPose pose = w.interpolated_pose(cars[k], game.picture.stats.alpha);
            camera_update(cam, def, pose.position, w.car(cars[k]).velocity, user_zoom, elapsed);
        }
        sp.views.push_back(rect_view(sp.layout.views[k], cam.centre + cam.shake_offset, cam.zoom));
    }
    std::vector<View> all = sp.views;
    if (sp.layout.map) {
        sp.map = map_view(sc, sp.layout.map_rect);
        all.push_back(sp.map);
    }
    game.picture.view = sp.views[0];
    // The sound: each seat's car from its viewport's side, its rumble to its pad.
    if (game.sound) {
        std::vector<audio::SeatEar> ears;
        std::vector<int> pads;
        const std::vector<int> ids = game.controls.input.pad_ids();
        for (std::size_t k = 0; k < cars.size() && k < sp.layout.views.size(); ++k) {
            if (!w.valid(cars[k])) continue;
            const ScreenRect& r = sp.layout.views[k];
            ears.push_back({cars[k].index, audio::viewport_pan(r.x, r.w, ds.x)});
            pads.push_back(seat_pad_index(game.controls.shared, ids, k));
        }
        game.sound->set_seats(ears, pads);
    }
    return union_view(all);
}

void split_draw_gl(GlShapes& gl, const ShapeBatch& batch, const SplitScreen& sp, const Look& look,
                   float pixels_per_point, float screen_h) {
    auto into = [&](const ScreenRect& r, const View& v, bool upload) {
        const float s = pixels_per_point;
        gl_viewport(static_cast<int>(std::lround(r.x * s)),
                    static_cast<int>(std::lround((screen_h - r.y - r.h) * s)),
                    static_cast<int>(std::lround(r.w * s)), static_cast<int>(std::lround(r.h * s)));
        gl.draw(batch, v, look, upload);
    };
    for (std::size_t k = 0; k < sp.views.size() && k < sp.layout.views.size(); ++k)
        into(sp.layout.views[k], sp.views[k], k == 0);
    if (sp.layout.map) into(sp.layout.map_rect, sp.map, sp.views.empty());
}

void split_draw_hud(const Game& game) {
    const SplitScreen& sp = game.picture.split;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    // The gaps between the viewports: dark lines over the clear colour.
    const ImU32 line = IM_COL32(12, 12, 14, 255);
    for (const ScreenRect& r : sp.layout.views) {
        if (r.x > 0.0f) dl->AddRectFilled(ImVec2(r.x - kViewportGap, 0), ImVec2(r.x, ds.y), line);
        if (r.y > 0.0f) dl->AddRectFilled(ImVec2(0, r.y - kViewportGap), ImVec2(ds.x, r.y), line);
    }
    // The panels and the battle's boxes first; the markers last, off every box.
    const std::size_t n = std::min(sp.views.size(), sp.layout.views.size());
    std::vector<std::vector<ScreenRect>> boxes(n);
    for (std::size_t k = 0; k < n; ++k)
        draw_seat_hud(dl, game, k, sp.layout.views[k], boxes[k]);
    drift_battle_draw(dl, game, &boxes);  // a drift battle's scores, clock and winner
    for (std::size_t k = 0; k < n; ++k)
        draw_seat_markers(dl, game, k, sp.layout.views[k], sp.views[k], boxes[k]);
    if (sp.layout.map) {
        const ScreenRect& r = sp.layout.map_rect;
        const Scene& sc = game.session.sim.scene;
        // Each player's car ringed in its colour on the map, named.
        const std::vector<CarId> cars = player_cars(sc);
        for (std::size_t k = 0; k < cars.size(); ++k) {
            if (!sc.world.valid(cars[k])) continue;
            const dvec2 s = sp.map.to_screen(sc.world.car(cars[k]).position);
            const ImVec2 c(r.x + static_cast<float>(s.x), r.y + static_cast<float>(s.y));
            dl->AddCircle(c, 7.0f, im_colour(seat_paint(sc, k)), 16, 2.5f);
            char name[24];
            std::snprintf(name, sizeof name, "P%zu", k + 1);
            dl->AddText(ImVec2(c.x + 8.0f, c.y - 14.0f), im_colour(seat_paint(sc, k)), name);
        }
        dl->AddText(ImVec2(r.x + 8.0f, r.y + 6.0f), IM_COL32(220, 220, 220, 200), "Map");
    }
}

}  // namespace skidpad::app
