// Rebinding one keyboard seat's key (the Controls page's table of the players' keys):
// the seat keys a bindings file holds overlaid on the default halves, and one key set or
// put back to its default, refused when it would clash (two uses of one key, or a key
// the app keeps), naming both actions.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "seat_keys.hpp"

namespace skidpad::app {

/// The bindings file's seat keys (per seat, HID code per driving action, 0: the seat's
/// default key), as the Controls page keeps them.
using SeatKeyRows = std::vector<std::array<int, kSeatActions>>;

/// The keys `seats` seats drive with: default_seat_keys(seats) with `file`'s keys over them.
std::vector<SeatKeyMap> seat_keys_effective(const SeatKeyRows& file, int seats);
/// Seat `seat`'s (0-based, < kMaxKeyboardSeats) key for `action` (0 .. kSeatActions - 1)
/// set to `key` (0: back to the seat's default): "" and `file` changed (grown to hold the
/// seat), or why not (the clash, naming both actions) and `file` unchanged.
std::string seat_key_bind(SeatKeyRows& file, int seat, int action, int key);

/// The keyboard seats the file and the table have (players 1–4).
inline constexpr int kMaxKeyboardSeats = 4;

}  // namespace skidpad::app
