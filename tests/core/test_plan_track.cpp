// Tracks (loader, geometry), racing line, speed profile and lap timer.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "skidpad/plan/lap_timer.hpp"
#include "skidpad/plan/racing_line.hpp"
#include "skidpad/plan/speed_profile.hpp"
#include "skidpad/scene/track.hpp"

using namespace skidpad;

namespace {

std::string track_path(const char* name) {
    return std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" + name + ".json";
}

ClosedPath circle_path(double r, int n) {
    std::vector<dvec2> p;
    for (int i = 0; i < n; ++i) {
        const double a = 2.0 * kPi * i / n;
        p.push_back({r * std::cos(a), r * std::sin(a)});
    }
    return make_closed_path(std::move(p));
}

const char* kSquare = R"({"format": "skidpad-track", "version": 1, "name": "Square",
  "width": 10, "centre_line": [[0, 0], [100, 0], [100, 100], [0, 100]]})";

}  // namespace

TEST_CASE("both circuits load with a closed centre line starting on the start line",
          "[plan][track]") {
    for (const char* name : {"oval", "club"}) {
        INFO(name);
        const TrackResult r = load_track_file(track_path(name));
        REQUIRE(r.ok);
        const Track& t = r.track;
        CHECK(t.centre.size() > 100);
        CHECK(t.centre.s[0] == 0.0);
        CHECK_FALSE(path_self_intersects(t.centre));
        // Sample gaps never exceed the requested spacing (2 m) by much.
        for (std::size_t i = 0; i < t.centre.size(); ++i) {
            CHECK(glm::length(t.centre.points[t.centre.next(i)] - t.centre.points[i]) < 2.1);
        }
    }
}

TEST_CASE("the oval is as long as its straights and 60 m arcs within 1 percent", "[plan][track]") {
    const TrackResult r = load_track_file(track_path("oval"));
    REQUIRE(r.ok);
    // 300 × 120 m rectangle with 60 m fillets: two 180 m straights and two semicircles.
    const double expected = 2.0 * 180.0 + 2.0 * kPi * 60.0;
    CHECK(r.track.centre.length == Approx(expected).epsilon(0.01));
    CHECK(r.track.width == 14.0);
    // The start line lies on the bottom straight (y = −60), driven towards +x.
    CHECK(r.track.start_position().y == Approx(-60.0).margin(0.01));
    CHECK(std::cos(r.track.start_heading()) == Approx(1.0).margin(1e-3));
}

TEST_CASE("the track loader names the file element and field of each error", "[plan][track]") {
    struct Case {
        const char* text;
        const char* expect;
    };
    const Case cases[] = {
        {"{not json", "t.json: file: not valid JSON"},
        {R"({"format": "skidpad-preset"})", "t.json: \"format\""},
        {R"({"format": "skidpad-track", "centre_line": [[0,0],[9,0],[9,9],[0,9]]})",
         "t.json: \"width\": missing"},
        {R"({"format": "skidpad-track", "width": 100, "centre_line": [[0,0],[9,0],[9,9],[0,9]]})",
         "t.json: \"width\": 100 is outside [4, 60]"},
        {R"({"format": "skidpad-track", "width": 8, "centre_line": [[0,0],[90,0],[90,"x"],[0,90]]})",
         "t.json: centre_line[2]: must be [x, y]"},
        {R"({"format": "skidpad-track", "width": 8, "centre_line": [[0,0],[90,0],[90,90]]})",
         "t.json: \"centre_line\": needs at least 4 points"},
        {R"({"format": "skidpad-track", "width": 8, "start_index": 7,
             "centre_line": [[0,0],[90,0],[90,90],[0,90]]})",
         "t.json: \"start_index\": 7 is outside [0, 3]"},
        {R"({"format": "skidpad-track", "width": 8,
             "centre_line": [[0,0],[200,200],[200,0],[0,200]]})",
         "t.json: \"centre_line\": the loop crosses itself"},
        {R"({"format": "skidpad-track", "width": 40,
             "centre_line": [[0,0],[30,0],[30,30],[0,30]]})",
         "below half the width"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const TrackResult r = parse_track_text(c.text, "t.json");
        CHECK_FALSE(r.ok);
        CHECK(r.error.find(c.expect) != std::string::npos);
        INFO(r.error);
    }
    const TrackResult missing = load_track_file("/nonexistent/none.json");
    CHECK_FALSE(missing.ok);
    CHECK(missing.error.find("/nonexistent/none.json: file: cannot open") != std::string::npos);
    CHECK(parse_track_text(kSquare, "square").ok);
}

