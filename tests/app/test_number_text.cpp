// Plot ranges and values read as numbers with a sensible number of decimals.
#include <catch2/catch.hpp>

#include "number_text.hpp"

using namespace skidpad::app;

TEST_CASE("numbers print at the magnitude of what is shown with them", "[app][text]") {
    CHECK(number_text(6.56, 6.56) == "6.56");
    CHECK(number_text(1.28e-37, 6.56) == "0.00");  // the plot range the player saw
    CHECK(number_text(-0.001, 6.56) == "0.00");    // no "-0.00"
    CHECK(number_text(-2.5, 6.56) == "-2.50");
    CHECK(number_text(812.4, 7000.0) == "812");
    CHECK(number_text(7000.0, 7000.0) == "7000");
    CHECK(number_text(0.0123, 0.0123) == "0.0123");
    CHECK(number_text(42.0, 0.0) == "42.0");  // no scale: its own magnitude
    CHECK(number_text(0.0, 0.0) == "0");
    CHECK(range_text(1.28e-37, 6.56, "m/s") == "0.00 .. 6.56 m/s");
    CHECK(range_text(-1.234, 0.5, "g") == "-1.23 .. 0.50 g");
    CHECK(range_text(800.0, 7200.0, "") == "800 .. 7200");
}
