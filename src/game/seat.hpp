// A seat: one car in the world and who drives it (an input source), with what the game
// keeps per seat for its HUD. The single-player game is one seat; a race's AI
// drivers are seats whose source is the planner. The picture of a seat is the app's.
#pragma once

#include <cstdint>
#include <vector>

#include "skidpad/input.hpp"
#include "skidpad/world.hpp"

namespace skidpad::app {

/// Where a seat's input comes from each step.
enum class InputSource : std::uint8_t {
    Keyboard,       ///< the whole keyboard (and the first pad, as the one player has it)
    KeyboardLeft,   ///< the left half of the keyboard (a shared keyboard)
    KeyboardRight,  ///< the right half
    Pad,            ///< one pad (Seat::pad)
    Script,         ///< the session's input script (--input), row at the step's time
    Autopilot,      ///< the planner drives the car the player sits in (F2)
    Replay,         ///< a recording's input (the replay viewer)
    Planner,        ///< an AI driver: the race's planner sets its input (no input given)
};

/// What a seat's HUD reads of its own run (the rest is the mode's, per car).
struct SeatHud {
    InputState last_input;  ///< what the car got on the last step (the pedals, the wheel)
    int race_number = 0;    ///< the number over the car in a race (0: none)
};

struct Seat {
    CarId car;  ///< the seat's car in the world
    InputSource source = InputSource::Keyboard;
    int pad = -1;  ///< Pad: which pad (connection order)
    SeatHud hud;
};

/// One step's input per seat, in seat order (a Planner seat's is not read; a missing
/// one is no input).
struct SeatInputs {
    std::vector<InputState> seat;
};

}  // namespace skidpad::app
