// What soft bodies are made of and the defs they are built from (as Box2D's shape
// def with its surface material). Each built-in kind is one row of the kind table
// (skidpad/soft/body_kinds.hpp): its material's bounce, denting and breaking come
// from the SoftDef tunables at every step, so the sliders act on bodies already in
// the world. A body of any other material is a SoftMaterial registered with
// SoftWorld::add_material and a SoftBodyDef naming it.
#pragma once

#include <cstdint>

#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"
#include "skidpad/soft/soft_def.hpp"

namespace skidpad {

/// The built-in kinds: the rows of the kind table, and their material ids.
enum class BodyKind : std::uint8_t { Crate, Barrier, Tyre, Cone, Shard };
inline constexpr std::uint8_t kBodyKindCount = 5;

/// What a body sounds like when hit; an added material with an effect is heard, and
/// hit by a car, as the first built-in kind with the same effect.
enum class SoftEffect : std::uint8_t { Wood, Concrete, Rubber, Plastic, Splinter };
inline constexpr std::uint8_t kSoftEffectCount = 5;

/// What a body is made of.
struct SoftMaterial {
    /// 0 = dead .. 1 = elastic. A contact bounces with the larger restitution of
    /// its two bodies, when it closes faster than SoftDef::bounce_threshold.
    float restitution = 0.2f;
    /// Strain (|len - rest| / rest) past which an edge yields: with `dents` it
    /// takes a new rest length (at most SoftDef::max_dent from its original).
    float dent_limit = 0.02f;
    /// Strain past which an edge breaks when `breaks` (never below dent_limit);
    /// the body then falls apart into shards.
    float break_limit = 0.16f;
    bool dents = true;
    bool breaks = false;
    Color fill = rgba(176, 128, 72);
    Color stroke = rgba(90, 60, 30);
    Color pinned_fill = 0;  ///< fill while pinned; 0 = `fill`
    SoftEffect effect = SoftEffect::Wood;
};

/// A row of the world's material table: the built-in kinds first (their
/// BodyKind value), then the materials added by SoftWorld::add_material.
struct SoftMaterialId {
    std::uint8_t index = 0;
    static constexpr SoftMaterialId of(BodyKind kind) {
        return SoftMaterialId{static_cast<std::uint8_t>(kind)};
    }
    friend bool operator==(SoftMaterialId, SoftMaterialId) = default;
};

/// The outline a body's particles start on.
enum class SoftShape : std::uint8_t {
    Box,      ///< 4 particles, 4 sides + 2 diagonals (`size`)
    Polygon,  ///< a regular n-gon (`radius`, `sides`), sides + skip-one chords + diameters
};

/// Everything SoftWorld::create_body needs: shape, mass, stiffness and material.
struct SoftBodyDef {
    SoftShape shape = SoftShape::Box;
    vec2 size{1.0f, 1.0f};         ///< m, a box's sides
    float radius = 0.35f;          ///< m, a polygon's circumradius
    int sides = 8;                 ///< a polygon's corners (3..32)
    vec2 position{0.0f, 0.0f};     ///< m, centre
    float angle = 0.0f;            ///< rad
    float mass = 20.0f;            ///< kg, shared by the particles; 0 = pinned
    float edge_stiffness = 1.0f;   ///< 0..1 per pass: sides (and a box's diagonals)
    float shape_stiffness = 1.0f;  ///< 0..1 per pass: a polygon's chords
    SoftMaterialId material = SoftMaterialId::of(BodyKind::Crate);
};

/// The material of a built-in kind, its values from the tunables `def`.
SoftMaterial soft_kind_material(BodyKind kind, const SoftDef& def);
/// The body a built-in kind spawns as (shape, mass and stiffness from `def`;
/// a barrier is a pinned 4 m × 1 m box), at the origin.
SoftBodyDef soft_kind_def(BodyKind kind, const SoftDef& def);
/// "crate", "barrier", "tyre", "cone", "shard".
const char* soft_kind_name(BodyKind kind);

}  // namespace skidpad
