// The window's memory stays flat while it runs: a leak per frame (the offscreen
// driver once grew ~125 MB/s) shows as resident memory growing between the first
// fifth of a benchmark run and its end.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "support/run_skidpad.hpp"

namespace {

/// The number after `key=` in a key=value line, or NaN.
double field(const std::string& out, const std::string& key) {
    const auto at = out.find(" " + key + "=");
    if (at == std::string::npos) return std::nan("");
    return std::stod(out.substr(at + key.size() + 2));
}

}  // namespace

TEST_CASE("resident memory grows by less than 10 MB over 3000 offscreen window frames",
          "[cli][memory][soak]") {
    // ASan's quarantine keeps freed blocks resident on purpose: turned off here so
    // the figure is the program's own (the variable means nothing to other builds).
    const std::string env =
        "SDL_VIDEODRIVER=offscreen "
        "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:quarantine_size_mb=0";
    const skidpad::test::Run r =
        skidpad::test::run_skidpad("--bench-frames 3000 --size 320x200", env);
    INFO(r.output);
    REQUIRE(r.code == 0);
    const double warm = field(r.output, "rss_warm_mb");
    const double growth = field(r.output, "rss_growth_mb");
    REQUIRE(warm > 0.0);  // /proc/self/statm read
    CHECK(growth < 10.0);
    CHECK(growth > -10.0);
}
