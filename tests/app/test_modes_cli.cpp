// The modes from the command line: each starts with --screenshot and its picture shows
// its HUD (the countdown on a track, the minimap with the track and every car); bad
// --mode and --opponents values are refused with a message.
#include <stb_image.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "skidpad/car/car.hpp"
#include "support/run_skidpad.hpp"
#include "support/temp_dir.hpp"

namespace {

using skidpad::test::Run;

struct Shot {
    int w = 0, h = 0;
    unsigned char* px = nullptr;
    ~Shot() {
        if (px) stbi_image_free(px);
    }
    /// Pixels within `tol` per channel of (r, g, b) in the rectangle [x0, x1) × [y0, y1).
    int count(int x0, int y0, int x1, int y1, int r, int g, int b, int tol) const {
        int n = 0;
        for (int y = std::max(0, y0); y < std::min(h, y1); ++y) {
            for (int x = std::max(0, x0); x < std::min(w, x1); ++x) {
                const unsigned char* p = px + (static_cast<std::size_t>(y) * w + x) * 4;
                n += std::abs(p[0] - r) <= tol && std::abs(p[1] - g) <= tol &&
                     std::abs(p[2] - b) <= tol;
            }
        }
        return n;
    }
};

/// `skidpad --mode MODE ARGS --screenshot` at 1280×720 after `seconds`, with its own
/// preferences directory.
void shoot(const std::string& mode, const std::string& args, double seconds, Shot& shot,
           int w = 1280, int h = 720) {
    const skidpad::test::TempDir home;
    const std::string png = home.file("shot.png");
    const Run r = skidpad::test::run_skidpad(
        "--mode " + mode + " " + args + " --screenshot '" + png + "' --seconds " +
            std::to_string(seconds) + " --size " + std::to_string(w) + "x" + std::to_string(h),
        "HOME='" + home.path.string() + "'");
    INFO(r.output);
    REQUIRE(r.code == 0);
    int n = 0;
    shot.px = stbi_load(png.c_str(), &shot.w, &shot.h, &n, 4);
    REQUIRE(shot.px != nullptr);
    REQUIRE(shot.w == w);
    REQUIRE(shot.h == h);
}

// The minimap's box: 30 % of the short side (216 px at 720) 12 px from the top right.
constexpr int kMapX0 = 1280 - 12 - 216, kMapX1 = 1280 - 12, kMapY0 = 12, kMapY1 = 12 + 216;

}  // namespace

TEST_CASE("time trial from the command line: countdown, minimap with the track and the car",
          "[cli][modes][screenshot]") {
    Shot s;
    shoot("time-trial", "--track club", 1.5, s);
    // "2" of the countdown, big and yellow, above the car.
    CHECK(s.count(520, 40, 760, 300, 245, 200, 60, 40) > 300);
    // The track's outline in grey and the player's ring in white inside the minimap.
    CHECK(s.count(kMapX0, kMapY0, kMapX1, kMapY1, 140, 140, 145, 25) > 400);
    CHECK(s.count(kMapX0, kMapY0, kMapX1, kMapY1, 255, 255, 255, 10) > 30);
}

TEST_CASE("race from the command line: countdown and every car on the minimap",
          "[cli][modes][screenshot][soak]") {
    Shot s;
    shoot("race", "--opponents 3", 1.5, s);
    CHECK(s.count(520, 40, 760, 300, 245, 200, 60, 40) > 300);
    CHECK(s.count(kMapX0, kMapY0, kMapX1, kMapY1, 140, 140, 145, 25) > 400);
    // 20 s on, the field is strung out: the AI cars' dots in their paints (numbers 1..3:
    // blue, yellow, green) on the minimap.
    Shot later;
    shoot("race", "--opponents 3", 20.0, later);
    for (std::uint32_t k = 1; k <= 3; ++k) {
        const skidpad::Color c = skidpad::car_paint(k);
        INFO("paint " << k);
        CHECK(later.count(kMapX0, kMapY0, kMapX1, kMapY1, static_cast<int>(c & 0xff),
                          static_cast<int>((c >> 8) & 0xff), static_cast<int>((c >> 16) & 0xff),
                          12) > 5);
    }
}

