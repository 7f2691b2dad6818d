// The car's rigid body and its sub-step (docs/physics.md §2): gather wheel and body forces,
// then semi-implicit Euler  v += F/m h; p += v h; ω += τ/I h; θ += ω h.
#include <cmath>
#include <glm/geometric.hpp>

#include "car_internal.hpp"
#include "skidpad/car/car.hpp"
#include "skidpad/car/loads.hpp"

namespace skidpad {

using glm::dot;

namespace {

void place_wheels(Car& car, const CarGeometry& g) {
    const double t = 0.5 * g.track;
    car.wheels[0].offset = {g.cg_to_front, t};
    car.wheels[1].offset = {g.cg_to_front, -t};
    car.wheels[2].offset = {-g.cg_to_rear, t};
    car.wheels[3].offset = {-g.cg_to_rear, -t};
}

double wheel_radius(const CarDef& def) {
    return clamp(def.wheel_radius, 0.1, 1.0);
}

InputState sanitized(const InputState& in) {
    auto pedal = [](double v) { return std::isfinite(v) ? clamp(v, 0.0, 1.0) : 0.0; };
    InputState s = in;
    s.throttle = pedal(in.throttle);
    s.brake = pedal(in.brake);
    s.handbrake = pedal(in.handbrake);
    s.steer = std::isfinite(in.steer) ? clamp(in.steer, -1.0, 1.0) : 0.0;
    return s;
}

bool finite_state(const Car& c) {
    bool ok = std::isfinite(c.position.x) && std::isfinite(c.position.y) &&
              std::isfinite(c.velocity.x) && std::isfinite(c.velocity.y) &&
              std::isfinite(c.heading) && std::isfinite(c.yaw_rate) && std::isfinite(c.rpm);
    for (const Wheel& w : c.wheels)
        ok = ok && std::isfinite(w.spin);
    return ok;
}

}  // namespace

void car_reset(Car& car, const CarDef& def, dvec2 position, double heading) {
    car = Car{};
    car.position = position;
    car.heading = heading;
    car.manual = def.gearbox.manual;
    car.gear = 1;
    car.rpm = def.engine.idle_rpm;
    const CarGeometry g = car_geometry(def);
    place_wheels(car, g);
    const auto loads = wheel_loads(def, 0.0, 0.0, 0.0);
    for (int i = 0; i < kWheels; ++i) {
        car.wheels[i].load = loads[i];
        car.wheels[i].grip_limit = def.tyre.mu * loads[i];
    }
}

void car_set_speed(Car& car, const CarDef& def, double speed) {
    car.velocity = direction(car.heading) * speed;
    car.yaw_rate = 0.0;
    const double r = wheel_radius(def);
    for (Wheel& w : car.wheels)
        w.spin = speed / r;
    if (!car.manual && speed > 0.0) {
        // The automatic would be in the lowest gear below its upshift point.
        const int n = clamp(def.gearbox.gears, 1, kMaxGears);
        int gear = 1;
        while (gear < n && speed / r * overall_ratio(def.gearbox, gear) * detail::kRadPerSecToRpm >
                               def.gearbox.upshift_rpm) {
            ++gear;
        }
        car.gear = gear;
    }
    car.rpm = std::fmax(def.engine.idle_rpm, detail::wheel_rpm(car, def, car.gear));
    car.clutch_engaged = speed > 0.0;  // the drivetrain lets go of it below its release speed
}

namespace {

/// One wheel's contact patch this sub-step: where it is, how it moves, what its tyre says
/// at the wheel's current spin.
struct Patch {
    dvec2 arm{0.0, 0.0};   // m, CG to wheel, world frame
    dvec2 dir{1.0, 0.0};   // wheel rolling direction, world frame
    TyreDef def;           // the car's tyre with μ scaled by the ground's grip
    double rolling = 0.0;  // N, rolling resistance (tyre's c_rr + the ground's c) × F_z
    TyreIn tyre;           // what the tyre model is told (rim speed at the current spin)
    TyreOut now;           // the tyre's answer at the current spin
    double k = 0.0;        // N·s, ∂F_x/∂ω at the current spin (≥ 0)
};
using Patches = std::array<Patch, kWheels>;

/// Stage 2. The rack moves toward the target at its own rate; the front wheels get
/// Ackermann angles.
void steer(Car& car, const CarDef& def, const CarGeometry& g, double steer_input, double v_fwd,
           double h) {
    const double max_eff = max_steer_at(def.max_steer, def.steering, v_fwd);
    const double rate = def.steering.rate > 0.1 ? def.steering.rate : 0.1;
    const double target =
        detail::steer_target(car, def, g, steer_input, v_fwd, max_eff, car.steer_assist_active);
    car.steer_angle = move_toward(car.steer_angle, target, rate * h);
    car.steer_angle = clamp(car.steer_angle, -std::fabs(def.max_steer), std::fabs(def.max_steer));
    place_wheels(car, g);
    const auto ack =
        ackermann_angles(car.steer_angle, g.wheelbase, g.track, def.steering.ackermann);
    car.wheels[0].steer = ack[0] + car.damage.toe[0];  // a bent wheel's toe (damage.hpp)
    car.wheels[1].steer = ack[1] + car.damage.toe[1];
    car.wheels[2].steer = 0.0;
    car.wheels[3].steer = 0.0;
}

/// Stage 4. Contact-patch kinematics and the tyres at the current spin, on the ground under
/// each wheel: the one place the surface acts (μ × grip; rolling resistance (c_rr + c) F_z).
Patches contact_patches(const Car& car, const CarDef& def, const CarGeometry& g,
                        const std::array<double, kWheels>& loads, double r,
                        const WheelSurfaces& ground, double h) {
    const double wheel_mass = (def.wheel_inertia > 0.01 ? def.wheel_inertia : 0.01) / (r * r);
    Patches pt{};
    for (int i = 0; i < kWheels; ++i) {
        Patch& p = pt[i];
        const Wheel& w = car.wheels[i];
        const WheelSurface& gs = ground[static_cast<std::size_t>(i)];
        p.def = def.tyre;
        p.def.mu *= std::isfinite(gs.grip) ? std::fmax(gs.grip, 0.0) : 1.0;
        const double c_ground = std::isfinite(gs.rolling) ? std::fmax(gs.rolling, 0.0) : 0.0;
        const double c_tyre =
            std::isfinite(def.tyre.rolling) ? std::fmax(def.tyre.rolling, 0.0) : 0.0;
        p.arm = rotate(w.offset, car.heading);
        p.dir = direction(car.heading + w.steer);
        const dvec2 vp = car.velocity + cross(car.yaw_rate, p.arm);
        const dvec2 side = perp(p.dir);
        p.tyre.v_long = dot(vp, p.dir);
        // The tyre's own rolling resistance is its carcass flexing as it rolls: a locked
        // wheel slides instead (its friction is all in the tyre force), so it takes the
        // share of the patch's speed the rim turns with. The ground's acts on a slide too.
        const double v_abs = std::fabs(p.tyre.v_long);
        const double rolls = v_abs > 1e-9 ? std::fmin(std::fabs(w.spin * r) / v_abs, 1.0) : 1.0;
        p.rolling = (c_tyre * rolls + c_ground) * loads[i];
        p.tyre.v_lat = dot(vp, side);
        p.tyre.rim_speed = w.spin * r;
        p.tyre.load = loads[i];
        p.tyre.reference_load = 0.25 * g.mass * kGravity;
        p.tyre.rear = i >= 2;
        p.tyre.lag_slip_ratio = w.lag_slip_ratio;
        p.tyre.lag_slip_tan = w.lag_slip_tan;
        const RelaxWeights rw = tyre_relax_weight(p.def, p.tyre, wheel_mass, h);
        p.tyre.relax_long = rw.along;
        p.tyre.relax_lat = rw.across;
        p.now = tyre_force(p.def, p.tyre);
        p.k = (p.now.dfx_dk > 0.0 ? p.now.dfx_dk : 0.0) * r / p.now.v_ref;
    }
    return pt;
}

/// Share of the rear tyre's grip (μ F_z r at its load) the brake proportioning valve lets
/// the pedal's rear brake torque reach.
constexpr double kRearValve = 0.95;

/// Stages 5 and 6. Drive and brake torques, then the wheel spins, linearly implicit in
/// the tyre force (the clutch solves the engine side implicitly), brakes as Coulomb
/// friction. A locked differential makes both wheels of a driven axle one body.
void spin_wheels(Car& car, const CarDef& def, const detail::Pedals& pedals, double handbrake,
                 const std::array<double, kWheels>& esc_brake, const Patches& pt, double r,
                 double h) {
    const double iw = def.wheel_inertia > 0.01 ? def.wheel_inertia : 0.01;
    const BrakeDef& bk = def.brakes;
    const double bias = clamp(bk.front_bias, 0.0, 1.0);
    std::array<double, kWheels> service{};
    std::array<double, kWheels> hand{};
    detail::WheelSide side;
    for (int i = 0; i < kWheels; ++i) {
        const bool front = i < 2;
        service[i] = pedals.brake * bk.torque * 0.5 * (front ? bias : 1.0 - bias);
        // Without ABS a load-sensing proportioning valve limits the pedal's rear brake
        // torque to kRearValve of what the rear tyre carries at its load with the tyre's
        // own μ (it knows the load, not the ground), so on a grippy road the fronts lock
        // first. With ABS its brake-force distribution does this through the slip target.
        if (!front && !bk.abs) {
            service[i] = std::fmin(service[i], kRearValve * def.tyre.mu * pt[i].tyre.load * r);
        }
        service[i] += esc_brake[i];
        hand[i] = front ? 0.0 : handbrake * bk.handbrake_torque;
        // What the clutch sees of each wheel: its implicit inertia and the spin the tyre
        // and brakes alone would give it.
        side.inertia[i] = iw + h * r * pt[i].k;
        const double free = car.wheels[i].spin - h * pt[i].now.fx * r / side.inertia[i];
        side.free[i] = move_toward(free, 0.0, h * (service[i] + hand[i]) / side.inertia[i]);
    }
    const double power = 1.0 - car.damage.engine_loss;  // a crushed nose (damage.hpp)
    const detail::DriveTorques drive = detail::drivetrain_torques(car, def, pedals, power, side, h);
    const double kappa_peak = tyre_peak_slip_ratio(def.tyre);
    const double kappa_pure = kappa_peak * clamp(bk.abs_slip, 0.1, 3.0);

    const double spin_cap = detail::max_wheel_spin(def, r);
    const auto share = detail::drive_shares(def.drivetrain);
    const DiffType diff = def.drivetrain.diff;
    std::array<double, kWheels> transfer{};  // N·m the limited-slip differential moves
    const std::array<double, kWheels>& drv = drive.torque;
    car.abs_active = false;
    car.tc_active = false;
    // TC's target spin for wheel(s) of mean longitudinal speed v_long, slip denominator
    // v_ref and slip angle alpha, driven in the direction sgn (the slip: traction.cpp).
    auto tc_target = [&](bool rear, double v_long, double v_ref, double alpha, double sgn) {
        return (v_long +
                sgn * detail::tc_target_slip(def.tyre, def.assists, rear, alpha, v_long) * v_ref) /
               r;
    };
    // Solves wheels a..b (b == a for a single wheel); returns the drive torque (N·m) the
    // TC took off them.
    auto solve = [&](int a, int b) {
        const int n = b - a + 1;
        double tc_cut = 0.0;
        double inertia = 0.0;
        double torque = 0.0;
        double omega = 0.0;
        double srv = 0.0;
        double hb = 0.0;
        double v_long = 0.0;
        double v_ref = 0.0;
        double alpha = 0.0;
        for (int i = a; i <= b; ++i) {
            inertia += iw + h * (r * pt[i].k);
            torque += drv[i] + transfer[i] - pt[i].now.fx * r;
            omega += car.wheels[i].spin / n;
            srv += service[i];
            hb += hand[i];
            v_long += pt[i].tyre.v_long / n;
            v_ref += pt[i].now.v_ref / n;
            alpha += pt[i].now.slip_angle / n;
        }
        double free = omega + h * torque / inertia;
        bool tc_on = false;
        double drive_sum = 0.0;
        for (int i = a; i <= b; ++i)
            drive_sum += drv[i];
        if (def.assists.tc && drive_sum != 0.0) {
            // TC, the mirror of ABS: cut drive torque (never more than there is) so the
            // spin lands no further past road speed than the combined-slip peak.
            const double sgn = drive_sum > 0.0 ? 1.0 : -1.0;
            double target = tc_target(a >= 2, v_long, v_ref, alpha, sgn);
            // A pair held together (a locked or holding limited-slip axle) turns as one
            // body, so on a tight circle its inner wheel runs ahead of its road speed and
            // its outer one behind: a target at the pair's mean speed leaves the outer
            // wheel braking against the inner one's drive. At low speed (below 10 m/s,
            // fully below 5 m/s) the target moves to the wheel that needs the faster
            // spin, so the outer wheel reaches its own peak and the axle drives the car
            // off the circle (docs/physics.md §17.2); at speed, where the two differ
            // little, the mean keeps the inner wheel from spinning in a quick slalom.
            const double low = clamp((10.0 - std::fabs(v_long)) / 5.0, 0.0, 1.0);
            if (n == 2 && low > 0.0) {
                auto own = [&](int i) {
                    return sgn * tc_target(a >= 2, pt[i].tyre.v_long, pt[i].now.v_ref,
                                           pt[i].now.slip_angle, sgn);
                };
                const double faster = sgn * std::fmax(own(a), own(b));
                target += low * (faster - target);
            }
            const double excess = sgn * (free - target);
            if (excess > 0.0) {
                const double dw = std::fmin(excess, h * std::fabs(drive_sum) / inertia);
                free -= sgn * dw;
                tc_cut = dw * inertia / h;
                tc_on = true;
            }
        }
        double drop = h * srv / inertia;
        bool abs_on = false;
        if (bk.abs && drop > 0.0) {
            // ABS: release the service brake so the spin lands on the peak slip ratio,
            // the combined-slip peak at this slip angle (0 once the tyre is already at
            // its lateral peak, so a cornering wheel keeps its side grip).
            // It never releases below 0.7 of the pure peak: past the lateral peak the
            // tyre slides anyway, and some slip ratio turns its force toward braking.
            const double kappa_abs = std::fmax(
                0.7 * kappa_pure, tyre_combined_peak_slip(def.tyre, a >= 2, kappa_pure, alpha));
            const double target = v_long >= 0.0 ? std::fmax(0.0, v_long - kappa_abs * v_ref) / r
                                                : std::fmin(0.0, v_long + kappa_abs * v_ref) / r;
            const double wanted = free * target < 0.0
                                      ? std::fabs(free)
                                      : std::fmax(0.0, std::fabs(free) - std::fabs(target));
            if (wanted < drop) {
                drop = wanted;
                abs_on = true;
            }
        }
        drop += h * hb / inertia;
        bool locked = false;
        double spin = apply_brake(free, drop, locked);
        // Second line of defence: a wheel never turns faster than a physical bound.
        const double bound = std::fmax(spin_cap, 1.5 * std::fabs(v_long) / r);
        if (std::fabs(spin) > bound) {
            spin = spin > 0.0 ? bound : -bound;
            car.spin_limit_hits += 1;
        }
        const double applied = (locked ? std::fabs(free) : drop) * inertia / h;
        for (int i = a; i <= b; ++i) {
            Wheel& w = car.wheels[i];
            w.spin = spin;
            w.locked = locked && std::fabs(pt[i].tyre.v_long) > 0.1;
            w.abs_active = abs_on;
            w.tc_active = tc_on;
            w.drive_torque = drv[i] + transfer[i];
            w.brake_torque = applied / n;
        }
        car.abs_active = car.abs_active || abs_on;
        car.tc_active = car.tc_active || tc_on;
        return tc_cut;
    };
    for (int axle = 0; axle < 2; ++axle) {
        const int a = 2 * axle;
        const bool driven = share[a] > 0.0 || share[a + 1] > 0.0;
        if (driven && diff == DiffType::Limited) {
            // Limited slip: the locking torque T_lock = preload + lock × |axle drive
            // torque| (× lsd_coast on coast) is the most the clutch lets the two half-shaft torques
            // differ by. Holding the wheels together takes +need on one and −need on the other (a
            // difference of 2 |need|); when that is within T_lock it holds, otherwise it
            // slips and the slower wheel gets T_lock / 2 more than the open share and the
            // faster one T_lock / 2 less: T_slow − T_fast = T_lock. `scale` is the share
            // of the drive that reaches the axle after the TC.
            const DrivetrainDef& dt = def.drivetrain;
            auto holds = [&](double scale) {
                std::array<double, 2> in{};
                std::array<double, 2> free{};
                for (int k = 0; k < 2; ++k) {
                    const int i = a + k;
                    in[k] = iw + h * (r * pt[i].k);
                    free[k] = car.wheels[i].spin + h * (scale * drv[i] - pt[i].now.fx * r) / in[k];
                }
                const double together = (in[0] * free[0] + in[1] * free[1]) / (in[0] + in[1]);
                const double need = in[0] * (together - free[0]) / h;  // N·m on wheel a
                // On coast (engine braking: the axle torque against the wheels' turning)
                // the lock is × lsd_coast (1 two-way, 0.5 1.5-way, 0 one-way).
                const double axle = scale * (drv[a] + drv[a + 1]);
                const bool coast = axle * (car.wheels[a].spin + car.wheels[a + 1].spin) < 0.0;
                const double lock =
                    clamp(dt.lsd_lock, 0.0, 1.0) * (coast ? clamp(dt.lsd_coast, 0.0, 1.0) : 1.0);
                const double cap = std::fmax(dt.lsd_preload, 0.0) + lock * std::fabs(axle);
                if (2.0 * std::fabs(need) <= cap) return true;
                transfer[a] = need > 0.0 ? 0.5 * cap : -0.5 * cap;
                transfer[a + 1] = -transfer[a];
                return false;
            };
            if (!holds(1.0)) {
                solve(a, a);
                solve(a + 1, a + 1);
                continue;
            }
            const double axle_drive = std::fabs(drv[a] + drv[a + 1]);
            const double cut = solve(a, a + 1);
            // The TC took drive off the locked axle: the clutch is loaded by what is left.
            // If that no longer holds the wheels together, they are solved apart.
            if (cut > 0.0 && axle_drive > 0.0 && !holds(std::fmax(0.0, 1.0 - cut / axle_drive))) {
                solve(a, a);
                solve(a + 1, a + 1);
            }
            continue;
        }
        if (driven && diff == DiffType::Locked) {
            solve(a, a + 1);
        } else {
            solve(a, a);
            solve(a + 1, a + 1);
        }
    }
    detail::engine_after(car, def, drive);
}

/// Force (N, world frame) and torque (N·m) on the body, and the tyres' damping of the
/// body's motion: Q(q + Δq) ≈ Q − D Δq for q = (v_x, v_y, ω), D symmetric ≥ 0.
struct BodyLoad {
    dvec2 force{0.0, 0.0};
    double torque = 0.0;
    std::array<double, 6> damp{};  ///< D as xx, xy, xw, yy, yw, ww
};

/// Adds c · g gᵀ to the damping matrix (g = ∂(patch speed along a direction)/∂q).
void add_damping(BodyLoad& out, double c, dvec2 dir, dvec2 arm) {
    const double gw = dot(dir, perp(arm));
    out.damp[0] += c * dir.x * dir.x;
    out.damp[1] += c * dir.x * dir.y;
    out.damp[2] += c * dir.x * gw;
    out.damp[3] += c * dir.y * dir.y;
    out.damp[4] += c * dir.y * gw;
    out.damp[5] += c * gw * gw;
}

/// Stage 7. Tyre forces at the new spin (friction circle inside the tyre model); the
/// wheels keep them as readouts.
BodyLoad tyre_forces(Car& car, const Patches& pt, double r) {
    BodyLoad out;
    for (int i = 0; i < kWheels; ++i) {
        const Patch& p = pt[i];
        Wheel& w = car.wheels[i];
        TyreIn in = p.tyre;
        in.rim_speed = w.spin * r;
        const TyreOut t = tyre_force(p.def, in);
        w.slip_ratio = t.slip_ratio;
        w.slip_angle = t.slip_angle;
        w.load = in.load;
        w.force_long = t.fx;
        w.force_lat = t.fy;
        w.grip_limit = t.grip_limit;
        w.slide_speed = t.slide_speed;
        dvec2 f = p.dir * t.fx + perp(p.dir) * t.fy;
        if (p.rolling > 0.0) {
            // Rolling resistance (the tyre's and the ground's) against the patch's rolling speed,
            // linear below 1 m/s so that it brings the car to rest without chattering.
            const double v = p.tyre.v_long;
            f -= p.dir * (p.rolling * v / std::fmax(std::fabs(v), 1.0));
        }
        out.force += f;
        out.torque += cross(p.arm, f);
        // Along the wheel the spin update already took the tyre's stiffness implicitly;
        // only a wheel the brakes hold still cannot give way, so only then does its
        // longitudinal damping act on the body (a locked wheel stopping the car).
        if (w.spin == 0.0 && w.brake_torque > 0.0) add_damping(out, t.damp_long, p.dir, p.arm);
        add_damping(out, t.damp_lat, perp(p.dir), p.arm);
    }
    return out;
}

/// Stage 8. Body resistance: drag −C_drag v|v|, extra linear −C_rr v; never more than stops
/// the car in this sub-step.
dvec2 resistance(const Car& car, const CarDef& def, double mass, double speed, double h) {
    const double drag = def.aero.drag + car.damage.extra_drag;  // + a loose panel's
    dvec2 resist = car.velocity * (-(drag * speed + def.aero.rolling));
    const double resist_n = std::sqrt(dot(resist, resist));
    if (resist_n * h * (1.0 / mass) > speed && resist_n > 0.0) {
        resist *= speed * mass / (h * resist_n);
    }
    return resist;
}

/// Stage 9. Linearly implicit Euler in the tyres' secant damping,
/// (M + h D) Δq = h Q, then p += v h, θ += ω h (semi-implicit), and the filtered
/// accelerations the next sub-step's loads use. The tyres are stiff dampers near rest;
/// solved this way they settle a slip without overshoot at any step.
void integrate(Car& car, const CarDef& def, const CarGeometry& g, const BodyLoad& load, double h) {
    const auto& d = load.damp;
    // Symmetric 3×3 system A x = b, solved by Cramer's rule (A is positive definite).
    const double a00 = g.mass + h * d[0], a01 = h * d[1], a02 = h * d[2];
    const double a11 = g.mass + h * d[3], a12 = h * d[4];
    const double a22 = g.yaw_inertia + h * d[5];
    const double b0 = h * load.force.x, b1 = h * load.force.y, b2 = h * load.torque;
    const double c00 = a11 * a22 - a12 * a12;
    const double c01 = a02 * a12 - a01 * a22;
    const double c02 = a01 * a12 - a02 * a11;
    const double det = a00 * c00 + a01 * c01 + a02 * c02;
    dvec2 dv{0.0, 0.0};
    double dw = 0.0;
    if (det > 0.0 && std::isfinite(det)) {
        const double c11 = a00 * a22 - a02 * a02;
        const double c12 = a01 * a02 - a00 * a12;
        const double c22 = a00 * a11 - a01 * a01;
        dv.x = (c00 * b0 + c01 * b1 + c02 * b2) / det;
        dv.y = (c01 * b0 + c11 * b1 + c12 * b2) / det;
        dw = (c02 * b0 + c12 * b1 + c22 * b2) / det;
    } else {
        dv = load.force * (h / g.mass);
        dw = load.torque * (h / g.yaw_inertia);
    }
    const dvec2 fwd = direction(car.heading);
    const dvec2 accel = dv * (1.0 / h);
    car.velocity += dv;
    car.yaw_rate += dw;
    car.position += car.velocity * h;
    car.heading += car.yaw_rate * h;

    car.accel_long = dot(accel, fwd);
    car.accel_lat = dot(accel, perp(fwd));
    const double lag = def.load_lag;
    const double k = lag > 0.0 ? 1.0 - std::exp(-h / lag) : 1.0;
    car.load_accel_long += (car.accel_long - car.load_accel_long) * k;
    car.load_accel_lat += (car.accel_lat - car.load_accel_lat) * k;
}

/// Stage 10. The relaxation state: the lagged slips at the motion the sub-step ended
/// with (implicit in the lag, with the weights the sub-step used).
void relax_slips(Car& car, const Patches& pt, double r) {
    for (int i = 0; i < kWheels; ++i) {
        const Patch& p = pt[i];
        Wheel& w = car.wheels[i];
        TyreIn in = p.tyre;
        const dvec2 arm = rotate(w.offset, car.heading);
        const dvec2 dir = direction(car.heading + w.steer);
        const dvec2 vp = car.velocity + cross(car.yaw_rate, arm);
        in.v_long = dot(vp, dir);
        in.v_lat = dot(vp, perp(dir));
        in.rim_speed = w.spin * r;
        const TyreOut t = tyre_force(p.def, in);
        w.lag_slip_ratio = t.slip_ratio;
        w.lag_slip_tan = t.slip_tan;
    }
}

/// Last-resort guard (tests require it never fires): keeps a finite pose, drops the
/// motion. Returns whether it had to act.
bool recover_non_finite(Car& car, const CarDef& def) {
    if (finite_state(car)) return false;
    if (!std::isfinite(car.position.x) || !std::isfinite(car.position.y)) {
        car.position = {0.0, 0.0};
    }
    if (!std::isfinite(car.heading)) car.heading = 0.0;
    car.velocity = {0.0, 0.0};
    car.yaw_rate = 0.0;
    car.rpm = def.engine.idle_rpm;
    car.load_accel_long = car.load_accel_lat = 0.0;
    for (Wheel& w : car.wheels)
        w.spin = w.lag_slip_ratio = w.lag_slip_tan = 0.0;
    return true;
}

}  // namespace

CarStepInfo car_step(Car& car, const CarDef& def, const InputState& input, double dt,
                     const WheelSurfaces& ground) {
    if (!(dt > 0.0)) return {};
    const double h = dt < 0.05 ? dt : 0.05;  // s; World never asks for more (30 Hz, 1 sub-step)
    const InputState in = sanitized(input);
    damage_step(car.damage, def, h);
    const CarGeometry g = car_geometry(def);
    const double r = wheel_radius(def);
    const double v_fwd = dot(car.velocity, direction(car.heading));
    const double speed = std::sqrt(dot(car.velocity, car.velocity));

    // 1. Gearbox and pedals.
    detail::Pedals pedals = detail::gearbox_update(car, def, in, h, v_fwd);
    // 2. Steering, then the stability control on the steer angle it gives.
    steer(car, def, g, in.steer, v_fwd, h);
    const detail::StabilityOut esc = detail::stability_control(car, def, g, v_fwd, in.handbrake);
    car.esc_active = esc.active;
    pedals.throttle = detail::cut_throttle(def, pedals.throttle, esc.throttle_scale);
    car.throttle = pedals.throttle;
    car.brake = pedals.brake;
    // 3. Loads from the previous step's (filtered) acceleration.
    const auto loads = wheel_loads(def, car.load_accel_long, car.load_accel_lat, speed);
    // 4. Contact patches and the tyres at the current spin.
    const Patches patches = contact_patches(car, def, g, loads, r, ground, h);
    // 5-6. Drive and brake torques, new wheel spins.
    spin_wheels(car, def, pedals, in.handbrake, esc.brake, patches, r, h);
    // 7-8. Forces on the body: tyres at the new spin, drag and rolling resistance.
    BodyLoad body = tyre_forces(car, patches, r);
    body.force += resistance(car, def, g.mass, speed, h);
    // 9-10. Integrate the body, then the tyres' relaxation state.
    integrate(car, def, g, body, h);
    relax_slips(car, patches, r);

    CarStepInfo info;
    info.h = h;
    info.numeric_reset = recover_non_finite(car, def);
    return info;
}

int car_inner_steps(double dt, double min_hz) {
    if (!(dt > 0.0) || !(min_hz > 0.0) || !std::isfinite(dt) || !std::isfinite(min_hz)) return 1;
    // The slack keeps a step of exactly 1/min_hz (120 Hz × 4 at 480 Hz) one step despite
    // rounding in dt.
    const double n = std::ceil(dt * min_hz * (1.0 - 1e-9));
    if (n <= 1.0) return 1;
    return n >= kMaxCarInnerSteps ? kMaxCarInnerSteps : static_cast<int>(n);
}

CarStepInfo car_advance(Car& car, const CarDef& def, const InputState& input, double dt,
                        double min_hz, const WheelSurfaces& ground) {
    const int n = car_inner_steps(dt, min_hz);
    if (n == 1) return car_step(car, def, input, dt, ground);
    const double h = dt / n;
    CarStepInfo info;
    for (int i = 0; i < n; ++i) {
        const CarStepInfo one = car_step(car, def, input, h, ground);
        info.h += one.h;
        info.numeric_reset = info.numeric_reset || one.numeric_reset;
    }
    return info;
}

}  // namespace skidpad
