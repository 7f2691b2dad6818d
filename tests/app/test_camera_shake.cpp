// Camera shake from the player car's hits, and the floor under the speed zoom-out.
#include <catch2/catch.hpp>

#include <cmath>

#include "camera.hpp"
#include "skidpad/camera_def.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
double offset_points(const Camera& c) {
    return std::sqrt(c.shake_offset.x * c.shake_offset.x + c.shake_offset.y * c.shake_offset.y) *
           c.zoom;
}
}  // namespace

TEST_CASE("a hard hit shakes the camera, which settles, and camera.shake 0 never shakes",
          "[app][camera]") {
    CameraDef def;
    Camera cam;
    camera_update(cam, def, dvec2(0.0, 0.0), dvec2(0.0, 0.0), def.zoom, 0.0);
    camera_shake_kick(cam, def, kShakeFullImpulse);  // full trauma
    CHECK(cam.trauma == Approx(1.0));
    double most = 0.0;
    for (int i = 0; i < 6; ++i) {  // the first 0.1 s
        camera_update(cam, def, dvec2(0.0, 0.0), dvec2(0.0, 0.0), def.zoom, 1.0 / 60.0);
        most = std::max(most, offset_points(cam));
    }
    INFO("largest offset " << most << " points");
    CHECK(most > 3.0);
    CHECK(most <= kShakeMaxPoints + 1e-9);
    // Trauma decays with a 0.25 s time constant: after 2 s (8 time constants) it is
    // exp(-8) = 3.4e-4 of full, under the 1e-3 cut, so the view is still.
    for (int i = 0; i < 120; ++i)
        camera_update(cam, def, dvec2(0.0, 0.0), dvec2(0.0, 0.0), def.zoom, 1.0 / 60.0);
    CHECK(offset_points(cam) == 0.0);

    def.shake = 0.0;
    camera_shake_kick(cam, def, 1e9);
    camera_update(cam, def, dvec2(0.0, 0.0), dvec2(0.0, 0.0), def.zoom, 1.0 / 60.0);
    CHECK(offset_points(cam) == 0.0);
    // Bad impulses add nothing.
    def.shake = 3.0;
    camera_shake_kick(cam, def, std::nan(""));
    camera_shake_kick(cam, def, -1e9);
    CHECK(cam.trauma == 0.0);
}

TEST_CASE("the speed zoom-out stops at camera.speed_zoom_floor", "[app][camera]") {
    CameraDef def;  // zoom 14, zoom-out 0.5 at 50 m/s: 7 px/m without the floor
    def.speed_zoom_floor = 10.0;
    CHECK(speed_zoom(def, 14.0, 0.0) == Approx(14.0));
    CHECK(speed_zoom(def, 14.0, 20.0) == Approx(14.0 * (1.0 - 0.5 * 20.0 / 50.0)));  // 11.2
    CHECK(speed_zoom(def, 14.0, 80.0) == Approx(10.0));
    // A zoom the player chose below the floor is kept, not zoomed in on.
    CHECK(speed_zoom(def, 6.0, 80.0) == Approx(6.0));
    // Floor 0 gives the old behaviour.
    def.speed_zoom_floor = 0.0;
    CHECK(speed_zoom(def, 14.0, 80.0) == Approx(7.0));
    CHECK(std::isfinite(speed_zoom(def, 14.0, std::nan(""))));
}
