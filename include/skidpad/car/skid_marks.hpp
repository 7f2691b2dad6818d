// Skid marks: per-wheel ring buffers of ground points laid where a tyre slides, fading
// with age. Cosmetic, deterministic state kept in the Car; drawn as DrawList segments.
#pragma once

#include <array>

#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"

namespace skidpad {

struct SkidPoint {
    vec2 position{0.0f, 0.0f};  ///< m, world
    float intensity = 0.0f;     ///< 0..1, darkness
    float time = 0.0f;          ///< s, car time when laid
    bool joined = false;        ///< continues the previous point of the same wheel
};

struct SkidMarks {
    static constexpr int kPerWheel = 256;  ///< points per wheel (~16 KB per car in all)
    std::array<std::array<SkidPoint, kPerWheel>, 4> points{};
    std::array<int, 4> head{};      ///< next slot to write
    std::array<int, 4> count{};     ///< valid points
    std::array<bool, 4> sliding{};  ///< the wheel laid a point last time (next one joins)
};

/// Records a wheel's contact point: lays a mark every ~0.15 m while slide_speed (m/s)
/// exceeds the threshold; a gap starts a new strip.
void skid_marks_update(SkidMarks& marks, int wheel, dvec2 position, double slide_speed,
                       double time);

/// Emits the marks (layer 1) with alpha fading to 0 over fade_seconds.
void skid_marks_draw(const SkidMarks& marks, double time, double fade_seconds, DrawList& out);

}  // namespace skidpad
