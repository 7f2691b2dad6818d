// The player's bindings file, <pref dir>/bindings.json (format: input_bindings.hpp),
// with, from version 2, the keys of each keyboard seat of a shared keyboard:
//   "version": 2, ..., "seats": [ {"throttle": "W", "brake": "S", ...}, {...} ]
// (at most 4 seats; the driving actions throttle .. reset, each one key name or "" for
// none; an action left out keeps the seat's default key). A version 1 file (no seats)
// still loads, the seats keeping their default halves.
// A missing file means the default controls; a file that cannot be used also gives the
// defaults, with a message naming the file and what is wrong, and it is left as it is
// until the player saves from the Controls page. Saving is atomic.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "input_bindings.hpp"
#include "skidpad/scene/file_io.hpp"

namespace skidpad::app {

/// The driving actions a keyboard seat has its own key for (Throttle .. Reset).
inline constexpr int kSeatKeyActions = 9;
/// One keyboard seat's keys: HID code per driving action (Action order), 0 for none.
using SeatKeys = std::array<int, kSeatKeyActions>;
/// The bindings file's version with seats (version 1 files load too).
inline constexpr int kBindingsFileVersion = 2;
inline constexpr int kMaxSeatKeyLists = 4;

struct BindingsLoad {
    Bindings bindings = default_bindings();
    bool found = false;   ///< the file exists
    bool ok = true;       ///< the file (or its absence) gave the bindings
    std::string message;  ///< why the defaults are used instead of the file ("" when ok)
    std::vector<std::string> warnings;  ///< the file's unknown keys, ignored
    /// The file's seats, seat order; an action it left out is 0 (the seat's default key);
    /// empty when it has none (or cannot be used).
    std::vector<SeatKeys> seats;
};

/// "<pref dir>bindings.json" ("" when there is no pref dir).
std::string bindings_path(const std::string& pref_dir);
BindingsLoad load_bindings_file(const std::string& path);
/// Writes `b`, and `seats` when there are any (then as version 2).
FileResult save_bindings_file(const std::string& path, const Bindings& b,
                              const std::vector<SeatKeys>& seats = {});
/// The "seats" list of a bindings file's JSON text into `out` (left empty without one)
/// and the text without it, as version 1, for parse_bindings_text. "" or the error,
/// naming `source` and the field ("FILE: seats[2].brake: unknown key \"Foo\"").
std::string split_seat_keys(const std::string& text, const std::string& source,
                            std::vector<SeatKeys>& out, std::string& rest);

}  // namespace skidpad::app
