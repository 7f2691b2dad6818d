// The frame cap (display.max_fps): how long run_window sleeps after a frame.
#include <catch2/catch.hpp>

#include <cmath>

#include "game.hpp"

using namespace skidpad::app;

TEST_CASE("frame cap sleeps out the rest of a 1/max_fps frame in whole milliseconds",
          "[app][frame_cap]") {
    // 240 fps: a 4.17 ms budget; 1 ms used leaves 3.17 ms, slept as 3.
    CHECK(frame_cap_sleep_ms(1.0, 240) == 3u);
    // 60 fps: 16.67 ms budget; 2.5 ms used leaves 14.17 ms.
    CHECK(frame_cap_sleep_ms(2.5, 60) == 14u);
    // A frame already over budget, or less than a millisecond short, does not sleep.
    CHECK(frame_cap_sleep_ms(5.0, 240) == 0u);
    CHECK(frame_cap_sleep_ms(3.5, 240) == 0u);
    // 0 (or a negative cap from a bad value) means no cap; a NaN time never sleeps.
    CHECK(frame_cap_sleep_ms(0.0, 0) == 0u);
    CHECK(frame_cap_sleep_ms(0.0, -5) == 0u);
    CHECK(frame_cap_sleep_ms(std::nan(""), 60) == 0u);
    // The smallest cap the tunable allows besides 0 is 1 fps: at most a second.
    CHECK(frame_cap_sleep_ms(0.0, 1) == 1000u);
}
