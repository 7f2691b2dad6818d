// Drift scoring: the rules on hand-made samples, and the scorer on driven cars (a
// scripted slide against a clean autopilot lap, a slide that ends against a barrier).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "skidpad/car/car.hpp"
#include "skidpad/modes/drift_score.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

constexpr double kDt = 1.0 / 120.0;
constexpr double kRad = kPi / 180.0;

DriftSample slide(double slip_deg, double speed) {
    DriftSample s;
    s.slip_rad = slip_deg * kRad;
    s.speed_mps = speed;
    return s;
}

void hold(DriftScorer& d, const DriftSample& s, double seconds) {
    const long long n = std::llround(seconds / kDt);
    for (long long i = 0; i < n; ++i)
        d.step(kDt, s);
}

/// The scorer's total with the combo under way banked (a drive that ends mid-slide
/// still counts it).
double banked_total(DriftScorer& d) {
    d.end_combo(DriftEnd::Banked);
    return d.state().total;
}

}  // namespace

TEST_CASE("drift score is zero below the speed and slip thresholds", "[drift]") {
    DriftScorer d;
    const DriftRules& r = d.rules();
    hold(d, slide(40.0, r.min_speed_mps - 0.1), 5.0);  // slow slide
    hold(d, slide(r.min_slip_deg - 0.1, 30.0), 5.0);   // fast, little slip
    hold(d, slide(0.0, 40.0), 5.0);                    // straight
    CHECK(d.rate(slide(40.0, r.min_speed_mps - 0.1)) == 0.0);
    CHECK(d.rate(slide(r.min_slip_deg - 0.1, 30.0)) == 0.0);
    CHECK_FALSE(d.state().in_combo);
    CHECK(d.state().total == 0.0);
    CHECK(banked_total(d) == 0.0);
}

TEST_CASE("drift points are slip x speed x time times a multiplier that grows with the combo",
          "[drift]") {
    DriftScorer d;
    const DriftRules& r = d.rules();
    // 30° at 15 m/s for 3.3 s: raw 30 · 15 · 0.1 · 3.3 = 148.5 points; the multiplier
    // steps every 1.5 s of drifting → ×3 after 3.3 s.
    hold(d, slide(30.0, 15.0), 3.3);
    CHECK(d.state().multiplier == 3);
    CHECK(d.state().combo_points == Approx(30.0 * 15.0 * r.points_per_deg_mps * 3.3).epsilon(1e-6));
    // Slip beyond the cap earns no more than the cap.
    CHECK(d.rate(slide(80.0, 15.0)) == Approx(r.max_slip_deg * 15.0 * r.points_per_deg_mps));
    // Straight for just under the link time: still the same combo; then it banks.
    hold(d, slide(0.0, 15.0), r.link_s - 0.1);
    CHECK(d.state().in_combo);
    CHECK(d.state().total == 0.0);
    hold(d, slide(0.0, 15.0), 0.2);
    CHECK_FALSE(d.state().in_combo);
    CHECK(d.state().last_end == DriftEnd::Banked);
    CHECK(d.state().total == Approx(3.0 * 148.5).epsilon(1e-6));
    CHECK(d.state().best_combo == Approx(3.0 * 148.5).epsilon(1e-6));
}

TEST_CASE("a contact, leaving the track or a spin ends the combo and loses its points", "[drift]") {
    for (const DriftEnd why : {DriftEnd::Contact, DriftEnd::OffTrack, DriftEnd::Spin}) {
        DriftScorer d;
        hold(d, slide(35.0, 18.0), 4.0);
        REQUIRE(d.state().in_combo);
        REQUIRE(d.combo_value() > 500.0);
        DriftSample s = slide(35.0, 18.0);
        s.contact = why == DriftEnd::Contact;
        s.off_track = why == DriftEnd::OffTrack;
        if (why == DriftEnd::Spin) s.slip_rad = 150.0 * kRad;
        d.step(kDt, s);
        INFO(drift_end_name(why));
        CHECK_FALSE(d.state().in_combo);
        CHECK(d.state().last_end == why);
        CHECK(d.state().total == 0.0);
        CHECK(d.state().combos_lost == 1);
        CHECK(d.state().multiplier == 1);
    }
}

