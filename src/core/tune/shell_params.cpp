// Tunables of the loop, input mapping and camera.
#include "skidpad/tune/params.hpp"

namespace skidpad {

namespace {
/// Marks a tunable as the player's own (player_keys.hpp): kept in the player's
/// preferences, never in a preset.
void mark_player(ParamDesc& p) {
    p.player = true;
}
}  // namespace

void register_sim_params(ParamRegistry& r) {
    const char* g = "World / Simulation";
    r.add("sim.physics_hz", g, "Hz", 30.0, 1000.0,
          "Fixed physics rate; the render rate never changes the physics.",
          [](Settings& s) -> double& { return s.sim.physics_hz; });
    r.add("sim.substeps", g, "", 1, 32, "Sub-steps per physics step (stiff wheel spin, contacts).",
          [](Settings& s) -> int& { return s.sim.substeps; });
    r.add("sim.car_min_hz", g, "Hz", 30.0, 1920.0,
          "Least rate of the car's own dynamics and its contacts: longer sub-steps are cut "
          "into inner steps.",
          [](Settings& s) -> double& { return s.sim.car_min_hz; });
    r.add("sim.max_steps_per_frame", g, "", 1, 64,
          "Most physics steps run in one frame before the loop drops time.",
          [](Settings& s) -> int& { return s.sim.max_steps_per_frame; });
    r.add("sim.max_frame_time", g, "s", 0.01, 1.0,
          "Clamp on real elapsed time per frame (avoids the spiral of death).",
          [](Settings& s) -> double& { return s.sim.max_frame_time; });
    r.add("sim.time_scale", g, "x", 0.0, 4.0,
          "Simulated seconds per real second (slow motion < 1).",
          [](Settings& s) -> double& { return s.sim.time_scale; });
    r.add("sim.paused", g, "", 0, 1, "No simulated time passes while paused ('.' single-steps).",
          [](Settings& s) -> bool& { return s.sim.paused; });
}

void register_input_params(ParamRegistry& r) {
    const char* g = "Input";
    r.add("input.steer_rate", g, "1/s", 0.5, 20.0,
          "Digital steering: how fast the steer input ramps toward full lock.",
          [](Settings& s) -> double& { return s.input.steer_rate; });
    r.add("input.steer_return_rate", g, "1/s", 0.5, 30.0,
          "Digital steering: how fast the steer input returns to centre when released.",
          [](Settings& s) -> double& { return s.input.steer_return_rate; });
    r.add("input.throttle_rate", g, "1/s", 0.5, 50.0,
          "Digital throttle/brake: how fast the pedal ramps to full.",
          [](Settings& s) -> double& { return s.input.throttle_rate; });
    r.add("input.stick_dead_zone", g, "", 0.0, 0.5,
          "Gamepad stick travel ignored around centre (fraction of full travel).",
          [](Settings& s) -> double& { return s.input.stick_dead_zone; });
    r.add("input.trigger_dead_zone", g, "", 0.0, 0.5,
          "Gamepad trigger travel ignored at rest (fraction of full travel).",
          [](Settings& s) -> double& { return s.input.trigger_dead_zone; });
    r.add("input.key_steer_sensitivity", g, "", 0.3, 2.0,
          "Keyboard steering: the steer the keys reach, times full lock (above 1 reaches full "
          "lock sooner).",
          [](Settings& s) -> double& { return s.input.key_steer_sensitivity; });
    r.add("input.key_steer_linearity", g, "", 1.0, 3.0,
          "Keyboard steering: exponent on the ramped steer (1 = linear; larger = finer "
          "near centre).",
          [](Settings& s) -> double& { return s.input.key_steer_linearity; });
    r.add("input.stick_steer_sensitivity", g, "", 0.3, 2.0,
          "Stick steering: steer per stick travel, times full lock (above 1 reaches full "
          "lock before the stick's end).",
          [](Settings& s) -> double& { return s.input.stick_steer_sensitivity; });
    r.add("input.stick_steer_linearity", g, "", 1.0, 3.0,
          "Stick steering: exponent on the stick travel (1 = linear; larger = finer near "
          "centre).",
          [](Settings& s) -> double& { return s.input.stick_steer_linearity; });
}

void register_camera_params(ParamRegistry& r) {
    const char* g = "Camera";
    r.add("camera.zoom", g, "px/m", 2.0, 80.0, "Zoom: screen pixels per metre.",
          [](Settings& s) -> double& { return s.camera.zoom; });
    r.add("camera.zoom_min", g, "px/m", 1.0, 80.0, "Smallest zoom the wheel/keys allow.",
          [](Settings& s) -> double& { return s.camera.zoom_min; });
    r.add("camera.zoom_max", g, "px/m", 2.0, 200.0, "Largest zoom the wheel/keys allow.",
          [](Settings& s) -> double& { return s.camera.zoom_max; });
    r.add("camera.lag", g, "s", 0.0, 2.0, "Time constant of the follow camera (0 = rigid).",
          [](Settings& s) -> double& { return s.camera.lag; });
    r.add("camera.look_ahead", g, "s", 0.0, 2.0,
          "The camera looks ahead along the velocity by this many seconds of travel.",
          [](Settings& s) -> double& { return s.camera.look_ahead; });
    r.add("camera.speed_zoom_out", g, "", 0.0, 0.9,
          "How much the view zooms out at speed (0 = off).",
          [](Settings& s) -> double& { return s.camera.speed_zoom_out; });
    r.add("camera.speed_zoom_ref", g, "m/s", 5.0, 150.0,
          "Speed at which the speed zoom-out is complete.",
          [](Settings& s) -> double& { return s.camera.speed_zoom_ref; });
    r.add("camera.speed_zoom_floor", g, "px/m", 1.0, 80.0,
          "The speed zoom-out stops at this zoom, so a crash at speed stays big enough to read "
          "(a zoom chosen below it is kept).",
          [](Settings& s) -> double& { return s.camera.speed_zoom_floor; });
    r.add("camera.shake", g, "x", 0.0, 3.0,
          "Camera shake from the player car's hits, growing with the impulse (0 = off).",
          [](Settings& s) -> double& { return s.camera.shake; });

    const char* d = "Display";
    mark_player(r.add("display.vsync", d, "", 0, 1,
                      "Wait for the display refresh (off: render as fast as possible).",
                      [](Settings& s) -> bool& { return s.display.vsync; }));
    mark_player(r.add("display.show_grid", d, "", 0, 1,
                      "Draw the 1 m / 10 m ground grid over the slabs (a debug view).",
                      [](Settings& s) -> bool& { return s.display.show_grid; }));
    mark_player(r.add("display.interpolate", d, "", 0, 1,
                      "Draw cars between physics steps (off shows the raw fixed steps).",
                      [](Settings& s) -> bool& { return s.display.interpolate; }));
    mark_player(
        r.add("display.max_fps", d, "fps", 0, 1000,
              "Frame cap (sleeps out the rest of the frame), also when the driver ignores vsync; "
              "0 = none.",
              [](Settings& s) -> int& { return s.display.max_fps; }));

    const char* e = "Display / Effects";
    mark_player(
        r.add("display.effects", e, "", 0, 1,
              "Tyre smoke, sparks and chips (drawn only: they never change the simulation).",
              [](Settings& s) -> bool& { return s.display.effects.enabled; }));
    mark_player(r.add("display.particle_budget", e, "", 0, 20000,
                      "Most particles alive at once; past it new ones are not made.",
                      [](Settings& s) -> int& { return s.display.effects.budget; }));
    mark_player(
        r.add("display.smoke", e, "x", 0.0, 4.0,
              "Tyre smoke and dust density (smoke grows with tyre slip and sliding speed, dust "
              "with speed on grass and gravel; 0 = none).",
              [](Settings& s) -> double& { return s.display.effects.smoke; }));
    mark_player(r.add("display.sparks", e, "x", 0.0, 4.0,
                      "Sparks from metal scrapes and hard hits (0 = none).",
                      [](Settings& s) -> double& { return s.display.effects.sparks; }));
    mark_player(r.add("display.chips", e, "x", 0.0, 4.0,
                      "Wood and plastic chips when a crate or cone dents or breaks (0 = none).",
                      [](Settings& s) -> double& { return s.display.effects.chips; }));

    const char* l = "Display / Look";
    mark_player(
        r.add_enum("display.time", l, {"day", "dusk", "night"},
                   "Time of day the world is drawn in: dusk is dim and warm, night dark with "
                   "headlight beams (drawing only).",
                   [](Settings& s) -> TimeOfDay& { return s.display.time; }));
    mark_player(
        r.add("display.ground_detail", l, "", 0, 2,
              "Procedural ground detail: 0 flat colours, 1 coarse (patches, stripes, fields), 2 "
              "full (grain and speckle too).",
              [](Settings& s) -> int& { return s.display.ground_detail; }));
    mark_player(r.add("display.shadows", l, "", 0, 1, "Soft drop shadows under bodies and cars.",
                      [](Settings& s) -> bool& { return s.display.shadows; }));
    mark_player(r.add("display.lights", l, "", 0, 1,
                      "Headlight beams and glowing lamps at dusk and night.",
                      [](Settings& s) -> bool& { return s.display.lights; }));
    mark_player(
        r.add("display.scenery", l, "", 0, 1,
              "Trees, grandstands and floodlights beside a track, and rubber on its racing line.",
              [](Settings& s) -> bool& { return s.display.scenery; }));
    mark_player(r.add("display.rain", l, "x", 0.0, 2.0,
                      "Rain drawn over the view when sim.weather is damp or wet (0 = none).",
                      [](Settings& s) -> double& { return s.display.rain; }));
}

}  // namespace skidpad
