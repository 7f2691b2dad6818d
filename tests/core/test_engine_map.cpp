// The engine's pedal map and part-throttle torque against their closed forms (docs/physics.md §7).
#include <catch2/catch.hpp>

#include "skidpad/car/engine.hpp"

using namespace skidpad;

namespace {

// The closed form written out: load x = p / (p + c (1 - p)), crank torque
// x T - (1 - x) b T with T the full-throttle table at that rpm and b the engine braking.
double closed_form(double p, double c, double b, double table_nm) {
    const double x = p / (p + c * (1.0 - p));
    return x * table_nm - (1.0 - x) * b * table_nm;
}

}  // namespace

TEST_CASE("engine map: part-throttle torque is the pedal map's closed form", "[car][engine]") {
    const EngineDef e;  // the default car: c 0.3, engine braking 0.25
    REQUIRE(e.throttle_map == 0.3);
    REQUIRE(e.engine_brake == 0.25);
    // Table points of the default V8 (N·m): 2000 rpm 435, 3000 rpm 458, 4400 rpm 475.
    for (const auto& [rpm, table_nm] :
         {std::pair{2000.0, 435.0}, std::pair{3000.0, 458.0}, std::pair{4400.0, 475.0}}) {
        for (double p : {0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0}) {
            INFO(rpm << " rpm, pedal " << p);
            CHECK(engine_torque(e, rpm, p, 1.0) ==
                  Approx(closed_form(p, 0.3, 0.25, table_nm)).epsilon(1e-12).margin(1e-9));
        }
    }
    // A fifth of the pedal at 3000 rpm: load 0.2 / 0.44 = 0.4545, 145.7 N·m forward (the
    // linear map gave 0.2 × 458 - 0.8 × 0.25 × 458 = 0).
    CHECK(engine_load(e, 0.2) == Approx(0.2 / 0.44).epsilon(1e-12));
    CHECK(engine_torque(e, 3000.0, 0.2, 1.0) == Approx(145.727).margin(0.001));
    // Full and closed throttle are the map's ends: the full-throttle table exactly (the
    // straight-line figures do not depend on the map) and the engine braking alone.
    for (double rpm : {1000.0, 2500.0, 3000.0, 4400.0, 5600.0, 6000.0}) {
        CHECK(engine_torque(e, rpm, 1.0, 1.0) == engine_full_torque(e, rpm));
        CHECK(engine_torque(e, rpm, 0.0, 1.0) == Approx(-0.25 * engine_full_torque(e, rpm)));
    }
}

TEST_CASE("engine map: the zero-torque pedal and the inverse map", "[car][engine]") {
    const EngineDef e;
    // The crank torque crosses zero where the load is b / (1 + b) = 0.2, at the pedal
    // c x / (1 - x + c x) = 0.06 / 0.86 = 0.0698 (0.2 with a linear map).
    const double p0 = engine_pedal_for_load(e, 0.25 / 1.25);
    CHECK(p0 == Approx(0.06 / 0.86).epsilon(1e-12));
    for (double rpm : {1500.0, 3000.0, 5000.0})
        CHECK(engine_torque(e, rpm, p0, 1.0) == Approx(0.0).margin(1e-9));
    CHECK(engine_torque(e, 3000.0, p0 + 0.01, 1.0) > 0.0);
    CHECK(engine_torque(e, 3000.0, p0 - 0.01, 1.0) < 0.0);
    for (double x : {0.0, 0.1, 0.2, 0.45, 0.7, 0.99, 1.0})
        CHECK(engine_load(e, engine_pedal_for_load(e, x)) ==
              Approx(x).epsilon(1e-12).margin(1e-15));
    // The load rises with the pedal and never passes it backwards.
    double last = -1.0;
    for (int i = 0; i <= 100; ++i) {
        const double x = engine_load(e, i / 100.0);
        CHECK(x > last);
        CHECK(x >= i / 100.0);
        last = x;
    }
}

TEST_CASE("engine map: c = 1 is the linear blend exactly", "[car][engine]") {
    EngineDef e;
    e.throttle_map = 1.0;
    e.engine_brake = 0.1;
    for (double p : {0.0, 0.09, 0.2, 0.35, 0.7, 1.0}) {
        CHECK(engine_load(e, p) == p);
        CHECK(engine_pedal_for_load(e, p) == p);
        const double t = engine_full_torque(e, 3000.0);
        CHECK(engine_torque(e, 3000.0, p, 1.0) == Approx(p * t - (1.0 - p) * 0.1 * t));
    }
}
