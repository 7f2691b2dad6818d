// A ghost: another run's player car (--ghost FILE, any replay) played back beside the
// live one, one physics step per live step, drawn translucent with the live gap. A
// time-trial ghost is a recorded lap instead: a frame per step, shown without simulating.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "replay_player.hpp"
#include "skidpad/draw.hpp"

namespace skidpad::app {

/// How translucent a ghost car is drawn (of 255).
inline constexpr std::uint32_t kGhostAlpha = 90;

/// What a ghost car shows after one step of a recorded lap.
struct GhostFrame {
    dvec2 position{0.0, 0.0};
    double heading = 0.0;           ///< rad
    std::array<double, 4> steer{};  ///< rad, each wheel's steer angle (FL, FR, RL, RR)
    bool braking = false;           ///< tail lamps lit
    bool reversing = false;         ///< reversing lamps lit

    bool operator==(const GhostFrame&) const = default;
};

/// A lap as it was driven: the car at its start (shape, dents, wheel places) and one
/// frame per step from the step the lap began (frame 0) to the step that ended it.
struct GhostLap {
    Car car;
    CarDef def;
    std::vector<GhostFrame> frames;
};

/// The frame `car` shows now.
GhostFrame ghost_frame(const Car& car);
/// The car of a lap's start as a ghost shows it: `car` with its wheels' readouts cleared
/// (their outlines then read as rolling freely), its shape and dents kept.
Car ghost_template(const Car& car);

struct Ghost {
    bool active = false;
    bool from_lap = false;  ///< a recorded lap (lap, lap_at), not a replay played back
    GhostLap lap;
    std::size_t lap_at = 0;  ///< the frame shown
    ReplayPlayer player;
    Scene scene;           ///< the ghost's own world (its bodies are not drawn)
    bool waiting = false;  ///< held where it is (a time-trial ghost waits at its lap's start)
    std::string label = "ghost";        ///< what the gap readout calls it
    Color paint = 0;                    ///< 0: the car's own paint, else this one
    std::uint32_t alpha = kGhostAlpha;  ///< of 255
};

/// The gap between the live player car and the ghost, along the live car's heading.
struct GhostGap {
    bool valid = false;
    double metres = 0.0;   ///< > 0: the ghost is ahead
    double seconds = 0.0;  ///< metres / the live car's speed (at least 1 m/s)
};

/// Builds the ghost's scene from the replay. "" or why not (its level or track missing).
std::string ghost_open(Ghost& ghost, Replay replay);
/// A ghost of a recorded lap, held at its first frame (waiting). False when it has no frames.
bool ghost_open_lap(Ghost& ghost, GhostLap lap);
/// Back to the first frame of a recorded lap (a replay ghost: unchanged).
void ghost_lap_restart(Ghost& ghost);
/// One physics step of the ghost (nothing after its end): a replay's step, or a
/// recorded lap's next frame.
void ghost_step(Ghost& ghost);
/// At the end of what it plays (a replay's last step, a lap's last frame).
bool ghost_ended(const Ghost& ghost);
/// The ghost's car now (nullptr when inactive); `scratch` holds a recorded lap's car.
const Car* ghost_car(const Ghost& ghost, Car& scratch);
/// The ghost's player car as translucent shapes (ghost.alpha, in ghost.paint if set).
void ghost_draw(const Ghost& ghost, DrawList& out);
GhostGap ghost_gap(const Ghost& ghost, const World& live);

}  // namespace skidpad::app
