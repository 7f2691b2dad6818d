// Zooming is view state: the wheel/keys change the camera, not the camera.zoom
// tunable, so a zoom is neither a tuning change nor part of a saved preset.
#include <catch2/catch.hpp>

#include <cmath>

#include "camera.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;
using namespace skidpad::app;

TEST_CASE("zoom input changes the view and leaves the tunables and presets alone",
          "[app][camera]") {
    const Settings s;
    Camera cam;
    CHECK(camera_user_zoom(cam, s.camera) == s.camera.zoom);
    camera_zoom(cam, s.camera, 3.0);
    CHECK(camera_user_zoom(cam, s.camera) == Approx(s.camera.zoom * std::pow(1.15, 3.0)));
    CHECK(s.camera.zoom == Settings{}.camera.zoom);
    // A preset of the changed values holds none: the zoom never reached the settings.
    CHECK(preset_to_text(s, "after-zoom", true).find("camera.zoom") == std::string::npos);

    // Zooming far out stops at camera.zoom_min (a tunable the view obeys).
    camera_zoom(cam, s.camera, -100.0);
    CHECK(camera_user_zoom(cam, s.camera) == Approx(s.camera.zoom_min));

    // Setting the camera.zoom tunable (slider, preset, --set) moves the view to it.
    Settings tuned = s;
    tuned.camera.zoom = 30.0;
    CHECK(camera_user_zoom(cam, tuned.camera) == 30.0);
    camera_zoom(cam, tuned.camera, -1.0);
    CHECK(camera_user_zoom(cam, tuned.camera) == Approx(30.0 / 1.15));

    // The follow camera reaches the chosen zoom (at rest: no speed zoom-out).
    camera_update(cam, tuned.camera, dvec2(0.0), dvec2(0.0), camera_user_zoom(cam, tuned.camera),
                  1.0 / 60.0);
    CHECK(cam.zoom == Approx(30.0 / 1.15));
}
