// How the World fills each step's sound signals and contacts (StepEvents).
#include "sound_signals.hpp"

#include <cmath>

#include "skidpad/car/engine.hpp"
#include "skidpad/car/tyre.hpp"
#include "skidpad/soft/body_kinds.hpp"

namespace skidpad {

const char* contact_material_name(ContactMaterial m) {
    if (m == ContactMaterial::CarBody) return "car";
    const auto k = static_cast<std::size_t>(body_kind_of(m));
    return k < kBodyKinds.size() ? kBodyKinds[k].name : "?";
}

namespace detail {

namespace {
/// Lateral-to-longitudinal slip stiffness ratio s of a tyre (α_peak = κ_peak / s), read
/// back from the combined-slip peak at a small angle: κ_c² = κ_p² − (s α)².
double lat_per_long(const TyreDef& def, bool rear, double kp) {
    const double a = 1e-3;
    const double kc = tyre_combined_peak_slip(def, rear, kp, a);
    const double s = std::sqrt(std::fmax(kp * kp - kc * kc, 0.0)) / a;
    return s > 0.0 ? s : 1.0;
}
}  // namespace

CarSignals car_signals(const Car& car, const CarDef& def, int previous_gear) {
    CarSignals s;
    s.position = car.position;
    s.velocity = car.velocity;
    s.rpm = car.rpm;
    s.idle_rpm = def.engine.idle_rpm;
    s.redline_rpm = def.engine.redline_rpm;
    s.throttle = car.throttle;
    s.gear = car.gear;
    s.previous_gear = previous_gear;
    s.shifted = car.gear != previous_gear;
    s.shifting = car.shift_timer > 0.0;
    const double peak = engine_full_torque(def.engine, std::fmin(car.rpm, def.engine.redline_rpm));
    if (!s.shifting && car.gear != 0 && peak > 0.0) {
        const double t = engine_torque(def.engine, car.rpm, car.throttle, 1.0);
        s.load = std::fmax(-1.0, std::fmin(1.0, t / peak));
    }
    s.limiter = car.throttle > 0.05 && rev_limiter_factor(def.engine, car.rpm) < 1.0;
    const double kp = tyre_peak_slip_ratio(def.tyre);
    for (int i = 0; i < 4; ++i) {
        const Wheel& w = car.wheels[static_cast<std::size_t>(i)];
        const double sl = lat_per_long(def.tyre, i >= 2, kp);
        const double k = w.slip_ratio, a = sl * w.slip_angle;
        double r = std::sqrt(k * k + a * a) / kp;
        if (!std::isfinite(r)) r = 0.0;
        WheelSignal& ws = s.wheels[static_cast<std::size_t>(i)];
        ws.slip_over_peak = std::fmin(r, 100.0);
        ws.load = w.load;
        ws.slide_speed = w.slide_speed;
        ws.locked = w.locked;
    }
    return s;
}

ContactMaterial contact_material(std::uint8_t row, SoftEffect effect) {
    if (row < kBodyKindCount) return contact_material_of(static_cast<BodyKind>(row));
    for (const BodyKindRow& r : kBodyKinds) {
        if (r.effect == effect) return contact_material_of(r.kind);
    }
    return ContactMaterial::Crate;
}

void record_contact(StepEvents& events, const ContactEvent& e) {
    for (ContactEvent& o : events.contacts) {
        if (o.car != e.car || o.body != e.body || o.other_car != e.other_car) continue;
        const double sum = o.impulse + e.impulse;
        if (sum > 0.0) {
            o.position = (o.position * o.impulse + e.position * e.impulse) / sum;
            const dvec2 n = o.normal * o.impulse + e.normal * e.impulse;
            const double len = std::sqrt(n.x * n.x + n.y * n.y);
            if (len > 0.0) o.normal = n / len;
        }
        o.impulse = sum;
        o.friction_impulse += e.friction_impulse;
        if (e.contact_time > 0.0 && !(o.contact_time > 0.0)) o.first_at = e.first_at;
        o.contact_time += e.contact_time;
        if (e.peak_force > o.peak_force) {
            o.peak_force = e.peak_force;
            o.peak_at = e.peak_at;
        }
        o.approach_speed = std::fmax(o.approach_speed, e.approach_speed);
        o.slide_speed = std::fmax(o.slide_speed, e.slide_speed);
        if (e.kind == ContactKind::Impact) o.kind = ContactKind::Impact;
        o.dented = o.dented || e.dented;
        o.broken = o.broken || e.broken;
        return;
    }
    if (events.contacts.size() < StepEvents::kMaxContacts) {
        events.contacts.push_back(e);
    } else {
        ++events.dropped;
    }
}

}  // namespace detail
}  // namespace skidpad
