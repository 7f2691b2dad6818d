// What heavy damage does to the car (include/skidpad/car/damage.hpp): a bent front wheel
// pulls, a crushed nose costs engine torque, a loose panel adds drag — each only past
// its threshold — and every damage tunable at its min and max stays finite in a crash.
#include <catch2/catch.hpp>
#include <cmath>

#include "skidpad/car/damage.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/world.hpp"

using namespace skidpad;

namespace {

constexpr double kHz = 120.0;

double length(dvec2 v) {
    return std::sqrt(dot(v, v));
}

/// A car dented by one hit at outline point `k` straight into the outline (against its
/// outward normal) with the impulse that leaves a dent of `depth` m there
/// (J = yield + depth × stiffness).
CarDamage dent_at(const CarDef& def, std::size_t k, double depth) {
    const auto rest = damage_rest_outline(def);
    const dvec2 t = rest[(k + 1) % rest.size()] - rest[(k + rest.size() - 1) % rest.size()];
    const dvec2 out = dvec2(t.y, -t.x) / length(t);
    CarDamage d;
    damage_apply_hit(d, def, rest[k], -out, def.damage.yield + depth * def.damage.stiffness);
    damage_step(d, def, 1.0 / 480.0);
    return d;
}

/// Index of the outline point nearest `p` (car frame).
std::size_t nearest(const CarDef& def, dvec2 p) {
    const auto rest = damage_rest_outline(def);
    std::size_t best = 0;
    for (std::size_t k = 1; k < rest.size(); ++k)
        if (dot(rest[k] - p, rest[k] - p) < dot(rest[best] - p, rest[best] - p)) best = k;
    return best;
}

/// Heading change (rad) after `seconds` rolling at `speed` with the steering centred.
double heading_drift(const CarDef& def, const CarDamage& damage, double speed, double seconds) {
    World w;
    const CarId id = w.add_car({0.0, 0.0}, 0.0, def);
    car_set_speed(w.car(id), def, speed);
    w.car(id).damage = damage;
    InputState in;
    in.throttle = 0.3;
    for (int i = 0; i < static_cast<int>(seconds * kHz); ++i)
        w.step(1.0 / kHz, in);
    return w.car(id).heading;
}

}  // namespace

TEST_CASE("a bent front-left wheel pulls left with the steering centred, only past its threshold",
          "[car][damage]") {
    const CarDef def;
    const CarGeometry g = car_geometry(def);
    // The outline point at the front-left corner beside the wheel.
    const std::size_t fl = nearest(def, {g.cg_to_front + 0.4, 0.5 * def.width});
    const CarDamage light = dent_at(def, fl, def.damage.bent_threshold - 0.04);
    const CarDamage heavy = dent_at(def, fl, def.damage.bent_threshold + 0.15);
    REQUIRE(damage_deepest(heavy) > def.damage.bent_threshold + 0.1);
    CHECK(light.toe[0] == 0.0);
    CHECK(heavy.toe[0] == Approx(def.damage.bent_toe).epsilon(1e-12));  // past the 0.1 m ramp
    CHECK(heavy.toe[1] == 0.0);                                         // the right one is fine

    const double straight = heading_drift(def, CarDamage{}, 20.0, 2.0);
    const double below = heading_drift(def, light, 20.0, 2.0);
    const double past = heading_drift(def, heavy, 20.0, 2.0);
    INFO("heading after 2 s at 20 m/s: undamaged " << straight << ", below " << below << ", past "
                                                   << past << " rad");
    CHECK(std::fabs(straight) < 1e-9);
    CHECK(std::fabs(below) < 1e-9);
    CHECK(past > 0.05);  // a steady pull to the left (CCW)

    CarDef off = def;
    off.damage.bent_wheel = false;
    CHECK(dent_at(off, fl, 0.3).toe[0] == 0.0);
}

