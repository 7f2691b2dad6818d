// Skid-mark ring buffers.
#include "skidpad/car/skid_marks.hpp"

#include <cmath>

namespace skidpad {

namespace {
constexpr double kSlideThreshold = 2.0;  // m/s of patch slide before a tyre marks the road
constexpr double kSpacing = 0.15;        // m between laid points
}  // namespace

void skid_marks_update(SkidMarks& marks, int wheel, dvec2 position, double slide_speed,
                       double time) {
    if (wheel < 0 || wheel >= 4) return;
    const auto w = static_cast<std::size_t>(wheel);
    if (!(slide_speed > kSlideThreshold) || !std::isfinite(position.x) ||
        !std::isfinite(position.y)) {
        marks.sliding[w] = false;
        return;
    }
    auto& ring = marks.points[w];
    const int n = SkidMarks::kPerWheel;
    if (marks.sliding[w] && marks.count[w] > 0) {
        const SkidPoint& last = ring[static_cast<std::size_t>((marks.head[w] + n - 1) % n)];
        const dvec2 d = position - dvec2(last.position);
        if (d.x * d.x + d.y * d.y < kSpacing * kSpacing) return;
    }
    SkidPoint& p = ring[static_cast<std::size_t>(marks.head[w])];
    p.position = vec2(position);
    p.intensity = static_cast<float>(std::fmin(1.0, 0.3 + (slide_speed - kSlideThreshold) / 6.0));
    p.time = static_cast<float>(time);
    p.joined = marks.sliding[w] && marks.count[w] > 0;
    marks.head[w] = (marks.head[w] + 1) % n;
    if (marks.count[w] < n) marks.count[w] += 1;
    marks.sliding[w] = true;
}

void skid_marks_record(SkidMarks& marks, const Car& car, const CarPose& before, double h) {
    if (!(h > 0.0)) return;
    for (int i = 0; i < kWheels; ++i) {
        const Wheel& w = car.wheels[static_cast<std::size_t>(i)];
        skid_marks_update(marks, i, before.position + rotate(w.offset, before.heading),
                          w.slide_speed, marks.time);
    }
    marks.time += h;
}

void skid_marks_draw(const SkidMarks& marks, double fade_seconds, DrawList& out) {
    const double time = marks.time;
    const double fade = fade_seconds > 0.1 ? fade_seconds : 0.1;
    const int n = SkidMarks::kPerWheel;
    for (std::size_t w = 0; w < 4; ++w) {
        const auto& ring = marks.points[w];
        const int count = marks.count[w];
        const int first = (marks.head[w] - count + n) % n;
        for (int k = 1; k < count; ++k) {
            const SkidPoint& b = ring[static_cast<std::size_t>((first + k) % n)];
            if (!b.joined) continue;
            const SkidPoint& a = ring[static_cast<std::size_t>((first + k - 1) % n)];
            const double age = time - b.time;
            const double life = 1.0 - age / fade;
            if (life <= 0.0) continue;
            const double alpha = 200.0 * life * b.intensity;
            out.segment(a.position, b.position, rgba(25, 25, 25, static_cast<std::uint32_t>(alpha)),
                        0.22f, 1);
        }
    }
}

}  // namespace skidpad
