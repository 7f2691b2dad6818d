// Default settings with traction control and ABS off: the car as its tyres and
// drivetrain alone make it drive (the feel and step-independence tests' "no aids").
#pragma once

#include "skidpad/settings.hpp"

namespace skidpad::test {

inline Settings no_aids() {
    Settings s;
    s.car.assists.tc = false;
    s.car.brakes.abs = false;
    return s;
}

}  // namespace skidpad::test
