// The look of the world: ground materials by surface colour, the landscape, drop shadows
// drawn once per pixel, rain and spray only in the wet, the follow camera's view ahead,
// and none of it touching the simulated state.
#include <catch2/catch.hpp>

#include <cmath>

#include "camera.hpp"
#include "effects.hpp"
#include "look.hpp"
#include "mode_hud.hpp"
#include "render.hpp"
#include "scene.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/tune/tune_event.hpp"
#include "world_look.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

View view_at(dvec2 centre, double zoom = 14.0) {
    View v;
    v.centre = centre;
    v.zoom = zoom;
    v.size = dvec2(1280.0, 720.0);
    return v;
}

InputState drive(int step) {
    const double t = step / 120.0;
    InputState in;
    in.throttle = t < 5.0 ? 1.0 : 0.3;
    in.steer = t < 1.6 ? 0.3 : 0.3 * std::sin(0.9 * t);
    in.handbrake = t >= 4.0 && t < 4.4 ? 1.0 : 0.0;
    return in;
}

}  // namespace

TEST_CASE("ground colours map to their materials, other colours stay plain", "[app][look]") {
    for (const SurfaceRow& r : kSurfaces) {
        INFO(r.name);
        CHECK(ground_material(r.colour) != Material::Plain);
        if (r.road != 0) CHECK(ground_material(r.road) == ground_material(r.colour));
    }
    CHECK(ground_material(surface_row(SurfaceKind::Asphalt).colour) == Material::Asphalt);
    CHECK(ground_material(surface_row(SurfaceKind::Grass).colour) == Material::Grass);
    CHECK(ground_material(rgba(204, 38, 34)) == Material::Kerb);
    CHECK(ground_material(rgba(236, 236, 230)) == Material::Paint);
    CHECK(ground_material(rgba(1, 2, 3)) == Material::Plain);
    // Lit lamps give light on the car layer only.
    CHECK(shape_material(3, rgba(255, 45, 40)) == Material::Light);
    CHECK(shape_material(2, rgba(255, 45, 40)) == Material::Plain);
}

