// The player's display and sound settings in player.txt: every field round-trips, a bad
// file keeps the defaults with one message naming file, line and field, a save keeps the
// bad file aside; the frame-rate cap's steps, the UI scale from a DPI, a remembered
// window place on today's displays, and the software renderers named by GL_RENDERER.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "display_prefs.hpp"
#include "player_prefs.hpp"
#include "skidpad/tune/params.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;
namespace fs = std::filesystem;

TEST_CASE("player settings: the window, UI scale, palette and tunables round-trip",
          "[app][prefs][display]") {
    PlayerPrefs p;
    p.assists = AssistLevel::Arcade;
    p.chosen = true;
    p.window = WindowMode::Exclusive;
    p.place = WindowPlace{1600, 900, -1200, 35, true};
    p.ui_scale = 1.75;
    p.palette = Palette::ColourBlind;
    Settings s;
    s.display.vsync = false;
    s.display.max_fps = 144;
    s.display.ground_detail = 1;
    s.display.shadows = false;
    s.display.rain = 0.4;
    s.sound.master = 0.35;
    s.sound.music = 0.0;
    s.sound.enabled = false;
    take_player_values(p, s);
    REQUIRE(p.values.size() == saved_player_keys().size());

    const std::string text = player_prefs_text(p);
    PlayerPrefs back;
    std::string err;
    std::vector<std::string> warnings;
    REQUIRE(parse_player_prefs(text, "player.txt", back, err, &warnings));
    CHECK(err.empty());
    CHECK(warnings.empty());
    CHECK(back.assists == AssistLevel::Arcade);
    CHECK(back.chosen);
    CHECK(back.window == WindowMode::Exclusive);
    CHECK(back.place.width == 1600);
    CHECK(back.place.height == 900);
    CHECK(back.place.x == -1200);
    CHECK(back.place.y == 35);
    CHECK(back.place.placed);
    CHECK(back.ui_scale == 1.75);
    CHECK(back.palette == Palette::ColourBlind);
    CHECK(back.values == p.values);
    CHECK(back.values.at("display.max_fps") == 144.0);
    CHECK(back.values.at("display.vsync") == 0.0);
    CHECK(back.values.at("sound.master") == 0.35);
    CHECK(player_prefs_text(back) == text);  // written back the same
}

TEST_CASE("player settings: a display save does not invent an assist choice",
          "[app][prefs][display]") {
    // Without a pick the car preset keeps its own aids: no `assists` line is written.
    PlayerPrefs p;
    p.palette = Palette::ColourBlind;
    const std::string text = player_prefs_text(p);
    CHECK(text.find("assists") == std::string::npos);
    PlayerPrefs back;
    std::string err;
    REQUIRE(parse_player_prefs(text, "player.txt", back, err));
    CHECK_FALSE(back.chosen);
    CHECK(back.palette == Palette::ColourBlind);
}

TEST_CASE("player settings: a bad value keeps every default with file, line and field named",
          "[app][prefs][display]") {
    const char* const bad[][3] = {
        {"display.max_fps = 12000\n", "display.max_fps", ":1:"},
        {"# mine\ndisplay.vsync = maybe\n", "display.vsync", ":2:"},
        {"window = fullscreen\n", "window", ":1:"},
        {"palette = 7\n", "palette", ":1:"},
        {"ui_scale = 9\n", "ui_scale", ":1:"},
        {"ui_scale = nan\n", "ui_scale", ":1:"},
        {"window_size = 20x20\n", "window_size", ":1:"},
        {"window_position = 10\n", "window_position", ":1:"},
        {"sound.master = -1\n", "sound.master", ":1:"},
    };
    for (const auto& b : bad) {
        INFO(b[0]);
        PlayerPrefs p;
        p.palette = Palette::ColourBlind;  // untouched by a refused file
        std::string err;
        CHECK_FALSE(parse_player_prefs(b[0], "f.txt", p, err));
        CHECK(err.find(std::string("f.txt") + b[2]) == 0);
        CHECK(err.find(b[1]) != std::string::npos);
        CHECK(p.palette == Palette::ColourBlind);
        CHECK(err.size() < 300);
    }
}

TEST_CASE("player settings: a malformed file gives the defaults and a message, and is kept",
          "[app][prefs][display]") {
    test::TempDir dir("skidpad_display_prefs_");
    const fs::path file = dir.path / "player.txt";
    test::write_file(file, "window = borderless\ndisplay.max_fps = fast\n");
    std::string err;
    const PlayerPrefs p = load_player_prefs(dir.path.string(), err);
    CHECK(p.window == WindowMode::Windowed);
    CHECK(p.values.empty());
    CHECK(err.find(file.string() + ":2:") == 0);
    CHECK(err.find("display.max_fps") != std::string::npos);
    CHECK(err.find("default") != std::string::npos);

    // The next save keeps what the player typed beside the new file.
    PlayerPrefs mine;
    mine.window = WindowMode::Borderless;
    REQUIRE(save_player_prefs(dir.path.string(), mine).ok);
    CHECK(test::read_file(dir.path / "player.txt.bad") ==
          "window = borderless\ndisplay.max_fps = fast\n");
    CHECK(load_player_prefs(dir.path.string(), err).window == WindowMode::Borderless);
    CHECK(err.empty());
    // A good file is simply replaced (no .bad copy of it).
    fs::remove(dir.path / "player.txt.bad");
    REQUIRE(save_player_prefs(dir.path.string(), mine).ok);
    CHECK_FALSE(fs::exists(dir.path / "player.txt.bad"));
    for (const auto& e : fs::directory_iterator(dir.path))  // no temp file left behind
        CHECK(e.path().filename() == "player.txt");
}

