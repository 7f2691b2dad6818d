// The body-kind table: one row per built-in kind of soft body (crate, barrier, tyre
// stack, cone, shard) holding everything that differs between kinds — its names in
// level files, replays and the sandbox's menu, its material and the car's contact law
// against it, its colours and drawing, the sound and particles of a hit, and the body
// it spawns as. A new built-in kind is one BodyKind value and one row
// (src/core/soft/body_kinds.cpp); the level reader, the sandbox, drawing, effects,
// sound and the replay format read the row.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "skidpad/draw.hpp"
#include "skidpad/soft/soft_material.hpp"

namespace skidpad {

/// How a level file's second name for a kind places several bodies.
enum class LevelGroup : std::uint8_t {
    None,  ///< one body (the kind's own name)
    Grid,  ///< cols × rows, evenly spaced (crate_stack)
    Line,  ///< count bodies evenly from (x0, y0) to (x1, y1) (tyre_wall, cone_line)
};

struct BodyKindRow;

/// What a kind's drawing gets besides the body's points.
struct BodyLook {
    const BodyKindRow* row = nullptr;
    float alpha = 1.0f;   ///< 0..1, a fading piece's opacity
    bool pinned = false;  ///< held in place (a pinned barrier)
    bool dented = false;  ///< some constraint lost its original rest length
    std::vector<vec2>* scratch = nullptr;
};

/// A kind's own drawing of a body (or of a piece broken off it).
using BodyDrawFn = void (*)(DrawList& out, std::span<const vec2> points, const BodyLook& look);

struct BodyKindRow {
    BodyKind kind;
    /// "crate", "barrier", "tyre", "cone", "shard": contact events and messages.
    const char* name;

    // ---- material (soft_kind_material) --------------------------------------------
    bool dents;                    ///< yields past soft.dent_limit while soft.plastic is on
    bool breaks;                   ///< breaks past soft.break_limit while soft.breakable is on
    double SoftDef::*restitution;  ///< the tunable its bounce follows
    /// The sound of a hit; an added material with the same effect takes this kind's
    /// contact law and sound (the first such row).
    SoftEffect effect;

    // ---- a car against it (docs/physics.md §9) ------------------------------------
    double SoftDef::*car_restitution;  ///< soft.car_e_<kind>
    double SoftDef::*car_friction;     ///< soft.car_mu_<kind>; nullptr = soft.car_friction
    /// It gives by denting and breaking itself: the crush zone's damping ceiling is the
    /// dead stop (kCrushDeadZeta), not the car's crumple zone.
    bool gives;

    // ---- look ---------------------------------------------------------------------
    Color fill, stroke;
    Color pinned_fill;  ///< fill while pinned; 0 = `fill`
    Color accent;       ///< a band or rim drawn over the fill; 0 = none
    BodyDrawFn draw;    ///< nullptr = a polygon in fill and stroke
    /// A piece broken off a body of this kind; nullptr = the shard row's own look.
    BodyDrawFn draw_piece;

    // ---- effects ------------------------------------------------------------------
    Color chips;  ///< colour of the chips a dent or break throws; 0 = none
    bool sparks;  ///< metal: a hard hit or a fast scrape throws sparks

    // ---- spawning -----------------------------------------------------------------
    /// The body it spawns as at the origin (shape, mass and stiffness from the
    /// tunables; the material is set by soft_kind_def).
    SoftBodyDef (*spawn)(const SoftDef&);
    const char* sandbox_label;  ///< the Sandbox window's spawn menu; nullptr = not offered
    /// Its byte in a replay's Spawn event (the menu lists the kinds in this order);
    /// -1 = never spawned by a replay. Fixed by the file format.
    int replay_code;

    // ---- level files (docs/levels.md) ---------------------------------------------
    const char* level_name;        ///< one body; nullptr = not in level files
    const char* level_group_name;  ///< several bodies; nullptr = none
    LevelGroup level_group;
};

/// The table, in BodyKind order (a row's index is its kind and its material id).
extern const std::array<BodyKindRow, kBodyKindCount> kBodyKinds;

inline const BodyKindRow& body_kind_row(BodyKind kind) {
    return kBodyKinds[static_cast<std::size_t>(kind)];
}

/// The row whose replay code is `code`, or nullptr.
const BodyKindRow* body_kind_by_replay_code(int code);

/// The kinds the Sandbox window offers, in menu (replay-code) order.
std::vector<BodyKind> sandbox_kinds();

}  // namespace skidpad
