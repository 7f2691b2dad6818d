// The follow camera: zoom, speed zoom-out, shake and pan (see camera.hpp).
#include "camera.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace skidpad::app {

namespace {
/// Fraction of the way to the target after dt for a first-order lag of time constant tau.
double follow_fraction(double tau, double dt) {
    if (!(tau > 0.0)) return 1.0;
    return 1.0 - std::exp(-std::max(dt, 0.0) / tau);
}
}  // namespace

double speed_zoom(const CameraDef& def, double user_zoom, double speed) {
    const double ref = def.speed_zoom_ref > 1e-3 ? def.speed_zoom_ref : 1e-3;
    const double s = std::isfinite(speed) ? std::max(speed, 0.0) : 0.0;
    const double zoom_out = clamp(def.speed_zoom_out, 0.0, 0.95) * std::min(s / ref, 1.0);
    // The zoom-out stops at the floor; a zoom the player chose below it stays.
    const double floor = std::min(std::max(def.speed_zoom_floor, 0.0), user_zoom);
    return std::max(user_zoom * (1.0 - zoom_out), floor);
}

void camera_shake_kick(Camera& cam, const CameraDef& def, double impulse) {
    if (!std::isfinite(impulse) || !(impulse > 0.0)) return;
    const double k = clamp(def.shake, 0.0, 10.0) * impulse / kShakeFullImpulse;
    cam.trauma = clamp(cam.trauma + k, 0.0, 1.0);
}

namespace {
/// Shake: trauma decays; the offset is trauma² × kShakeMaxPoints (in metres at this
/// zoom, so it reads the same at any zoom) along a wobble of incommensurate sines.
void update_shake(Camera& cam, const CameraDef& def, double dt) {
    const double step = std::isfinite(dt) ? clamp(dt, 0.0, 0.25) : 0.0;
    cam.trauma *= std::exp(-step / kShakeDecay);
    if (cam.trauma < 1e-3 || !(def.shake > 0.0)) cam.trauma = 0.0;
    cam.shake_time = std::fmod(cam.shake_time + step, 1000.0);
    const double t = cam.shake_time;
    const double amp = cam.trauma * cam.trauma * kShakeMaxPoints / std::max(cam.zoom, 0.5);
    const double wx = std::sin(t * 71.0) * 0.6 + std::sin(t * 113.0 + 1.3) * 0.4;
    const double wy = std::sin(t * 83.0 + 0.7) * 0.6 + std::sin(t * 127.0 + 2.1) * 0.4;
    cam.shake_offset = dvec2(wx, wy) * amp;
}
}  // namespace

double view_ahead_zoom(dvec2 viewport, double speed) {
    const double half = 0.5 * std::max(std::min(viewport.x, viewport.y), 1.0);
    if (!std::isfinite(speed) || !(speed > 1e-6)) return std::numeric_limits<double>::infinity();
    return (1.0 + kLookAheadShare) * half / (kViewAheadSeconds * speed);
}

double view_ahead_distance(dvec2 centre, double zoom, dvec2 viewport, dvec2 target, dvec2 dir) {
    // The ray from the target along dir to the view rectangle's edge.
    const dvec2 half = viewport * (0.5 / std::max(zoom, 1e-9));
    const dvec2 rel = target - centre;
    double t = std::numeric_limits<double>::infinity();
    if (std::fabs(dir.x) > 1e-12)
        t = std::min(t, ((dir.x > 0.0 ? half.x : -half.x) - rel.x) / dir.x);
    if (std::fabs(dir.y) > 1e-12)
        t = std::min(t, ((dir.y > 0.0 ? half.y : -half.y) - rel.y) / dir.y);
    return std::max(t, 0.0);
}

namespace {
/// m from the view's centre to its edge along unit `dir` at `zoom`.
double half_extent_along(dvec2 viewport, double zoom, dvec2 dir) {
    return view_ahead_distance(dvec2(0.0), zoom, viewport, dvec2(0.0), dir);
}
}  // namespace

void camera_update(Camera& cam, const CameraDef& def, dvec2 target, dvec2 target_velocity,
                   double user_zoom, double dt) {
    const double speed =
        std::sqrt(target_velocity.x * target_velocity.x + target_velocity.y * target_velocity.y);
    const bool moving = std::isfinite(speed) && speed > 1e-6;
    // The follow's lag (a first-order follow trails a steady motion by velocity x lag) eats
    // into the view ahead: the cap is for kViewAheadSeconds + lag of travel.
    const double lag = std::max(def.lag, 0.0);
    const double want_zoom =
        std::min(speed_zoom(def, user_zoom, speed),
                 view_ahead_zoom(cam.viewport, speed * (1.0 + lag / kViewAheadSeconds)));
    update_shake(cam, def, dt);
    // Zoom follows with a slower lag than position so that speed changes do not pump.
    if (cam.placed) {
        cam.zoom += (want_zoom - cam.zoom) * follow_fraction(std::max(def.lag, 0.05) * 3.0, dt);
    } else {
        cam.zoom = want_zoom;
    }
    // Look ahead: camera.look_ahead s of travel, more when the view at the zoom shown
    // would hold less than kViewAheadSeconds ahead of the car once the follow has settled
    // (it trails by velocity x lag), at most kLookAheadShare of the half view.
    dvec2 want_centre = target;
    if (moving) {
        const dvec2 dir = target_velocity / speed;
        const double half = half_extent_along(cam.viewport, cam.zoom, dir);
        const double needed = (kViewAheadSeconds + lag) * speed - half;
        const double shift = std::min(std::max(speed * def.look_ahead, needed),
                                      std::max(kLookAheadShare * half, speed * def.look_ahead));
        want_centre = target + dir * shift;
    }
    if (!cam.placed) {
        cam.centre = want_centre;
        cam.placed = true;
        return;
    }
    if (cam.follow) cam.centre += (want_centre - cam.centre) * follow_fraction(def.lag, dt);
}

double camera_user_zoom(Camera& cam, const CameraDef& def) {
    if (!(cam.user_zoom > 0.0) || def.zoom != cam.def_zoom) {
        cam.user_zoom = def.zoom;
        cam.def_zoom = def.zoom;
    }
    return cam.user_zoom;
}

void camera_zoom(Camera& cam, const CameraDef& def, double notches) {
    cam.user_zoom = zoom_step(camera_user_zoom(cam, def), notches, def);
}

void camera_pan(Camera& cam, dvec2 drag_points) {
    const double z = cam.zoom > 1e-6 ? cam.zoom : 1e-6;
    cam.centre.x -= drag_points.x / z;
    cam.centre.y += drag_points.y / z;  // screen y grows downward, world y upward
}

double zoom_step(double zoom, double notches, const CameraDef& def) {
    const double lo = std::max(def.zoom_min, 1.0);
    const double hi = std::max(def.zoom_max, lo);
    return clamp(zoom * std::pow(1.15, notches), lo, hi);
}

}  // namespace skidpad::app
