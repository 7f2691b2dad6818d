// The built binary copied to another folder finds its data only where it is told or
// installed: --data DIR, SKIDPAD_DATA, ../share/skidpad beside it; with none of them it
// stops with one message naming the places searched (never the source tree it came from).
#include <stb_image.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/run_skidpad.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using skidpad::test::Run;

namespace {

/// The built skidpad copied to DIR/bin/skidpad, nothing beside it.
struct CopiedBinary {
    skidpad::test::TempDir dir{"skidpad_test_copy_"};
    std::string exe;
    std::string data = std::string(SKIDPAD_SOURCE_DIR) + "/assets";
    CopiedBinary() {
        fs::create_directories(dir.path / "bin");
        exe = (dir.path / "bin" / "skidpad").string();
        fs::copy_file(SKIDPAD_EXE, exe);
        fs::permissions(exe, fs::perms::owner_all);
    }
    /// Runs it with its own preferences folder and without SKIDPAD_DATA (unless `env`
    /// sets it).
    Run run(const std::string& args, const std::string& env = "") const {
        return skidpad::test::run_exe(
            exe, args, "env -u SKIDPAD_DATA HOME='" + dir.path.string() + "' " + env);
    }
};

}  // namespace

TEST_CASE("a copied binary runs headless, the lab and a race screenshot with --data DIR",
          "[cli][data]") {
    const CopiedBinary bin;
    const std::string data = " --data '" + bin.data + "'";
    {
        const Run r = bin.run("--headless --seconds 0.5" + data);
        INFO(r.output);
        CHECK(r.code == 0);
        CHECK(r.output.find("skidpad: warning") == std::string::npos);  // the shipped arena
    }
    {
        const Run r = bin.run("lab lap --track oval --laps 1" + data);
        INFO(r.output);
        CHECK(r.code == 0);
        CHECK(r.output.find("track=oval") != std::string::npos);
        CHECK(r.output.find("laps_completed=1") != std::string::npos);
    }
    {
        // The race reads the track, the AI cars' presets and the arena from the data.
        const std::string png = bin.dir.file("race.png");
        const Run r = bin.run("--mode race --track club --opponents 2 --screenshot '" + png +
                              "' --seconds 1.5 --size 1280x720" + data);
        INFO(r.output);
        REQUIRE(r.code == 0);
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 4);
        REQUIRE(px != nullptr);
        // The countdown's "2", big and yellow, above the car (as the modes' own test).
        int yellow = 0;
        for (int y = 40; y < 300; ++y) {
            for (int x = 520; x < 760; ++x) {
                const unsigned char* p = px + (static_cast<std::size_t>(y) * w + x) * 4;
                yellow += std::abs(p[0] - 245) <= 40 && std::abs(p[1] - 200) <= 40 &&
                          std::abs(p[2] - 60) <= 40;
            }
        }
        stbi_image_free(px);
        CHECK(yellow > 300);
    }
}

TEST_CASE("a copied binary finds its data through SKIDPAD_DATA and ../share/skidpad",
          "[cli][data]") {
    const CopiedBinary bin;
    {
        const Run r = bin.run("lab lap --track oval --laps 1", "SKIDPAD_DATA='" + bin.data + "'");
        INFO(r.output);
        CHECK(r.code == 0);
    }
    fs::create_directories(bin.dir.path / "share");
    fs::create_directory_symlink(bin.data, bin.dir.path / "share" / "skidpad");
    const Run r = bin.run("--headless --seconds 0.5");
    INFO(r.output);
    CHECK(r.code == 0);
    CHECK(r.output.find("skidpad: warning") == std::string::npos);
}

TEST_CASE("a copied binary without its data stops with one message naming the places searched",
          "[cli][data]") {
    const CopiedBinary bin;
    const std::string share = (bin.dir.path / "share" / "skidpad").string();
    const std::vector<std::string> runs = {
        "--headless --seconds 0.5", "lab lap --track oval",
        "--screenshot '" + bin.dir.file("x.png") + "' --seconds 1"};
    for (const std::string& args : runs) {
        const Run r = bin.run(args);
        INFO(args << "\n" << r.output);
        CHECK(r.code == 2);
        CHECK(r.output.rfind("skidpad: no data folder (tracks/, levels/, presets/) found; "
                             "searched --data (not given), SKIDPAD_DATA (not set), '" +
                                 share + "' (no such folder), the source tree",
                             0) == 0);
        CHECK(r.output.find("--data DIR or SKIDPAD_DATA=DIR\n") != std::string::npos);
        // One line, nothing else: no crash, no usage text.
        CHECK(r.output.find('\n') == r.output.size() - 1);
    }
    CHECK_FALSE(fs::exists(bin.dir.file("x.png")));
    // A folder named by --data that holds no data is refused by name.
    const Run r = bin.run("--headless --seconds 0.5 --data '" + bin.dir.path.string() + "'");
    CHECK(r.code == 2);
    CHECK(r.output == "skidpad: --data: '" + bin.dir.path.string() +
                          "' is not a data folder (it holds no tracks/, levels/, presets/; it "
                          "must hold tracks/, levels/ and presets/)\n");
}
