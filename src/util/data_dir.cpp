// The data folder resolver: the places tried in order and the one message when none holds
// the data.
#include "data_dir.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>

namespace skidpad::util {

namespace fs = std::filesystem;

namespace {

/// True when `inner` lies inside `outer` (both made absolute without following a missing
/// part).
bool inside(const std::string& inner, const std::string& outer) {
    if (inner.empty() || outer.empty()) return false;
    std::error_code ec;
    const fs::path a = fs::weakly_canonical(inner, ec);
    if (ec) return false;
    const fs::path b = fs::weakly_canonical(outer, ec);
    if (ec) return false;
    auto ai = a.begin();
    for (auto bi = b.begin(); bi != b.end(); ++bi, ++ai) {
        if (bi->empty()) continue;  // a trailing separator
        if (ai == a.end() || *ai != *bi) return false;
    }
    return ai != a.end();
}

/// Control bytes of a path shown as '?', so the message stays one line.
std::string shown(std::string text) {
    for (char& c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = '?';
    }
    return "'" + text + "'";
}

std::string share_dir(const std::string& exe) {
    if (exe.empty()) return "";
    return (fs::path(exe).parent_path().parent_path() / "share" / "skidpad").string();
}

std::mutex& state_mutex() {
    static std::mutex m;
    return m;
}
std::optional<DataFound>& state() {
    static std::optional<DataFound> found;
    return found;
}

}  // namespace

const std::vector<std::string>& data_subdirs() {
    static const std::vector<std::string> dirs = {"tracks", "levels", "presets"};
    return dirs;
}

std::string data_dir_problem(const std::string& dir) {
    std::error_code ec;
    const fs::file_status st = fs::status(dir, ec);
    if (!fs::exists(st)) return "no such folder";
    if (!fs::is_directory(st)) return "not a folder";
    std::string missing;
    for (const std::string& sub : data_subdirs()) {
        if (!fs::is_directory(fs::path(dir) / sub, ec))
            missing += (missing.empty() ? "" : ", ") + sub + "/";
    }
    return missing.empty() ? "" : "it holds no " + missing;
}

DataFound find_data_dir(const DataSearch& s) {
    DataFound f;
    auto use = [&](const std::string& dir, const char* from) {
        f.ok = true;
        f.dir = dir;
        f.from = from;
        return f;
    };
    // Named by the player: used or refused, never passed over.
    if (!s.flag.empty()) {
        if (const std::string why = data_dir_problem(s.flag); !why.empty()) {
            f.error = "--data: " + shown(s.flag) + " is not a data folder (" + why +
                      "; it must hold tracks/, levels/ and presets/)";
            return f;
        }
        return use(s.flag, "--data");
    }
    if (!s.env.empty()) {
        if (const std::string why = data_dir_problem(s.env); !why.empty()) {
            f.error = "SKIDPAD_DATA=" + shown(s.env) + " is not a data folder (" + why +
                      "; it must hold tracks/, levels/ and presets/)";
            return f;
        }
        return use(s.env, "SKIDPAD_DATA");
    }
    std::string searched = "--data (not given), SKIDPAD_DATA (not set)";
    const std::string share = share_dir(s.exe);
    if (share.empty()) {
        searched += ", ../share/skidpad beside the executable (its path is unknown)";
    } else {
        const std::string why = data_dir_problem(share);
        if (why.empty()) return use(share, "share");
        searched += ", " + shown(share) + " (" + why + ")";
    }
    if (!s.source.empty()) {
        if (!inside(s.exe, s.build_dir)) {
            searched += ", the source tree (only for the binary in its build folder " +
                        shown(s.build_dir) + ")";
        } else if (const std::string why = data_dir_problem(s.source); !why.empty()) {
            searched += ", " + shown(s.source) + " (" + why + ")";
        } else {
            return use(s.source, "source");
        }
    }
    f.error = "no data folder (tracks/, levels/, presets/) found; searched " + searched +
              "; name one with --data DIR or SKIDPAD_DATA=DIR";
    return f;
}

DataSearch data_search_here(const std::string& flag) {
    DataSearch s;
    s.flag = flag;
    if (const char* env = std::getenv("SKIDPAD_DATA")) s.env = env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) s.exe = exe.string();
#ifdef SKIDPAD_BUILD_DIR
    s.build_dir = SKIDPAD_BUILD_DIR;
#endif
#ifdef SKIDPAD_SOURCE_DATA
    s.source = SKIDPAD_SOURCE_DATA;
#endif
    return s;
}

bool take_data_arg(std::vector<std::string>& args, std::string& dir, std::ostream& err) {
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--data") {
            if (i + 1 >= args.size() || args[i + 1].empty()) {
                err << "skidpad: --data needs a folder\n";
                return false;
            }
            dir = args[++i];
        } else if (args[i].rfind("--data=", 0) == 0) {
            dir = args[i].substr(7);
            if (dir.empty()) {
                err << "skidpad: --data needs a folder\n";
                return false;
            }
        } else {
            rest.push_back(args[i]);
        }
    }
    args = rest;
    return true;
}

bool data_dir_init(const std::string& flag, std::ostream& err) {
    DataFound f = find_data_dir(data_search_here(flag));
    const bool ok = f.ok;
    if (!ok) err << "skidpad: " << f.error << "\n";
    const std::lock_guard<std::mutex> lock(state_mutex());
    state() = std::move(f);
    return ok;
}

std::string data_dir() {
    const std::lock_guard<std::mutex> lock(state_mutex());
    if (!state()) state() = find_data_dir(data_search_here(""));
    return state()->ok ? state()->dir : std::string();
}

std::string data_path(const std::string& relative) {
    return (fs::path(data_dir()) / relative).string();
}

}  // namespace skidpad::util
