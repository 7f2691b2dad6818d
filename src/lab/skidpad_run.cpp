// `lab skidpad`: a test driver on a circle (see car_runs.hpp, SkidpadRun, and
// docs/physics.md §15.1).
//
// The steering is a two-loop driver model. The outer loop turns the radial and course
// errors into the curvature to drive, with gains scaled by speed so the path loop has
// the same natural frequency and damping at 15 and at 45 m/s. The inner loop steers by
// the car's own steady state for that curvature (Ackermann angle plus the linear
// understeer gradient of its tyres) and corrects the yaw-rate error. The steer is never
// more than puts the fronts at their peak slip angle: past it a driver only loses front
// grip; as the rears near theirs it aims the fronts at less (countersteer). The speed
// target rises slowly, more slowly as either axle nears its peak, and once the car can
// no longer hold the circle (fronts held at the peak, running wide, the rears near their
// peak, or no more drive) the driver eases the throttle and the run ends on the circle.
#include <algorithm>
#include <cmath>

#include "car_drive.hpp"
#include "car_runs.hpp"
#include "skidpad/car/assists.hpp"
#include "skidpad/car/steering.hpp"
#include "skidpad/car/tyre.hpp"
#include "skidpad/surface.hpp"

namespace skidpad::lab {

namespace {

/// What the driver reads off the car each step.
struct Reading {
    double e = 0.0;         ///< m, radial error, + outside the circle
    double psi = 0.0;       ///< rad, course error, + turned in toward the centre
    double v = 0.0;         ///< m/s, speed of the CG
    double v_fwd = 0.0;     ///< m/s, forward speed
    double front = 0.0;     ///< rad, direction the front axle travels (body frame, + left)
    double rear = 0.0;      ///< rad, direction the rear axle travels
    double slip_f = 0.0;    ///< rad, bicycle front slip angle δ − front
    double yaw_rate = 0.0;  ///< rad/s
};

Reading read(const Car& c, const CarGeometry& g, dvec2 centre, double radius) {
    Reading r;
    const dvec2 rel = c.position - centre;
    r.e = std::sqrt(rel.x * rel.x + rel.y * rel.y) - radius;
    r.v = std::sqrt(c.velocity.x * c.velocity.x + c.velocity.y * c.velocity.y);
    const double chi = r.v > 0.1 ? std::atan2(c.velocity.y, c.velocity.x) : c.heading;
    const double tangent = std::atan2(rel.y, rel.x) + 0.5 * kPi;
    r.psi = std::remainder(chi - tangent, 2.0 * kPi);
    const double ch = std::cos(c.heading);
    const double sh = std::sin(c.heading);
    r.v_fwd = c.velocity.x * ch + c.velocity.y * sh;
    const double vy = -c.velocity.x * sh + c.velocity.y * ch;
    const double vx = std::fmax(std::fabs(r.v_fwd), 0.5);
    r.front = std::atan2(vy + g.cg_to_front * c.yaw_rate, vx);
    r.rear = std::atan2(vy - g.cg_to_rear * c.yaw_rate, vx);
    r.slip_f = c.steer_angle - r.front;
    r.yaw_rate = c.yaw_rate;
    return r;
}

// Path loop: natural frequency (rad/s) and damping of the radial error.
constexpr double kPathHz = 1.2;
constexpr double kPathDamping = 0.9;
// m/s², the most lateral acceleration the path loop adds or removes: off the line after
// a slide the driver drives a circle again rather than chasing the line.
constexpr double kPathAccel = 1.5;
// Yaw-rate PI, relative to the car's own yaw gain: proportional (harder while the car
// yaws faster than asked, which turns the fronts toward where it is going) and integral.
constexpr double kYawGain = 0.6;
constexpr double kYawCatch = 4.0;
constexpr double kYawIntegral = 1.5;  // 1/s
// The rears' limit: past this fraction of their peak slip angle, or past 0.7 of it with
// the car yawing this fraction faster than asked.
constexpr double kRearLimit = 0.85;
constexpr double kOversteer = 0.02;
// Past the limit the throttle is eased off at this rate (1/s) to this fraction of what it
// was: enough to bleed off speed, not a lift that throws the weight forward (lift-off
// oversteer) or a tuck-in.
constexpr double kLift = 0.2;
constexpr double kLiftTo = 0.75;
// s at full throttle without gaining speed: the car's power is the limit.
constexpr double kFullThrottle = 10.0;

}  // namespace

const char* skidpad_end_name(SkidpadEnd e) {
    switch (e) {
        case SkidpadEnd::Time:
            return "time";
        case SkidpadEnd::Limit:
            return "limit";
        case SkidpadEnd::LeftCircle:
            return "left_circle";
    }
    return "time";
}

const char* skidpad_limit_name(SkidpadLimit l) {
    switch (l) {
        case SkidpadLimit::None:
            return "none";
        case SkidpadLimit::FrontPeak:
            return "front_peak";
        case SkidpadLimit::RunningWide:
            return "running_wide";
        case SkidpadLimit::RearPeak:
            return "rear_peak";
        case SkidpadLimit::Power:
            return "power";
    }
    return "none";
}

SkidpadRun run_skidpad(const Settings& settings, double radius) {
    Settings s = settings;
    s.car.gearbox.manual = false;
    s.car.assists.steer_assist = false;  // the rig turns the rack itself
    CarDrive run(s);
    run.world.set_surfaces(SurfaceMap::uniform(SurfaceKind::Asphalt));
    const CarDef& def = run.def();
    const CarGeometry g = car_geometry(def);
    const double bound = 1.2 * predict_topspeed(def, 0);
    SkidpadRun out;
    out.predicted_mps = predict_corner_speed(def, radius, bound);
    const dvec2 centre{0.0, radius};
    const double v0 = 0.75 * out.predicted_mps;
    {
        Car& c = run.car();
        car_set_speed(c, def, v0);
        c.yaw_rate = v0 / radius;
        c.steer_angle = std::atan(def.wheelbase / radius);
    }
    const double k_us = (1.0 / tyre_cornering_stiffness(def.tyre, false) -
                         1.0 / tyre_cornering_stiffness(def.tyre, true)) /
                        kGravity;
    const double peak_f = tyre_peak_slip_angle(def.tyre, false);
    const double peak_r = tyre_peak_slip_angle(def.tyre, true);
    const double dt = run.dt;
    const double settle = 6.0;
    const double t_max = settle + (1.3 * out.predicted_mps - v0) / 0.02;
    const double tol = std::fmax(0.5, 0.015 * radius);
    const double wn = kPathHz;
    double yaw_int = 0.0;  // rad, integral of the yaw-rate error
    double thr_cap = 1.0;
    double thr_last = 0.0;
    double thr_limit = 0.0;  // throttle when the limit was recognised
    double thr_int = 0.0;
    double t_bad = 0.0;
    double t_full = 0.0;  // s at full throttle
    double v_full = 0.0;  // m/s when that began
    double t_sat = 0.0;   // s the steer has been held at the fronts' peak
    double v_cmd = v0;
    double t_limit = -1.0;
    const long long n = static_cast<long long>(std::llround(t_max / dt));
    for (long long i = 0; i < n; ++i) {
        const double t = static_cast<double>(i) * dt;
        const Reading r = read(run.car(), g, centre, radius);
        const double slip_r = std::fabs(r.rear);
        out.max_rear_slip_deg = std::fmax(out.max_rear_slip_deg, slip_r * 180.0 / kPi);
        out.max_front_slip_deg =
            std::fmax(out.max_front_slip_deg, std::fabs(r.slip_f) * 180.0 / kPi);
        if (std::fabs(r.e) > tol) t_bad = t;
        if (t > settle && t - t_bad >= 2.0) out.max_speed_mps = std::fmax(out.max_speed_mps, r.v);
        if (std::fabs(r.e) > 6.0 * tol || std::fabs(r.psi) > 1.2) {
            out.ended = SkidpadEnd::LeftCircle;
            break;
        }
        if (t_limit >= 0.0 && (t - t_limit > 10.0 || out.limit == SkidpadLimit::Power)) {
            out.ended = SkidpadEnd::Limit;
            break;
        }

        // Steering: the curvature to drive from the path errors; the steer from the
        // car's steady state for it plus a PI loop on the yaw rate that asks (the PI
        // learns what the linear model misses as the tyres near their peak).
        const double vs = std::fmax(r.v, 5.0);
        const double acc = clamp(wn * wn * r.e - 2.0 * kPathDamping * wn * vs * std::sin(r.psi),
                                 -kPathAccel, kPathAccel);
        const double kappa = 1.0 / radius + acc / (vs * vs);
        const double v2 = r.v_fwd * r.v_fwd;
        // rad of steer per rad/s; an oversteering car (K < 0) is bounded as the stability
        // control bounds it, short of its critical speed.
        const double yaw_gain = std::fmax(def.wheelbase + k_us * v2, 0.5 * def.wheelbase) / vs;
        const double yaw_err = r.v * kappa - r.yaw_rate;
        // Oversteer (the car yaws faster than asked) is caught harder: the fronts are
        // turned toward where the car is going.
        const double kp = yaw_err < 0.0 ? kYawCatch : kYawGain;
        double delta = std::atan(def.wheelbase * kappa) + k_us * v2 * kappa +
                       yaw_gain * (kp * yaw_err + kYawIntegral * yaw_int);
        // Once the rears pass 0.9 of their peak the fronts are aimed at less and less slip
        // (none at 1.4 × the rears' peak, then past the front axle's travel): the
        // driver's countersteer, which takes away the fronts' yaw moment.
        const double rear_use = slip_r / peak_r;
        const double sat_hi = r.front + peak_f * clamp(1.0 - 2.0 * (rear_use - 0.9), -0.5, 1.0);
        const double sat_lo = r.front - peak_f;
        const bool saturated = delta >= sat_hi;
        if (!saturated && delta > sat_lo) yaw_int = clamp(yaw_int + yaw_err * dt, -0.5, 0.5);
        delta = clamp(delta, sat_lo, sat_hi);
        t_sat = saturated ? t_sat + dt : 0.0;

        // The limit: the fronts held at their peak, the car running wide, or the rears
        // near their peak. Only once the speed is rising.
        const double use_f = std::fabs(r.slip_f) / peak_f;
        const double use_r = slip_r / peak_r;
        if (t_limit < 0.0 && t > settle) {
            SkidpadLimit why = SkidpadLimit::None;
            if (use_r > kRearLimit || (use_r > 0.7 && yaw_err < -kOversteer * r.yaw_rate))
                why = SkidpadLimit::RearPeak;
            else if (t_sat > 1.0)
                why = SkidpadLimit::FrontPeak;
            else if (r.e > 0.5 * tol)
                why = SkidpadLimit::RunningWide;
            else if (t_full > kFullThrottle)
                why = SkidpadLimit::Power;
            if (why != SkidpadLimit::None) {
                t_limit = t;
                out.limit = why;
                out.limit_speed_mps = r.v;
                thr_cap = thr_last;
                thr_limit = thr_last;
            }
        }

        // Speed: raised slowly, more slowly as either axle nears its peak slip angle, held
        // while the steer is at the fronts' peak. Past the limit the driver never adds
        // throttle again and eases it off (a sudden lift would unload the rears of a car
        // already at its limit; more throttle would spin it).
        if (t_limit < 0.0 && t > settle && !saturated) {
            const double use = std::fmax(use_f, use_r / kRearLimit);
            const double ramp = 0.02 + 0.10 * clamp((0.85 - use) / 0.35, 0.0, 1.0);
            v_cmd += ramp * dt;
        }
        if (t_limit >= 0.0) {
            thr_cap = std::fmax(thr_cap - kLift * dt, kLiftTo * thr_limit);
            v_cmd = std::fmin(v_cmd, r.v_fwd);
        }
        const double err = v_cmd - r.v_fwd;
        thr_int = clamp(thr_int + 0.5 * err * dt, 0.0, 1.0);
        InputState in;
        const double max_eff = max_steer_at(def.max_steer, def.steering, r.v_fwd);
        in.steer = clamp(delta / max_eff, -1.0, 1.0);
        thr_int = std::fmin(thr_int, thr_cap);
        in.throttle = clamp(0.3 * err + thr_int, 0.0, thr_cap);
        thr_last = in.throttle;
        // Full throttle for kFullThrottle seconds without gaining 0.1 m/s: out of power.
        if (in.throttle < 0.99 || t <= settle || r.v > v_full + 0.1) {
            t_full = 0.0;
            v_full = r.v;
        } else {
            t_full += dt;
        }
        run.world.step(dt, in);
        out.seconds = t + dt;
    }
    out.spun = out.max_rear_slip_deg > kSkidpadSpinDeg;
    return out;
}

}  // namespace skidpad::lab