TEST_CASE("projection gives arc length and signed offset on a circle", "[plan][path]") {
    const ClosedPath c = circle_path(50.0, 720);
    CHECK(c.length == Approx(2.0 * kPi * 50.0).epsilon(1e-4));
    const PathPoint in = path_project(c, {0.0, 45.0});  // 5 m inside at a quarter turn
    CHECK(in.s == Approx(0.25 * c.length).epsilon(1e-3));
    CHECK(in.offset == Approx(5.0).epsilon(1e-3));  // CCW loop: the inside is to the left
    const PathPoint out = path_project_near(c, {-53.0, 0.0}, 350, 20);
    CHECK(out.s == Approx(0.5 * c.length).epsilon(1e-3));
    CHECK(out.offset == Approx(-3.0).epsilon(1e-3));
    CHECK(path_delta(c, c.length - 1.0, 2.0) == Approx(3.0));
}

TEST_CASE("curvature of a sampled circle equals 1 over R to 1e-9", "[plan][path]") {
    const ClosedPath c = circle_path(37.0, 300);
    for (double k : path_curvature(c))
        CHECK(k == Approx(1.0 / 37.0).epsilon(1e-9));
}

TEST_CASE("the racing line stays within its offset and bends less than the centre line",
          "[plan][line]") {
    const TrackResult r = load_track_file(track_path("club"));
    REQUIRE(r.ok);
    const double max_off = r.track.half_width() - 2.0;
    const RacingLine line = make_racing_line(r.track, max_off, 32);
    REQUIRE(line.path.size() == r.track.centre.size());
    double peak_centre = 0.0, peak_line = 0.0;
    for (double k : path_curvature(r.track.centre))
        peak_centre = std::max(peak_centre, std::fabs(k));
    for (double k : path_curvature(line.path))
        peak_line = std::max(peak_line, std::fabs(k));
    for (std::size_t i = 0; i < line.offset.size(); ++i) {
        CHECK(std::fabs(line.offset[i]) <= max_off + 1e-9);
        const PathPoint pp = path_project(r.track.centre, line.path.points[i]);
        CHECK(std::fabs(pp.offset) <= max_off + 0.05);
    }
    CHECK(peak_line < 0.8 * peak_centre);
    // And it is faster: the planner's lap on the line beats the one on the centre line.
    const PlanCar car;
    const PlanDef plan;
    const SpeedProfile on_line = compute_speed_profile(line.path, car, plan);
    const SpeedProfile on_centre = compute_speed_profile(r.track.centre, car, plan);
    REQUIRE(on_line.ok);
    REQUIRE(on_centre.ok);
    CHECK(on_line.lap_time_s < 0.9 * on_centre.lap_time_s);
    CHECK(make_racing_line(r.track, max_off, 0).path.points == r.track.centre.points);
}

TEST_CASE("speed profile on a circle is the corner speed and the lap time its period",
          "[plan][profile]") {
    const ClosedPath c = circle_path(60.0, 400);
    PlanCar car;
    car.k_lift = 0.5;
    PlanDef plan;
    const SpeedProfile p = compute_speed_profile(c, car, plan);
    REQUIRE(p.ok);
    const double mu = car.mu * (1.0 - plan.grip_reserve);
    const double vc = corner_speed(60.0, mu, car.mass_kg, car.k_lift, plan.speed_bound).speed_mps *
                      (1.0 - plan.corner_margin);
    for (double v : p.speed)
        CHECK(v == Approx(vc).epsilon(1e-9));
    CHECK(p.lap_time_s == Approx(c.length / vc).epsilon(1e-9));
}

