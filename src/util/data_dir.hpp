// The data folder (tracks/, levels/, presets/) found at run time: --data DIR, then
// $SKIDPAD_DATA, then ../share/skidpad beside the executable, then the source tree's
// assets/ for a binary that sits in the build tree it was built in. No SDL.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace skidpad::util {

/// The places a data folder may be, in the order they are tried. "" = not given.
struct DataSearch {
    std::string flag;       ///< --data DIR
    std::string env;        ///< the value of $SKIDPAD_DATA
    std::string exe;        ///< the running executable (from /proc/self/exe)
    std::string build_dir;  ///< the build tree the executable was built in
    std::string source;     ///< that build's source tree's assets/ (a developer build)
};

struct DataFound {
    bool ok = false;
    std::string dir;    ///< the data folder, when ok
    std::string from;   ///< which place gave it: "--data", "SKIDPAD_DATA", "share", "source"
    std::string error;  ///< one line naming every place searched and why it failed, when !ok
};

/// The subfolders a data folder holds (each one a directory).
const std::vector<std::string>& data_subdirs();
/// Why `dir` is not a data folder ("" when it is): missing, not a folder, or a subfolder
/// of data_subdirs() missing.
std::string data_dir_problem(const std::string& dir);

/// Tries the places in order. A folder named by --data or SKIDPAD_DATA must hold the data
/// (it is not passed over for the next place: a typo there is an error). The share folder
/// beside the executable is used when it holds the data; the source tree only when the
/// executable lies inside `build_dir`, so a copied or installed binary never falls back
/// on the checkout it was built from.
DataFound find_data_dir(const DataSearch& search);

/// The places for this process: `flag`, $SKIDPAD_DATA, /proc/self/exe and the build and
/// source folders compiled in.
DataSearch data_search_here(const std::string& flag);

/// Takes `--data DIR` (or --data=DIR; the last one counts) out of `args` into `dir`;
/// false after a message to `err` when it has no value.
bool take_data_arg(std::vector<std::string>& args, std::string& dir, std::ostream& err);

/// Resolves the process's data folder once (at the start of a run); on failure prints
/// "skidpad: ERROR" to `err` and returns false (the caller exits with status 2). A
/// second call with another flag resolves again.
bool data_dir_init(const std::string& flag, std::ostream& err);
/// The process's data folder; when data_dir_init was not called it is resolved here
/// without a flag. "" when none was found.
std::string data_dir();
/// A file or folder of the data folder: data_path("tracks/oval.json").
std::string data_path(const std::string& relative);

}  // namespace skidpad::util
