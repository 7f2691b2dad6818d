// Private: soft bodies held by a pinned one through the bodies they touch, for the car
// coupling (world_contacts.cpp, docs/physics.md §12).
#pragma once

#include "skidpad/world.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad::detail {

/// Rebuilds `g` from the soft solver's contacts of its last sub-step: two bodies touch
/// when a particle of one lies inside an edge of the other or within `reach` of it.
/// Empty (and cheap) when no body is pinned.
void build_touch_graph(const SoftSolver& sw, float reach, SoftTouchGraph& g);

/// Whether body `bi`, pushed along the unit direction `n`, is held by a pinned body
/// through other bodies: one is reached from it through at least one touching body, each
/// lying within 60° of n from the last (at most kMaxBackingSearch bodies are looked at).
/// A pinned body `bi` touches itself does not count: that body is crushed against it
/// (the coupling holds only its particles near the pinned body).
bool backed_along(const SoftSolver& sw, SoftTouchGraph& g, std::uint32_t bi, vec2 n);

inline constexpr std::size_t kMaxBackingSearch = 256;

}  // namespace skidpad::detail
