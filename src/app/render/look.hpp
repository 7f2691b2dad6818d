// The look of the world picture: which procedural ground material a triangle is shaded
// with, the light of the scene (sun, time of day, wetness) and the quality of each effect.
// Drawing only: nothing here reads or changes the simulated state.
#pragma once

#include <cstdint>

#include "skidpad/display_def.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"

namespace skidpad::app {

/// What the world shader does with a triangle's colour (world_shader.cpp). Plain is the
/// colour as given; the ground materials add world-space detail filtered by the pixel
/// footprint; Shadow and Light are not darkened by the night (a shadow is already dark,
/// a lamp gives light).
enum class Material : std::uint8_t {
    Plain = 0,
    Asphalt = 1,
    Grass = 2,
    Gravel = 3,
    Kerb = 4,
    Ice = 5,
    Paint = 6,     ///< white lines on the road
    Field = 7,     ///< meadow and pasture beyond the track
    Concrete = 8,  ///< an arena's slabs
    Shadow = 9,    ///< a drop shadow (translucent black)
    Light = 10,    ///< lamps, headlight beams, rain streaks: never darkened
    Crop = 11,     ///< a field of crops in rows
    Earth = 12,    ///< a ploughed field
    Hedge = 13,    ///< the hedgerows between fields
};

/// The ground material a layer-0 fill colour stands for (the surface table's colours, the
/// kerb and line paint of the track drawing); Plain for any other colour.
Material ground_material(Color fill);

/// The material of a fill of `layer`: the ground's materials on layer 0, Light for the car
/// lamps' lit colours on layer 3 (car_draw's head, brake and reverse lamps), else Plain.
Material shape_material(int layer, Color fill);

/// One frame's light for the shader.
struct Look {
    float wet = 0.0f;  ///< 0 dry .. 1 wet: darker, shinier asphalt with puddles, darker grass
    /// The light's red, green and blue (1 at noon; dusk is warm and dim, night blue and dark).
    float ambient[3] = {1.0f, 1.0f, 1.0f};
    float shadow = 1.0f;  ///< how strong the sun's shadows are (0 at night)
    int detail = 2;       ///< 0 flat colours, 1 coarse detail, 2 full detail
};

/// The light of a time of day and its shadow strength, into `look`.
void set_time_of_day(Look& look, TimeOfDay t);

/// A stable pseudo-random hash of two integers (a ground cell, a scenery cell): the same
/// picture on every visit, drawing only.
inline std::uint32_t look_hash(std::uint32_t a, std::uint32_t b) {
    std::uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return h;
}

/// The sun's shadow offset per metre of height (m, world frame): one sun for the scene,
/// low in the south-east so shadows fall to the north-west.
inline constexpr vec2 kSunShadow{-0.42f, 0.30f};

}  // namespace skidpad::app
