#include <catch2/catch.hpp>

#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/params.hpp"

using namespace skidpad;

TEST_CASE("every registered default lies within its [min, max]", "[params]") {
    const ParamRegistry& reg = param_registry();
    REQUIRE(reg.all().size() > 10);
    for (const ParamDesc& p : reg.all()) {
        INFO(p.key);
        CHECK(p.def >= p.min);
        CHECK(p.def <= p.max);
        CHECK(reg.check(p, p.def).ok);
    }
}

TEST_CASE("set assignments are validated and leave settings unchanged on error", "[params]") {
    const ParamRegistry& reg = param_registry();
    Settings s;
    REQUIRE(reg.apply_assignment(s, "car.mass=1200").ok);
    CHECK(s.car.mass == 1200.0);
    for (const char* bad : {"car.mass=nan", "car.mass=inf", "car.mass=1e9", "car.mass=abc",
                            "car.mass=", "nosuch.key=1", "car.mass", "sim.substeps=2.5"}) {
        INFO(bad);
        const ParamResult r = reg.apply_assignment(s, bad);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.error.empty());
        CHECK(s.car.mass == 1200.0);
    }
}

TEST_CASE("a preset round-trips every tunable unchanged", "[params][preset]") {
    Settings a;
    a.car.mass = 1234.5;
    a.sim.substeps = 3;
    a.sim.paused = true;
    const std::string text = preset_to_text(a, "roundtrip", false);
    Settings b;
    const PresetResult r = apply_preset_text(text, "roundtrip.json", b);
    REQUIRE(r.ok);
    for (const ParamDesc& p : param_registry().all()) {
        INFO(p.key);
        CHECK(p.get(a) == p.get(b));
    }
}

TEST_CASE("car.pacejka_c is limited to 2, where the tyre force keeps its sign at any slip",
          "[params]") {
    const ParamRegistry& reg = param_registry();
    const ParamDesc* p = reg.find("car.pacejka_c");
    REQUIRE(p != nullptr);
    CHECK(p->max == 2.0);
    Settings s;
    CHECK(reg.apply_assignment(s, "car.pacejka_c=2").ok);
    CHECK(s.car.tyre.pacejka_c == 2.0);
    const ParamResult r = reg.apply_assignment(s, "car.pacejka_c=2.5");
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("outside the allowed range [1, 2]") != std::string::npos);
    CHECK(s.car.tyre.pacejka_c == 2.0);
}

TEST_CASE("refused values too large for an integer are printed as numbers, not cast", "[params]") {
    const ParamRegistry& reg = param_registry();
    const ParamDesc* substeps = reg.find("sim.substeps");
    REQUIRE(substeps != nullptr);
    REQUIRE(substeps->type == ParamType::Int);
    CHECK(reg.format(*substeps, 12.0) == "12");
    CHECK(reg.format(*substeps, 2.5) == "2.5");
    CHECK(reg.format(*substeps, 1e19) == "1e+19");
    CHECK(reg.format(*substeps, -1e300) == "-1e+300");
    Settings s;
    const ParamResult r = reg.apply_assignment(s, "sim.substeps=18446744073709551615");
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("value 1.844674407e+19 is outside") != std::string::npos);
    for (const ParamDesc& p : reg.all()) {
        if (p.type != ParamType::Enum) continue;
        INFO(p.key);
        CHECK(reg.format(p, 1e19) == "1e+19");
        CHECK(reg.format(p, 0.0) == p.options[0]);
    }
}
