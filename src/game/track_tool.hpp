// `skidpad track new`: a track file from a closed polygon of control points, built and
// checked as the track editor builds and checks it.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace skidpad::app {

/// Runs `skidpad track ARGS...` (args without the word "track"). Returns the exit code:
/// 0 written, 2 for a malformed command line or an invalid track (each problem printed,
/// nothing written), 1 when the file could not be written.
int run_track_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// "" when `args` (after "track") is a command line run_track_tool takes (nothing is
/// checked of the points' geometry and nothing is written), else why not.
std::string check_track_tool_args(const std::vector<std::string>& args);

/// The usage text of `skidpad track`.
void print_track_tool_usage(std::ostream& os);

}  // namespace skidpad::app
