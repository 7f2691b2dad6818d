// Numbers as short text for the UI (see number_text.hpp).
#include "number_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace skidpad::app {

std::string number_text(double v, double scale) {
    if (!std::isfinite(v)) return v != v ? "nan" : (v > 0.0 ? "inf" : "-inf");
    if (!(scale > 0.0) || !std::isfinite(scale)) scale = std::fabs(v);
    // Decimals for three significant digits at this magnitude; none above 100.
    const int decimals =
        scale > 0.0 ? std::clamp(2 - static_cast<int>(std::floor(std::log10(scale))), 0, 6) : 0;
    const double resolution = 0.5 * std::pow(10.0, -decimals);
    if (std::fabs(v) < resolution) v = 0.0;  // also turns -0.001 into "0.00", not "-0.00"
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string range_text(double lo, double hi, const std::string& unit) {
    const double scale = std::max(std::fabs(lo), std::fabs(hi));
    std::string s = number_text(lo, scale) + " .. " + number_text(hi, scale);
    if (!unit.empty()) s += " " + unit;
    return s;
}

}  // namespace skidpad::app
