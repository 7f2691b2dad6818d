// The bindings file and its rules: one job per input, refusals that name both sides,
// files that move an input from its default action, limits, and the steering shape.
#include <catch2/catch.hpp>
#include <cmath>

#include "input_bindings.hpp"

using namespace skidpad;

namespace {
constexpr int kW = 26, kK = 14, kUp = 82, kF1 = 58, kSpace = 44;
std::size_t at(Action a) {
    return static_cast<std::size_t>(a);
}
}  // namespace

TEST_CASE("the default bindings give every input one job and save and load back", "[bindings]") {
    const Bindings d = default_bindings();
    for (int a = 0; a < kActionCount; ++a) {
        for (int k : d.keys[static_cast<std::size_t>(a)]) {
            if (k == 0) continue;
            CHECK(key_holder(d, k, a) == -1);
            CHECK(reserved_key(k).empty());
        }
    }
    CHECK(d.keys[at(Action::Throttle)][0] == kUp);
    CHECK(d.keys[at(Action::Throttle)][1] == kW);
    Bindings back;
    back.keys[0][0] = 0;
    const BindingsResult r = parse_bindings_text(bindings_to_text(d), "defaults", back);
    REQUIRE(r.ok);
    CHECK(back == d);
}

TEST_CASE("a binding another action holds is refused with both names", "[bindings]") {
    Bindings b = default_bindings();
    const Bindings before = b;
    const std::string why = bind_key(b, Action::Brake, 0, kW);
    CHECK(why == "W is already bound to Throttle; clear it there first");
    CHECK(b == before);
    CHECK(bind_key(b, Action::Reset, 0, kF1) == "F1 is kept for the tuning overlay; not bound");
    CHECK(bind_pad(b, Action::Reset, 1, pad_button(0)) ==
          "pad A is already bound to Handbrake; clear it there first");
    CHECK(b == before);
    // Menu keeps a key: clearing its only key is refused.
    CHECK(bind_key(b, Action::Menu, 0, 0) == "Menu needs a key (the way back to this menu)");
    // Cleared first, W can move; the second slot moves up when the first is cleared.
    CHECK(bind_key(b, Action::Throttle, 1, 0) == "");
    CHECK(bind_key(b, Action::Brake, 1, kW) == "");
    CHECK(bind_key(b, Action::Brake, 0, 0) == "");
    CHECK(b.keys[at(Action::Brake)][0] == kW);
    CHECK(b.keys[at(Action::Brake)][1] == 0);
}

TEST_CASE("a file can move an input from its default action to another", "[bindings]") {
    Bindings b;
    const BindingsResult r = parse_bindings_text(
        R"({"format": "skidpad-bindings", "version": 1,
            "keyboard": {"brake": ["W"], "throttle": ["K"]},
            "pad": {"reset": ["a"]},
            "steering": {"key_sensitivity": 0.8, "stick_linearity": 2.0}})",
        "moved.json", b);
    REQUIRE(r.ok);
    CHECK(b.keys[at(Action::Brake)][0] == kW);
    CHECK(b.keys[at(Action::Brake)][1] == 0);
    CHECK(b.keys[at(Action::Throttle)][0] == kK);
    CHECK(b.keys[at(Action::Handbrake)][0] == kSpace);  // left out: the default
    CHECK(b.pad[at(Action::Reset)][0] == pad_button(0));
    CHECK(b.pad[at(Action::Handbrake)][0].none());  // its default went to Reset
    CHECK(b.steer.key_sensitivity == 0.8);
    CHECK(b.steer.stick_linearity == 2.0);
    CHECK(b.steer.key_linearity == 1.0);
}

