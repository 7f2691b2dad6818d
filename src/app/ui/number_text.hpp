// Numbers for people: as many decimals as the magnitude of the quantity shown needs,
// so that a plot's range reads "0.00 .. 6.56 m/s", not "[1.28e-37, 6.56]".
#pragma once

#include <string>

namespace skidpad::app {

/// `v` with three significant digits at the magnitude `scale` (the largest value shown
/// alongside): 6.56, 812, 0.0123. Values below the last digit print as 0 (no "-0.00",
/// no 1.28e-37). `scale` <= 0 or not finite: the magnitude of `v` itself.
std::string number_text(double v, double scale);
/// "lo .. hi unit", both ends at the magnitude of the larger one.
std::string range_text(double lo, double hi, const std::string& unit);

}  // namespace skidpad::app
