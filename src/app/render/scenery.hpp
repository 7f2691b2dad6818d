// Scenery beside a track, drawn only: trees along the hedgerows and in copses, grandstands
// and the pit building by the start line, marshal posts, catch fences and tyre walls
// outside the corners, sheds in the fields, and the rubber the cars lay on the racing line. Placed
// once per track by a hash of the ground (the same trees on every visit), never on the road, its
// kerbs, run-off or barriers. Nothing here touches the simulated state: a car drives under a tree's
// crown as under a bridge.
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

/// What a building is: the pit building with its garages, a shed in the fields, or a
/// marshal post (a small hut with a flag) outside a corner.
enum class BuildingKind : std::uint8_t { Pits, Shed, Marshal };

/// A building: a box whose front (`away` negative side) faces the track.
struct SceneryBuilding {
    BuildingKind kind = BuildingKind::Shed;
    vec2 centre{0.0f, 0.0f};
    vec2 along{1.0f, 0.0f};  ///< unit, parallel to the front
    vec2 away{0.0f, 1.0f};   ///< unit, from the front to the back
    float length = 10.0f;    ///< m, along
    float depth = 6.0f;      ///< m, away
    float height = 4.0f;     ///< m, sets the shadow and the parallax
    std::uint8_t shade = 0;  ///< which paint (a hash of the place)
};

/// A catch fence along the outside of a fast corner: posts joined by mesh, kFenceHeight tall.
struct SceneryFence {
    std::vector<vec2> posts;
};

struct Scenery {
    std::string track;  ///< the name, point count and length it was placed for
    std::size_t points = 0;
    double length = 0.0;
    double clearance = 0.0;  ///< m from the centre line kept free of scenery
    std::vector<SceneryTree> trees;
    std::vector<SceneryStand> stands;
    std::vector<SceneryLamp> lamps;          ///< one every kLampSpacing m, sides alternating
    std::vector<SceneryBuilding> buildings;  ///< pits, sheds and marshal posts
    std::vector<SceneryFence> fences;        ///< catch fences outside the fast corners
    std::vector<vec2> tyres;                 ///< stacks of a drawn tyre wall, kTyreRadius each
};

/// m, a catch fence's height.
inline constexpr float kFenceHeight = 3.5f;
/// m, the radius of one stack of a drawn tyre wall.
inline constexpr float kTyreRadius = 0.35f;
/// m of corner between marshal posts (and one at each corner's entry).
inline constexpr double kMarshalSpacing = 90.0;
/// 1/m: a corner is where the centre line bends tighter than a 150 m radius; a fast one
/// (catch fences) stays wider than 30 m at its apex, a slow one (a tyre wall) tighter.
inline constexpr double kCornerCurvature = 1.0 / 150.0;
inline constexpr double kSlowCornerCurvature = 1.0 / 30.0;

/// m of track between floodlight masts.
inline constexpr double kLampSpacing = 45.0;

/// m from the centre line that scenery keeps clear of: the road, the kerb band, the widest
/// run-off or barrier offset, and a margin.
double scenery_clearance(const Track& track);

/// Places the scenery of a track (deterministic: a function of the track only).
Scenery make_scenery(const Track& track);

/// True when `s` was placed for this track (else make it again).
bool scenery_matches(const Scenery& s, const Track& track);

/// The marshal posts, pit building, sheds, catch fences and tyre walls of a track, placed
/// by rules (scenery_rules.cpp), into `out`; its stands must be placed already.
void place_track_furniture(const Track& track, Scenery& out);

/// True when p lies within `margin` m of a grandstand or a building of `s`.
bool scenery_occupied(const Scenery& s, vec2 p, float margin);

/// How far a point `height` m above the ground at p is drawn from p: away from the view's
/// centre, in proportion to the height and the distance (a camera high over the centre).
/// Zero on the ground, so the ground never swims.
vec2 parallax(const View& view, vec2 p, float height);

/// The walls of a box on the convex `base` (n corners) up to `height`: the faces a camera
/// over the view's centre sees, each shaded by how it faces the sun.
void draw_walls(ShapeBatch& b, const View& view, const vec2* base, int n, float height, Color wall);

/// The shadow of a prism on the convex `base` (at most 8 corners) whose top casts at
/// `offset`: one fill of the hull of base and moved base.
void shadow_prism(ShapeBatch& b, const vec2* base, int n, vec2 offset, Color col);

/// A soft darkening around the convex `base` where it meets the ground: `alpha` at the
/// base's edge fading to none `reach` m outside it.
void contact_ring(ShapeBatch& b, const vec2* base, int n, float reach, std::uint32_t alpha);

/// The buildings, fences and tyre walls in view, with shadows when `shadows` and a soft
/// darkening where they meet the ground when `contact`.
void draw_furniture(ShapeBatch& b, const Scenery& s, const View& view, bool shadows, bool contact);

/// Everything of `s` that overlaps the view, with drop shadows when `shadows` and the
/// contact darkening at its foot when `contact`; tall things lean away from the view's
/// centre by their parallax.
void draw_scenery(ShapeBatch& b, const Scenery& s, const View& view, bool shadows,
                  bool contact = false);

/// The floodlights' pools on the road after dark: `strength` 1 at night, less at dusk,
/// 0 draws nothing (drawn over the world, in the Light material the night does not dim).
void draw_track_lights(ShapeBatch& b, const Scenery& s, const View& view, float strength);

/// The rubber on the racing line: two dark wheel tracks on the asphalt road, darker where
/// the plan brakes or corners hard (layer 0, over the road, under everything else).
void draw_rubber(const Race& race, DrawList& out);

}  // namespace skidpad::app
