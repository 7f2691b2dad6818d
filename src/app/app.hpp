// The application: command-line dispatch, windowed game, headless and screenshot modes.
#pragma once

#include <string>
#include <vector>

namespace skidpad::app {

/// The whole program; main() only forwards to it. Returns the exit code.
int app_main(const std::vector<std::string>& args);

}  // namespace skidpad::app