TEST_CASE("the landscape covers the view with fields and hedges, the same from any view",
          "[app][look]") {
    WorldRenderer r;
    r.begin();
    const View v = view_at(dvec2(100.0, -50.0), 4.0);
    r.draw_landscape(v);
    const ShapeBatch& b = r.batch();
    REQUIRE(!b.vertices.empty());
    const dvec2 half = v.half_extent();
    float lo_x = 1e9f, hi_x = -1e9f, lo_y = 1e9f, hi_y = -1e9f;
    for (const ShapeVertex& vx : b.vertices) {
        CHECK((vx.material == Material::Field || vx.material == Material::Crop ||
               vx.material == Material::Earth || vx.material == Material::Hedge));
        lo_x = std::min(lo_x, vx.x);
        hi_x = std::max(hi_x, vx.x);
        lo_y = std::min(lo_y, vx.y);
        hi_y = std::max(hi_y, vx.y);
    }
    CHECK(lo_x <= v.centre.x - half.x);
    CHECK(hi_x >= v.centre.x + half.x);
    CHECK(lo_y <= v.centre.y - half.y);
    CHECK(hi_y >= v.centre.y + half.y);
    // The field at a corner has the same colour seen from another view.
    WorldRenderer r2;
    r2.begin();
    r2.draw_landscape(view_at(dvec2(130.0, -20.0), 4.0));
    bool found = false;
    for (std::size_t i = 0; i < r2.batch().vertices.size(); ++i) {
        const ShapeVertex& a = r2.batch().vertices[i];
        if (a.x == b.vertices[0].x && a.y == b.vertices[0].y &&
            a.material == b.vertices[0].material) {
            CHECK(a.color == b.vertices[0].color);
            found = true;
        }
    }
    CHECK(found);
    // Shapes drawn without a look keep the Plain material (what tests and tools see).
    DrawList dl;
    const vec2 q[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    dl.polygon(q, surface_row(SurfaceKind::Asphalt).colour, 0, 0.0f, 0);
    r.begin();
    r.draw(dl, view_at(dvec2(0.0)));
    for (const ShapeVertex& vx : r.batch().vertices)
        CHECK(vx.material == Material::Plain);
    RenderLook look;
    look.materials = true;
    r.set_look(look);
    r.begin();
    r.draw(dl, view_at(dvec2(0.0)));
    for (const ShapeVertex& vx : r.batch().vertices)
        CHECK(vx.material == Material::Asphalt);
}

TEST_CASE("a body casts a soft shadow along the sun, drawn before it, and a car box casts none",
          "[app][look]") {
    DrawList dl;
    const vec2 q[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    dl.polygon(q, rgba(200, 100, 50), 0, 0.0f, 2);  // a crate-like body
    WorldRenderer r;
    RenderLook look;
    look.shadows = true;
    r.set_look(look);
    r.begin();
    r.draw(dl, view_at(dvec2(0.0)));
    const ShapeBatch& b = r.batch();
    REQUIRE(b.runs.size() == 2u);
    CHECK(b.runs[0].blend);  // the shadow: core then penumbra, translucent
    CHECK_FALSE(b.runs[1].blend);
    CHECK(b.runs[0].count == 12u);
    CHECK(b.runs[1].count == 6u);
    // The core is the square moved by the sun's offset for a body's height (1 m).
    const vec2 off = kSunShadow * 1.0f;
    CHECK(b.vertices[0].x == Approx(-1.0f + off.x).margin(1e-5));
    CHECK(b.vertices[0].y == Approx(-1.0f + off.y).margin(1e-5));
    CHECK(b.vertices[0].material == Material::Shadow);
    CHECK(b.vertices[12].material == Material::Plain);
    // On the car layer a 4-point box (a window, a lamp, a wheel) casts none.
    DrawList car;
    car.polygon(q, rgba(200, 100, 50), 0, 0.0f, 3);
    r.begin();
    r.draw(car, view_at(dvec2(0.0)));
    REQUIRE(r.batch().runs.size() == 1u);
    CHECK(r.batch().vertices.size() == 6u);
}

TEST_CASE("rain falls only on damp or wet ground, more when wet, none at display.rain 0",
          "[app][look]") {
    const dvec2 size(1280.0, 720.0);
    CHECK(rain_streaks(Weather::Dry, 2.0, size) == 0);
    CHECK(rain_streaks(Weather::Wet, 0.0, size) == 0);
    // 0.45 per 1000 square points: 1280 x 720 x 0.45e-3 = 414.
    CHECK(rain_streaks(Weather::Wet, 1.0, size) == 414);
    CHECK(rain_streaks(Weather::Damp, 1.0, size) == 138);
}

TEST_CASE("a fast car throws spray on wet asphalt and none on dry", "[app][look][effects]") {
    // 30 m/s: display.smoke x 0.35 x (30 - 10) = 7 puffs per wheel-second when wet.
    auto run = [](Weather weather) {
        WorldDef wd;
        wd.sim.weather = weather;
        World w{wd};
        const CarId car = w.add_car({0.0, 0.0}, 0.0, CarDef{});
        car_set_speed(w.car(car), w.car_def(car), 30.0);
        Effects fx;
        const EffectsDef def;
        int made = 0;
        for (int i = 0; i < 240; ++i) {
            InputState in;
            in.throttle = 0.5;
            w.step(1.0 / 120.0, in);
            const CarId cars[1] = {car};
            const int before = fx.alive();
            fx.after_step(w, cars, car, def, 1.0 / 120.0);
            made += fx.alive() - before;
        }
        return made;
    };
    const int dry = run(Weather::Dry);
    const int wet = run(Weather::Wet);
    INFO("dry " << dry << ", wet " << wet);
    CHECK(dry == 0);
    // 4 wheels x 2 s x 7/s = 56, give or take the speed the car holds: 35..80.
    CHECK(wet >= 35);
    CHECK(wet <= 80);
}

TEST_CASE("drawing the look (night, rain, beams, shadows) never changes the state hash",
          "[app][look][determinism]") {
    Settings s;
    s.display.time = TimeOfDay::Night;
    s.display.rain = 2.0;
    s.sim.weather = Weather::Wet;
    Scene drawn;
    World plain{world_def(s)};
    // The scene's world made wet the way a --set or a slider does it: a tuning event.
    const ParamDesc* weather = param_registry().find("sim.weather");
    REQUIRE(weather != nullptr);
    drawn.world.apply(TuneEvent{static_cast<std::uint16_t>(param_registry().index(*weather)), 2.0});
    REQUIRE(drawn.world.def().sim.weather == Weather::Wet);
    build_default_arena(drawn.world, CarDef{});
    build_default_arena(plain, CarDef{});
    WorldRenderer r;
    Effects fx;
    DrawList shapes;
    std::size_t most = 0;
    for (int i = 0; i < 480; ++i) {
        drawn.world.step(1.0 / 120.0, drive(i));
        plain.step(1.0 / 120.0, drive(i));
        const View v = view_at(drawn.world.car(drawn.world.player()).position, 10.0);
        r.begin();
        draw_base_ground(r, s, false, v);
        shapes.clear();
        drawn.world.draw(shapes, 0.5);
        r.draw(shapes, v);
        effects_after_step(fx, drawn, s.display.effects, 1.0 / 120.0);
        fx.update(1.0 / 120.0, s.display.effects);
        fx.draw(r.batch(), v);
        draw_atmosphere(r.batch(), drawn, s, v, drawn.world.time(), 0.5);
        most = std::max(most, r.batch().vertices.size());
    }
    INFO("most vertices in a frame " << most);
    CHECK(most > 1000);  // it really drew
    CHECK(drawn.world.state_hash() == plain.state_hash());
}

TEST_CASE("the follow camera keeps 2.5 s of travel ahead in view at any speed and heading",
          "[app][camera][look]") {
    const CameraDef def;
    for (const dvec2 viewport : {dvec2(1280.0, 720.0), dvec2(640.0, 720.0)}) {
        for (const double speed : {5.0, 20.0, 52.0, 80.0}) {
            for (const double heading : {0.0, 0.7, 1.5708, 2.5, 4.0}) {
                Camera cam;
                cam.viewport = viewport;
                const dvec2 dir(std::cos(heading), std::sin(heading));
                const dvec2 v = dir * speed;
                dvec2 p(10.0, -20.0);
                // 6 s at 60 frames/s: long past the follow's and the zoom's lags.
                for (int i = 0; i < 360; ++i) {
                    p += v * (1.0 / 60.0);
                    camera_update(cam, def, p, v, def.zoom, 1.0 / 60.0);
                }
                const double ahead = view_ahead_distance(cam.centre, cam.zoom, viewport, p, dir);
                INFO("viewport " << viewport.x << "x" << viewport.y << ", " << speed
                                 << " m/s, heading " << heading << ": " << ahead
                                 << " m ahead at zoom " << cam.zoom);
                // Settled within 1 % of the requirement (the lags' exponential tails).
                CHECK(ahead >= 0.99 * kViewAheadSeconds * speed);
                // And the car is still in view, not past the back edge.
                CHECK(view_ahead_distance(cam.centre, cam.zoom, viewport, p, -dir) > 0.0);
            }
        }
    }
    // At rest the zoom is the player's, as before.
    Camera rest;
    camera_update(rest, def, dvec2(0.0), dvec2(0.0), def.zoom, 1.0 / 60.0);
    CHECK(rest.zoom == def.zoom);
    CHECK(std::isinf(view_ahead_zoom(dvec2(1280.0, 720.0), 0.0)));
    // 52 m/s (187 km/h) in 1280 x 720: 1.6 x 360 / (2.5 x 52) = 4.43 points/m at most.
    CHECK(view_ahead_zoom(dvec2(1280.0, 720.0), 52.0) == Approx(1.6 * 360.0 / 130.0));
}

TEST_CASE("the minimap fades where it would cover the car or the road ahead", "[app][look]") {
    const ImVec4 place(1000.0f, 12.0f, 260.0f, 260.0f);
    const ImVec2 clear[2] = {ImVec2(640.0f, 360.0f), ImVec2(900.0f, 300.0f)};
    CHECK(minimap_clear_alpha(place, clear, 2) == 1.0f);
    // The road ahead reaches under the map (and 24 points beside it counts too).
    const ImVec2 under[2] = {ImVec2(640.0f, 360.0f), ImVec2(1100.0f, 100.0f)};
    CHECK(minimap_clear_alpha(place, under, 2) == kMinimapFaded);
    const ImVec2 beside[1] = {ImVec2(980.0f, 100.0f)};
    CHECK(minimap_clear_alpha(place, beside, 1) == kMinimapFaded);
    const ImVec2 apart[1] = {ImVec2(970.0f, 100.0f)};
    CHECK(minimap_clear_alpha(place, apart, 1) == 1.0f);
}

TEST_CASE("each time of day has its light and shadow strength", "[app][look]") {
    Look day, dusk, night;
    set_time_of_day(day, TimeOfDay::Day);
    set_time_of_day(dusk, TimeOfDay::Dusk);
    set_time_of_day(night, TimeOfDay::Night);
    CHECK(day.ambient[0] == 1.0f);
    CHECK(day.ambient[1] == 1.0f);
    CHECK(day.ambient[2] == 1.0f);
    CHECK(day.shadow == 1.0f);
    CHECK(dusk.ambient[0] == 0.78f);
    CHECK(dusk.ambient[1] == 0.6f);
    CHECK(dusk.ambient[2] == 0.55f);
    CHECK(dusk.shadow == 0.55f);
    CHECK(night.ambient[0] == 0.2f);
    CHECK(night.ambient[1] == 0.25f);
    CHECK(night.ambient[2] == 0.38f);
    CHECK(night.shadow == 0.0f);
}

TEST_CASE("a body darkens the ground round its foot, fading out, day or night", "[app][look]") {
    DrawList dl;
    const vec2 q[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    dl.polygon(q, rgba(200, 100, 50), 0, 0.0f, 2);
    WorldRenderer r;
    RenderLook look;
    look.contact = true;  // no sun (night): the darkening stays
    r.set_look(look);
    r.begin();
    r.draw(dl, view_at(dvec2(0.0)));
    const ShapeBatch& b = r.batch();
    // A ring of two triangles per edge, then the body itself.
    REQUIRE(b.runs.size() == 2u);
    CHECK(b.runs[0].blend);
    CHECK(b.runs[0].count == 24u);
    CHECK(b.runs[1].count == 6u);
    float inner = 0.0f, outer = 0.0f;
    for (std::uint32_t i = 0; i < b.runs[0].count; ++i) {
        const ShapeVertex& v = b.vertices[i];
        CHECK(v.material == Material::Plain);  // not faded with the sun
        const float reach = std::max(std::fabs(v.x), std::fabs(v.y)) - 1.0f;
        if ((v.color >> 24) == 70u) inner = std::max(inner, std::fabs(reach));
        if ((v.color >> 24) == 0u) outer = std::max(outer, reach);
    }
    CHECK(inner == Approx(0.0f).margin(1e-5));   // darkest on the outline
    CHECK(outer == Approx(0.35f).margin(1e-4));  // nothing 0.35 m out
}
