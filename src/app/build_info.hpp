// What this build is: the project's version (CMake's project version) and the git
// revision it was built from, as --version, the pause menu and the package show them.
#pragma once

#include <string>

#include "skidpad/version.hpp"

namespace skidpad::app {

/// The git revision the build was made from ("1a2b3c4d5e6f", "…-modified" when tracked
/// files differed from it, "unknown" outside a checkout); generated at build time.
const char* build_revision();

/// "0.1.0 (git 1a2b3c4d5e6f)": the version line's text after the program's name.
inline std::string build_version_text() {
    return std::string(SKIDPAD_VERSION) + " (git " + build_revision() + ")";
}

}  // namespace skidpad::app
