// Tunables of sound and rumble (the app's SoundDef).
#include "skidpad/tune/params.hpp"

namespace skidpad {

void register_sound_params(ParamRegistry& r) {
    const char* g = "Sound";
    r.add("sound.enabled", g, "", 0, 1, "Sound on; off mutes everything (key N).",
          [](Settings& s) -> bool& { return s.sound.enabled; });
    r.add("sound.master", g, "", 0.0, 1.0, "Gain of the whole mix.",
          [](Settings& s) -> double& { return s.sound.master; });
    r.add("sound.engine", g, "", 0.0, 1.0, "Engine volume.",
          [](Settings& s) -> double& { return s.sound.engine; });
    r.add("sound.tyres", g, "", 0.0, 1.0, "Tyre squeal and lock-up volume.",
          [](Settings& s) -> double& { return s.sound.tyres; });
    r.add("sound.impacts", g, "", 0.0, 1.0, "Impact and scrape volume.",
          [](Settings& s) -> double& { return s.sound.impacts; });
    r.add("sound.wind", g, "", 0.0, 1.0, "Wind noise volume (rises with speed).",
          [](Settings& s) -> double& { return s.sound.wind; });
    r.add("sound.cylinders", g, "", 1, 16,
          "Engine cylinders: the firing frequency is rpm/60 x cylinders/2.",
          [](Settings& s) -> int& { return s.sound.cylinders; });
    r.add("sound.timbre", g, "", 0.0, 1.0,
          "Engine character: 0 dull (few harmonics) .. 1 raspy (many).",
          [](Settings& s) -> double& { return s.sound.timbre; });

    const char* p = "Sound / Rumble";
    r.add("sound.rumble", p, "", 0, 1, "Gamepad rumble from impacts, tyre slip and the limiter.",
          [](Settings& s) -> bool& { return s.sound.rumble; });
    r.add("sound.rumble_strength", p, "", 0.0, 1.0, "Rumble strength at a full-strength event.",
          [](Settings& s) -> double& { return s.sound.rumble_strength; });
}

}  // namespace skidpad
