// The editors' mouse drags aim where SDL's motion events put the pointer: ImGui's
// io.MousePos is held at the press (as ImGui 1.86's SDL backend leaves it under Xvfb while
// a button is held) and the dragged point, body or view still follows the events.
#include <imgui.h>
#include <catch2/catch.hpp>

#include "level_editor.hpp"
#include "pointer.hpp"
#include "support/imgui_context.hpp"
#include "track_editor.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

/// The game's frame as the editors see it: the motion events so far put the pointer at
/// `pointer`, ImGui's pointer is `imgui_at`, buttons held as given; `mouse` runs the editor.
template <class F>
void frame(dvec2 pointer, dvec2 imgui_at, bool left, bool right, F mouse) {
    pointer_moved(static_cast<int>(pointer.x), static_cast<int>(pointer.y));
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(imgui_at.x), static_cast<float>(imgui_at.y));
    io.MouseDown[ImGuiMouseButton_Left] = left;
    io.MouseDown[ImGuiMouseButton_Right] = right;
    ImGui::NewFrame();
    mouse();
    ImGui::Render();
}

struct Fixture {
    test::ImGuiContextScope gui;
    Fixture() { pointer_forget(); }
    ~Fixture() { pointer_forget(); }
};

}  // namespace

TEST_CASE("a track editor point follows the motion events while ImGui's pointer is frozen",
          "[app][editor]") {
    Fixture fx;
    TrackEditor ed;
    REQUIRE(track_editor_open(ed, "", "").empty());
    ed.view = View{{0.0, 0.0}, 2.0, {1280.0, 720.0}};
    const std::size_t n = ed.draft.size();
    REQUIRE(n >= 4);
    const dvec2 p0 = ed.draft.data().points[0];
    const dvec2 press = glm::floor(ed.view.to_screen(p0));  // events give whole pixels
    auto mouse = [&] { track_editor_mouse(ed); };
    frame(press, press, false, false, mouse);
    frame(press, press, true, false, mouse);
    REQUIRE(ed.selected == 0);
    REQUIRE(ed.dragging);
    // Ten steps of (12, -8) pixels: 60 m right and 40 m up at 2 pixels a metre.
    for (int k = 1; k <= 10; ++k)
        frame(press + dvec2(12.0 * k, -8.0 * k), press, true, false, mouse);
    const dvec2 want = ed.view.to_world(press + dvec2(120.0, -80.0));
    CHECK(glm::length(want - (p0 + dvec2(60.0, 40.0))) < 0.5);
    CHECK(ed.draft.data().points[0].x == Approx(want.x).margin(0.01));  // kept to the cm
    CHECK(ed.draft.data().points[0].y == Approx(want.y).margin(0.01));
    frame(press + dvec2(120.0, -80.0), press, false, false, mouse);
    CHECK_FALSE(ed.dragging);
    CHECK(ed.draft.size() == n);
    // The whole drag is one undo step.
    ed.draft.undo();
    CHECK(ed.draft.data().points[0].x == Approx(p0.x).margin(1e-9));
    CHECK(ed.draft.data().points[0].y == Approx(p0.y).margin(1e-9));
}

TEST_CASE("a right drag pans the track editor's view and deletes nothing on release",
          "[app][editor]") {
    Fixture fx;
    TrackEditor ed;
    REQUIRE(track_editor_open(ed, "", "").empty());
    ed.view = View{{0.0, 0.0}, 2.0, {1280.0, 720.0}};
    const std::size_t n = ed.draft.size();
    const dvec2 press = glm::floor(ed.view.to_screen(ed.draft.data().points[1]));
    auto mouse = [&] { track_editor_mouse(ed); };
    frame(press, press, false, false, mouse);
    frame(press, press, false, true, mouse);
    for (int k = 1; k <= 5; ++k)
        frame(press + dvec2(20.0 * k, 0.0), press, false, true, mouse);
    // The map moved with the pointer: 100 pixels right is 50 m less of centre.
    CHECK(ed.view.centre.x == Approx(-50.0).margin(1e-9));
    CHECK(ed.view.centre.y == Approx(0.0).margin(1e-9));
    // Released over point 1, which now sits under the pointer again: a pan, not a click.
    frame(press + dvec2(100.0, 0.0), press, false, false, mouse);
    CHECK(ed.draft.size() == n);
    // A right click without a drag deletes the point under the pointer.
    const dvec2 at = glm::floor(ed.view.to_screen(ed.draft.data().points[2]));
    frame(at, at, false, false, mouse);
    frame(at, at, false, true, mouse);
    frame(at, at, false, false, mouse);
    CHECK(ed.draft.size() == n - 1);
}

TEST_CASE(
    "an arena editor body and the car's start follow the motion events while ImGui's "
    "pointer is frozen",
    "[app][editor]") {
    Fixture fx;
    LevelEditor ed;
    REQUIRE(level_editor_open(ed, "", "").empty());
    ed.view = View{{0.0, 0.0}, 10.0, {1280.0, 720.0}};
    REQUIRE(ed.draft.level().bodies.empty());
    auto mouse = [&] { level_editor_mouse(ed); };
    // A click on empty ground 20 m right of the car places the tool's body there; its drag
    // takes it 8 m right and 5 m down (whole grid steps).
    const dvec2 press = ed.view.to_screen(dvec2(20.0, 0.0));
    frame(press, press, false, false, mouse);
    frame(press, press, true, false, mouse);
    REQUIRE(ed.draft.level().bodies.size() == 1);
    const dvec2 placed = level_body_box(ed.draft.level().bodies[0]).centre;
    for (int k = 1; k <= 8; ++k)
        frame(press + dvec2(10.0 * k, 6.25 * k), press, true, false, mouse);
    frame(press + dvec2(80.0, 50.0), press, false, false, mouse);
    const dvec2 moved = level_body_box(ed.draft.level().bodies[0]).centre;
    CHECK(moved.x - placed.x == Approx(8.0).margin(1e-6));
    CHECK(moved.y - placed.y == Approx(-5.0).margin(1e-6));
    // The car's start, grabbed at the car and dragged 10 m left.
    const dvec2 car = ed.view.to_screen(ed.draft.level().car_start);
    frame(car, car, false, false, mouse);
    frame(car, car, true, false, mouse);
    for (int k = 1; k <= 4; ++k)
        frame(car - dvec2(25.0 * k, 0.0), car, true, false, mouse);
    frame(car - dvec2(100.0, 0.0), car, false, false, mouse);
    CHECK(ed.draft.level().car_start.x == Approx(-10.0).margin(1e-6));
    CHECK(ed.draft.level().car_start.y == Approx(0.0).margin(1e-6));
}
