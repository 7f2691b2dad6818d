// The overlay layout (overlay_layout.hpp) in a real ImGui context: docked windows do
// not overlap one another or the HUD band, also when imgui.ini restores a layout that
// piled them up, and every window stays on the screen through resizes.
#include <imgui.h>
#include <imgui_internal.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "mode_hud.hpp"
#include "overlay.hpp"
#include "overlay_layout.hpp"
#include "skidpad/scene/scenes.hpp"
#include "support/imgui_context.hpp"
#include "tune_ui.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("fit_box shrinks and moves a window rectangle onto the display", "[app][layout]") {
    const Box inside = fit_box({10.0f, 30.0f, 300.0f, 200.0f}, 1280.0f, 720.0f, 20.0f);
    CHECK(inside.x == 10.0f);
    CHECK(inside.y == 30.0f);
    CHECK(inside.w == 300.0f);
    CHECK(inside.h == 200.0f);
    // The Tuning window of a 1280x720 layout on a 900x600 display.
    const Box tuning = fit_box({870.0f, 30.0f, 400.0f, 680.0f}, 900.0f, 600.0f, 20.0f);
    CHECK(tuning.x == 500.0f);
    CHECK(tuning.y == 20.0f);
    CHECK(tuning.w == 400.0f);
    CHECK(tuning.h == 580.0f);
    const Box above = fit_box({-50.0f, 0.0f, 100.0f, 50.0f}, 900.0f, 600.0f, 20.0f);
    CHECK(above.x == 0.0f);
    CHECK(above.y == 20.0f);
}

namespace {
struct LayoutFixture {
    skidpad::test::ImGuiContextScope gui;
    World world;
    Tuner tuner;
    TuneUi ui;
    bool race_hud = false;  ///< draw the race panel (top left) and the minimap (top right)
    ImRect minimap;
    LayoutFixture() {
        build_default_arena(world, CarDef{});
        REQUIRE(tune_ui_show(ui, "tuning,presets").empty());
    }
    /// A left-docked window with `lines` lines of text, drawn as the panels draw theirs.
    static void left_window(const char* name, int lines, bool auto_resize) {
        dock_next_window(Dock::Left, ImVec2(auto_resize ? 0.0f : 420.0f, 0.0f));
        const int flags =
            dock_window_flags() | (auto_resize ? ImGuiWindowFlags_AlwaysAutoResize : 0);
        const bool open = ImGui::Begin(name, nullptr, flags);
        dock_window_placed(Dock::Left);
        if (open) {
            for (int i = 0; i < lines; ++i)
                ImGui::Text("%s line %d with some text in it", name, i);
        }
        ImGui::End();
    }

    /// One frame in the order the game draws: HUD box, overlay, sandbox.
    void frame(ImVec2 display) {
        ImGui::GetIO().DisplaySize = display;
        ImGui::NewFrame();
        if (begin_hud_box("##hud", ImVec2(display.x * 0.5f, display.y - 12.0f), ImVec2(0.5f, 1.0f),
                          0.8f)) {
            ImGui::Dummy(ImVec2(240.0f, 124.0f));
        }
        ImGui::End();
        if (race_hud) {
            // As the race mode draws its panel and the game its minimap, before the overlay.
            if (begin_hud_box("##race", ImVec2(12.0f, ImGui::GetFrameHeight() + 12.0f),
                              ImVec2(0.0f, 0.0f), 0.85f))
                ImGui::Dummy(ImVec2(220.0f, 190.0f));
            ImGui::End();
            const ImVec4 m = place_minimap(true);
            minimap = ImRect(m.x, m.y, m.x + m.z, m.y + m.w);
        }
        left_window("Skidpad", 12, true);
        draw_tune_ui(ui, tuner, world);  // the menu bar, Tuning (right) and Presets (left)
        left_window("Planner", 30, false);
        left_window("Sandbox", 6, true);
        ImGui::Render();
    }

