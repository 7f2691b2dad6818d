// One car on an empty world, stepped as the player's car is (World::step): the base of
// the lab's scripted manoeuvres and of the drivetrain tests.
#pragma once

#include <cmath>

#include "skidpad/car/car.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

inline constexpr double kRpmPerRadS = 60.0 / (2.0 * kPi);

struct CarDrive {
    World world;
    CarId id;
    double dt;  ///< s, one physics step at the settings' rate
    explicit CarDrive(const Settings& s)
        : world(world_def(s)),
          id(world.add_car({0.0, 0.0}, 0.0, s.car)),
          dt(1.0 / s.sim.physics_hz) {}
    Car& car() { return world.car(id); }
    const CarDef& def() const { return world.car_def(id); }
    double speed() {
        const Car& c = car();
        return std::sqrt(c.velocity.x * c.velocity.x + c.velocity.y * c.velocity.y);
    }
};

}  // namespace skidpad::lab
