// Timed input scripts for headless runs, screenshots and tests.
//
// Format (CSV, UTF-8/ASCII):
//   # comment lines and trailing "# ..." comments are ignored, as are blank lines
//   t,throttle,brake,steer,handbrake,gear        <- required header, exactly these columns
//   0,0,0,0,0,1
//   0.5,1,0,0.3,0,                               <- empty gear: no gear request
// t: s, strictly ascending, >= 0. throttle, brake, handbrake: 0..1. steer: -1 (right)
// .. +1 (left). gear: integer -1 (R), 0 (N), 1..9, or empty. A row holds from its t
// until the next row's t (steps, no blending); before the first row all controls are 0.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "skidpad/input.hpp"

namespace skidpad {

struct InputScriptRow {
    double t = 0.0;          ///< s
    double throttle = 0.0;   ///< 0..1
    double brake = 0.0;      ///< 0..1
    double steer = 0.0;      ///< -1..1
    double handbrake = 0.0;  ///< 0..1
    int gear = -99;          ///< -1..9, -99 = no request
};

struct InputScript {
    std::vector<InputScriptRow> rows;
    /// The controls in effect at simulated time t (s).
    InputState at(double t) const;
    /// s, time of the last row (0 when empty).
    double duration() const { return rows.empty() ? 0.0 : rows.back().t; }
};

struct InputScriptResult {
    bool ok = true;
    std::string error;  ///< "source:line: what is wrong"
    InputScript script;
};

/// Larger scripts are refused (about 400,000 rows).
inline constexpr std::size_t kMaxInputScriptBytes = 16u * 1024u * 1024u;

/// Parses script text; `source` names it in errors (usually the file path).
InputScriptResult parse_input_script(std::string_view text, std::string_view source);

/// Reads (at most kMaxInputScriptBytes + 1 bytes of a regular file) and parses a script;
/// errors name the path.
InputScriptResult load_input_script_file(const std::string& path);

}  // namespace skidpad
