// The tuning overlay drawn in a real ImGui context (no window needed): every
// window renders with telemetry in it, and Ctrl+Z / Ctrl+Y undo and redo tuning.
#include <imgui.h>
#include <catch2/catch.hpp>

#include "skidpad/scene/scenes.hpp"
#include "support/imgui_context.hpp"
#include "tune_ui.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
struct ImGuiFixture : test::ImGuiContextFixture {
    /// One frame with the given keys held.
    bool frame(TuneUi& ui, Tuner& tuner, World& world, bool ctrl = false, int key = -1) {
        new_frame(key, ctrl);
        const bool changed = draw_tune_ui(ui, tuner, world);
        ImGui::Render();
        world.apply(tuner.take_events());
        return changed;
    }
};
}  // namespace

TEST_CASE("every tuning window draws and Ctrl+Z and Ctrl+Y undo and redo", "[tune_ui]") {
    ImGuiFixture gui;
    World world;
    build_default_arena(world, CarDef{});
    Tuner tuner;
    TuneUi ui;
    REQUIRE(tune_ui_show(ui, "tuning,presets,telemetry,gg,friction,forces").empty());
    CHECK(tune_ui_show(ui, "tuning,wat") == "wat");
    for (int i = 0; i < 300; ++i) {
        InputState in;
        in.throttle = 1.0;
        in.steer = 0.4;
        world.step(1.0 / 120.0, in);
        tune_ui_record(ui, world);
    }
    REQUIRE(ui.telemetry.size() == 300);
    std::snprintf(ui.search, sizeof ui.search, "mass");
    for (int i = 0; i < 3; ++i)
        CHECK_FALSE(gui.frame(ui, tuner, world));
    CHECK(ImGui::GetDrawData()->TotalVtxCount > 1000);  // the windows really drew

    REQUIRE(tuner.set("car.mass", 2100.0).ok);
    CHECK(gui.frame(ui, tuner, world, true, 90));  // Ctrl+Z
    CHECK(tuner.settings().car.mass == Settings{}.car.mass);
    CHECK(world.car_def(world.player()).mass == Settings{}.car.mass);
    CHECK_FALSE(gui.frame(ui, tuner, world, true, 90));   // held: no repeat, nothing left to undo
    CHECK_FALSE(gui.frame(ui, tuner, world));             // release
    CHECK_FALSE(gui.frame(ui, tuner, world, false, 89));  // Y without Ctrl does nothing
    CHECK_FALSE(gui.frame(ui, tuner, world));             // release
    CHECK(gui.frame(ui, tuner, world, true, 89));         // Ctrl+Y
    CHECK(tuner.settings().car.mass == 2100.0);
    CHECK(world.car_def(world.player()).mass == 2100.0);
}
