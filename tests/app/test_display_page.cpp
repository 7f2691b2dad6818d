// The Display page in a real ImGui context (reached from the pause menu; its rows change
// the window mode, vsync, the frame-rate cap, the UI scale and the palette at once), and
// the colour-blind palette: every pair of car paints, and the HUD's good and bad colours,
// stay apart for full protanopes, deuteranopes and tritanopes.
#include <imgui.h>
#include <catch2/catch.hpp>

#include <string>

#include "menu_pages.hpp"
#include "palette.hpp"
#include "skidpad/car/car.hpp"
#include "support/imgui_context.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
constexpr int kEsc = test::kKeyEscape, kEnter = test::kKeyEnter, kDown = test::kKeyDown, kLeft = 37,
              kRight = 39;
using Page = PauseMenu::Page;

struct Gui : test::ImGuiContextFixture {
    Tuner tuner;
    DisplayState display;
    MenuServices services;
    Gui() {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyMap[ImGuiKey_LeftArrow] = kLeft;
        io.KeyMap[ImGuiKey_RightArrow] = kRight;
        services.tuner = &tuner;
        services.display = &display;
    }
    void frame(PauseMenu& m, bool escape, int key = -1) {
        new_frame(key);
        draw_pause_menu(m, escape, {"car"}, 0, 1, {}, &services);
        ImGui::Render();
    }
    void tap(PauseMenu& m, int key, bool escape = false) {
        frame(m, escape, key);
        frame(m, false);
    }
};

std::string hex(Color c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF);
    return buf;
}
Color packed(ImVec4 v) {
    return rgba(static_cast<std::uint32_t>(v.x * 255.0f + 0.5f),
                static_cast<std::uint32_t>(v.y * 255.0f + 0.5f),
                static_cast<std::uint32_t>(v.z * 255.0f + 0.5f));
}
}  // namespace

TEST_CASE("the Display page changes the window, vsync, the cap, the scale and the palette",
          "[app][menu][display]") {
    Gui gui;
    PauseMenu m;
    gui.tap(m, kEsc, true);
    REQUIRE(m.open);
    for (int i = 0; i < 7; ++i)  // Resume .. Audio, [Display]
        gui.tap(m, kDown);
    gui.tap(m, kEnter);
    REQUIRE(m.page == Page::Display);
    CHECK(m.cursor == 0);  // Window

    gui.tap(m, kRight);
    CHECK(gui.display.prefs.window == WindowMode::Borderless);
    gui.tap(m, kRight);
    CHECK(gui.display.prefs.window == WindowMode::Exclusive);
    gui.tap(m, kRight);  // round to windowed
    CHECK(gui.display.prefs.window == WindowMode::Windowed);

    gui.tap(m, kDown);  // Vsync
    REQUIRE(gui.tuner.settings().display.vsync);
    gui.tap(m, kEnter);
    CHECK_FALSE(gui.tuner.settings().display.vsync);

    gui.tap(m, kDown);  // Frame-rate cap, from the default 240
    REQUIRE(gui.tuner.settings().display.max_fps == 240);
    gui.tap(m, kLeft);
    CHECK(gui.tuner.settings().display.max_fps == 144);
    gui.tap(m, kLeft);
    CHECK(gui.tuner.settings().display.max_fps == 120);
    gui.tap(m, kRight);
    gui.tap(m, kRight);
    CHECK(gui.tuner.settings().display.max_fps == 0);  // unlimited

    gui.tap(m, kDown);  // UI scale: the display's (1) until the player picks
    CHECK(gui.display.ui_scale() == 1.0);
    gui.tap(m, kRight);
    CHECK(gui.display.prefs.ui_scale == 1.25);
    gui.tap(m, kEnter);  // back to the display's
    CHECK(gui.display.prefs.ui_scale == 0.0);

    gui.tap(m, kDown);  // Colours
    gui.tap(m, kEnter);
    CHECK(gui.display.prefs.palette == Palette::ColourBlind);

    gui.tap(m, kDown);  // Ground detail: full -> flat (round)
    gui.tap(m, kRight);
    CHECK(gui.tuner.settings().display.ground_detail == 0);

    gui.tap(m, kEsc, true);
    CHECK(m.page == Page::Main);
    CHECK(m.cursor == 7);  // back on Display...
}

TEST_CASE("colour-blind paints: every pair differs by at least 15 dE under each deficiency",
          "[app][display][palette]") {
    // ΔE*ab 15 is a difference seen at a glance; the standard paints fall below it for a
    // protanope (blue and purple), which is what the second palette is for.
    const auto paints = palette_paints(Palette::ColourBlind);
    double worst = 1e9;
    for (int d = 0; d <= 3; ++d) {
        for (std::size_t i = 0; i < paints.size(); ++i) {
            for (std::size_t j = i + 1; j < paints.size(); ++j) {
                const double diff = seen_difference(paints[i], paints[j], d);
                INFO("deficiency " << d << ": " << hex(paints[i]) << " vs " << hex(paints[j]));
                CHECK(diff >= 15.0);
                worst = std::min(worst, diff);
            }
        }
    }
    CHECK(worst < 20.0);  // the figure the docs give: 16.1 (bluish green and sky blue, tritan)
    const auto standard = palette_paints(Palette::Standard);
    CHECK(seen_difference(standard[1], standard[5], 1) < 15.0);
    // The player's paint stays the standard red in the standard palette.
    CHECK(standard[0] == kPlayerPaint);
}

TEST_CASE("colour-blind HUD: good and bad stay far apart for every viewer",
          "[app][display][palette]") {
    for (int d = 0; d <= 3; ++d) {
        INFO("deficiency " << d);
        CHECK(seen_difference(packed(hud_good(Palette::ColourBlind)),
                              packed(hud_bad(Palette::ColourBlind)), d) >= 60.0);
    }
    // The standard green and red come within 20 for a deuteranope.
    CHECK(seen_difference(packed(hud_good(Palette::Standard)), packed(hud_bad(Palette::Standard)),
                          2) < 20.0);
}

TEST_CASE("repainting a frame's cars changes the paints and their shades and nothing else",
          "[app][display][palette]") {
    DrawList shapes;
    const vec2 q[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    Car car;
    car_draw(car, CarDef{}, CarPose{}, shapes, car_paint(3));
    shapes.polygon(q, car_paint(3), 0, 0.05f, 2);  // a crate of the same colour: not a car
    const DrawList before = shapes;
    repaint_cars(shapes, Palette::Standard);
    CHECK(shapes.shapes.size() == before.shapes.size());
    for (std::size_t i = 0; i < shapes.shapes.size(); ++i)
        CHECK(shapes.shapes[i].fill == before.shapes[i].fill);
    repaint_cars(shapes, Palette::ColourBlind);
    const Color green = palette_paint(Palette::ColourBlind, 3);
    int bodies = 0, changed = 0;
    for (std::size_t i = 0; i < shapes.shapes.size(); ++i) {
        const Shape& s = shapes.shapes[i];
        if (s.fill == green) ++bodies;
        if (s.fill != before.shapes[i].fill || s.stroke != before.shapes[i].stroke) ++changed;
        if (s.layer != 3) CHECK(s.fill == before.shapes[i].fill);
    }
    CHECK(bodies == 1);   // the body; the roof is its shade
    CHECK(changed == 3);  // the body (fill and outline), the roof and the lit top panel
}
