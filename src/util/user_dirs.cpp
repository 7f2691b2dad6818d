// The player's settings and data folders and the move out of the old folder (user_dirs.hpp).
#include "user_dirs.hpp"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <system_error>

namespace skidpad::util {

namespace fs = std::filesystem;

namespace {

std::string env_value(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

/// `dir` with one trailing '/'.
std::string as_dir(const fs::path& dir) {
    std::string s = dir.lexically_normal().string();
    if (s.empty() || s.back() != '/') s += '/';
    return s;
}

/// The base folder: the XDG variable when it is an absolute path, else HOME/fallback.
fs::path base(const std::string& xdg, const std::string& home, const char* fallback) {
    if (!xdg.empty() && fs::path(xdg).is_absolute()) return fs::path(xdg);
    if (home.empty()) return {};
    return fs::path(home) / fallback;
}

/// A name in `dir` that is free, for `name` already taken there: NAME.old.EXT, then
/// NAME.old-2.EXT, ...
fs::path free_name(const fs::path& dir, const fs::path& name) {
    const std::string stem = name.stem().string();
    const std::string ext = name.extension().string();
    for (int n = 1;; ++n) {
        const std::string tag = n == 1 ? ".old" : ".old-" + std::to_string(n);
        const fs::path p = dir / (stem + tag + ext);
        std::error_code ec;
        if (!fs::exists(fs::symlink_status(p, ec))) return p;
    }
}

struct Move {
    int moved = 0;    ///< files and folders moved
    int renamed = 0;  ///< of them, moved under another name (the target was taken)
    std::vector<std::string> warnings;
};

/// Moves `from` to `to` (a path that does not exist): a rename, or a copy and removal
/// across file systems. Returns whether it moved.
bool move_one(const fs::path& from, const fs::path& to, Move& m) {
    std::error_code ec;
    fs::rename(from, to, ec);
    if (ec && ec.value() == EXDEV) {
        ec.clear();
        fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
        if (!ec) {
            fs::remove_all(from, ec);
            if (ec) {
                m.warnings.push_back("copied " + from.string() + " to " + to.string() +
                                     " but could not remove it: " + ec.message());
            }
            ++m.moved;
            return true;
        }
        std::error_code ignore;
        fs::remove_all(to, ignore);  // a half copy; the original is still whole
    }
    if (ec) {
        m.warnings.push_back("could not move " + from.string() + " to " + to.string() + ": " +
                             ec.message() + " (left where it is)");
        return false;
    }
    ++m.moved;
    return true;
}

/// Moves each entry of `from` into the folder `pick` gives for its name: a folder that
/// exists on both sides is merged, a name taken at the target keeps both (the moved one
/// renamed).
void move_entries(const fs::path& from, const std::function<fs::path(const std::string&)>& pick,
                  Move& m) {
    std::error_code ec;
    std::vector<fs::path> entries;
    for (fs::directory_iterator it(from, ec), end; !ec && it != end; it.increment(ec))
        entries.push_back(it->path());
    if (ec) {
        m.warnings.push_back("could not read " + from.string() + ": " + ec.message());
        return;
    }
    for (const fs::path& src : entries) {
        const fs::path dir = pick(src.filename().string());
        fs::create_directories(dir, ec);
        const fs::path dst = dir / src.filename();
        std::error_code e1, e2;
        const fs::file_status s = fs::symlink_status(src, e1);
        const fs::file_status t = fs::symlink_status(dst, e2);
        if (!fs::exists(t)) {
            move_one(src, dst, m);
        } else if (as_dir(dst) == as_dir(from)) {  // a "skidpad" inside the old folder
            if (move_one(src, free_name(dir, src.filename()), m)) ++m.renamed;
        } else if (fs::is_directory(s) && fs::is_directory(t)) {
            move_entries(
                src, [&dst](const std::string&) { return dst; }, m);
            fs::remove(src, ec);  // only when it was emptied
        } else {
            if (move_one(src, free_name(dir, src.filename()), m)) ++m.renamed;
        }
    }
}

}  // namespace

UserDirsEnv user_dirs_env_here() {
    return {env_value("HOME"), env_value("XDG_CONFIG_HOME"), env_value("XDG_DATA_HOME")};
}

UserDirs user_dirs(const UserDirsEnv& env) {
    UserDirs d;
    const fs::path config = base(env.xdg_config_home, env.home, ".config");
    const fs::path data = base(env.xdg_data_home, env.home, ".local/share");
    if (!config.empty()) d.config = as_dir(config / "skidpad");
    if (!data.empty()) {
        d.data = as_dir(data / "skidpad");
        d.old = as_dir(data / "skidpad" / "skidpad");
    }
    return d;
}

bool is_config_file(const std::string& name) {
    return name == "bindings.json" || name == "player.txt" || name == "imgui.ini";
}

UserDirsOpen open_user_dirs(const UserDirsEnv& env) {
    UserDirsOpen r;
    r.dirs = user_dirs(env);
    for (std::string* dir : {&r.dirs.config, &r.dirs.data}) {
        if (dir->empty()) continue;
        std::error_code ec;
        fs::create_directories(*dir, ec);
        if (ec) {
            r.warnings.push_back("cannot create " + *dir + ": " + ec.message());
            dir->clear();
        }
    }
    const std::string old = r.dirs.old;
    std::error_code ec;
    if (old.empty() || r.dirs.config.empty() || r.dirs.data.empty() ||
        !fs::is_directory(fs::symlink_status(old, ec))) {
        return r;
    }
    Move m;
    const fs::path config = r.dirs.config, data = r.dirs.data;
    move_entries(
        old, [&](const std::string& name) { return is_config_file(name) ? config : data; }, m);
    fs::remove(old, ec);  // only when it was emptied
    r.warnings.insert(r.warnings.end(), m.warnings.begin(), m.warnings.end());
    if (m.moved > 0) {
        r.moved = "moved your files from " + old + " to " + r.dirs.config + " (settings) and " +
                  r.dirs.data + " (saves)";
        if (m.renamed > 0) {
            r.moved += "; " + std::to_string(m.renamed) +
                       (m.renamed == 1 ? " name was" : " names were") +
                       " already taken there, so both copies were kept (the moved one as "
                       "NAME.old)";
        }
    }
    return r;
}

}  // namespace skidpad::util
