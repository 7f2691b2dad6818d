// `skidpad lab audio-bench`: its printed fields are a contract.
#include <catch2/catch.hpp>
#include <sstream>

#include "lab.hpp"

TEST_CASE("lab audio-bench prints the callback cost per 10 ms buffer with 32 voices",
          "[audio][lab][bench]") {
    std::ostringstream out, err;
    REQUIRE(skidpad::lab::run_lab({"audio-bench", "--buffers", "20"}, out, err) == 0);
    const std::string line = out.str();
    INFO(line << err.str());
    CHECK(line.find("experiment=audio-bench voices=32 buffers=20 ") == 0);
    CHECK(line.find(" us_per_10ms_buffer_median=") != std::string::npos);
    CHECK(line.find(" us_per_10ms_buffer_p99=") != std::string::npos);
    CHECK(line.find(" cpu_pct_of_realtime_median=") != std::string::npos);
    std::ostringstream bad_out, bad_err;
    CHECK(skidpad::lab::run_lab({"audio-bench", "--voices", "33"}, bad_out, bad_err) == 2);
}
