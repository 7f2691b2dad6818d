// Tunables of sound and rumble (the app's SoundDef).
#include "skidpad/tune/params.hpp"

namespace skidpad {

namespace {
/// Marks a tunable as the player's own (player_keys.hpp): kept in the player's
/// preferences, never in a preset.
void mark_player(ParamDesc& p) {
    p.player = true;
}
}  // namespace

void register_sound_params(ParamRegistry& r) {
    const char* g = "Sound";
    mark_player(r.add("sound.enabled", g, "", 0, 1, "Sound on; off mutes everything (key N).",
                      [](Settings& s) -> bool& { return s.sound.enabled; }));
    mark_player(r.add("sound.master", g, "", 0.0, 1.0, "Gain of the whole mix.",
                      [](Settings& s) -> double& { return s.sound.master; }));
    mark_player(r.add("sound.engine", g, "", 0.0, 1.0, "Engine volume.",
                      [](Settings& s) -> double& { return s.sound.engine; }));
    mark_player(r.add("sound.tyres", g, "", 0.0, 1.0, "Tyre squeal and lock-up volume.",
                      [](Settings& s) -> double& { return s.sound.tyres; }));
    mark_player(r.add("sound.impacts", g, "", 0.0, 1.0, "Impact and scrape volume.",
                      [](Settings& s) -> double& { return s.sound.impacts; }));
    mark_player(r.add("sound.wind", g, "", 0.0, 1.0, "Wind noise volume (rises with speed).",
                      [](Settings& s) -> double& { return s.sound.wind; }));
    mark_player(r.add("sound.ground", g, "", 0.0, 1.0,
                      "Tyres on the ground: road roar, gravel crunch, grass swish, kerb buzz.",
                      [](Settings& s) -> double& { return s.sound.ground; }));
    r.add("sound.cylinders", g, "", 1, 16,
          "Engine cylinders: the firing frequency is rpm/60 x cylinders/2.",
          [](Settings& s) -> int& { return s.sound.cylinders; });
    r.add("sound.timbre", g, "", 0.0, 1.0,
          "Engine character: 0 dull (few harmonics) .. 1 raspy (many).",
          [](Settings& s) -> double& { return s.sound.timbre; });
    r.add("sound.firing", g, "", 0, kEngineFirings - 1,
          "Firing layout: 0 even, 1 cross-plane V8 burble, 2 unequal-length headers (flat-four "
          "rumble), 3 big-bang (pulses in pairs).",
          [](Settings& s) -> int& { return s.sound.firing; });
    r.add("sound.exhaust", g, "", 0.0, 1.0,
          "Exhaust: 0 muffled and quiet .. 1 open pipes (louder, brighter, more crackle).",
          [](Settings& s) -> double& { return s.sound.exhaust; });
    mark_player(r.add("sound.music", g, "", 0.0, 1.0, "Menu and results music volume.",
                      [](Settings& s) -> double& { return s.sound.music; }));

    const char* p = "Sound / Rumble";
    mark_player(r.add("sound.rumble", p, "", 0, 1,
                      "Gamepad rumble from impacts, tyre slip and the limiter.",
                      [](Settings& s) -> bool& { return s.sound.rumble; }));
    mark_player(r.add("sound.rumble_strength", p, "", 0.0, 1.0,
                      "Rumble strength at a full-strength event.",
                      [](Settings& s) -> double& { return s.sound.rumble_strength; }));
}

}  // namespace skidpad