TEST_CASE("free mode from the command line: the arena with its minimap and no countdown",
          "[cli][modes][screenshot]") {
    Shot s;
    shoot("free", "", 1.5, s);
    CHECK(s.count(520, 40, 760, 300, 245, 200, 60, 40) == 0);
    CHECK(s.count(kMapX0, kMapY0, kMapX1, kMapY1, 255, 255, 255, 10) > 30);
}

TEST_CASE("bad --mode and --opponents values are refused with a message", "[cli][modes]") {
    Run r = skidpad::test::run_skidpad("--mode drag --screenshot /tmp/x.png --seconds 1");
    CHECK(r.code == 2);
    CHECK(r.output.find("--mode: unknown mode 'drag' (free|time-trial|race") != std::string::npos);
    r = skidpad::test::run_skidpad("--mode race --opponents 8");
    CHECK(r.code == 2);
    CHECK(r.output.find("--opponents: '8' is not a whole number in [1, 7]") != std::string::npos);
    r = skidpad::test::run_skidpad("--mode time-trial --opponents 2");
    CHECK(r.code == 2);
    CHECK(r.output.find("--opponents goes with --mode race") != std::string::npos);
    r = skidpad::test::run_skidpad("--mode race --headless --seconds 1");
    CHECK(r.code == 2);
    CHECK(r.output.find("--mode needs the window or --screenshot") != std::string::npos);
    r = skidpad::test::run_skidpad(
        "--mode time-trial --track nowhere --screenshot /tmp/x.png "
        "--seconds 1");
    CHECK(r.code == 2);
    CHECK(r.output.find("unknown track 'nowhere'") != std::string::npos);
}

TEST_CASE("bad --laps and --difficulty values are refused with a message", "[cli][modes]") {
    Run r = skidpad::test::run_skidpad("--mode race --laps 11");
    CHECK(r.code == 2);
    CHECK(r.output.find("--laps: '11' is not a whole number in [1, 10]") != std::string::npos);
    r = skidpad::test::run_skidpad("--mode race --difficulty expert");
    CHECK(r.code == 2);
    CHECK(r.output.find("--difficulty: 'expert' is not novice, club, pro or mixed") !=
          std::string::npos);
    r = skidpad::test::run_skidpad("--mode time-trial --laps 2");
    CHECK(r.code == 2);
    CHECK(r.output.find("--laps goes with --mode race") != std::string::npos);
    r = skidpad::test::run_skidpad("--mode drift --difficulty pro");
    CHECK(r.code == 2);
    CHECK(r.output.find("--difficulty goes with --mode race") != std::string::npos);
}

TEST_CASE("sandbox mode from the command line: the arena with the sandbox toolbar",
          "[cli][modes][screenshot]") {
    // The toolbar at the top left: the chosen tool's button (crate) in ImGui's
    // pressed-button blue, which the free mode's picture has nowhere there.
    Shot s;
    shoot("sandbox", "", 1.0, s);
    CHECK(s.count(8, 8, 260, 240, 15, 135, 250, 12) > 300);
    CHECK(s.count(kMapX0, kMapY0, kMapX1, kMapY1, 255, 255, 255, 10) > 30);
    Shot f;
    shoot("free", "", 1.0, f);
    CHECK(f.count(8, 8, 260, 240, 15, 135, 250, 12) == 0);
}

TEST_CASE("the sandbox is the arena's: --track is refused with a message", "[cli][modes]") {
    const Run r = skidpad::test::run_skidpad(
        "--mode sandbox --track club --screenshot /tmp/x.png --seconds 1");
    CHECK(r.code == 2);
    CHECK(r.output.find("--mode rig and --mode sandbox build their own scene (no --track)") !=
          std::string::npos);
}
