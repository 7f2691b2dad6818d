// Atomic writes leave the full file and nothing else; the start-up clean-up removes only
// old temporary files of the atomic-write naming.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "platform.hpp"
#include "skidpad/scene/file_io.hpp"
#include "stale_temps.hpp"
#include "support/run_skidpad.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

namespace fs = std::filesystem;

namespace {

int count_files(const fs::path& dir) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        (void)e;
        n += 1;
    }
    return n;
}

void touch(const std::string& path, std::chrono::seconds age) {
    std::ofstream(path) << "x";
    fs::last_write_time(path, fs::file_time_type::clock::now() - age);
}
}  // namespace

TEST_CASE("atomic writes leave the full content and no temporary file", "[atomic]") {
    skidpad::test::TempDir dir;
    const std::string path = dir.file("out.bin");
    std::string big(300000, '\0');  // larger than the writer's 64 KiB buffer
    for (std::size_t i = 0; i < big.size(); ++i)
        big[i] = static_cast<char>(i * 7 % 251);
    REQUIRE(skidpad::write_file_atomic(path, big).ok);
    CHECK(skidpad::test::read_file(path) == big);
    REQUIRE(skidpad::write_file_atomic(path, "short").ok);  // replaces, not appends
    CHECK(skidpad::test::read_file(path) == "short");
    CHECK(count_files(dir.path) == 1);

    // A screenshot goes the same way.
    skidpad::app::Image img;
    img.width = 4;
    img.height = 3;
    img.rgba.assign(4 * 3 * 4, 200);
    std::string error;
    const std::string png = dir.file("shot.png");
    REQUIRE(skidpad::app::write_png(png, img, error));
    CHECK(skidpad::test::read_file(png).substr(1, 3) == "PNG");
    CHECK(count_files(dir.path) == 2);
}

TEST_CASE("the atomic-write temp pattern matches mkstemp names only", "[atomic]") {
    CHECK(skidpad::is_atomic_temp_name("preset.json.tmp.a1B2c3"));
    CHECK(skidpad::is_atomic_temp_name("t.csv.tmp.XXXXXX"));
    CHECK_FALSE(skidpad::is_atomic_temp_name("preset.json"));
    CHECK_FALSE(skidpad::is_atomic_temp_name("notes.tmp"));
    CHECK_FALSE(skidpad::is_atomic_temp_name("x.tmp.abc"));     // five or fewer
    CHECK_FALSE(skidpad::is_atomic_temp_name("x.tmp.abc-ef"));  // not alphanumeric
    CHECK_FALSE(skidpad::is_atomic_temp_name(".tmp.abcdef"));   // no name before it
}

TEST_CASE("stale temp files of our naming are removed, foreign and young ones kept", "[atomic]") {
    skidpad::test::TempDir dir;
    const std::string stale = dir.file("mine.json.tmp.Ab12Cd");
    const std::string young = dir.file("live.json.tmp.Zz99Yy");
    const std::string foreign = dir.file("foreign.tmp");
    const std::string old_preset = dir.file("kept.json");
    touch(stale, std::chrono::seconds(120));
    touch(young, std::chrono::seconds(0));
    touch(foreign, std::chrono::seconds(3600));
    touch(old_preset, std::chrono::seconds(3600));
    CHECK(skidpad::app::remove_stale_temp_files(dir.path.string()) == 1);
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(young));
    CHECK(fs::exists(foreign));
    CHECK(fs::exists(old_preset));
    CHECK(skidpad::app::remove_stale_temp_files(dir.file("missing")) == 0);
}

TEST_CASE("the window cleans stale temp files in its data folder at start", "[atomic][cli]") {
    skidpad::test::TempDir home;
    const fs::path presets = home.path / "data" / "skidpad" / "presets";
    fs::create_directories(presets);
    const std::string stale = (presets / "mine.json.tmp.Ab12Cd").string();
    const std::string foreign = (presets / "notes.txt").string();
    touch(stale, std::chrono::seconds(120));
    touch(foreign, std::chrono::seconds(120));
    const std::string png = home.file("shot.png");
    const skidpad::test::Run r = skidpad::test::run_skidpad(
        "--screenshot '" + png + "' --seconds 0.1 --size 64x64",
        "XDG_DATA_HOME='" + (home.path / "data").string() + "' XDG_CONFIG_HOME='" +
            (home.path / "config").string() + "' SDL_VIDEODRIVER=offscreen");
    INFO(r.output);
    REQUIRE(r.code == 0);
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(foreign));
    CHECK(fs::exists(png));
}

TEST_CASE("a named destination's own stale temp files are removed, nobody else's", "[atomic]") {
    skidpad::test::TempDir dir;
    const std::string target = dir.file("run.csv");
    const std::string stale = dir.file("run.csv.tmp.Ab12Cd");
    const std::string young = dir.file("run.csv.tmp.Zz99Yy");
    const std::string other = dir.file("other.csv.tmp.Ab12Cd");  // another target's
    const std::string longer = dir.file("xrun.csv.tmp.Ab12Cd");  // a name ending alike
    const std::string suffix = dir.file("run.csv.tmp.Ab12Cd7");  // not mkstemp's shape
    touch(stale, std::chrono::seconds(120));
    touch(young, std::chrono::seconds(0));
    touch(other, std::chrono::seconds(3600));
    touch(longer, std::chrono::seconds(3600));
    touch(suffix, std::chrono::seconds(3600));
    CHECK(skidpad::app::remove_stale_temps_of(target) == 1);
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(young));
    CHECK(fs::exists(other));
    CHECK(fs::exists(longer));
    CHECK(fs::exists(suffix));
    CHECK(skidpad::app::remove_stale_temps_of(dir.file("missing/run.csv")) == 0);
}

TEST_CASE("a headless run removes what a killed telemetry write of its target left",
          "[atomic][cli]") {
    skidpad::test::TempDir dir;
    const std::string csv = dir.file("run.csv");
    const std::string orphan = dir.file("run.csv.tmp.Ab12Cd");
    touch(orphan, std::chrono::seconds(120));
    const skidpad::test::Run r =
        skidpad::test::run_skidpad("--headless --seconds 0.1 --telemetry '" + csv + "'");
    INFO(r.output);
    REQUIRE(r.code == 0);
    CHECK_FALSE(fs::exists(orphan));
    CHECK(fs::exists(csv));
    CHECK(count_files(dir.path) == 1);
}
