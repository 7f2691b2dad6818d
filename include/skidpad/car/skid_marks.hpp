// Skid marks: per-wheel ring buffers of ground points laid where a tyre slides, fading
// with age. Cosmetic state the World keeps beside each car and updates after every car
// sub-step from the wheels' readouts; it never feeds back into the physics and is not
// part of the state hash. Drawn as DrawList segments.
#pragma once

#include <array>

#include "skidpad/car/car.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"

namespace skidpad {

struct SkidPoint {
    vec2 position{0.0f, 0.0f};  ///< m, world
    float intensity = 0.0f;     ///< 0..1, darkness
    float time = 0.0f;          ///< s, SkidMarks::time when laid
    bool joined = false;        ///< continues the previous point of the same wheel
};

struct SkidMarks {
    static constexpr int kPerWheel = 256;  ///< points per wheel (~16 KB per car in all)
    std::array<std::array<SkidPoint, kPerWheel>, 4> points{};
    std::array<int, 4> head{};      ///< next slot to write
    std::array<int, 4> count{};     ///< valid points
    std::array<bool, 4> sliding{};  ///< the wheel laid a point last time (next one joins)
    double time = 0.0;              ///< s the car has simulated since its reset (mark ages)
};

/// Records a wheel's contact point: lays a mark every ~0.15 m while slide_speed (m/s)
/// exceeds the threshold; a gap starts a new strip.
void skid_marks_update(SkidMarks& marks, int wheel, dvec2 position, double slide_speed,
                       double time);

/// Records one car sub-step of h seconds (CarStepInfo::h; nothing when 0): each wheel's
/// contact point at the pose the car had before the sub-step, with the slide speed the
/// sub-step left in the wheel; then advances the marks' clock by h.
void skid_marks_record(SkidMarks& marks, const Car& car, const CarPose& before, double h);

/// Emits the marks (layer 1) with alpha fading to 0 over fade_seconds.
void skid_marks_draw(const SkidMarks& marks, double fade_seconds, DrawList& out);

}  // namespace skidpad
