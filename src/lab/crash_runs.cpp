// `lab crash` runs (see crash_runs.hpp).
#include "crash_runs.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "skidpad/car/damage.hpp"
#include "skidpad/car/gearbox.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

namespace {

constexpr double kPi = 3.14159265358979323846;
/// s without a contact after which a hit is over (a car that turns against a wall after
/// its nose hit comes back with its tail within it), at any physics rate.
constexpr double kQuietTime = 0.25;

/// The world of one crash: the car at the origin on its path, the target (if any)
/// with its face 0.05 m ahead of the car's foremost corner.
struct CrashScene {
    explicit CrashScene(const Settings& s) : world(world_def(s)) {}
    World world;
    CarId car;
    CarId other;               ///< the `car` target
    double target_mass = 0.0;  ///< kg, 0 when pinned
    double mu = 0.0;           ///< friction of the car against the target's material
};

/// Out of gear, held there: over a pulse of tens of milliseconds an engine in gear would
/// push or brake the car through its tyres, and the momentum figures are the contact's.
void coast_in_neutral(Car& car) {
    car.manual = true;
    car.gear = 0;
}

void build(CrashScene& s, const Settings& settings, const CrashSetup& setup, bool with_target) {
    World& w = s.world;
    const double a = setup.angle_deg * kPi / 180.0;
    const double heading = setup.angle_deg == 90.0 ? 0.0 : 0.5 * kPi - a;
    s.car = w.add_car({0.0, 0.0}, heading, settings.car);
    car_set_speed(w.car(s.car), w.car_def(s.car), setup.speed);  // rolling, wheels at road speed
    coast_in_neutral(w.car(s.car));
    const CarDef& cd = w.car_def(s.car);
    // The face of the target and the height at which the car's foremost corner meets it.
    float face = static_cast<float>(cd.length * 0.5 + 0.05);
    float y = 0.0f;
    if (setup.angle_deg != 90.0) {
        const auto corners = car_corners(car_pose(w.car(s.car)), cd);
        dvec2 front = corners[0];
        for (const dvec2& c : corners)
            front = c.x > front.x ? c : front;
        face = static_cast<float>(front.x + 0.05);
        y = static_cast<float>(front.y);
    }
    const SoftDef& d = w.def().soft;
    s.mu = d.car_friction;
    if (!with_target) return;
    SoftWorld& sw = w.soft();
    if (setup.target == "crate") {
        sw.add_crate(d, {face + 0.5f * static_cast<float>(d.crate_size), y}, 0.0f);
        s.target_mass = d.crate_mass;
    } else if (setup.target == "barrier") {
        s.mu = d.car_mu_barrier;
        if (setup.pinned) {
            // A long wall, most of it ahead along the car's path.
            sw.add_barrier({face + 0.5f, y + 90.0f}, {1.0f, 200.0f}, 0.0f);
        } else {
            // Movable heavy barrier so its momentum can be accounted for.
            sw.add_box(BodyKind::Barrier, {face + 0.5f, y}, {1.0f, 8.0f}, 0.0f, 4000.0f, 1.0f);
            s.target_mass = 4000.0;
        }
    } else if (setup.target == "car") {
        s.mu = d.car_mu_car;
        s.other = w.add_car({face + 0.5 * cd.length, y}, 0.0, settings.car);
        coast_in_neutral(w.car(s.other));
        s.target_mass = w.car_def(s.other).mass;
    } else {
        const float c_size = static_cast<float>(d.crate_size);
        for (int c = 0; c < 3; ++c) {
            for (int r = 0; r < 6; ++r) {
                sw.add_crate(d,
                             {face + c_size * (0.5f + 1.05f * static_cast<float>(c)),
                              y + c_size * 1.05f * (static_cast<float>(r) - 2.5f)},
                             0.0f);
            }
        }
        s.target_mass = 18.0 * d.crate_mass;
    }
}

dvec2 target_velocity(const CrashScene& s) {
    if (s.world.valid(s.other)) return s.world.car(s.other).velocity;
    return s.target_mass > 0.0 ? s.world.soft().momentum() / s.target_mass : dvec2(0.0);
}

/// N s, the car's momentum with its wheels' spin and, while the clutch couples it, the
/// engine's, each I ω / r along the heading (what the tyres can hand the body in a hit).
dvec2 car_momentum(const World& w, CarId id) {
    const Car& c = w.car(id);
    const CarDef& d = w.car_def(id);
    const double r = d.wheel_radius;
    dvec2 p = c.velocity * d.mass;
    if (!(r > 0.0)) return p;
    double spin = 0.0;
    for (const Wheel& wh : c.wheels)
        spin += d.wheel_inertia * wh.spin;
    if (c.clutch_engaged && c.gear != 0) {
        spin += d.engine.inertia * c.rpm * (kPi / 30.0) * overall_ratio(d.gearbox, c.gear);
    }
    return p + direction(c.heading) * (spin / r);
}

/// J, the kinetic energy of a car: translation and yaw.
double car_energy(const World& w, CarId id) {
    const Car& c = w.car(id);
    const CarGeometry g = car_geometry(w.car_def(id));
    return 0.5 * g.mass * glm::dot(c.velocity, c.velocity) +
           0.5 * g.yaw_inertia * c.yaw_rate * c.yaw_rate;
}

/// J, the kinetic energy of the car and the target.
double scene_energy(const CrashScene& s) {
    double e = car_energy(s.world, s.car) + s.world.soft().kinetic_energy();
    if (s.world.valid(s.other)) e += car_energy(s.world, s.other);
    return e;
}

/// m, how far the car's body rectangle is past the target's face (the face is across x:
/// the barrier's or the other car's least x); 0 without such a target.
double crush_depth(const CrashScene& s, const CrashSetup& setup) {
    const World& w = s.world;
    double face = 1e300;
    if (w.valid(s.other)) {
        for (const dvec2& c : car_corners(car_pose(w.car(s.other)), w.car_def(s.other)))
            face = std::min(face, c.x);
    } else if (setup.target == "barrier") {
        for (const vec2& p : w.soft().positions())
            face = std::min(face, static_cast<double>(p.x));
    } else {
        return 0.0;
    }
    double front = -1e300;
    for (const dvec2& c : car_corners(car_pose(w.car(s.car)), w.car_def(s.car)))
        front = std::max(front, c.x);
    return std::max(front - face, 0.0);
}

}  // namespace

