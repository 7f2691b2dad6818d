// Scenery beside a track, drawn only: trees along the hedgerows and in copses, grandstands
// by the start line, and the rubber the cars lay on the racing line. Placed once per track
// by a hash of the ground (the same trees on every visit), never on the road, its kerbs,
// run-off or barriers. Nothing here touches the simulated state: a car drives under a
// tree's crown as under a bridge.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "camera.hpp"
#include "render.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/track.hpp"

namespace skidpad::app {

struct SceneryTree {
    vec2 at{0.0f, 0.0f};
    float radius = 3.0f;  ///< m, the crown
    float height = 8.0f;  ///< m, sets the shadow's length
    std::uint8_t shade = 0;
    bool conifer = false;
};

/// A grandstand: a rectangle whose long side faces the track.
struct SceneryStand {
    vec2 centre{0.0f, 0.0f};
    vec2 along{1.0f, 0.0f};  ///< unit, parallel to the track
    vec2 away{0.0f, 1.0f};   ///< unit, from the track outwards
    float length = 40.0f;    ///< m
    float depth = 11.0f;     ///< m
};

/// A floodlight mast beside the track and the pool of light it throws on the road.
struct SceneryLamp {
    vec2 post{0.0f, 0.0f};
    vec2 pool{0.0f, 0.0f};  ///< the pool's centre, on the road's edge
    float radius = 18.0f;   ///< m, the pool's reach
};

struct Scenery {
    std::string track;  ///< the name, point count and length it was placed for
    std::size_t points = 0;
    double length = 0.0;
    double clearance = 0.0;  ///< m from the centre line kept free of scenery
    std::vector<SceneryTree> trees;
    std::vector<SceneryStand> stands;
    std::vector<SceneryLamp> lamps;  ///< one every kLampSpacing m, sides alternating
};

/// m of track between floodlight masts.
inline constexpr double kLampSpacing = 45.0;

/// m from the centre line that scenery keeps clear of: the road, the kerb band, the widest
/// run-off or barrier offset, and a margin.
double scenery_clearance(const Track& track);

/// Places the scenery of a track (deterministic: a function of the track only).
Scenery make_scenery(const Track& track);

/// True when `s` was placed for this track (else make it again).
bool scenery_matches(const Scenery& s, const Track& track);

/// Trees and grandstands that overlap the view, with their drop shadows when `shadows`.
void draw_scenery(ShapeBatch& b, const Scenery& s, const View& view, bool shadows);

/// The floodlights' pools on the road after dark: `strength` 1 at night, less at dusk,
/// 0 draws nothing (drawn over the world, in the Light material the night does not dim).
void draw_track_lights(ShapeBatch& b, const Scenery& s, const View& view, float strength);

/// The rubber on the racing line: two dark wheel tracks on the asphalt road, darker where
/// the plan brakes or corners hard (layer 0, over the road, under everything else).
void draw_rubber(const Race& race, DrawList& out);

}  // namespace skidpad::app
