// A shared keyboard split between players: each human seat's own keys for the driving
// actions (throttle … reset), the left half (WASD) and the right half (arrows) by
// default, the clash check that keeps two seats off one key, and each seat's ramped
// controls from the keys held. Needs no SDL: keys are HID codes (SDL's scancodes).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "edge_latch.hpp"
#include "input_bindings.hpp"
#include "skidpad/input.hpp"
#include "skidpad/input_def.hpp"

namespace skidpad::app {

/// The driving actions a seat has keys for: Throttle .. Reset (the first of Action).
inline constexpr int kSeatActions = 9;

/// One seat's key per driving action (HID code; 0: none).
struct SeatKeyMap {
    std::array<int, kSeatActions> keys{};
    bool operator==(const SeatKeyMap&) const = default;
};

/// The left half: W/S/A/D, Space handbrake, Q/E gear down/up, X manual, R reset.
SeatKeyMap left_half_keys();
/// The right half: arrows, Right Ctrl handbrake, Delete/PageDown gear down/up, End
/// manual, Home reset.
SeatKeyMap right_half_keys();
/// The default keys of `players` seats sharing the keyboard: 2 players the two halves;
/// with 3–4 the first two, the rest drive by pad (no keys).
std::vector<SeatKeyMap> default_seat_keys(int players);

/// "" when no key is used twice across `seats` (and none is one the app keeps), else
/// the first clash, naming both: "key W: player 1's Throttle and player 2's Brake".
std::string seat_keys_clash(const std::vector<SeatKeyMap>& seats);

/// One seat's controls from the keys held, ramped like the whole keyboard's
/// (input.steer_rate, steer_return_rate, throttle_rate), with the edge commands (gear,
/// manual, reset) pressed since they were last taken.
class SeatKeyboard {
public:
    /// A key went down or up (`code` HID). Presses of the seat's edge keys are held.
    void key(const SeatKeyMap& map, int code, bool down);
    /// This frame's controls after `dt` s; the held edges are handed over and cleared.
    InputState update(const SeatKeyMap& map, double dt, const InputDef& def);
    /// Every key let go (focus lost, a menu opened).
    void release();
    /// The seat's key for `action` (0 .. kSeatActions - 1) is held down now.
    bool held(int action) const {
        return action >= 0 && action < kSeatActions && held_[static_cast<std::size_t>(action)];
    }

private:
    std::array<bool, kSeatActions> held_{};
    EdgeLatch edges_;
    double steer_ = 0.0, throttle_ = 0.0, brake_ = 0.0;
};

/// The keyboard shared by the human seats of a split screen: their key maps and
/// keyboards, and this frame's controls of each.
struct SharedKeyboard {
    std::vector<SeatKeyMap> maps;  ///< per seat (default_seat_keys, or `chosen`)
    /// The bindings file's seat keys, seat order: they replace the defaults seat by seat.
    std::vector<SeatKeyMap> chosen;
    std::vector<SeatKeyboard> boards;  ///< per seat
    std::vector<InputState> frame;     ///< this frame's controls per seat (update)

    /// For `players` seats (the chosen keys, else the default ones; nothing held).
    void seat(int players);
    /// A key event (`code` HID); presses are ignored while `captured` (a text field).
    void key(int code, bool down, bool captured);
    /// Every seat's controls for a frame of `dt` s (into `frame`).
    void update(double dt, const InputDef& def);
    /// The connected pads now (instance ids, connection order: pad k drives seat k + 1,
    /// unless `seat_pads` says otherwise).
    /// "" or, when a pad that drove a seat is gone, "Player K's pad disconnected" (the
    /// game pauses and says so). The first call only notes them.
    std::string pads_now(const std::vector<int>& ids);

    std::vector<int> pads;  ///< the pads last seen
    bool pads_seen = false;
    /// The join screen's pads: the instance id of the pad each seat drives with (-1: none);
    /// empty: pad k drives seat k + 1 in connection order. A seat whose pad is gone takes
    /// the next pad that connects and belongs to no seat.
    std::vector<int> seat_pads;
};

/// The bindings file's seat keys (bindings_store.hpp SeatKeys, Action order; 0 keeps the
/// seat's default key) become the shared keyboard's chosen keys and the seats are seated
/// again. "" when done, else the clash (seat_keys_clash) and the defaults are kept.
std::string apply_seat_keys(SharedKeyboard& kb,
                            const std::vector<std::array<int, kSeatActions>>& seats);

/// The pad (connection order in `ids`, the pads' instance ids) that drives seat `seat`:
/// the one it joined with (SharedKeyboard::seat_pads), else pad `seat`; -1 for none.
int seat_pad_index(const SharedKeyboard& kb, const std::vector<int>& ids, std::size_t seat);

/// Adds a pad's controls to a seat's keys': the larger pedal, the pad's steer where it
/// steers, the edges of both.
void merge_controls(InputState& into, const InputState& from);

}  // namespace skidpad::app
