// Re-engagement after an upshift (docs/physics.md §5.3): flooring the default car from rest,
// the driven wheels' slip ratio after the clutch closes on 2nd and on 3rd stays below the
// slip the launch holds, with the traction control on (sport) and with every aid off (sim),
// through World::step as the player drives.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/car/assists.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

struct ShiftKick {
    double launch_slip = 0.0;  ///< mean driven-wheel slip ratio of the launch
    double after_2nd = 0.0;    ///< peak driven-wheel slip ratio from the 1→2 shift on
    double after_3rd = 0.0;    ///< same from the 2→3 shift on
    bool reached_3rd = false;
};

/// Full throttle from rest, straight ahead, 120 Hz × 4. The launch slip is the mean of the
/// larger rear slip ratio while the clutch slips in 1st (from 0.3 s, past the flare, to the
/// first upshift); each shift's figure is the peak of it from the gear change until 0.5 s
/// after the shift time.
ShiftKick measure(AssistLevel level) {
    Settings s;
    apply_assist_level(s.car, level);
    World world(world_def(s));
    const CarId id = world.add_car({0.0, 0.0}, 0.0, s.car);
    const double dt = 1.0 / s.sim.physics_hz;
    const double window = s.car.gearbox.shift_time + 0.5;
    InputState in;
    in.throttle = 1.0;
    ShiftKick out;
    double launch_sum = 0.0;
    int launch_n = 0;
    double shift_at[4] = {-1.0, -1.0, -1.0, -1.0};
    for (int i = 1; i * dt <= 12.0; ++i) {
        world.step(dt, in);
        const Car& c = world.car(id);
        const double t = i * dt;
        const double slip = std::fmax(c.wheels[2].slip_ratio, c.wheels[3].slip_ratio);
        if (c.gear >= 2 && c.gear <= 3 && shift_at[c.gear] < 0.0) shift_at[c.gear] = t;
        if (c.gear == 1 && t >= 0.3 && !c.clutch_engaged) {
            launch_sum += slip;
            ++launch_n;
        }
        if (shift_at[2] >= 0.0 && t - shift_at[2] <= window && c.gear == 2)
            out.after_2nd = std::fmax(out.after_2nd, slip);
        if (shift_at[3] >= 0.0 && t - shift_at[3] <= window && c.gear == 3)
            out.after_3rd = std::fmax(out.after_3rd, slip);
    }
    out.launch_slip = launch_n > 0 ? launch_sum / launch_n : 0.0;
    out.reached_3rd = shift_at[3] >= 0.0;
    return out;
}

}  // namespace

TEST_CASE(
    "upshift re-engagement: the driven wheels' peak slip ratio after the 1-2 and 2-3 "
    "shifts stays below the launch's mean slip ratio",
    "[car][clutch][shift]") {
    for (AssistLevel level : {AssistLevel::Sport, AssistLevel::Sim}) {
        const ShiftKick k = measure(level);
        INFO(assist_level_name(level) << ": launch slip " << k.launch_slip << ", peak after 1-2 "
                                      << k.after_2nd << ", after 2-3 " << k.after_3rd);
        REQUIRE(k.reached_3rd);
        REQUIRE(k.launch_slip > 0.0);
        // Strictly below the launch figure, no margin. Seen: 0.0255 after 1-2 and 0.0175
        // after 2-3 against the launch's 0.0484 (2nd's steady slip 0.022); a clutch closing
        // at full capacity gave 0.058 and 0.029 (docs/physics.md §5.3).
        CHECK(k.after_2nd < k.launch_slip);
        CHECK(k.after_3rd < k.launch_slip);
    }
}
