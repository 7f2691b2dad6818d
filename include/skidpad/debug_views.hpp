// Which debug overlays the world draws (the overlay's Debug views menu sets them).
// Draw code reads these flags and emits extra shapes on layer 4 (debug); the core
// keeps no state of its own about them. Car views are drawn by car_draw_debug()
// (src/core/debug_draw.cpp) from the Car fields every car model exposes; soft-body
// contacts and strain by soft_draw_debug() from SoftWorld's read-only views, and the
// broad-phase cells by SoftWorld::draw_debug (SoftDrawOptions::cells).
#pragma once

namespace skidpad {

class DrawList;
class SoftWorld;
struct SoftDef;

struct DebugViews {
    bool wheel_forces = false;    ///< tyre force arrows per wheel (long + lat, world frame)
    bool slip_colouring = false;  ///< wheels coloured by grip use: green 0 .. red at the limit
    bool velocity = false;        ///< velocity vector of each car and moving body
    bool acceleration = false;    ///< acceleration vector of each car (body-frame a, world drawn)
    bool contacts = false;        ///< SAT contact normals, length = penetration depth
    bool broad_phase = false;     ///< broad-phase grid cells that hold bodies
    bool constraint_strain = false;  ///< soft-body constraints coloured by strain
    float force_scale = 0.0002f;     ///< m of arrow per N (5,000 N = 1 m)
    float velocity_scale = 0.1f;     ///< m of arrow per m/s
    float accel_scale = 0.2f;        ///< m of arrow per m/s^2
    float depth_scale = 10.0f;       ///< m of normal drawn per m of penetration

    bool any() const {
        return wheel_forces || slip_colouring || velocity || acceleration || contacts ||
               broad_phase || constraint_strain;
    }
};

/// Soft-body debug shapes (layer 4): contact normals (length grows with depth) and
/// constraints coloured by strain relative to def.break_limit.
void soft_draw_debug(const SoftWorld& soft, const SoftDef& def, const DebugViews& views,
                     DrawList& out);

}  // namespace skidpad
