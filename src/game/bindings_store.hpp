// The player's bindings file, <pref dir>/bindings.json (format: input_bindings.hpp).
// A missing file means the default controls; a file that cannot be used also gives the
// defaults, with a message naming the file and what is wrong, and it is left as it is
// until the player saves from the Controls page. Saving is atomic.
#pragma once

#include <string>
#include <vector>

#include "skidpad/input_bindings.hpp"
#include "skidpad/scene/file_io.hpp"

namespace skidpad::app {

struct BindingsLoad {
    Bindings bindings = default_bindings();
    bool found = false;   ///< the file exists
    bool ok = true;       ///< the file (or its absence) gave the bindings
    std::string message;  ///< why the defaults are used instead of the file ("" when ok)
    std::vector<std::string> warnings;  ///< the file's unknown keys, ignored
};

/// "<pref dir>bindings.json" ("" when there is no pref dir).
std::string bindings_path(const std::string& pref_dir);
BindingsLoad load_bindings_file(const std::string& path);
FileResult save_bindings_file(const std::string& path, const Bindings& b);

}  // namespace skidpad::app