    static std::vector<std::pair<std::string, ImRect>> windows() {
        std::vector<std::pair<std::string, ImRect>> out;
        for (const char* name : {"Skidpad", "Tuning", "Presets", "Planner", "Sandbox", "##hud"}) {
            const ImGuiWindow* w = ImGui::FindWindowByName(name);
            REQUIRE(w);
            REQUIRE(w->Active);
            out.emplace_back(name, w->Rect());
        }
        return out;
    }

    static void check_layout(ImVec2 display) {
        const auto ws = windows();
        for (std::size_t i = 0; i < ws.size(); ++i) {
            const ImRect& r = ws[i].second;
            INFO(ws[i].first << " at " << r.Min.x << "," << r.Min.y << " .. " << r.Max.x << ","
                             << r.Max.y << " on " << display.x << "x" << display.y);
            CHECK(r.Min.x >= 0.0f);
            CHECK(r.Min.y >= ImGui::GetFrameHeight());  // below the menu bar
            CHECK(r.Max.x <= display.x);
            CHECK(r.Max.y <= display.y);
            for (std::size_t j = i + 1; j < ws.size(); ++j) {
                INFO("and " << ws[j].first);
                CHECK_FALSE(r.Overlaps(ws[j].second));
            }
        }
    }
};
}  // namespace

TEST_CASE("docked windows neither overlap nor leave the screen, whatever imgui.ini says",
          "[app][layout]") {
    LayoutFixture f;
    // What a second launch restores: the Planner expanded under the stats window and the
    // Sandbox where it covered the Planner's scene selector; Tuning sized for 1920x1080.
    const char* ini =
        "[Window][Planner]\nPos=10,262\nSize=420,400\nCollapsed=0\n\n"
        "[Window][Sandbox]\nPos=10,290\nSize=330,120\nCollapsed=0\n\n"
        "[Window][Skidpad]\nPos=10,30\nSize=340,230\nCollapsed=0\n\n"
        "[Window][Tuning]\nPos=1510,30\nSize=400,1040\nCollapsed=0\n\n"
        "[Window][Presets]\nPos=10,250\nSize=340,360\nCollapsed=0\n\n";
    ImGui::LoadIniSettingsFromMemory(ini);
    const ImVec2 sizes[] = {
        {1280.0f, 720.0f}, {900.0f, 600.0f}, {1920.0f, 1080.0f}, {1280.0f, 720.0f}};
    for (const ImVec2& ds : sizes) {
        for (int i = 0; i < 3; ++i)
            f.frame(ds);
        LayoutFixture::check_layout(ds);
        // The Tuning column reaches from the menu bar to the HUD band at every size,
        // so that after fullscreen and back it is not left at the old height.
        const ImGuiWindow* tuning = ImGui::FindWindowByName("Tuning");
        const ImGuiWindow* hud = ImGui::FindWindowByName("##hud");
        CHECK(tuning->Rect().Max.y == Approx(hud->Pos.y - kLayoutMargin).margin(1.0));
        CHECK(tuning->Rect().Max.x == Approx(ds.x - kLayoutMargin).margin(0.5));
        // Squeezed at 900x600, the Tuning column widens again at the larger sizes.
        CHECK(tuning->Size.x >= std::min(380.0f, ds.x * kRightColumnFrac) - 0.5f);
        CHECK(tuning->Size.x <= ds.x * kRightColumnFrac + 0.5f);
        // The road between the columns stays in view: at least a quarter of the width.
        const float left_edge = ImGui::FindWindowByName("Planner")->Rect().Max.x;
        CHECK(tuning->Pos.x - left_edge >= 0.25f * ds.x);
    }
}

