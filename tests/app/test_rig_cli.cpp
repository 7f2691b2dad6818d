// The rigs (--mode rig) and the drift mode from the command line: the option checks
// and a screenshot of each (the rigs' measurements: tests/game/test_rig.cpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "drift_rig_hud.hpp"
#include "modes/mode_rig.hpp"
#include "overlay_layout.hpp"
#include "support/run_skidpad.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

double value_of(const std::string& out, const std::string& key) {
    const auto p = out.find(" " + key + "=");
    if (p == std::string::npos) return NAN;
    return std::stod(out.substr(p + key.size() + 2));
}

}  // namespace

TEST_CASE("bad --mode and --rig values exit 2 naming the allowed values", "[rig][cli]") {
    struct Case {
        const char* args;
        const char* expect;
    };
    const Case cases[] = {
        {"--mode rig --rig slalom --screenshot x.png --seconds 1",
         "--rig: unknown rig 'slalom' (skidpad, braking, topspeed)"},
        // A bare --mode rig starts the skidpad rig (test_cli_kinds.cpp).
        {"--rig braking --screenshot x.png --seconds 1", "--rig goes with --mode rig"},
        {"--mode drifting --screenshot x.png --seconds 1", "--mode: unknown mode 'drifting'"},
        {"--mode rig --rig skidpad --track oval --screenshot x.png --seconds 1", "no --track"},
        {"--mode rig --rig braking --level assets/levels/arena.json --screenshot x.png --seconds 1",
         "no --level"},
        {"--mode rig --rig braking --record x.replay --screenshot x.png --seconds 1",
         "no --record"},
        {"--mode drift --headless --seconds 1", "needs the window or --screenshot"},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        const test::Run r = test::run_skidpad(c.args);
        CHECK(r.code == 2);
        CHECK_THAT(r.output, Catch::Contains(c.expect));
    }
}

TEST_CASE("each rig and the drift mode start from the command line with --screenshot",
          "[rig][cli][screenshot]") {
    struct Case {
        const char* args;
        double x, y;  ///< where the car starts
    };
    const Case cases[] = {{"--mode rig --rig skidpad", 0.0, -kSkidpadRadius},
                          {"--mode rig --rig braking", 10.0, 0.0},
                          {"--mode rig --rig topspeed", 10.0, 0.0},
                          {"--mode drift --track oval", NAN, NAN}};
    const std::string png = test::temp_path("rig_shot.png");
    for (const Case& c : cases) {
        INFO(c.args);
        const test::Run r = test::run_skidpad(std::string(c.args) + " --screenshot '" + png +
                                              "' --seconds 0.3 --size 320x180");
        CHECK(r.code == 0);
        CHECK(std::filesystem::file_size(png) > 0);
        if (!std::isnan(c.x)) {
            // No input: the car stays at the rig's start (no crate scene, no arena).
            CHECK(value_of(r.output, "x") == Approx(c.x).margin(0.2));
            CHECK(value_of(r.output, "y") == Approx(c.y).margin(0.2));
        }
        std::filesystem::remove(png);
    }
}

TEST_CASE("a rig's ground label is whole on the screen, slid in from an edge", "[rig][app]") {
    View view;  // 1280 x 720 points, 14 points per metre, centred on (0, 0)
    Box b;
    // The "100 m" mark 1 m inside the left edge: its label slides right onto the screen.
    const dvec2 left_edge = view.to_world({14.0, 300.0});
    REQUIRE(rig_label_box(view, left_edge, 60.0f, 20.0f, b));
    CHECK(b.x == 0.0f);
    CHECK(b.w == 60.0f);
    CHECK(b.y == 290.0f);
    // At the bottom right corner: slid up and left.
    REQUIRE(rig_label_box(view, view.to_world({1279.0, 719.0}), 60.0f, 20.0f, b));
    CHECK(b.x + b.w == 1280.0f);
    CHECK(b.y + b.h == 720.0f);
    // In the middle: centred on its point.
    REQUIRE(rig_label_box(view, view.to_world({640.0, 360.0}), 60.0f, 20.0f, b));
    CHECK(b.x == 610.0f);
    CHECK(b.y == 350.0f);
    // A mark off the screen has no label.
    CHECK_FALSE(rig_label_box(view, view.to_world({-5.0, 300.0}), 60.0f, 20.0f, b));
}
