// The data folder resolver: the order of the places, a named folder used or refused, the
// source tree only for a binary inside its build folder, one message naming every place.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "data_dir.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad::util;
namespace fs = std::filesystem;

namespace {
/// A folder holding tracks/, levels/ and presets/.
std::string make_data(const fs::path& dir) {
    for (const char* sub : {"tracks", "levels", "presets"})
        fs::create_directories(dir / sub);
    return dir.string();
}
DataSearch places(std::string flag, std::string env, std::string exe = "",
                  std::string build_dir = "", std::string source = "") {
    DataSearch s;
    s.flag = std::move(flag);
    s.env = std::move(env);
    s.exe = std::move(exe);
    s.build_dir = std::move(build_dir);
    s.source = std::move(source);
    return s;
}
}  // namespace

TEST_CASE("data folder: --data, then SKIDPAD_DATA, then the share folder, then the source tree",
          "[data]") {
    const skidpad::test::TempDir t;
    const std::string flag = make_data(t.path / "flag");
    const std::string env = make_data(t.path / "env");
    const std::string share = make_data(t.path / "inst" / "share" / "skidpad");
    const std::string source = make_data(t.path / "src" / "assets");
    fs::create_directories(t.path / "src" / "build");
    DataSearch s = places(flag, env, (t.path / "inst" / "bin" / "skidpad").string(),
                          (t.path / "src" / "build").string(), source);
    DataFound f = find_data_dir(s);
    CHECK(f.ok);
    CHECK(f.dir == flag);
    CHECK(f.from == "--data");
    s.flag.clear();
    f = find_data_dir(s);
    CHECK(f.dir == env);
    CHECK(f.from == "SKIDPAD_DATA");
    s.env.clear();
    f = find_data_dir(s);
    CHECK(fs::equivalent(f.dir, share));
    CHECK(f.from == "share");
    // The same binary inside its build folder, no share folder beside it: the source tree.
    s.exe = (t.path / "src" / "build" / "skidpad").string();
    f = find_data_dir(s);
    CHECK(f.dir == source);
    CHECK(f.from == "source");
}

TEST_CASE(
    "data folder: a folder named by --data or SKIDPAD_DATA is used or refused, never "
    "passed over",
    "[data]") {
    const skidpad::test::TempDir t;
    const std::string good = make_data(t.path / "good");
    fs::create_directories(t.path / "half" / "tracks");
    DataSearch s = places((t.path / "nowhere").string(), good);
    DataFound f = find_data_dir(s);
    CHECK_FALSE(f.ok);
    CHECK(f.error.find("--data: '" + s.flag + "' is not a data folder (no such folder") == 0);
    s.flag = (t.path / "half").string();
    f = find_data_dir(s);
    CHECK_FALSE(f.ok);
    CHECK(f.error.find("it holds no levels/, presets/") != std::string::npos);
    s.flag.clear();
    s.env = (t.path / "half").string();
    f = find_data_dir(s);
    CHECK_FALSE(f.ok);
    CHECK(f.error.find("SKIDPAD_DATA='" + s.env + "' is not a data folder") == 0);
}

TEST_CASE(
    "data folder: a copied binary does not fall back on the source tree, and the message "
    "names every place searched",
    "[data]") {
    const skidpad::test::TempDir t;
    const std::string source = make_data(t.path / "src" / "assets");
    fs::create_directories(t.path / "src" / "build");
    fs::create_directories(t.path / "copy" / "bin");
    const DataSearch s = places("", "", (t.path / "copy" / "bin" / "skidpad").string(),
                                (t.path / "src" / "build").string(), source);
    const DataFound f = find_data_dir(s);
    REQUIRE_FALSE(f.ok);
    CHECK(f.dir.empty());
    INFO(f.error);
    CHECK(f.error.find("no data folder") == 0);
    CHECK(f.error.find("--data (not given)") != std::string::npos);
    CHECK(f.error.find("SKIDPAD_DATA (not set)") != std::string::npos);
    CHECK(f.error.find("'" + (t.path / "copy" / "share" / "skidpad").string() +
                       "' (no such folder)") != std::string::npos);
    CHECK(f.error.find("the source tree (only for the binary in its build folder") !=
          std::string::npos);
    CHECK(f.error.find('\n') == std::string::npos);  // one line
    // A build folder whose name merely starts like the executable's folder is not it.
    const DataSearch prefix = places("", "", (t.path / "src" / "build2" / "skidpad").string(),
                                     (t.path / "src" / "build").string(), source);
    CHECK_FALSE(find_data_dir(prefix).ok);
}

TEST_CASE("data folder: --data DIR and --data=DIR are taken out of the arguments", "[data]") {
    std::ostringstream err;
    std::vector<std::string> args = {"lap", "--data", "/d1", "--laps", "1", "--data=/d2"};
    std::string dir;
    REQUIRE(take_data_arg(args, dir, err));
    CHECK(dir == "/d2");
    CHECK(args == std::vector<std::string>{"lap", "--laps", "1"});
    std::vector<std::string> bare = {"--data"};
    CHECK_FALSE(take_data_arg(bare, dir, err));
    CHECK(err.str() == "skidpad: --data needs a folder\n");
}

TEST_CASE("data folder: this test binary, inside its build folder, finds the source tree",
          "[data]") {
    // No --data, no SKIDPAD_DATA in ctest's environment: the developer build's fallback.
    DataSearch here = data_search_here("");
    here.env.clear();
    const DataFound f = find_data_dir(here);
    INFO(f.error);
    REQUIRE(f.ok);
    CHECK(fs::equivalent(f.dir, fs::path(SKIDPAD_SOURCE_DIR) / "assets"));
    CHECK(f.from == "source");
}