TEST_CASE("with the overlay open the race panel and the minimap stay in view above the columns",
          "[app][layout]") {
    LayoutFixture f;
    f.race_hud = true;
    for (const ImVec2& ds : {ImVec2(1280.0f, 720.0f), ImVec2(900.0f, 600.0f)}) {
        for (int i = 0; i < 3; ++i)
            f.frame(ds);
        LayoutFixture::check_layout(ds);
        const ImGuiWindow* race = ImGui::FindWindowByName("##race");
        REQUIRE(race);
        const ImRect panel = race->Rect();
        INFO("minimap " << f.minimap.Min.x << "," << f.minimap.Min.y << " .. " << f.minimap.Max.x
                        << "," << f.minimap.Max.y << " on " << ds.x << "x" << ds.y);
        CHECK(f.minimap.Max.x <= ds.x);
        CHECK(f.minimap.Min.y >= ImGui::GetFrameHeight());
        for (const auto& [name, r] : LayoutFixture::windows()) {
            INFO(name);
            CHECK_FALSE(r.Overlaps(f.minimap));
            CHECK_FALSE(r.Overlaps(panel));
        }
        // The columns start right below them.
        CHECK(ImGui::FindWindowByName("Tuning")->Pos.y ==
              Approx(f.minimap.Max.y + kLayoutMargin).margin(0.5));
        CHECK(ImGui::FindWindowByName("Skidpad")->Pos.y ==
              Approx(panel.Max.y + kLayoutMargin).margin(0.5));
    }
}

TEST_CASE("a free window restored off the display is brought back onto it", "[app][layout]") {
    LayoutFixture f;
    REQUIRE(tune_ui_show(f.ui, "telemetry").empty());
    ImGui::LoadIniSettingsFromMemory(
        "[Window][Telemetry]\nPos=1500,900\nSize=470,300\nCollapsed=0\n\n");
    for (int i = 0; i < 3; ++i)
        f.frame(ImVec2(900.0f, 600.0f));
    const ImGuiWindow* w = ImGui::FindWindowByName("Telemetry");
    REQUIRE(w);
    CHECK(w->Pos.x >= 0.0f);
    CHECK(w->Pos.x + w->Size.x <= 900.0f);
    CHECK(w->Pos.y + w->Size.y <= 600.0f);
}

namespace {
/// One frame of the left column as a race draws it with the overlay open: the race panel
/// (7 opponents: most of the height) when `tall_race_panel`, the stats window and the
/// Planner as draw_planner_panel begins it (collapsed at first use, height from its
/// contents), opened when `expand_planner`.
void planner_frame(bool tall_race_panel, bool expand_planner) {
    ImGui::GetIO().DisplaySize = ImVec2(1280.0f, 720.0f);
    ImGui::NewFrame();
    if (tall_race_panel) {
        if (begin_hud_box("##race", ImVec2(12.0f, ImGui::GetFrameHeight() + 12.0f),
                          ImVec2(0.0f, 0.0f), 0.85f))
            ImGui::Dummy(ImVec2(220.0f, 520.0f));
        ImGui::End();
    }
    LayoutFixture::left_window("Skidpad", 12, true);
    dock_next_window(Dock::Left, ImVec2(420.0f, 0.0f));
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    if (expand_planner) ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
    const bool open = ImGui::Begin("Planner", nullptr, dock_window_flags());
    dock_window_placed(Dock::Left);
    if (open) {
        for (int i = 0; i < 30; ++i)
            ImGui::Text("Planner line %d with some text in it", i);
    }
    ImGui::End();
    ImGui::Render();
}

/// The Planner's height as imgui.ini would keep it now.
float saved_planner_height() {
    const std::string ini = ImGui::SaveIniSettingsToMemory();
    const std::size_t at = ini.find("[Window][Planner]");
    REQUIRE(at != std::string::npos);
    const std::size_t size = ini.find("Size=", at);
    REQUIRE(size != std::string::npos);
    return std::stof(ini.substr(ini.find(',', size) + 1));
}
}  // namespace

TEST_CASE("a docked window collapsed or squeezed by a race panel saves a usable height",
          "[app][layout]") {
    skidpad::test::ImGuiContextScope gui;
    // F1 in a race on a fresh profile: the Planner collapsed, then opened while squeezed.
    for (int i = 0; i < 3; ++i)
        planner_frame(true, false);
    CHECK(saved_planner_height() >= kMinDockedHeight);
    for (int i = 0; i < 3; ++i)
        planner_frame(true, true);
    const ImGuiWindow* planner = ImGui::FindWindowByName("Planner");
    REQUIRE(planner);
    CHECK(planner->Rect().Max.y <= 720.0f);  // squeezed onto the screen meanwhile
    CHECK(saved_planner_height() >= kMinDockedHeight);
    // Back in free driving: it opens at a usable height.
    for (int i = 0; i < 3; ++i)
        planner_frame(false, true);
    CHECK(planner->Size.y >= kMinDockedHeight);
}

