// Private: the core's write access to a SoftWorld's solver. The car coupling
// (world_contacts.cpp) moves a body's particles and relaxes its constraints
// inside the car sub-steps, and tests of solver internals inspect its arrays;
// nothing else includes this header.
#pragma once

#include "skidpad/soft/soft_world.hpp"
#include "soft/soft_solver.hpp"

namespace skidpad {

struct SoftAccess {
    static SoftSolver& solver(SoftWorld& w) { return *w.solver_; }
    static const SoftSolver& solver(const SoftWorld& w) { return *w.solver_; }
};

inline SoftSolver& soft_solver(SoftWorld& w) {
    return SoftAccess::solver(w);
}
inline const SoftSolver& soft_solver(const SoftWorld& w) {
    return SoftAccess::solver(w);
}

}  // namespace skidpad
