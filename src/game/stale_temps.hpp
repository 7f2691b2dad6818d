// Clean-up of the temporary files a killed atomic write leaves behind (`NAME.tmp.XXXXXX`,
// see is_atomic_temp_name): at start the game removes those of its own naming in the
// directories it writes to, once they are old enough that no live writer still owns them.
#pragma once

#include <chrono>
#include <string>

namespace skidpad::app {

/// Removes the regular files in `dir` (not below it) whose names match the atomic-write
/// temp pattern and whose modification time is at least `min_age` in the past. Other files
/// are left alone; a missing directory is not an error. Returns how many were removed.
int remove_stale_temp_files(const std::string& dir,
                            std::chrono::seconds min_age = std::chrono::seconds(60));

/// Removes what killed atomic writes of `target` left beside it: `NAME.tmp.XXXXXX` files
/// in its directory, NAME being `target`'s file name, at least `min_age` old. For a file
/// the command line names (--telemetry, --record, ...) in a directory that is not the
/// game's: only the temp files of that one target, never another program's. Returns how
/// many were removed.
int remove_stale_temps_of(const std::string& target,
                          std::chrono::seconds min_age = std::chrono::seconds(60));

}  // namespace skidpad::app
