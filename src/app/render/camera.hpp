// The follow camera and the world<->screen mapping. Pure maths (no SDL/GL) so it
// can be tested; the app feeds it the interpolated car pose once per frame.
#pragma once

#include "skidpad/camera_def.hpp"
#include "skidpad/math.hpp"

namespace skidpad::app {

/// World -> screen mapping for one frame. Screen units are ImGui points (logical
/// pixels; the GL backend scales them to the drawable on HiDPI displays).
struct View {
    dvec2 centre{0.0, 0.0};     ///< m, world point at the middle of the screen
    double zoom = 14.0;         ///< points per metre
    dvec2 size{1280.0, 720.0};  ///< points, screen size

    dvec2 to_screen(dvec2 w) const {
        return {size.x * 0.5 + (w.x - centre.x) * zoom, size.y * 0.5 - (w.y - centre.y) * zoom};
    }
    dvec2 to_world(dvec2 s) const {
        return {centre.x + (s.x - size.x * 0.5) / zoom, centre.y - (s.y - size.y * 0.5) / zoom};
    }
    /// m, half extents of the visible world rectangle.
    dvec2 half_extent() const { return size * (0.5 / zoom); }
};

struct Camera {
    dvec2 centre{0.0, 0.0};  ///< m
    double zoom = 14.0;      ///< points/m actually shown (after speed zoom-out)
    bool follow = true;      ///< false: detached, the mouse pans
    bool placed = false;     ///< false until the first update snaps onto the target
    /// points/m the wheel, +/- keys or right stick chose. View state: it is not a
    /// tunable, so it never enters the undo history or a preset. 0 = CameraDef::zoom.
    double user_zoom = 0.0;
    double def_zoom = 0.0;  ///< CameraDef::zoom that user_zoom last followed
    /// Shake: 0..1 "trauma" the hits added, decaying; the view is moved by
    /// shake_offset (m), which camera_update recomputes (never fed back into centre).
    double trauma = 0.0;
    double shake_time = 0.0;  ///< s, the shake's own clock (drives its wobble)
    dvec2 shake_offset{0.0, 0.0};
    /// points, the size of the view this camera fills (the caller sets it each frame):
    /// the follow keeps kViewAheadSeconds of travel inside it.
    dvec2 viewport{1280.0, 720.0};
};

/// s of travel ahead of the followed car the view always holds once settled (at any
/// speed and heading): the follow zooms out and looks ahead along the velocity for it.
inline constexpr double kViewAheadSeconds = 2.5;
/// The most the look-ahead moves the car back from the view's centre, as a fraction of
/// the view's half extent along the velocity.
inline constexpr double kLookAheadShare = 0.6;

/// N·s of a player-car hit that gives full trauma at camera.shake = 1 (a head-on hit
/// into a barrier at about 15 m/s; a crate knocked aside adds a few hundredths).
inline constexpr double kShakeFullImpulse = 20000.0;
/// points, the shake's largest offset on screen (at trauma 1).
inline constexpr double kShakeMaxPoints = 14.0;
/// s, time constant of the trauma's decay.
inline constexpr double kShakeDecay = 0.25;

/// Follows a target (position, velocity) with CameraDef::lag and looks ahead along the
/// velocity by at least CameraDef::look_ahead s of travel, more where needed so that
/// kViewAheadSeconds of travel ahead of the target stay in `cam.viewport`;
/// `user_zoom` is camera_user_zoom() (points/m) before the speed zoom-out, which
/// stops at CameraDef::speed_zoom_floor, and the zoom is capped by view_ahead_zoom;
/// dt in s. Also decays the shake and sets shake_offset (0 when camera.shake is 0).
void camera_update(Camera& cam, const CameraDef& def, dvec2 target, dvec2 target_velocity,
                   double user_zoom, double dt);
/// points/m the player asked for (before the speed zoom-out): the zoom input's choice,
/// until the camera.zoom tunable changes (slider, preset, --set), which then replaces it.
double camera_user_zoom(Camera& cam, const CameraDef& def);
/// Zoom input of `notches` (+1 in, -1 out): changes the view only, never the tunables.
void camera_zoom(Camera& cam, const CameraDef& def, double notches);
/// A hit of `impulse` N·s on the player's car: adds camera.shake × impulse /
/// kShakeFullImpulse of trauma (kept in 0..1; nothing for a non-finite impulse).
void camera_shake_kick(Camera& cam, const CameraDef& def, double impulse);
/// The largest zoom (points/m) at which a view of `viewport` points, with the car moved
/// back from its centre by up to kLookAheadShare of the half extent, holds
/// kViewAheadSeconds of travel at `speed` m/s in any direction (infinite at rest).
double view_ahead_zoom(dvec2 viewport, double speed);
/// m of travel ahead of a car at `target` moving along unit `dir` that a view centred at
/// `centre`, `zoom` points/m and `viewport` points shows (to the view's edge).
double view_ahead_distance(dvec2 centre, double zoom, dvec2 viewport, dvec2 target, dvec2 dir);
/// The zoom the speed zoom-out asks for at `speed` (m/s) from `user_zoom` (points/m).
double speed_zoom(const CameraDef& def, double user_zoom, double speed);
/// Moves a detached camera by a screen-space drag (points).
void camera_pan(Camera& cam, dvec2 drag_points);
/// One zoom notch (+1 in, -1 out) applied to a zoom value, kept in [zoom_min, zoom_max].
double zoom_step(double zoom, double notches, const CameraDef& def);

}  // namespace skidpad::app
