// 2D maths helpers on top of GLM. World frame: +x right, +y up, angles CCW.
#pragma once

#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace skidpad {

using vec2 = glm::vec2;    ///< float 2D vector (soft bodies, drawing)
using dvec2 = glm::dvec2;  ///< double 2D vector (car dynamics)

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kGravity = 9.81;  ///< m/s^2

/// Counter-clockwise perpendicular: perp(x, y) = (-y, x).
template <typename V>
constexpr V perp(const V& v) {
    return V(-v.y, v.x);
}

/// 2D cross product (z of the 3D cross): a.x b.y - a.y b.x.
template <typename V>
constexpr auto cross(const V& a, const V& b) {
    return a.x * b.y - a.y * b.x;
}

/// Cross of a scalar (angular velocity about z) with a vector: w x r = w * perp(r).
template <typename V, typename S>
constexpr V cross(S w, const V& r) {
    return V(-w * r.y, w * r.x);
}

/// Rotates v by angle (radians, CCW).
template <typename V, typename S>
inline V rotate(const V& v, S angle) {
    const S c = std::cos(angle);
    const S s = std::sin(angle);
    return V(c * v.x - s * v.y, s * v.x + c * v.y);
}

/// Unit vector at angle (radians, CCW from +x).
template <typename S>
inline glm::vec<2, S> direction(S angle) {
    return glm::vec<2, S>(std::cos(angle), std::sin(angle));
}

template <typename S>
constexpr S clamp(S v, S lo, S hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}

/// Moves `current` toward `target` by at most `max_delta`.
template <typename S>
constexpr S move_toward(S current, S target, S max_delta) {
    if (current < target) return current + max_delta < target ? current + max_delta : target;
    return current - max_delta > target ? current - max_delta : target;
}

template <typename S>
constexpr S sign(S v) {
    return v > S(0) ? S(1) : (v < S(0) ? S(-1) : S(0));
}

inline bool is_finite(double v) { return std::isfinite(v); }

}  // namespace skidpad
