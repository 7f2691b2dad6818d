// Who sits where on the join screen (see seat_claims.hpp).
#include "seat_claims.hpp"

#include <algorithm>
#include <array>

namespace skidpad::app {

namespace {
constexpr std::array<const char*, 8> kColourNames = {"Red",    "Blue",   "Green", "Yellow",
                                                     "Orange", "Purple", "White", "Cyan"};
}  // namespace

const std::vector<Color>& seat_colours() {
    static const std::vector<Color> c = {
        rgba(200, 30, 35),  rgba(40, 90, 210),  rgba(40, 160, 60),   rgba(230, 200, 40),
        rgba(235, 120, 20), rgba(140, 60, 190), rgba(230, 230, 230), rgba(40, 200, 210)};
    return c;
}

const char* seat_colour_name(int i) {
    if (i < 0 || i >= static_cast<int>(kColourNames.size())) return "?";
    return kColourNames[static_cast<std::size_t>(i)];
}

std::string join_who_text(const JoinWho& who, const std::vector<int>& pads) {
    switch (who.device) {
        case JoinDevice::None:
            return "free";
        case JoinDevice::Keyboard:
            return "keyboard";
        case JoinDevice::KeyboardLeft:
            return "keyboard, left half";
        case JoinDevice::KeyboardRight:
            return "keyboard, right half";
        case JoinDevice::Pad: {
            const auto it = std::find(pads.begin(), pads.end(), who.pad);
            if (it == pads.end()) return "pad (gone)";
            return "pad " + std::to_string(it - pads.begin() + 1);
        }
    }
    return "";
}

SeatClaims::SeatClaims(int seats, int cars)
    : seats_(static_cast<std::size_t>(std::clamp(seats, 1, 4))), cars_(std::max(cars, 1)) {
    for (std::size_t k = 0; k < seats_.size(); ++k)
        seats_[k].colour = static_cast<int>(k);
}

JoinWho SeatClaims::keyboard_half(bool right) const {
    if (seats_.size() == 1) return {JoinDevice::Keyboard, -1};
    return {right ? JoinDevice::KeyboardRight : JoinDevice::KeyboardLeft, -1};
}

int SeatClaims::seat_of(const JoinWho& who) const {
    if (who.device == JoinDevice::None) return -1;
    for (std::size_t k = 0; k < seats_.size(); ++k)
        if (seats_[k].who == who) return static_cast<int>(k);
    return -1;
}

int SeatClaims::claim(JoinWho who) {
    if (who.device == JoinDevice::None) return -1;
    if (who.device != JoinDevice::Pad) who.pad = -1;
    // The whole keyboard belongs to a lone player; halves to several.
    const bool lone = seats_.size() == 1;
    if (who.device == JoinDevice::Keyboard && !lone) return -1;
    if ((who.device == JoinDevice::KeyboardLeft || who.device == JoinDevice::KeyboardRight) && lone)
        who.device = JoinDevice::Keyboard;
    if (const int held = seat_of(who); held >= 0) return held;
    for (std::size_t k = 0; k < seats_.size(); ++k) {
        JoinSeat& s = seats_[k];
        if (s.taken()) continue;
        s.who = who;
        s.ready = false;
        if (!colour_free(s.colour, static_cast<int>(k))) next_colour(static_cast<int>(k), 1);
        return static_cast<int>(k);
    }
    return -1;
}

void SeatClaims::leave(int seat) {
    if (seat < 0 || seat >= static_cast<int>(seats_.size())) return;
    JoinSeat& s = seats_[static_cast<std::size_t>(seat)];
    s.who = JoinWho{};
    s.ready = false;
}

void SeatClaims::next_car(int seat, int step) {
    if (seat < 0 || seat >= static_cast<int>(seats_.size())) return;
    JoinSeat& s = seats_[static_cast<std::size_t>(seat)];
    if (!s.taken()) return;
    s.car = ((s.car + step) % cars_ + cars_) % cars_;
    s.ready = false;
}

bool SeatClaims::colour_free(int colour, int except) const {
    for (std::size_t k = 0; k < seats_.size(); ++k)
        if (static_cast<int>(k) != except && seats_[k].taken() && seats_[k].colour == colour)
            return false;
    return true;
}

void SeatClaims::next_colour(int seat, int step) {
    if (seat < 0 || seat >= static_cast<int>(seats_.size()) || step == 0) return;
    JoinSeat& s = seats_[static_cast<std::size_t>(seat)];
    const int n = static_cast<int>(seat_colours().size());
    const int dir = step > 0 ? 1 : -1;
    int c = s.colour;
    for (int tries = 0; tries < n; ++tries) {
        c = ((c + dir) % n + n) % n;
        if (colour_free(c, seat)) {
            s.colour = c;
            s.ready = false;
            return;
        }
    }
}

void SeatClaims::toggle_ready(int seat) {
    if (seat < 0 || seat >= static_cast<int>(seats_.size())) return;
    JoinSeat& s = seats_[static_cast<std::size_t>(seat)];
    if (s.taken()) s.ready = !s.ready;
}

bool SeatClaims::all_ready() const {
    return std::all_of(seats_.begin(), seats_.end(),
                       [](const JoinSeat& s) { return s.taken() && s.ready; });
}

int SeatClaims::pad_gone(int pad_id) {
    const int seat = seat_of({JoinDevice::Pad, pad_id});
    leave(seat);
    return seat;
}

void SeatClaims::preset(int seat, const JoinWho& who, int car, int colour) {
    if (seat < 0 || seat >= static_cast<int>(seats_.size())) return;
    JoinSeat& s = seats_[static_cast<std::size_t>(seat)];
    s.who = seat_of(who) < 0 ? who : JoinWho{};
    s.car = ((car % cars_) + cars_) % cars_;
    if (colour >= 0 && colour < static_cast<int>(seat_colours().size()) &&
        colour_free(colour, seat))
        s.colour = colour;
    s.ready = false;
}

}  // namespace skidpad::app