TEST_CASE("a scripted drift scores more than a clean autopilot lap", "[drift]") {
    // The shipped drift car for both drives.
    Settings settings;
    REQUIRE(load_preset_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/drift-rwd.json",
                             settings)
                .ok);
    // The clean lap: the autopilot round the oval (it keeps the tyres near their peak).
    const TrackResult tr =
        load_track_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/oval.json");
    REQUIRE(tr.ok);
    double clean = 0.0;
    double lap_s = 0.0;
    {
        World world(world_def(settings));
        Race race;
        race.set_track(tr.track, plan_car_from_def(settings.car), settings.plan);
        REQUIRE(race.profile().ok);
        dvec2 pos(0.0);
        double heading = 0.0;
        race.grid_pose(0, pos, heading);
        const CarId id = world.add_car(pos, heading, settings.car);
        race.join(id, true);
        DriftScorer d;
        const RaceEntry* e = race.entry(id);
        while (e->timer.laps < 1 && world.time() < 200.0) {
            race.drive(world);
            world.step(kDt);
            race.observe(world);
            d.step(kDt, drift_sample(world, id, &race.track()));
        }
        REQUIRE(e->timer.laps == 1);
        lap_s = world.time();
        clean = banked_total(d);
    }
    // The drift, 10 s: from 20 m/s a handbrake flick into full left lock, then a driver
    // that holds 35° of body slip (front wheels along the velocity plus a correction) on
    // the throttle round a circle at about 16 m/s.
    double drift = 0.0;
    double drift_lost = 0.0;
    {
        World world(world_def(settings));
        const CarId id = world.add_car({0.0, 0.0}, 0.0, settings.car);
        car_set_speed(world.car(id), world.car_def(id), 20.0);
        const double max_steer = world.car_def(id).max_steer;
        DriftScorer d;
        InputState in;
        while (world.time() < 10.0) {
            const double t = world.time();
            const DriftSample now = drift_sample(world, id, nullptr);
            const double beta_deg = now.slip_rad / kRad;
            if (t < 0.6) {
                in.steer = 1.0;
                in.handbrake = t > 0.2 ? 1.0 : 0.0;
                in.throttle = 0.5;
            } else {
                in.handbrake = 0.0;
                const double wheel_deg = beta_deg + 0.5 * (35.0 - std::fabs(beta_deg));
                in.steer = std::clamp(wheel_deg * kRad / max_steer, -1.0, 1.0);
                in.throttle = std::clamp(
                    0.8 + 0.05 * (35.0 - std::fabs(beta_deg)) + 0.1 * (16.0 - now.speed_mps), 0.0,
                    1.0);
            }
            world.step(kDt, in);
            d.step(kDt, drift_sample(world, id, nullptr));
        }
        drift_lost = d.state().combos_lost;
        drift = banked_total(d);
    }
    INFO("clean lap " << clean << " points in " << lap_s << " s; drift " << drift
                      << " points in 10 s, combos lost " << drift_lost);
    CHECK(drift_lost == 0);
    CHECK(drift > 1000.0);
    CHECK(drift > 10.0 * clean);
}

TEST_CASE("a slide into a barrier ends the combo on contact", "[drift]") {
    World world;
    // A pinned barrier 9 m ahead across the car's path.
    world.soft().add_barrier({9.0f, 0.0f}, {1.0f, 40.0f}, 0.0f);
    const CarId id = world.add_car({0.0, 0.0}, 0.0, CarDef{});
    // Sliding at 30° of body slip, 16 m/s, handbrake on so that the rear keeps sliding.
    world.car(id).velocity = 16.0 * dvec2(std::cos(-30.0 * kRad), std::sin(-30.0 * kRad));
    InputState in;
    in.handbrake = 1.0;
    DriftScorer d;
    bool scored_before_contact = false;
    bool contact = false;
    for (int i = 0; i < 240 && !contact; ++i) {
        world.step(kDt, in);
        const DriftSample s = drift_sample(world, id, nullptr);
        contact = s.contact;
        if (!contact) scored_before_contact = scored_before_contact || d.combo_value() > 0.0;
        d.step(kDt, s);
    }
    REQUIRE(contact);
    CHECK(scored_before_contact);
    CHECK(d.state().last_end == DriftEnd::Contact);
    CHECK(d.state().combos_lost == 1);
    CHECK(d.state().total == 0.0);
    CHECK(d.state().last_combo > 0.0);
}
