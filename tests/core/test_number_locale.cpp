// Numbers read and written the same in every locale: the text helpers print exactly what
// printf printed in the C locale, and under a comma-decimal locale the telemetry CSV,
// input scripts and --set still use '.' and round-trip.
#include <catch2/catch.hpp>

#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "skidpad/input_script.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/telemetry.hpp"
#include "skidpad/tune/params.hpp"
#include "util_text.hpp"

using namespace skidpad;
using util::general_number;
using util::NumberRead;
using util::parse_number;
using util::plain_number;
using util::read_number;

namespace {
/// The old way, in the C locale: "%.*f" with trailing zeros trimmed, "-0" as "0".
std::string printf_plain(double v, int decimals) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s == "-0" ? "0" : s;
}
std::string printf_general(double v, int precision) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    return buf;
}

/// A locale whose decimal point is ',' for one scope when one is installed, else C.UTF-8
/// (then the test still checks the formats, and says which locale it ran under).
struct CommaLocale {
    std::string name;
    bool comma = false;
    CommaLocale() {
        for (const char* n : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8",
                              "nl_NL.UTF-8", "ru_RU.UTF-8", "es_ES.UTF-8", "it_IT.UTF-8"}) {
            if (std::setlocale(LC_ALL, n)) {
                name = n;
                comma = std::strcmp(std::localeconv()->decimal_point, ",") == 0;
                if (comma) return;
            }
        }
        name = std::setlocale(LC_ALL, "C.UTF-8") ? "C.UTF-8" : "C";
    }
    ~CommaLocale() { std::setlocale(LC_ALL, "C"); }
    CommaLocale(const CommaLocale&) = delete;
    CommaLocale& operator=(const CommaLocale&) = delete;
};
}  // namespace

TEST_CASE("plain_number and general_number print what printf printed in the C locale",
          "[util][locale]") {
    std::mt19937_64 rng(29);
    std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-12, 12);
    std::uniform_int_distribution<int> places(0, 9);
    for (int i = 0; i < 20000; ++i) {
        const double v = mantissa(rng) * std::pow(10.0, exponent(rng));
        const int d = places(rng);
        INFO(printf_general(v, 17) << " with " << d);
        REQUIRE(plain_number(v, d) == printf_plain(v, d));
        REQUIRE(general_number(v, d + 1) == printf_general(v, d + 1));
        REQUIRE(general_number(v, 17) == printf_general(v, 17));
    }
    // Halfway cases, the sign of zero, the largest doubles and the non-finite values.
    for (const double v :
         {0.5, 1.5, 2.5, 0.125, -0.0, -0.0000001, 1e300, -1.7976931348623157e308, 5e-324}) {
        CHECK(plain_number(v, 0) == printf_plain(v, 0));
        CHECK(plain_number(v, 2) == printf_plain(v, 2));
        CHECK(plain_number(v) == printf_plain(v, 6));
        CHECK(general_number(v, 10) == printf_general(v, 10));
    }
    CHECK(plain_number(1e300).size() == 301);  // no longer cut at 127 characters
    CHECK(plain_number(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(plain_number(std::nan("")) == "nan");
    CHECK(general_number(-std::numeric_limits<double>::infinity(), 10) == "-inf");
}

TEST_CASE("read_number reads as strtod did in the C locale", "[util][locale]") {
    double v = -1.0;
    CHECK(read_number("1200", v) == NumberRead::Ok);
    CHECK(v == 1200.0);
    CHECK(read_number("  +0.25", v) == NumberRead::Ok);
    CHECK(v == 0.25);
    CHECK(read_number("-3.5e2", v) == NumberRead::Ok);
    CHECK(v == -350.0);
    CHECK(read_number(".5", v) == NumberRead::Ok);
    CHECK(v == 0.5);
    CHECK(read_number("inf", v) == NumberRead::Ok);
    CHECK(v == std::numeric_limits<double>::infinity());
    v = 7.0;
    for (const char* bad : {"", " ", "+", "+-1", "--1", "1,5", "1.5 ", "1.5x", "e5", "0x10"}) {
        INFO(bad);
        CHECK(read_number(bad, v) == NumberRead::NotNumber);
        CHECK(v == 7.0);  // unchanged
    }
    CHECK(read_number("1e999", v) == NumberRead::OutOfRange);
    CHECK(v == std::numeric_limits<double>::infinity());
    CHECK(read_number("-1e999", v) == NumberRead::OutOfRange);
    CHECK(v == -std::numeric_limits<double>::infinity());
    CHECK(read_number("1e-999", v) == NumberRead::OutOfRange);
    CHECK(v == 0.0);
    CHECK(read_number("-0.0000000001e-999", v) == NumberRead::OutOfRange);
    CHECK(v == 0.0);
    CHECK(std::signbit(v));
    CHECK(read_number("1000000000000e-1000", v) == NumberRead::OutOfRange);
    CHECK(v == 0.0);
    CHECK_FALSE(parse_number("1e999", v));
    CHECK_FALSE(parse_number("nan", v));
    v = 7.0;
    CHECK(parse_number("1e-999", v));
    CHECK(v == 0.0);
}

TEST_CASE("under a comma-decimal locale numbers still use '.' and round-trip", "[util][locale]") {
    const CommaLocale locale;
    if (!locale.comma) {
        WARN("no comma-decimal locale is installed (locale -a): ran under " + locale.name);
    }
    INFO("locale " << locale.name);
    // The text helpers.
    CHECK(plain_number(1234.5678) == "1234.5678");
    CHECK(plain_number(-0.125, 2) == "-0.12");  // the exact halfway value rounds to even
    CHECK(general_number(0.35, 10) == "0.35");
    double v = 0.0;
    REQUIRE(parse_number("1234.5678", v));
    CHECK(v == 1234.5678);
    CHECK_FALSE(parse_number("1234,5678", v));
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> any(-1e6, 1e6);
    for (int i = 0; i < 2000; ++i) {
        const double x = any(rng);
        double back = 0.0;
        REQUIRE(parse_number(general_number(x, 17), back));
        REQUIRE(back == x);
    }
    // --set: parsed and printed with '.'.
    const ParamRegistry& reg = param_registry();
    Settings s;
    const ParamResult r = reg.apply_assignment(s, "car.mass=1234.5");
    REQUIRE(r.ok);
    CHECK(s.car.mass == 1234.5);
    CHECK(reg.format(*reg.find("car.mass"), s.car.mass) == "1234.5");
    CHECK_FALSE(reg.apply_assignment(s, "car.mass=1234,5").ok);
    const ParamResult inf = reg.apply_assignment(s, "car.mass=1e999");
    CHECK(inf.error == "car.mass: value inf is not a finite number");
    // Telemetry CSV rows.
    TelemetrySample t;
    t.time = 1.25;
    t.speed = 12.345678;
    t.x = -0.5;
    std::string row;
    append_telemetry_csv_row(row, t);
    CHECK(row.rfind("1.25,0,12.345678,0,0,0,0,0,0,0,0,-0.5,", 0) == 0);
    // Input scripts.
    const InputScriptResult in = parse_input_script(
        "t,throttle,brake,steer,handbrake,gear\n0,0.5,0,-0.25,0,1\n1.5,1,0,0.75,0,2\n", "s.csv");
    REQUIRE(in.ok);
    REQUIRE(in.script.rows.size() == 2);
    CHECK(in.script.rows[0].throttle == 0.5);
    CHECK(in.script.rows[0].steer == -0.25);
    CHECK(in.script.rows[1].t == 1.5);
    CHECK(in.script.rows[1].steer == 0.75);
}