TEST_CASE("player settings: a key that is not the player's is ignored with a warning",
          "[app][prefs][display]") {
    PlayerPrefs p;
    std::string err;
    std::vector<std::string> warnings;
    // car.mass is a tunable but a car's, not the player's; sound.cylinders is the car's voice.
    REQUIRE(parse_player_prefs("car.mass = 900\nsound.cylinders = 4\npalete = standard\n", "f.txt",
                               p, err, &warnings));
    CHECK(p.values.empty());
    REQUIRE(warnings.size() == 3);
    CHECK(warnings[2] == "f.txt: line 3: unknown key 'palete' ignored (did you mean 'palette'?)");
}

TEST_CASE("frame-rate cap: the page's steps are 30, 60, 120, 144 and unlimited", "[app][display]") {
    const std::vector<int> caps(fps_caps().begin(), fps_caps().end());
    CHECK(caps == std::vector<int>{30, 60, 120, 144, 0});
    CHECK(fps_cap_step(30, 1) == 60);
    CHECK(fps_cap_step(60, 1) == 120);
    CHECK(fps_cap_step(120, 1) == 144);
    CHECK(fps_cap_step(144, 1) == 0);
    CHECK(fps_cap_step(0, 1) == 0);  // unlimited is the end
    CHECK(fps_cap_step(0, -1) == 144);
    CHECK(fps_cap_step(30, -1) == 30);  // the slowest is the other end
    // The default 240 (and any --set value) steps to its neighbours.
    CHECK(fps_cap_step(240, 1) == 0);
    CHECK(fps_cap_step(240, -1) == 144);
    CHECK(fps_cap_step(90, -1) == 60);
    CHECK(fps_cap_step(90, 1) == 120);
    CHECK(fps_cap_step(10, -1) == 30);
    CHECK(fps_cap_label(0) == "unlimited");
    CHECK(fps_cap_label(144) == "144 fps");
    CHECK(fps_cap_label(240) == "240 fps");
    // Every step is a value the tunable takes.
    const ParamDesc* p = param_registry().find("display.max_fps");
    REQUIRE(p != nullptr);
    for (const int c : caps)
        CHECK(param_registry().check(*p, c).ok);
}

TEST_CASE("UI scale: 96 dpi is 1, rounded to quarters, from 1 to 3", "[app][display]") {
    CHECK(ui_scale_from_dpi(96.0) == 1.0);
    CHECK(ui_scale_from_dpi(120.0) == 1.25);
    CHECK(ui_scale_from_dpi(144.0) == 1.5);
    CHECK(ui_scale_from_dpi(192.0) == 2.0);
    CHECK(ui_scale_from_dpi(72.0) == 1.0);    // never below 1 by itself
    CHECK(ui_scale_from_dpi(1000.0) == 3.0);  // nor above 3
    CHECK(ui_scale_from_dpi(0.0) == 1.0);     // SDL could not say
    CHECK(ui_scale_from_dpi(-5.0) == 1.0);
    CHECK(ui_scale_step(1.0, 1) == 1.25);
    CHECK(ui_scale_step(1.0, -1) == 0.75);
    CHECK(ui_scale_step(0.75, -1) == 0.75);
    CHECK(ui_scale_step(3.0, 1) == 3.0);
}

TEST_CASE("a remembered window place is used only while it is on a display", "[app][display]") {
    const std::vector<DesktopRect> one = {{0, 0, 1920, 1080}};
    const std::vector<DesktopRect> two = {{0, 0, 1920, 1080}, {1920, 0, 2560, 1440}};
    WindowPlace p{1280, 720, 100, 80, true};
    CHECK(place_visible(p, one));
    p.x = 2500;  // on the second display only
    CHECK_FALSE(place_visible(p, one));
    CHECK(place_visible(p, two));
    p.x = 1900;  // its title bar 20 points onto the first display, the rest on the second
    CHECK(place_visible(p, two));
    p.x = -1250;  // all but 30 points off the left edge
    CHECK_FALSE(place_visible(p, one));
    p.x = 100;
    p.y = -20;  // its title bar above the top
    CHECK_FALSE(place_visible(p, one));
    p.y = 80;
    p.placed = false;  // no position remembered: centred
    CHECK_FALSE(place_visible(p, one));
}

TEST_CASE("software rasterisers are told from GPUs by GL_RENDERER", "[app][display]") {
    CHECK(software_renderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
    CHECK(software_renderer("softpipe"));
    CHECK(software_renderer("Google SwiftShader"));
    CHECK(software_renderer(
        "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)"));
    CHECK(software_renderer("Software Rasterizer"));
    CHECK(software_renderer("GDI Generic"));
    CHECK_FALSE(software_renderer("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0)"));
    CHECK_FALSE(software_renderer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    CHECK_FALSE(software_renderer("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
    CHECK_FALSE(software_renderer(""));
    CHECK(first_start_ground_detail("llvmpipe (LLVM 15.0.6, 256 bits)") == 0);
    CHECK(first_start_ground_detail("NVIDIA GeForce RTX 3060/PCIe/SSE2") ==
          DisplayDef{}.ground_detail);
}
