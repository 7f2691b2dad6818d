// One keyboard seat's key rebound, clashes refused (see seat_rebind.hpp).
#include "seat_rebind.hpp"

namespace skidpad::app {

std::vector<SeatKeyMap> seat_keys_effective(const SeatKeyRows& file, int seats) {
    std::vector<SeatKeyMap> out = default_seat_keys(seats);
    for (std::size_t k = 0; k < out.size() && k < file.size(); ++k)
        for (std::size_t a = 0; a < file[k].size(); ++a)
            if (file[k][a] != 0) out[k].keys[a] = file[k][a];
    return out;
}

std::string seat_key_bind(SeatKeyRows& file, int seat, int action, int key) {
    if (seat < 0 || seat >= kMaxKeyboardSeats || action < 0 || action >= kSeatActions)
        return "no such seat key";
    SeatKeyRows next = file;
    if (next.size() <= static_cast<std::size_t>(seat))
        next.resize(static_cast<std::size_t>(seat) + 1, std::array<int, kSeatActions>{});
    next[static_cast<std::size_t>(seat)][static_cast<std::size_t>(action)] = key;
    if (std::string clash = seat_keys_clash(seat_keys_effective(next, kMaxKeyboardSeats));
        !clash.empty())
        return clash;
    file = std::move(next);
    return "";
}

}  // namespace skidpad::app
