// The player's folders: XDG defaults and overrides, and the one-time move out of the old
// doubled folder (files split between settings and saves, nothing lost on a name clash).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/scoped_env.hpp"
#include "support/temp_dir.hpp"
#include "user_dirs.hpp"

using namespace skidpad::util;
namespace fs = std::filesystem;

namespace {
void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}
std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}
using EnvVar = skidpad::test::ScopedEnv;
}  // namespace

TEST_CASE("user folders: ~/.config/skidpad and ~/.local/share/skidpad by default", "[dirs]") {
    const UserDirs d = user_dirs({"/home/ann", "", ""});
    CHECK(d.config == "/home/ann/.config/skidpad/");
    CHECK(d.data == "/home/ann/.local/share/skidpad/");
    CHECK(d.old == "/home/ann/.local/share/skidpad/skidpad/");
}

TEST_CASE("user folders: XDG_CONFIG_HOME and XDG_DATA_HOME override, relative ones are ignored",
          "[dirs]") {
    UserDirs d = user_dirs({"/home/ann", "/cfg", "/srv/data/"});
    CHECK(d.config == "/cfg/skidpad/");
    CHECK(d.data == "/srv/data/skidpad/");
    CHECK(d.old == "/srv/data/skidpad/skidpad/");
    d = user_dirs({"/home/ann", "rel/cfg", "rel/data"});
    CHECK(d.config == "/home/ann/.config/skidpad/");
    CHECK(d.data == "/home/ann/.local/share/skidpad/");
    d = user_dirs({"", "", ""});
    CHECK(d.config.empty());
    CHECK(d.data.empty());
    d = user_dirs({"", "/cfg", ""});  // no HOME: only what is named
    CHECK(d.config == "/cfg/skidpad/");
    CHECK(d.data.empty());
}

TEST_CASE("user folders: read from the process's HOME and XDG variables", "[dirs]") {
    const skidpad::test::TempDir t;
    const std::string home = (t.path / "home").string();
    const std::string cfg = (t.path / "cfg").string();
    const EnvVar h("HOME", home.c_str());
    SECTION("defaults") {
        const EnvVar c("XDG_CONFIG_HOME", nullptr);
        const EnvVar d("XDG_DATA_HOME", "");
        const UserDirsOpen o = open_user_dirs(user_dirs_env_here());
        CHECK(o.dirs.config == home + "/.config/skidpad/");
        CHECK(o.dirs.data == home + "/.local/share/skidpad/");
        CHECK(fs::is_directory(o.dirs.config));
        CHECK(fs::is_directory(o.dirs.data));
        CHECK(o.moved.empty());
        CHECK(o.warnings.empty());
    }
    SECTION("an override") {
        const EnvVar c("XDG_CONFIG_HOME", cfg.c_str());
        const EnvVar d("XDG_DATA_HOME", nullptr);
        const UserDirsOpen o = open_user_dirs(user_dirs_env_here());
        CHECK(o.dirs.config == cfg + "/skidpad/");
        CHECK(o.dirs.data == home + "/.local/share/skidpad/");
    }
}

TEST_CASE("user folders: the old folder's files move once, settings and saves apart", "[dirs]") {
    const skidpad::test::TempDir t;
    const UserDirsEnv env{(t.path / "home").string(), "", ""};
    const fs::path old = user_dirs(env).old;
    write(old / "bindings.json", "B");
    write(old / "player.txt", "P");
    write(old / "imgui.ini", "I");
    write(old / "last.replay", "R");
    write(old / "presets" / "mine.json", "M");
    write(old / "tracks" / "loop.json", "L");
    const UserDirsOpen o = open_user_dirs(env);
    const fs::path cfg = o.dirs.config, data = o.dirs.data;
    CHECK(o.warnings.empty());
    CHECK(o.moved == "moved your files from " + old.string() + " to " + o.dirs.config +
                         " (settings) and " + o.dirs.data + " (saves)");
    CHECK(read(cfg / "bindings.json") == "B");
    CHECK(read(cfg / "player.txt") == "P");
    CHECK(read(cfg / "imgui.ini") == "I");
    CHECK(read(data / "last.replay") == "R");
    CHECK(read(data / "presets" / "mine.json") == "M");
    CHECK(read(data / "tracks" / "loop.json") == "L");
    CHECK_FALSE(fs::exists(old));  // emptied and removed
    CHECK_FALSE(fs::exists(data / "bindings.json"));
    // A second start has nothing to move and says nothing.
    const UserDirsOpen again = open_user_dirs(env);
    CHECK(again.moved.empty());
    CHECK(read(cfg / "bindings.json") == "B");
}

TEST_CASE("user folders: a name already taken at the target keeps both files", "[dirs]") {
    const skidpad::test::TempDir t;
    const UserDirsEnv env{(t.path / "home").string(), (t.path / "cfg").string(), ""};
    const UserDirs d = user_dirs(env);
    const fs::path old = d.old, cfg = d.config, data = d.data;
    write(cfg / "bindings.json", "new B");
    write(data / "last.replay", "new R");
    write(data / "last.old.replay", "taken too");
    write(data / "tracks" / "loop.json", "new L");
    write(old / "bindings.json", "old B");
    write(old / "last.replay", "old R");
    write(old / "tracks" / "loop.json", "old L");
    write(old / "tracks" / "hill.json", "old H");
    write(old / "skidpad", "a file named like the folder");
    const UserDirsOpen o = open_user_dirs(env);
    CHECK(o.warnings.empty());
    REQUIRE_FALSE(o.moved.empty());
    CHECK(o.moved.find("4 names were already taken there") != std::string::npos);
    CHECK(read(cfg / "bindings.json") == "new B");
    CHECK(read(cfg / "bindings.old.json") == "old B");
    CHECK(read(data / "last.replay") == "new R");
    CHECK(read(data / "last.old.replay") == "taken too");
    CHECK(read(data / "last.old-2.replay") == "old R");
    CHECK(read(data / "tracks" / "loop.json") == "new L");
    CHECK(read(data / "tracks" / "loop.old.json") == "old L");
    CHECK(read(data / "tracks" / "hill.json") == "old H");
    CHECK(read(data / "skidpad.old") == "a file named like the folder");
    CHECK_FALSE(fs::exists(old));
}

TEST_CASE("user folders: a folder that cannot be created is left out with a warning", "[dirs]") {
    const skidpad::test::TempDir t;
    write(t.path / "blocker", "a file where the config base should be a folder");
    const UserDirsOpen o =
        open_user_dirs({(t.path / "home").string(), (t.path / "blocker").string(), ""});
    CHECK(o.dirs.config.empty());
    CHECK(o.dirs.data == (t.path / "home").string() + "/.local/share/skidpad/");
    REQUIRE(o.warnings.size() == 1);
    CHECK(o.warnings[0].find("cannot create " + (t.path / "blocker").string() + "/skidpad/") == 0);
}
