// The replay file's record codes, field bits and checksum, shared by its writer and reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "skidpad/replay/replay.hpp"

namespace skidpad::detail {

inline constexpr char kMagic[8] = {'S', 'K', 'I', 'D', 'R', 'P', 'L', 'Y'};
inline constexpr std::uint8_t kOpEnd = 0x00;
inline constexpr std::uint8_t kOpRun = 0x01;
inline constexpr std::uint8_t kOpSeatRun =
    0x02;  ///< a further human seat's run (flag kFlagPlayers)
inline constexpr std::uint16_t kFlagPlayers = 1;  ///< the header holds a player count (2..4)
inline constexpr std::uint8_t kGearNone = 255;    ///< gear_request -99 (no request)
inline constexpr int kGearMin = -1, kGearMax = 9;
inline constexpr std::size_t kMaxNameLength = 256;

/// Which fields an input run record carries (its mask byte).
enum InputBits : std::uint8_t {
    kThrottle = 1,
    kBrake = 2,
    kSteer = 4,
    kHandbrake = 8,
    kGear = 16,
    kEdges = 32,
};

inline bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

inline std::uint8_t edge_bits(const InputState& in) {
    return static_cast<std::uint8_t>((in.shift_up ? 1 : 0) | (in.shift_down ? 2 : 0) |
                                     (in.toggle_manual ? 4 : 0) | (in.reset ? 8 : 0));
}

inline std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t h = 1469598103934665603ull;
    for (char c : bytes)
        h = (h ^ static_cast<std::uint8_t>(c)) * 1099511628211ull;
    return h;
}

inline InputState without_edges(InputState in) {
    in.shift_up = in.shift_down = in.toggle_manual = in.reset = false;
    return in;
}

}  // namespace skidpad::detail
