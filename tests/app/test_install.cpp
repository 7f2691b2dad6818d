// What the installed game is made of: the man page written from the option table, the
// icon drawn in code, the version line.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "build_info.hpp"
#include "command_line.hpp"
#include "icon_art.hpp"
#include "option_table.hpp"

using namespace skidpad;

TEST_CASE("the man page names every option of the table, in roff", "[install]") {
    std::ostringstream man;
    app::print_man_page(man, "9.8.7");
    const std::string page = man.str();
    REQUIRE(page.rfind(".\\\"", 0) == 0);  // opens with a comment line
    CHECK(page.find(".TH SKIDPAD 6 \"\" \"skidpad 9.8.7\" \"Games\"") != std::string::npos);
    for (const char* section : {".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS",
                                ".SH ENVIRONMENT", ".SH FILES", ".SH EXIT STATUS"})
        CHECK(page.find(section) != std::string::npos);
    int rows = 0;
    util::for_each_option(app::app_options(), [&](const util::Option& o) {
        ++rows;
        INFO(o.name);
        CHECK(page.find("\\fB\\-\\-" + util::roff_escape(o.name) + "\\fR") != std::string::npos);
    });
    CHECK(rows > 20);
    // No line starts with a stray dot or quote that roff would take for a request.
    std::istringstream lines(page);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || (line[0] != '.' && line[0] != '\'')) continue;
        INFO(line);
        CHECK((line.rfind(".TH", 0) == 0 || line.rfind(".SH", 0) == 0 || line == ".TP" ||
               line == ".PP" || line == ".br" || line.rfind(".B ", 0) == 0 ||
               line.rfind(".I ", 0) == 0 || line.rfind(".\\\"", 0) == 0));
    }
}

TEST_CASE("roff_escape escapes backslashes, hyphens and a leading dot", "[install]") {
    CHECK(util::roff_escape("--mode a-b") == "\\-\\-mode a\\-b");
    CHECK(util::roff_escape("C:\\x") == "C:\\ex");
    CHECK(util::roff_escape(".hidden") == "\\&.hidden");
    CHECK(util::roff_escape("'quoted'") == "\\&'quoted'");
}

TEST_CASE("the icon: transparent corners, an opaque tile, the car's red at its centre",
          "[install]") {
    for (const int size : {48, 128, 256}) {
        const std::vector<std::uint8_t> px = app::icon_rgba(size);
        REQUIRE(px.size() == static_cast<std::size_t>(size * size * 4));
        const auto at = [&](int x, int y, int c) {
            return static_cast<int>(px[(static_cast<std::size_t>(y) * size + x) * 4 + c]);
        };
        INFO("size " << size);
        CHECK(at(0, 0, 3) == 0);  // outside the rounded tile
        CHECK(at(size - 1, size - 1, 3) == 0);
        CHECK(at(size / 2, size / 10, 3) == 255);  // the tile's top edge, inside
        // The car's body (0.52, 0.50 of the square): red dominates.
        const int cx = size * 52 / 100, cy = size / 2 + size / 12;
        CHECK(at(cx, cy, 3) == 255);
        CHECK(at(cx, cy, 0) > 2 * at(cx, cy, 1));
    }
    CHECK(app::icon_rgba(0).size() == 4u);  // clamped to 1×1
}

TEST_CASE("the icon's SVG is one document with the tile, the road, the marks and the car",
          "[install]") {
    const std::string svg = app::icon_svg();
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(svg.find("viewBox=\"0 0 256 256\"") != std::string::npos);
    std::size_t paths = 0, rects = 0;
    for (std::size_t i = svg.find("<path"); i != std::string::npos; i = svg.find("<path", i + 1))
        ++paths;
    for (std::size_t i = svg.find("<rect"); i != std::string::npos; i = svg.find("<rect", i + 1))
        ++rects;
    CHECK(paths == 2);      // two skid marks
    CHECK(rects == 2 + 8);  // clip and tile; four wheels, body, two windows, roof
    CHECK(svg.find("</svg>") == svg.size() - 7);
}

TEST_CASE("the version line names the project's version and a git revision", "[install]") {
    const std::string v = app::build_version_text();
    CHECK(v.rfind(SKIDPAD_VERSION, 0) == 0);
    CHECK(v.find(" (git ") != std::string::npos);
    CHECK(v.back() == ')');
    const std::string rev = app::build_revision();
    CHECK(!rev.empty());
    CHECK(rev.find_first_not_of("0123456789abcdef-modifiedunknown") == std::string::npos);
}