TEST_CASE("a crushed nose cuts the engine torque by engine_loss, only past its threshold",
          "[car][damage]") {
    CarDef def;
    def.assists.tc = false;
    const std::size_t nose = 2;  // the front centre
    auto drive_torque = [&](const CarDamage& damage) {
        Car car;
        car_reset(car, def, {0.0, 0.0}, 0.0);
        car_set_speed(car, def, 15.0);
        car.damage = damage;
        InputState in;
        in.throttle = 1.0;
        car_step(car, def, in, 1.0 / 480.0);
        double sum = 0.0;
        for (const Wheel& w : car.wheels)
            sum += w.drive_torque;
        return sum;
    };
    const double whole = drive_torque(CarDamage{});
    const double below = drive_torque(dent_at(def, nose, def.damage.engine_threshold - 0.05));
    const double past = drive_torque(dent_at(def, nose, def.damage.engine_threshold + 0.15));
    INFO("drive torque: undamaged " << whole << ", below " << below << ", past " << past << " N m");
    REQUIRE(whole > 1000.0);
    CHECK(below == Approx(whole).epsilon(1e-12));
    CHECK(past == Approx(whole * (1.0 - def.damage.engine_loss)).epsilon(1e-9));
}

TEST_CASE("a loose panel adds drag k v^2 / (M + 4 I_w / r^2) past its threshold, within 5 %",
          "[car][damage]") {
    CarDef def;
    def.gearbox.manual = true;  // coasting in neutral: no engine braking, no shifts
    const std::size_t side = nearest(def, {0.0, 0.5 * def.width});
    auto coast = [&](const CarDamage& damage, double* predicted_loss) {
        World w;
        const CarId id = w.add_car({0.0, 0.0}, 0.0, def);
        car_set_speed(w.car(id), def, 40.0);
        w.car(id).gear = 0;
        w.car(id).damage = damage;
        double loss = 0.0;
        for (int i = 0; i < 120; ++i) {
            const double v = length(w.car(id).velocity);
            // The car and its four wheels' rotation slow together: M + 4 I_w / r².
            const double m_eff =
                def.mass + 4.0 * def.wheel_inertia / (def.wheel_radius * def.wheel_radius);
            loss += def.damage.panel_drag * v * v / m_eff / kHz;
            w.step(1.0 / kHz);
        }
        if (predicted_loss) *predicted_loss = loss;
        return length(w.car(id).velocity);
    };
    double predicted = 0.0;
    const double whole = coast(CarDamage{}, &predicted);
    const CarDamage light = dent_at(def, side, def.damage.panel_threshold - 0.05);
    const CarDamage heavy = dent_at(def, side, def.damage.panel_threshold + 0.05);
    CHECK(light.extra_drag == 0.0);
    CHECK(heavy.extra_drag == def.damage.panel_drag);
    CHECK(coast(light, nullptr) == whole);
    const double lost = whole - coast(heavy, nullptr);
    INFO("extra speed lost in 1 s from 40 m/s " << lost << " m/s, k v^2/(M + 4 I_w/r^2) predicts "
                                                << predicted);
    CHECK(lost == Approx(predicted).epsilon(0.05));
}

TEST_CASE("every damage tunable at its min and max stays finite through a 40 m/s crash",
          "[car][damage][robust]") {
    for (const ParamDesc& p : param_registry().all()) {
        if (p.key.rfind("car.damage", 0) != 0) continue;
        for (const double v : {p.min, p.max}) {
            INFO(p.key << " = " << v);
            Settings s;
            REQUIRE(param_registry().set(s, p.key, v).ok);
            World w;
            const CarId id = w.add_car({0.0, 0.0}, 0.3, s.car);
            car_set_speed(w.car(id), s.car, 40.0);
            w.soft().add_barrier({6.0f, 0.0f}, {1.0f, 30.0f}, 0.0f);
            InputState in;
            in.throttle = 1.0;
            in.steer = 0.2;
            for (int i = 0; i < 240; ++i)
                w.step(1.0 / kHz, in);
            const Car& c = w.car(id);
            CHECK(std::isfinite(c.position.x));
            CHECK(std::isfinite(c.position.y));
            CHECK(std::isfinite(c.heading));
            CHECK(damage_deepest(c.damage) <= 0.8 + 1e-12);
            for (const dvec2& d : c.damage.dent)
                CHECK((std::isfinite(d.x) && std::isfinite(d.y)));
            CHECK(w.numeric_resets(id) == 0);
        }
    }
}
