// The soft-body side of the app: --bench-render draws the bench scene and reports
// fps_median; bad --bench-render arguments are refused with a usage message.
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include "support/run_skidpad.hpp"

#include <cstdio>
#include <string>

namespace {
using skidpad::test::Run;

Run run(const std::string& args) {
    return skidpad::test::run_skidpad(args, "SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy");
}
}  // namespace

TEST_CASE("bench-render draws the soft-body bench scene and prints fps_median",
          "[app][soft][bench]") {
    const Run r = run("--bench-render --crates 400 --frames 8");
    INFO(r.output);
    REQUIRE(r.code == 0);
    const auto at = r.output.find("fps_median=");
    REQUIRE(at != std::string::npos);
    CHECK(std::stod(r.output.substr(at + 11)) > 0.0);
    CHECK(r.output.find("crates=400") != std::string::npos);
    // 400 crates + 4 walls + the car's shapes are all in view (nothing culled away).
    const auto drawn = r.output.find("shapes_drawn=");
    REQUIRE(drawn != std::string::npos);
    CHECK(std::stoi(r.output.substr(drawn + 13)) >= 404);
}

TEST_CASE("bench-render without crates or frames is a usage error", "[app][soft]") {
    for (const char* bad : {"--bench-render --frames 5", "--bench-render --crates 10",
                            "--bench-render --crates x --frames 5", "--crates 10"}) {
        const Run r = run(bad);
        INFO(bad << " -> " << r.output);
        CHECK(r.code == 2);
        CHECK(r.output.find("--") != std::string::npos);
    }
}
