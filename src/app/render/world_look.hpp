// The frame's look from the settings: the ground under everything (landscape beyond a
// track, slabs in an arena), the light for the shader, and what is drawn over the world
// (headlight beams at dusk and night, rain when the ground is damp or wet). Drawing only:
// it reads the World through const access and never changes the simulated state.
#pragma once

#include "camera.hpp"
#include "look.hpp"
#include "render.hpp"
#include "scene.hpp"
#include "skidpad/settings.hpp"

namespace skidpad::app {

/// The shader's light for display.time and display.ground_detail and the world's weather.
Look frame_look(const DisplayDef& d, Weather weather);

/// Tells the renderer what to add (materials, shadows) and draws the ground under
/// everything: the landscape beyond a track, or an arena's slabs.
void draw_base_ground(WorldRenderer& r, const Settings& s, bool on_track, const View& view);

/// Over the world: headlight beams of the scene's cars at dusk and night
/// (display.lights), rain streaks when damp or wet (display.rain). `clock` is the
/// shown time in s (the rain's motion); `alpha` the step interpolation.
void draw_atmosphere(ShapeBatch& b, const Scene& scene, const Settings& s, const View& view,
                     double clock, double alpha);

/// How many rain streaks a view of `size` points shows at display.rain `rain` in
/// `weather` (none when dry): 0.45 per 1000 square points when wet, a third when damp.
int rain_streaks(Weather weather, double rain, dvec2 size);

}  // namespace skidpad::app
