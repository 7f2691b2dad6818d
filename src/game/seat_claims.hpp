// Who sits where on the join screen: each of the game's human seats is taken by one
// device (the whole keyboard for a lone player, the keyboard's left or right half, or
// one pad), never two seats by one device; each taken seat has a car (an index into the
// offered presets) and a colour (an index into seat_colours(), no two seats alike) and
// is ready or not. Leaving frees the seat. No SDL: pads are named by their instance id.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "skidpad/draw.hpp"

namespace skidpad::app {

enum class JoinDevice : std::uint8_t { None, Keyboard, KeyboardLeft, KeyboardRight, Pad };

/// A device: its kind and, for a pad, its instance id.
struct JoinWho {
    JoinDevice device = JoinDevice::None;
    int pad = -1;
    bool operator==(const JoinWho&) const = default;
};

struct JoinSeat {
    JoinWho who;  ///< None: the seat is free
    int car = 0;
    int colour = 0;
    bool ready = false;
    bool taken() const { return who.device != JoinDevice::None; }
};

/// The colours a seat picks from (the first is the player car's red).
const std::vector<Color>& seat_colours();
/// "Red", "Blue", ... for seat_colours()[i].
const char* seat_colour_name(int i);
/// "left half of the keyboard", "pad 2", ... (`pads`: connected pad ids, for the number).
std::string join_who_text(const JoinWho& who, const std::vector<int>& pads);

class SeatClaims {
public:
    /// `seats` human seats (1..4), `cars` presets offered (at least 1).
    SeatClaims(int seats, int cars);

    /// A key of one keyboard half (`right`) or a pad button: the device takes the first
    /// free seat (a half is the whole keyboard when there is one seat). Returns the
    /// seat it holds (the one it already held), or -1 when every seat is taken or
    /// another seat holds the keyboard the way this one would need it.
    int claim(JoinWho who);
    /// A keyboard half's press as the device it means with this many seats.
    JoinWho keyboard_half(bool right) const;
    /// The seat `who` holds, or -1.
    int seat_of(const JoinWho& who) const;
    /// The seat is free again (its car kept, not ready).
    void leave(int seat);
    /// The seat's car by `step` (wrapping over the presets); nothing on a free seat.
    void next_car(int seat, int step);
    /// The seat's colour by `step`, skipping colours other seats have.
    void next_colour(int seat, int step);
    /// Ready toggled (only a taken seat can be ready).
    void toggle_ready(int seat);
    /// Every seat taken and ready: the game can start.
    bool all_ready() const;
    /// A pad went away: the seat it held is freed. Returns that seat or -1.
    int pad_gone(int pad_id);

    const std::vector<JoinSeat>& seats() const { return seats_; }
    /// Sets a seat as the game had it before (the screen reopened from the menu).
    void preset(int seat, const JoinWho& who, int car, int colour);

private:
    bool colour_free(int colour, int except) const;
    std::vector<JoinSeat> seats_;
    int cars_ = 1;
};

}  // namespace skidpad::app