CrashResult run_crash_test(const Settings& settings, const CrashSetup& setup) {
    CrashResult r;
    const double dt = 1.0 / settings.sim.physics_hz;
    const int steps = static_cast<int>(std::ceil(0.1 / dt));
    const int max_steps = static_cast<int>(std::ceil(3.0 / dt));
    const int quiet_steps = static_cast<int>(std::ceil(kQuietTime / dt - 1e-9));
    CrashScene hit(settings), control(settings);
    build(hit, settings, setup, true);
    build(control, settings, setup, false);
    World& w = hit.world;
    const double mass = w.car_def(hit.car).mass;
    const dvec2 v0 = w.car(hit.car).velocity;
    const dvec2 before = car_momentum(w, hit.car);
    const dvec2 vt0 = target_velocity(hit);
    const double energy_before = scene_energy(hit);
    r.car_momentum_before = before;
    // Per step: the car's and the target's velocity, the car's yaw rate and pose.
    std::vector<dvec2> car_v, target_v;
    std::vector<double> yaw, energy;
    dvec2 nsum{0.0, 0.0};
    dvec2 wall{0.0, 0.0};  // N s, what the car's contacts handed a pinned target
    int last_contact = -1;
    double first_push = -1.0, peak_force = 0.0, peak_at = 0.0;
    for (int i = 0; i < max_steps; ++i) {
        w.step(dt);
        if (i < steps) control.world.step(dt);
        const Car& car = w.car(hit.car);
        double jn = 0.0;
        for (const ContactEvent& e : w.events().contacts) {
            if (e.car != hit.car.index) continue;
            jn += e.impulse;
            nsum += e.normal * e.impulse;
            // The first push and the peak, each at the end of its sub-step.
            const double first = i * dt + e.first_at;
            if (e.contact_time > 0.0 && (first_push < 0.0 || first < first_push))
                first_push = first;
            if (e.peak_force > peak_force) {
                peak_force = e.peak_force;
                peak_at = i * dt + e.peak_at;
            }
            // Friction on the car opposes its sliding along the face.
            const dvec2 t(-e.normal.y, e.normal.x);
            const double vt = glm::dot(car.velocity, t);
            if (i < steps)
                wall += e.normal * e.impulse + t * ((vt > 0.0 ? 1.0 : -1.0) * e.friction_impulse);
        }
        if (i + 1 == steps) {
            const dvec2 car_after = car_momentum(w, hit.car);
            const dvec2 control_after = car_momentum(control.world, control.car);
            r.car_momentum_after = car_after - (control_after - before);
            r.target_momentum_after = setup.pinned ? wall : w.soft().momentum();
            if (w.valid(hit.other)) r.target_momentum_after += car_momentum(w, hit.other);
            r.momentum_error =
                glm::length(r.car_momentum_after + r.target_momentum_after - before) /
                glm::length(before);
            r.car_speed_after = glm::length(car.velocity);
            r.speed_caps = static_cast<long long>(w.soft().speed_cap_events());
        }
        car_v.push_back(car.velocity);
        energy.push_back(scene_energy(hit));
        target_v.push_back(target_velocity(hit));
        yaw.push_back(car.yaw_rate);
        r.dynamic_crush_m = std::max(r.dynamic_crush_m, crush_depth(hit, setup));
        if (jn > 0.0) {
            ++r.contact_steps;
            r.normal_impulse += jn;
            for (const ContactEvent& e : w.events().contacts) {
                if (e.car == hit.car.index) r.pulse_ms += 1e3 * e.contact_time;
            }
            last_contact = i;
        }
        if (last_contact >= 0 && i - last_contact >= quiet_steps && i + 1 >= steps) {
            r.ended = true;
            break;
        }
    }
    r.car_dent_m = damage_deepest(w.car(hit.car).damage);
    r.peak_decel_g = peak_force / (mass * 9.81);
    if (first_push >= 0.0) r.peak_time_ms = 1e3 * (peak_at - first_push);
    if (last_contact < 0 || glm::length(nsum) <= 0.0) return r;
    const std::size_t k = std::min(static_cast<std::size_t>(last_contact + 1), car_v.size() - 1);
    const dvec2 n = glm::normalize(nsum), t(-n.y, n.x);
    const double closing = glm::dot(v0 - vt0, n);
    // A glancing car may still drift toward the face as it slides on: that is 0.
    r.restitution =
        closing > 0.0 ? std::max(glm::dot(target_v[k] - car_v[k], n) / closing, 0.0) : 0.0;
    r.tangential_speed_before = std::fabs(glm::dot(v0, t));
    r.tangential_speed_after = std::fabs(glm::dot(car_v[k], t));
    r.coulomb_tangential_speed =
        std::max(r.tangential_speed_before - std::max(hit.mu, 0.0) * r.normal_impulse / mass, 0.0);
    r.yaw_rate_after = yaw[k];
    // The energy left once the contact is over (the step after its last impulse).
    if (energy_before > 0.0) r.energy_absorbed = 1.0 - energy[k] / energy_before;
    return r;
}

}  // namespace skidpad::lab