TEST_CASE("a docked window saved too small in imgui.ini comes back at a usable height",
          "[app][layout]") {
    skidpad::test::ImGuiContextScope gui;
    ImGui::LoadIniSettingsFromMemory("[Window][Planner]\nPos=10,262\nSize=420,32\nCollapsed=0\n\n");
    for (int i = 0; i < 3; ++i)
        planner_frame(false, true);
    CHECK(ImGui::FindWindowByName("Planner")->Size.y >= kMinDockedHeight);
    CHECK(saved_planner_height() >= kMinDockedHeight);
}

TEST_CASE("toast lines break between words and a long path after its slashes", "[app][layout]") {
    // 7 points a character.
    const auto measure = [](std::string_view s) { return 7.0f * static_cast<float>(s.size()); };
    const std::string text =
        "Replay saved: /home/player/.local/share/skidpad/skidpad/skidpad-20261204-150000.replay";
    const std::vector<std::string> lines = wrap_lines(text, 7.0f * 30.0f, 1000.0f, measure);
    CHECK(lines == std::vector<std::string>{"Replay saved: /home/player/",
                                            ".local/share/skidpad/skidpad/",
                                            "skidpad-20261204-150000.replay"});
    // Short words are never split.
    CHECK(wrap_lines("Best lap not saved: disk full", 7.0f * 12.0f, 1000.0f, measure) ==
          std::vector<std::string>{"Best lap not", "saved: disk", "full"});
    // A file name wider than the line keeps a line of its own, whole; only one wider than
    // the hard limit (the display) is cut where it fills it.
    CHECK(wrap_lines("saved: /a/skidpad-20261204-150000.replay", 7.0f * 20.0f, 1000.0f, measure) ==
          std::vector<std::string>{"saved: /a/", "skidpad-20261204-150000.replay"});
    CHECK(wrap_lines("abcdefghij", 7.0f * 4.0f, 7.0f * 4.0f, measure) ==
          std::vector<std::string>{"abcd", "efgh", "ij"});
    CHECK(wrap_lines("", 100.0f, 100.0f, measure) == std::vector<std::string>{""});
}

TEST_CASE("the results and the pause menu go beside the car, never over it", "[app][layout]") {
    const auto overlaps = [](const Box& a, const Box& b) {
        return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    };
    const auto inside = [](const Box& a) {
        return a.x >= 0.0f && a.y >= 20.0f && a.x + a.w <= 1280.0f && a.y + a.h <= 720.0f;
    };
    const Box car{600.0f, 320.0f, 80.0f, 80.0f};  // the car at the centre of 1280x720
    // The results table fits below the car: centred across, right under it.
    const Box results = clear_of(400.0f, 260.0f, car, 1280.0f, 720.0f, 20.0f);
    CHECK(results.x == 440.0f);
    CHECK(results.y == car.y + car.h + 2.0f * kLayoutMargin);
    CHECK_FALSE(overlaps(results, car));
    CHECK(inside(results));
    // The car low on the screen: above it.
    const Box low{600.0f, 560.0f, 80.0f, 80.0f};
    const Box up = clear_of(400.0f, 260.0f, low, 1280.0f, 720.0f, 20.0f);
    CHECK(up.y + up.h == low.y - 2.0f * kLayoutMargin);
    CHECK(inside(up));
    // A menu too tall for above or below: beside the car.
    const Box menu = clear_of(360.0f, 500.0f, car, 1280.0f, 720.0f, 20.0f);
    CHECK_FALSE(overlaps(menu, car));
    CHECK(inside(menu));
    // No room anywhere: the display's centre, on the screen.
    const Box huge = clear_of(1200.0f, 680.0f, car, 1280.0f, 720.0f, 20.0f);
    CHECK(inside(huge));
}
