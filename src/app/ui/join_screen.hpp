// The join screen (pause menu -> Players, and at the start of a game of several players):
// each player presses a key of their keyboard half, or any button of a pad, to take a
// seat (a lone player takes the whole keyboard); then with their own keys or d-pad picks
// a car preset (left/right) and a colour (up/down) and says ready (handbrake key, or A);
// the reset key or B leaves the seat. A car the profile has not unlocked can be looked
// at but not made ready (car_locks.hpp). When every seat is ready the game goes on with
// those seats: each seat's keys and pad, its car and its paint (Scene::seat_cars,
// Scene::seat_paints). Esc closes it and keeps the seats as they were.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "car_locks.hpp"
#include "preset_store.hpp"
#include "seat_claims.hpp"
#include "seat_keys.hpp"

union SDL_Event;

namespace skidpad::app {

struct Game;
struct GameOptions;
struct AppCommands;

struct JoinScreen {
    bool open = false;
    std::optional<SeatClaims> claims;
    std::vector<PresetEntry> cars;   ///< the car presets offered (the menu's Car page's)
    std::vector<int> pads;           ///< the pads connected (instance ids), for their numbers
    std::vector<SeatKeyMap> halves;  ///< the keyboard halves' keys (SharedKeyboard::chosen)
    bool at_start = false;           ///< opened before the game started (Ready needs no restart)
    /// Per offered car, what unlocks it ("" open) in the game's profile's progress: a
    /// seat on a locked car cannot be ready (the title screen's and --preset's check).
    std::vector<std::string> locked;
    std::string message;  ///< why the last Ready was refused ("" none), under the seats
};

/// What unlocks each of `cars` in `p` ("" when open): car_lock on each preset's car name.
std::vector<std::string> join_car_locks(const Progress& p, const std::vector<PresetEntry>& cars);

/// What a key (HID code) means on the join screen: the keyboard half it belongs to
/// (`halves`: the left's and the right's keys, as the bindings file has them; empty:
/// left_half_keys / right_half_keys), and which seat action it is (Action order, 0
/// throttle .. 8 reset); action -1 when it is no half's key.
struct JoinKey {
    bool right = false;
    int action = -1;
};
JoinKey join_key_of(int code, const std::vector<SeatKeyMap>& halves = {});

/// A key pressed (HID code) on the open screen: a half's key takes a seat, then moves
/// that seat's choices. False when the key meant nothing here.
bool join_key(JoinScreen& js, int code);
/// A pad button (SDL_GameControllerButton) pressed on pad `pad_id` (instance id).
bool join_pad_button(JoinScreen& js, int pad_id, int button);
/// The join screen's share of an SDL event (key presses, pad buttons, pads removed).
void join_event(JoinScreen& js, const SDL_Event& e);

/// Opens the screen for the game's seats as they are now (each seat's keys, pad, car and
/// colour preset on it).
void join_open(Game& game);
/// At the start: opens the screen when the game has several players and is played by
/// hand (not scripted, not a replay, not the editor), or when --show lists "players".
void join_open_at_start(Game& game, const GameOptions& options, bool interactive);
/// Draws the open screen; when every seat is ready, hands the seats to the game and
/// closes. Esc closes it without changes. True while it is open (the world waits).
bool join_frame(Game& game, const AppCommands& cmd);

}  // namespace skidpad::app
