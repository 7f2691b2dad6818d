// The car at its limits, measured as `lab lsd`, `lab full-lock` and the other limit
// experiments measure it (src/lab/limit_runs.cpp): the differential's locking torque,
// full-lock launches, the automatic box under abuse, locked brakes, lift-off.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "limit_runs.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/settings.hpp"
#include "support/shipped_preset.hpp"

using namespace skidpad;

// T_slow - T_fast and T_axle come from the tyres' forces (F_x r of each driven wheel in
// the steady circle), the locking torque from the documented formula.
TEST_CASE("lab lsd: on a tight circle T_slow - T_fast is preload + lock x T_axle within 2 %",
          "[car][limits][lsd]") {
    // Seven circles: throttle, steer and the differential's settings varied.
    struct Case {
        double throttle, steer, preload, lock;
    };
    for (const Case c :
         {Case{0.3, 1.0, 150.0, 0.5}, Case{0.35, 0.7, 150.0, 0.5}, Case{0.2, 0.8, 150.0, 0.5},
          Case{0.3, 1.0, 0.0, 0.3}, Case{0.3, 1.0, 300.0, 0.2}, Case{0.3, -1.0, 50.0, 0.4},
          Case{0.25, 0.9, 100.0, 0.6}}) {
        Settings s;
        s.car.drivetrain.lsd_preload = c.preload;
        s.car.drivetrain.lsd_lock = c.lock;
        const lab::LsdRun run = lab::run_lsd_circle(s, c.throttle, c.steer);
        INFO("throttle " << c.throttle << " steer " << c.steer << " preload " << c.preload
                         << " lock " << c.lock << ": T_slow-T_fast " << run.t_slow_minus_fast
                         << " predicted " << run.predicted << " axle " << run.axle_torque
                         << " slipping " << run.slipping_fraction);
        REQUIRE(run.slipping_fraction > 0.5);  // the clutch slips on a tight circle
        CHECK(run.t_slow_minus_fast == Approx(run.predicted).epsilon(0.02));
    }
}