TEST_CASE("a bindings file's unknown keys are ignored with a warning each", "[bindings][keys]") {
    Bindings b = default_bindings();
    const BindingsResult r = parse_bindings_text(
        R"({"format":"skidpad-bindings","version":1,"colour":"red",
            "keyboard":{"throtle":["K"],"warp":["J"],"brake":["W"]},
            "steering":{"key_sensitivty":0.5}})",
        "typo.json", b);
    REQUIRE(r.ok);
    CHECK(b.keys[static_cast<std::size_t>(Action::Brake)][0] == key_from_name("W"));
    CHECK(key_holder(b, key_from_name("K")) == -1);  // the misspelt action binds nothing
    CHECK(b.steer.key_sensitivity == 1.0);
    REQUIRE(r.warnings.size() == 4);
    CHECK(r.warnings[0] == "typo.json: unknown top-level key 'colour' ignored");
    CHECK(r.warnings[1] ==
          "typo.json: keyboard: unknown key 'throtle' ignored (did you mean 'throttle'?)");
    CHECK(r.warnings[2] == "typo.json: keyboard: unknown key 'warp' ignored");
    CHECK(r.warnings[3] ==
          "typo.json: steering: unknown key 'key_sensitivty' ignored (did you "
          "mean 'key_sensitivity'?)");
}

TEST_CASE("a bad bindings file is refused whole, naming the file and the entry", "[bindings]") {
    const Bindings before = default_bindings();
    struct Case {
        const char* text;
        const char* says;
    };
    const Case cases[] = {
        {R"({"format":"skidpad-bindings","version":1,"keyboard":{"throttle":["W"],"brake":["W"]}})",
         "f.json: keyboard.throttle: W is already bound to Brake / reverse"},
        {R"({"format":"skidpad-bindings","version":1,"keyboard":{"throttle":["Hyper"]}})",
         "unknown key \"Hyper\""},
        {R"({"format":"skidpad-bindings","version":1,"pad":{"brake":["-lefttrigger"]}})",
         "unknown pad input \"-lefttrigger\""},
        {R"({"format":"skidpad-bindings","version":1,"keyboard":{"reset":["F12"]}})",
         "F12 is kept for screenshots"},
        {R"({"format":"skidpad-bindings","version":1,"keyboard":{"throttle":["W","Up","I"]}})",
         "at most 2 names"},
        {R"({"format":"skidpad-bindings","version":1,"steering":{"stick_sensitivity":50}})",
         "steering.stick_sensitivity"},
        {R"({"format":"skidpad-bindings","version":1,"keyboard":{"menu":[]}})",
         "keyboard.menu needs a key"},
        {R"({"format":"skidpad-bindings","version":2})", "\"version\""},
        {R"({"format":"skidpad-bindings","version":1,"keyboard":{"throttle":["W")",
         "not valid JSON"},
        {"", "the file is empty"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        Bindings b = before;
        const BindingsResult r = parse_bindings_text(c.text, "f.json", b);
        CHECK_FALSE(r.ok);
        CHECK_THAT(r.error, Catch::StartsWith("f.json: ") && Catch::Contains(c.says));
        CHECK(b == before);
    }
    Bindings b = before;
    const std::string big(kMaxBindingsBytes + 1, ' ');
    CHECK_THAT(parse_bindings_text(big, "f.json", b).error,
               Catch::Contains("larger than the limit"));
}

TEST_CASE("steering shape: sensitivity scales, linearity is the exponent, full lock caps",
          "[bindings]") {
    CHECK(shape_steer(0.5, 1.0, 1.0) == 0.5);
    CHECK(shape_steer(-0.5, 1.0, 2.0) == Approx(-0.25).margin(1e-12));
    CHECK(shape_steer(1.0, 0.5, 1.0) == Approx(0.5).margin(1e-12));
    CHECK(shape_steer(0.6, 2.0, 1.0) == 1.0);  // 1.2 capped at full lock
    CHECK(shape_steer(0.5, 1.5, 3.0) == Approx(1.5 * 0.125).margin(1e-12));
    CHECK(shape_steer(std::nan(""), 1.0, 1.0) == 0.0);
}

TEST_CASE("pad input names round-trip and triggers have no minus half", "[bindings]") {
    for (int b = 0; b < kPadButtons; ++b)
        CHECK(pad_input_from_name(pad_input_name(pad_button(b))) == pad_button(b));
    for (int a = 0; a < kPadAxes; ++a) {
        CHECK(pad_input_from_name(pad_input_name(pad_axis(a, true))) == pad_axis(a, true));
        const bool trigger = a == kPadTriggerLeft || a == kPadTriggerRight;
        CHECK(pad_axis(a, false).none() == trigger);
    }
    CHECK(pad_input_label(pad_axis(5, true)) == "RT");
    CHECK(pad_input_label(pad_axis(0, false)) == "Left stick left");
}
