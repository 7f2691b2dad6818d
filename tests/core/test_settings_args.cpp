#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "lab.hpp"

using namespace skidpad;

TEST_CASE("command-line set and preset options are validated before anything runs", "[cli]") {
    Settings s;
    std::ostringstream err;
    std::vector<std::string> args = {"--set", "car.mass=1200", "--seconds", "3"};
    REQUIRE(lab::apply_settings_args(args, s, err));
    CHECK(s.car.mass == 1200.0);
    CHECK(args == std::vector<std::string>{"--seconds", "3"});
    CHECK(err.str().empty());

    // An unknown key is a typo on the command line: refused, naming the key.
    std::vector<std::string> typo = {"--set", "car.mass=1200", "--set=no.such.key=4"};
    Settings u;
    std::ostringstream ue;
    CHECK_FALSE(lab::apply_settings_args(typo, u, ue));
    CHECK(u.car.mass == Settings{}.car.mass);
    CHECK(ue.str().find("unknown parameter 'no.such.key'") != std::string::npos);

    for (std::vector<std::string> bad :
         {std::vector<std::string>{"--set", "car.mass=nan"},
          {"--set", "car.mass=99999"},
          {"--set", "car.mass"},
          {"--set"},
          {"--set", "car.mass=900", "--preset", "/nonexistent.json"}}) {
        Settings t;
        std::ostringstream e;
        CHECK_FALSE(lab::apply_settings_args(bad, t, e));
        CHECK(t.car.mass == Settings{}.car.mass);  // nothing applied, not even the good --set
        CHECK_FALSE(e.str().empty());
    }
    std::ostringstream out, e2;
    CHECK(lab::run_lab({"determinism", "--set", "car.mass=-5"}, out, e2) == 2);
    CHECK(out.str().empty());
    CHECK(e2.str().find("car.mass") != std::string::npos);
}

TEST_CASE("a --set applies after every --preset, wherever it stands", "[cli]") {
    const std::string hatch = std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets/hatch-fwd.json";
    for (bool set_first : {true, false}) {
        std::vector<std::string> args =
            set_first ? std::vector<std::string>{"--set", "car.mass=2000", "--preset", hatch, "x"}
                      : std::vector<std::string>{"--preset", hatch, "--set", "car.mass=2000", "x"};
        Settings s;
        std::ostringstream err;
        REQUIRE(lab::apply_settings_args(args, s, err));
        INFO("set first " << set_first << ": " << err.str());
        CHECK(s.car.mass == 2000.0);                    // the --set, not the hatch's 1150 kg
        CHECK(s.car.drivetrain.layout == Layout::FWD);  // the rest of the preset applied
        CHECK(args == std::vector<std::string>{"x"});
    }
}
