// The ground under the world, the frame's light and the beams and rain over it (see
// world_look.hpp).
#include "world_look.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace skidpad::app {

namespace {

/// A stable pseudo-random 0..1 from two integers (app-side drawing only).
float hash01(std::uint32_t a, std::uint32_t b) {
    return static_cast<float>(look_hash(a, b) & 0xFFFFFFu) / static_cast<float>(0xFFFFFF);
}

/// The scene's cars worth lighting: the player, the AI opponent and a race's field.
int scene_cars(const Scene& scene, std::array<CarId, 16>& out) {
    const World& world = scene.world;
    int n = 0;
    if (world.valid(world.player())) out[static_cast<std::size_t>(n++)] = world.player();
    if (world.valid(scene.ai_car)) out[static_cast<std::size_t>(n++)] = scene.ai_car;
    for (const RaceEntry& e : scene.race.entries()) {
        if (n < static_cast<int>(out.size()) && world.valid(e.car) && e.car != world.player() &&
            e.car != scene.ai_car)
            out[static_cast<std::size_t>(n++)] = e.car;
    }
    return n;
}

/// Two headlight beams ahead of a car: fans of light fading with distance.
void beams(ShapeBatch& b, const CarDef& def, const CarPose& pose, float strength) {
    const CarGeometry g = car_geometry(def);
    const dvec2 f = direction(pose.heading);
    const dvec2 s = perp(f);
    const double nose = 0.5 * (g.cg_to_front - g.cg_to_rear) + 0.5 * def.length;
    const double lamp = std::max(0.2, 0.5 * def.width - 0.3);
    const auto a0 = static_cast<std::uint32_t>(std::clamp(110.0f * strength, 0.0f, 255.0f));
    const Color near = rgba(255, 236, 190, a0);
    const Color mid = rgba(255, 236, 190, a0 / 3);
    const Color far = rgba(255, 236, 190, 0);
    for (const double side : {1.0, -1.0}) {
        const dvec2 at = pose.position + f * nose + s * (lamp * side);
        const dvec2 spread = s * 0.32;  // the beam widens 0.32 m per metre
        const double l1 = 9.0, l2 = 26.0;
        const vec2 p0(at + s * 0.15), p1(at - s * 0.15);
        const vec2 m0(at + f * l1 + spread * l1), m1(at + f * l1 - spread * l1);
        const vec2 e0(at + f * l2 + spread * l2 * 0.85), e1(at + f * l2 - spread * l2 * 0.85);
        b.triangle(p0, m0, m1, near, mid, mid);
        b.triangle(p0, m1, p1, near, mid, near);
        b.triangle(m0, e0, e1, mid, far, far);
        b.triangle(m0, e1, m1, mid, far, mid);
    }
}

}  // namespace

Look frame_look(const DisplayDef& d, Weather weather) {
    Look look;
    set_time_of_day(look, d.time);
    look.wet = weather == Weather::Wet ? 1.0f : (weather == Weather::Damp ? 0.45f : 0.0f);
    look.detail = std::clamp(d.ground_detail, 0, 2);
    if (!d.shadows) look.shadow = 0.0f;
    return look;
}

void draw_base_ground(WorldRenderer& r, const Settings& s, bool on_track, const View& view) {
    RenderLook rl;
    rl.materials = true;
    rl.shadows = s.display.shadows && s.display.time != TimeOfDay::Night;
    rl.contact = s.display.shadows;
    r.set_look(rl);
    if (on_track) {
        r.draw_landscape(view);
    } else {
        r.draw_ground(view);
    }
}

int rain_streaks(Weather weather, double rain, dvec2 size) {
    if (weather == Weather::Dry || !(rain > 0.0) || !std::isfinite(rain)) return 0;
    const double per_point = (weather == Weather::Wet ? 0.45 : 0.15) / 1000.0;
    const double n = per_point * std::clamp(rain, 0.0, 2.0) * size.x * size.y;
    return static_cast<int>(std::clamp(n, 0.0, 4000.0));
}

void draw_atmosphere(ShapeBatch& b, const Scene& scene, const Settings& s, const View& view,
                     double clock, double alpha) {
    const Material was = b.material;
    b.material = Material::Light;
    const World& world = scene.world;
    if (s.display.lights && s.display.time != TimeOfDay::Day) {
        const float strength = s.display.time == TimeOfDay::Night ? 1.0f : 0.45f;
        std::array<CarId, 16> cars{};
        const int n = scene_cars(scene, cars);
        for (int i = 0; i < n; ++i) {
            const CarId id = cars[static_cast<std::size_t>(i)];
            beams(b, world.car_def(id), world.interpolated_pose(id, alpha), strength);
        }
    }
    // Rain: streaks that fall across the screen (drawn in screen terms, so they read the
    // same at any zoom), each living kLife s from a place its index and cycle choose.
    const int streaks = rain_streaks(world.def().sim.weather, s.display.rain, view.size);
    constexpr double kLife = 0.35;    // s
    constexpr double kFall = 900.0;   // points/s, down the screen and a little sideways
    constexpr double kLength = 26.0;  // points
    const double z = std::max(view.zoom, 1e-3);
    const double t = std::isfinite(clock) ? clock : 0.0;
    const Color head = rgba(200, 212, 235, 70);
    const Color tail = rgba(200, 212, 235, 0);
    for (int i = 0; i < streaks; ++i) {
        const auto ui = static_cast<std::uint32_t>(i);
        const double phase = hash01(ui, 7u) * kLife;
        const double cyc = std::floor((t + phase) / kLife);
        const double age = (t + phase) - cyc * kLife;
        const auto uc = static_cast<std::uint32_t>(static_cast<std::int64_t>(cyc) & 0xFFFFFFFF);
        const double sx = hash01(ui, uc * 2u + 1u) * (view.size.x + 200.0) - 100.0;
        const double sy = hash01(ui, uc * 2u + 2u) * view.size.y - 200.0 + age * kFall;
        const dvec2 dir(0.22, 1.0);  // screen: right and down
        const dvec2 p_head = view.to_world(dvec2(sx, sy));
        const dvec2 p_tail = view.to_world(dvec2(sx, sy) - dir * kLength);
        const vec2 h(p_head), tl(p_tail);
        const float w = static_cast<float>(0.6 / z);
        const vec2 off(w, 0.0f);
        b.triangle(h - off, h + off, tl, head, head, tail);
    }
    b.material = was;
}

}  // namespace skidpad::app