TEST_CASE("speed profile brakes into a hairpin as the no-aero closed form", "[plan][profile]") {
    // Stadium: 600 m straights at 1 m spacing joined by 15 m semicircles.
    std::vector<dvec2> pts;
    for (int i = 0; i < 600; ++i)
        pts.push_back({static_cast<double>(i), 0.0});
    for (int i = 0; i < 48; ++i) {
        const double a = -0.5 * kPi + kPi * i / 48.0;
        pts.push_back({600.0 + 15.0 * std::cos(a), 15.0 + 15.0 * std::sin(a)});
    }
    for (int i = 0; i < 600; ++i)
        pts.push_back({600.0 - i, 30.0});
    for (int i = 0; i < 48; ++i) {
        const double a = 0.5 * kPi + kPi * i / 48.0;
        pts.push_back({15.0 * std::cos(a), 15.0 + 15.0 * std::sin(a)});
    }
    const ClosedPath line = make_closed_path(std::move(pts));
    PlanCar car;
    car.k_lift = 0.0;
    car.k_drag = 0.0;
    car.c_rr = 0.0;
    car.c_tyre = 0.0;
    PlanDef plan;
    plan.braking_model = BrakingModel::NoAero;
    const SpeedProfile p = compute_speed_profile(line, car, plan);
    REQUIRE(p.ok);
    const Decel d = planned_decel(car.mu, car.mass_kg, 0.0, 0.0, plan);
    // In the hairpin the corner limit binds.
    const double vc = corner_speed(15.0, car.mu * 0.9, car.mass_kg, 0.0, 90.0).speed_mps * 0.97;
    CHECK(p.speed[600 + 24] == Approx(vc).epsilon(1e-9));
    // Before it the braking pass governs: v² = v_ref² + 2 a0 x with v_ref 10 m before the bend.
    const double v_ref = p.speed[590];
    for (int x = 20; x <= 60; ++x) {
        INFO("x=" << x);
        CHECK(p.speed[600 - x] ==
              Approx(std::sqrt(v_ref * v_ref + 2.0 * d.a0 * (x - 10.0))).epsilon(1e-9));
    }
    CHECK(v_ref > vc);
}

TEST_CASE("lap timer counts forward crossings after most of a lap", "[plan][lap]") {
    const ClosedPath c = circle_path(50.0, 200);  // 314 m
    LapTimer t;
    const double L = c.length;
    // Start 10 m behind the line at 10 m/s, 0.1 s steps.
    double s = L - 10.0;
    int laps = 0;
    double time = 0.0;
    for (int k = 0; k < 800; ++k, time += 0.1, s += 1.0) {
        if (lap_timer_update(t, c, s, time)) ++laps;
    }
    // Timing starts at 1 s (the line); each lap takes L / 10 m/s.
    CHECK(t.laps == laps);
    CHECK(laps == static_cast<int>((800 * 1.0 - 10.0 - 1.0) / L));
    CHECK(t.last_lap == Approx(L / 10.0).epsilon(1e-9));
    CHECK(t.best_lap == Approx(L / 10.0).epsilon(1e-9));
    // Rocking back and forth over the line never counts a lap.
    LapTimer r;
    for (int k = 0; k < 100; ++k)
        lap_timer_update(r, c, (k % 2 == 0) ? L - 2.0 : 2.0, k * 0.5);
    CHECK(r.laps == 0);
}

TEST_CASE("a reset drops the lap under way: the best lap is the one after the reset",
          "[plan][lap]") {
    const ClosedPath c = circle_path(50.0, 200);  // 314 m
    const double L = c.length;
    LapTimer t;
    // 10 m/s from 10 m behind the line: the lap starts at 1 s; drive to 0.6 L.
    double time = 0.0;
    double s = L - 10.0;
    for (; s < L + 0.6 * L; s += 1.0, time += 0.1)
        CHECK_FALSE(lap_timer_update(t, c, s, time));
    REQUIRE(t.timing);
    // Reset: back to 10 m behind the line (where the grid is).
    lap_timer_abort(t);
    s = L - 10.0;
    const double t_reset = time;
    int laps = 0;
    for (int k = 0; k < 400; ++k, s += 1.0, time += 0.1)
        laps += lap_timer_update(t, c, s, time) ? 1 : 0;
    // Post-reset: the line at t_reset + 1 s, one whole lap (L / 10 m/s) after it, and
    // (400 - 11) m driven past the line is one lap and a bit; nothing from before.
    CHECK(laps == 1);
    CHECK(t.laps == 1);
    CHECK(t.best_lap == Approx(L / 10.0).epsilon(1e-9));
    CHECK(t.last_lap == Approx(L / 10.0).epsilon(1e-9));
    CHECK(t.lap_start == Approx(t_reset + 1.0 + L / 10.0).epsilon(1e-9));
}
