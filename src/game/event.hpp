// A change of the session's state (a tunable, a preset, a sandbox edit, a reset, a scene,
// a race's field, a mode): what Session::apply applies and records, the one way in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "modes/mode.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/soft/body_kinds.hpp"

namespace skidpad::app {

enum class EventKind : std::uint8_t {
    Tuning,       ///< the changes queued in the Tuner (sliders, undo, pause, a key's control)
    Settings,     ///< settings: a whole setup (a preset, a car picked in the menu)
    Spawn,        ///< body_kind, x, y: a sandbox body added
    Remove,       ///< body: a body deleted
    Drag,         ///< body, x, y: a body pulled to a point (held until DragEnd)
    DragEnd,      ///< the pull let go
    SceneReset,   ///< the scene from its start (Backspace)
    CarReset,     ///< the player's car put back at once (a reset while paused)
    SelectScene,  ///< scene: -1 the arena, else an index into Scene::tracks
    SelectTrack,  ///< name: a track by name, or a track file (added to the list)
    RaceStart,    ///< opponents: a race's field of AI cars on the loaded track
    StartMode,    ///< name, options: mode `name` replaces the running one
    RestartMode,  ///< the running mode's session from its start (menu Restart)
    TakeOver,     ///< the replay viewer's state shown becomes the live game (T)
    Seats,        ///< seats: the join screen's paints and cars (seat_setup.hpp)
};

/// One change; the factories below fill what each kind reads.
struct Event {
    EventKind kind = EventKind::Tuning;
    std::string name;                      ///< SelectTrack: track; StartMode: mode; Settings: label
    int scene = -1;                        ///< SelectScene
    int opponents = 0;                     ///< RaceStart
    RaceRules rules;                       ///< RaceStart: laps and level
    BodyKind body_kind = BodyKind::Crate;  ///< Spawn
    float x = 0.0f, y = 0.0f;              ///< Spawn, Drag: world position (m)
    BodyId body;                           ///< Remove, Drag
    skidpad::Settings settings;            ///< Settings
    ModeOptions options;                   ///< StartMode
    std::vector<ReplaySeat> seats;         ///< Seats

    static Event tuning() { return {}; }
    static Event setup(const skidpad::Settings& s, std::string label) {
        Event e = of(EventKind::Settings);
        e.settings = s;
        e.name = std::move(label);
        return e;
    }
    static Event spawn(BodyKind kind, float x, float y) {
        Event e = of(EventKind::Spawn);
        e.body_kind = kind;
        e.x = x;
        e.y = y;
        return e;
    }
    static Event remove(BodyId body) {
        Event e = of(EventKind::Remove);
        e.body = body;
        return e;
    }
    static Event drag(BodyId body, float x, float y) {
        Event e = of(EventKind::Drag);
        e.body = body;
        e.x = x;
        e.y = y;
        return e;
    }
    static Event drag_end() { return of(EventKind::DragEnd); }
    static Event scene_reset() { return of(EventKind::SceneReset); }
    static Event car_reset() { return of(EventKind::CarReset); }
    static Event select_scene(int scene) {
        Event e = of(EventKind::SelectScene);
        e.scene = scene;
        return e;
    }
    static Event select_track(std::string track) {
        Event e = of(EventKind::SelectTrack);
        e.name = std::move(track);
        return e;
    }
    static Event race_start(int opponents, RaceRules rules = {}) {
        Event e = of(EventKind::RaceStart);
        e.opponents = opponents;
        e.rules = rules;
        return e;
    }
    static Event start_mode(std::string mode, ModeOptions options = {}) {
        Event e = of(EventKind::StartMode);
        e.name = std::move(mode);
        e.options = std::move(options);
        return e;
    }
    static Event restart_mode() { return of(EventKind::RestartMode); }
    static Event take_over() { return of(EventKind::TakeOver); }
    static Event seat_setup(std::vector<ReplaySeat> seats) {
        Event e = of(EventKind::Seats);
        e.seats = std::move(seats);
        return e;
    }

private:
    static Event of(EventKind k) {
        Event e;
        e.kind = k;
        return e;
    }
};

}  // namespace skidpad::app
