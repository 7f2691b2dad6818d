// A shared keyboard split between players (see seat_keys.hpp).
#include "seat_keys.hpp"

#include <algorithm>
#include <cmath>

#include "key_label.hpp"

namespace skidpad::app {

namespace {
double move_to(double v, double target, double step) {
    if (v < target) return std::min(v + step, target);
    return std::max(v - step, target);
}

int idx(Action a) {
    return static_cast<int>(a);
}
}  // namespace

SeatKeyMap left_half_keys() {
    SeatKeyMap m;
    auto set = [&m](Action a, const char* name) {
        m.keys[static_cast<std::size_t>(idx(a))] = key_from_name(name);
    };
    set(Action::Throttle, "W");
    set(Action::Brake, "S");
    set(Action::SteerLeft, "A");
    set(Action::SteerRight, "D");
    set(Action::Handbrake, "Space");
    set(Action::ShiftUp, "E");
    set(Action::ShiftDown, "Q");
    set(Action::ToggleManual, "X");
    set(Action::Reset, "R");
    return m;
}

SeatKeyMap right_half_keys() {
    SeatKeyMap m;
    auto set = [&m](Action a, const char* name) {
        m.keys[static_cast<std::size_t>(idx(a))] = key_from_name(name);
    };
    set(Action::Throttle, "Up");
    set(Action::Brake, "Down");
    set(Action::SteerLeft, "Left");
    set(Action::SteerRight, "Right");
    set(Action::Handbrake, "Right Ctrl");
    set(Action::ShiftUp, "PageDown");
    set(Action::ShiftDown, "Delete");
    set(Action::ToggleManual, "End");
    set(Action::Reset, "Home");
    return m;
}

std::vector<SeatKeyMap> default_seat_keys(int players) {
    std::vector<SeatKeyMap> out(static_cast<std::size_t>(std::max(players, 0)));
    if (!out.empty()) out[0] = left_half_keys();
    if (out.size() > 1) out[1] = right_half_keys();
    return out;
}

std::string seat_keys_clash(const std::vector<SeatKeyMap>& seats) {
    for (std::size_t s = 0; s < seats.size(); ++s) {
        for (int a = 0; a < kSeatActions; ++a) {
            const int code = seats[s].keys[static_cast<std::size_t>(a)];
            if (code == 0) continue;
            const std::string who =
                "player " + std::to_string(s + 1) + "'s " + action_label(static_cast<Action>(a));
            if (const std::string_view job = reserved_key(code); !job.empty())
                return "key " + key_label(code) + ": " + who + " and " + std::string(job);
            // The first later use of the same key, in this seat or another.
            for (std::size_t t = s; t < seats.size(); ++t) {
                for (int b = t == s ? a + 1 : 0; b < kSeatActions; ++b) {
                    if (seats[t].keys[static_cast<std::size_t>(b)] != code) continue;
                    return "key " + key_label(code) + ": " + who + " and player " +
                           std::to_string(t + 1) + "'s " + action_label(static_cast<Action>(b));
                }
            }
        }
    }
    return "";
}

void SeatKeyboard::key(const SeatKeyMap& map, int code, bool down) {
    if (code == 0) return;
    for (int a = 0; a < kSeatActions; ++a) {
        if (map.keys[static_cast<std::size_t>(a)] != code) continue;
        const bool was = held_[static_cast<std::size_t>(a)];
        held_[static_cast<std::size_t>(a)] = down;
        if (down && !was) edges_.press(static_cast<Action>(a));
    }
}

InputState SeatKeyboard::update(const SeatKeyMap& /*map*/, double dt, const InputDef& def) {
    if (!std::isfinite(dt) || dt < 0.0) dt = 0.0;
    auto on = [this](Action a) { return held_[static_cast<std::size_t>(idx(a))] ? 1.0 : 0.0; };
    const double target = on(Action::SteerLeft) - on(Action::SteerRight);  // +1 = left
    double rate = def.steer_return_rate;
    if (target != 0.0)
        rate = steer_ * target < 0.0 ? std::max(def.steer_rate, def.steer_return_rate)
                                     : def.steer_rate;
    steer_ = move_to(steer_, target, rate * dt);
    throttle_ = move_to(throttle_, on(Action::Throttle), def.throttle_rate * dt);
    brake_ = move_to(brake_, on(Action::Brake), def.throttle_rate * dt);
    InputState in;
    in.throttle = throttle_;
    in.brake = brake_;
    in.steer = shape_steer(steer_, def.key_steer_sensitivity, def.key_steer_linearity);
    in.handbrake = on(Action::Handbrake);
    edges_.hand_over(in);
    return in;
}

void SeatKeyboard::release() {
    held_.fill(false);
}

void SharedKeyboard::seat(int players) {
    maps = default_seat_keys(players);
    for (std::size_t k = 0; k < maps.size() && k < chosen.size(); ++k)
        maps[k] = chosen[k];
    boards.assign(maps.size(), SeatKeyboard{});
    frame.assign(maps.size(), InputState{});
}

void SharedKeyboard::key(int code, bool down, bool captured) {
    if (down && captured) return;
    for (std::size_t k = 0; k < boards.size() && k < maps.size(); ++k)
        boards[k].key(maps[k], code, down);
}

void SharedKeyboard::update(double dt, const InputDef& def) {
    frame.resize(boards.size());
    for (std::size_t k = 0; k < boards.size() && k < maps.size(); ++k)
        frame[k] = boards[k].update(maps[k], dt, def);
}

std::string SharedKeyboard::pads_now(const std::vector<int>& ids) {
    std::string msg;
    if (!seat_pads.empty()) {
        for (std::size_t k = 0; k < seat_pads.size(); ++k) {
            if (seat_pads[k] < 0 || std::find(ids.begin(), ids.end(), seat_pads[k]) != ids.end())
                continue;
            // A pad that came and drives nobody takes the seat whose pad is gone.
            bool taken = true;
            for (int id : ids) {
                if (std::find(seat_pads.begin(), seat_pads.end(), id) != seat_pads.end()) continue;
                seat_pads[k] = id;
                taken = false;
                break;
            }
            if (taken && msg.empty() && pads_seen &&
                std::find(pads.begin(), pads.end(), seat_pads[k]) != pads.end())
                msg = "Player " + std::to_string(k + 1) + "'s pad disconnected";
        }
        pads = ids;
        pads_seen = true;
        return msg;
    }
    if (pads_seen) {
        for (std::size_t k = 0; k < pads.size() && msg.empty(); ++k) {
            if (k >= maps.size()) break;  // a spare pad drove nobody
            if (std::find(ids.begin(), ids.end(), pads[k]) == ids.end())
                msg = "Player " + std::to_string(k + 1) + "'s pad disconnected";
        }
    }
    pads = ids;
    pads_seen = true;
    return msg;
}

std::string apply_seat_keys(SharedKeyboard& kb,
                            const std::vector<std::array<int, kSeatActions>>& seats) {
    const std::vector<SeatKeyMap> defaults =
        default_seat_keys(static_cast<int>(std::max<std::size_t>(seats.size(), 2)));
    std::vector<SeatKeyMap> chosen;
    for (std::size_t k = 0; k < seats.size(); ++k) {
        SeatKeyMap m = defaults[k];
        for (std::size_t a = 0; a < seats[k].size(); ++a)
            if (seats[k][a] != 0) m.keys[a] = seats[k][a];
        chosen.push_back(m);
    }
    std::string clash = seat_keys_clash(chosen);
    kb.chosen = clash.empty() ? std::move(chosen) : std::vector<SeatKeyMap>{};
    kb.seat(static_cast<int>(kb.maps.size()));
    return clash;
}

int seat_pad_index(const SharedKeyboard& kb, const std::vector<int>& ids, std::size_t seat) {
    if (kb.seat_pads.empty()) return seat < ids.size() ? static_cast<int>(seat) : -1;
    if (seat >= kb.seat_pads.size() || kb.seat_pads[seat] < 0) return -1;
    const auto it = std::find(ids.begin(), ids.end(), kb.seat_pads[seat]);
    return it == ids.end() ? -1 : static_cast<int>(it - ids.begin());
}

void merge_controls(InputState& into, const InputState& from) {
    into.throttle = std::max(into.throttle, from.throttle);
    into.brake = std::max(into.brake, from.brake);
    into.handbrake = std::max(into.handbrake, from.handbrake);
    if (from.steer != 0.0) into.steer = from.steer;
    into.shift_up = into.shift_up || from.shift_up;
    into.shift_down = into.shift_down || from.shift_down;
    into.toggle_manual = into.toggle_manual || from.toggle_manual;
    into.reset = into.reset || from.reset;
}

}  // namespace skidpad::app
