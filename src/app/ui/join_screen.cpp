// The join screen: seats taken by keyboard halves and pads, cars and colours picked
// (see join_screen.hpp).
#include "join_screen.hpp"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>

#include "game.hpp"
#include "players.hpp"
#include "seat_setup.hpp"
#include "skidpad/scene/preset.hpp"

namespace skidpad::app {

namespace {
/// The seat actions the screen reads (Action order).
enum : int { kUp = 0, kDown = 1, kLeft = 2, kRight = 3, kReady = 4, kLeave = 8 };

/// What unlocks seat `seat`'s car ("" when open or when no locks were given).
std::string seat_car_lock(const JoinScreen& js, int seat) {
    if (js.cars.empty() || js.locked.size() != js.cars.size()) return "";
    const int car = js.claims->seats()[static_cast<std::size_t>(seat)].car;
    return js.locked[static_cast<std::size_t>(car) % js.locked.size()];
}

/// A seat's choices moved by one of its actions; true when it meant something. Ready
/// on a locked car is refused with the message the title screen gives.
bool seat_action(JoinScreen& js, int seat, int action) {
    SeatClaims& c = *js.claims;
    if (action != kReady) js.message.clear();
    switch (action) {
        case kUp:
            c.next_colour(seat, -1);
            return true;
        case kDown:
            c.next_colour(seat, 1);
            return true;
        case kLeft:
            c.next_car(seat, -1);
            return true;
        case kRight:
            c.next_car(seat, 1);
            return true;
        case kReady:
            if (!c.seats()[static_cast<std::size_t>(seat)].ready) {
                if (const std::string why = seat_car_lock(js, seat); !why.empty()) {
                    const int car = c.seats()[static_cast<std::size_t>(seat)].car;
                    js.message = car_locked_message(
                        js.cars[static_cast<std::size_t>(car) % js.cars.size()].name, why);
                    return true;
                }
            }
            js.message.clear();
            c.toggle_ready(seat);
            return true;
        case kLeave:
            c.leave(seat);
            return true;
        default:
            return false;
    }
}

std::string key_text(const SeatKeyMap& m, int action) {
    const std::string_view name = key_name(m.keys[static_cast<std::size_t>(action)]);
    return name.empty() ? std::string("-") : std::string(name);
}

ImU32 im_paint(Color c, int alpha = 255) {
    return IM_COL32(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, alpha);
}

SeatKeyMap keys_of(const JoinScreen& js, JoinDevice d) {
    if (d == JoinDevice::KeyboardLeft)
        return js.halves.size() > 0 ? js.halves[0] : left_half_keys();
    if (d == JoinDevice::KeyboardRight)
        return js.halves.size() > 1 ? js.halves[1] : right_half_keys();
    return SeatKeyMap{};
}

/// The seats into the game: keys, pads, cars, paints; the game starts over with them.
/// The seats' paints and cars go in (and are recorded) after the restart, as the replay
/// playback applies them.
void join_apply(Game& game, bool restart) {
    JoinScreen& js = game.ui.join;
    const std::vector<JoinSeat>& seats = js.claims->seats();
    const std::size_t n = seats.size();
    std::vector<Color> paints(n, 0);
    std::vector<std::optional<Settings>> cars(n);
    // The others' presets go over the settings as they were (not seat 1's new car).
    const Settings base = game.settings();
    for (std::size_t k = 0; k < n; ++k) {
        const JoinSeat& s = seats[k];
        paints[k] = seat_colours()[static_cast<std::size_t>(s.colour)];
        if (js.cars.empty()) continue;
        const PresetEntry& e = js.cars[static_cast<std::size_t>(s.car) % js.cars.size()];
        if (!seat_car_lock(js, static_cast<int>(k)).empty()) continue;  // never made ready
        if (k == 0) {
            // Seat 1 drives the player car: its preset is the settings' (as the Car page).
            if (e.path != game.ui.tune.current_preset &&
                tune_ui_load_preset(game.ui.tune, game.session.sim.tuner, e))
                game.session.apply(Event::tuning());
            continue;
        }
        Settings st = base;
        const PresetResult r = load_preset_file(e.path, st);
        if (!r.ok) {
            game.toast("Player " + std::to_string(k + 1) + "'s car: " + r.error, 5.0);
            continue;
        }
        cars[k] = st;
    }
    if (n > 1) {
        SharedKeyboard& kb = game.controls.shared;
        kb.seat(static_cast<int>(n));
        kb.seat_pads.assign(n, -1);
        for (std::size_t k = 0; k < n; ++k) {
            kb.maps[k] = keys_of(js, seats[k].who.device);
            if (seats[k].who.device == JoinDevice::Pad) kb.seat_pads[k] = seats[k].who.pad;
        }
        game.controls.input.set_first_pad_drives(false);
    }
    if (restart) {
        lend_host(game);
        game.session.apply(Event::restart_mode());
    }
    game.session.apply(Event::seat_setup(seat_setup_of(paints, cars)));
}

/// One seat's card: who sits there, the car, the colour, ready.
void draw_seat(const JoinScreen& js, std::size_t k, float width) {
    const JoinSeat& s = js.claims->seats()[k];
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Color paint = seat_colours()[static_cast<std::size_t>(s.colour)];
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float h = line * 6.2f;
    dl->AddRectFilled(at, ImVec2(at.x + width, at.y + h),
                      s.taken() ? IM_COL32(40, 44, 52, 235) : IM_COL32(28, 30, 36, 200), 6.0f);
    dl->AddRectFilled(at, ImVec2(at.x + 6.0f, at.y + h), im_paint(paint, s.taken() ? 255 : 90),
                      6.0f);
    if (s.ready)
        dl->AddRect(at, ImVec2(at.x + width, at.y + h), IM_COL32(90, 220, 110, 255), 6.0f, 0, 2.5f);
    ImGui::SetCursorScreenPos(ImVec2(at.x + 14.0f, at.y + 6.0f));
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(at.x + width - 8.0f);
    ImGui::Text("Player %zu", k + 1);
    if (!s.taken()) {
        ImGui::TextDisabled("Press a key of your keyboard");
        ImGui::TextDisabled("half, or A on a pad, to join");
    } else {
        ImGui::TextUnformatted(join_who_text(s.who, js.pads).c_str());
        const std::string car =
            js.cars.empty() ? std::string("(no presets)")
                            : js.cars[static_cast<std::size_t>(s.car) % js.cars.size()].name;
        ImGui::Text("< %s >", car.c_str());
        if (const std::string why = seat_car_lock(js, static_cast<int>(k)); !why.empty())
            ImGui::TextColored(ImVec4(0.95f, 0.6f, 0.35f, 1.0f), "locked: %s", why.c_str());
        const ImVec2 sw = ImGui::GetCursorScreenPos();
        const float sz = ImGui::GetTextLineHeight();
        ImGui::GetWindowDrawList()->AddRectFilled(sw, ImVec2(sw.x + sz, sw.y + sz), im_paint(paint),
                                                  3.0f);
        ImGui::SetCursorScreenPos(ImVec2(sw.x + sz + 6.0f, sw.y));
        ImGui::TextUnformatted(seat_colour_name(s.colour));
        if (s.ready) {
            ImGui::TextColored(ImVec4(0.4f, 0.9f, 0.45f, 1.0f), "READY");
        } else {
            ImGui::TextDisabled("not ready");
        }
    }
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + h + 6.0f));
}
}  // namespace

std::vector<std::string> join_car_locks(const Progress& p, const std::vector<PresetEntry>& cars) {
    std::vector<std::string> out;
    out.reserve(cars.size());
    for (const PresetEntry& e : cars)
        out.push_back(car_lock(p, preset_car_name(e.path.empty() ? e.name : e.path)));
    return out;
}

JoinKey join_key_of(int code, const std::vector<SeatKeyMap>& halves) {
    JoinKey k;
    if (code <= 0) return k;
    const SeatKeyMap left = halves.size() > 0 ? halves[0] : left_half_keys();
    const SeatKeyMap right = halves.size() > 1 ? halves[1] : right_half_keys();
    for (int a = 0; a < kSeatActions; ++a) {
        if (left.keys[static_cast<std::size_t>(a)] == code) return {false, a};
        if (right.keys[static_cast<std::size_t>(a)] == code) return {true, a};
    }
    return k;
}

bool join_key(JoinScreen& js, int code) {
    if (!js.open || !js.claims) return false;
    const JoinKey k = join_key_of(code, js.halves);
    if (k.action < 0) return false;
    SeatClaims& c = *js.claims;
    const JoinWho who = c.keyboard_half(k.right);
    const int seat = c.seat_of(who);
    if (seat < 0) return c.claim(who) >= 0;
    return seat_action(js, seat, k.action);
}

bool join_pad_button(JoinScreen& js, int pad_id, int button) {
    if (!js.open || !js.claims) return false;
    SeatClaims& c = *js.claims;
    const JoinWho who{JoinDevice::Pad, pad_id};
    const int seat = c.seat_of(who);
    if (seat < 0) return button != SDL_CONTROLLER_BUTTON_B && c.claim(who) >= 0;
    switch (button) {
        case SDL_CONTROLLER_BUTTON_A:
        case SDL_CONTROLLER_BUTTON_START:
            return seat_action(js, seat, kReady);
        case SDL_CONTROLLER_BUTTON_B:
            return seat_action(js, seat, kLeave);
        case SDL_CONTROLLER_BUTTON_DPAD_UP:
            return seat_action(js, seat, kUp);
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
            return seat_action(js, seat, kDown);
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
            return seat_action(js, seat, kLeft);
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
            return seat_action(js, seat, kRight);
        default:
            return false;
    }
}

void join_event(JoinScreen& js, const SDL_Event& e) {
    if (!js.open) return;
    if (e.type == SDL_KEYDOWN && e.key.repeat == 0) {
        join_key(js, static_cast<int>(e.key.keysym.scancode));
    } else if (e.type == SDL_CONTROLLERBUTTONDOWN) {
        join_pad_button(js, static_cast<int>(e.cbutton.which), e.cbutton.button);
    } else if (e.type == SDL_CONTROLLERDEVICEREMOVED && js.claims) {
        js.claims->pad_gone(static_cast<int>(e.cdevice.which));
    }
}

void join_open(Game& game) {
    JoinScreen& js = game.ui.join;
    js.cars = car_presets(game.ui.tune.presets);
    js.locked = join_car_locks(
        peek_progress(progress_path(game.session.pref_dir, game.ui.title.profile)), js.cars);
    js.message.clear();
    js.pads = game.controls.input.pad_ids();
    js.halves = default_seat_keys(2);
    const std::vector<SeatKeyMap>& chosen = game.controls.shared.chosen;
    for (std::size_t k = 0; k < js.halves.size() && k < chosen.size(); ++k)
        js.halves[k] = chosen[k];
    const int n = std::max(game.session.sim.scene.players, 1);
    // Reopened: the seats as they were left, none ready yet.
    if (!js.claims || static_cast<int>(js.claims->seats().size()) != n) {
        js.claims.emplace(n, static_cast<int>(js.cars.size()));
        for (std::size_t i = 0; i < js.cars.size(); ++i)
            if (js.cars[i].path == game.ui.tune.current_preset)
                for (int k = 0; k < n; ++k)
                    js.claims->preset(k, JoinWho{}, static_cast<int>(i), k);
    } else {
        for (int k = 0; k < n; ++k)
            if (js.claims->seats()[static_cast<std::size_t>(k)].ready) js.claims->toggle_ready(k);
    }
    js.open = true;
    game.controls.shared.seat(n);  // every key let go: nobody drives while choosing
}

void join_open_at_start(Game& game, const GameOptions& o, bool interactive) {
    const bool asked = o.show.find("players") != std::string::npos;
    const bool by_hand = interactive && o.players > 1 && !o.script && o.seat_scripts.empty() &&
                         !o.replay && o.edit.empty() && !o.autopilot;
    if (!asked && !by_hand) return;
    join_open(game);
    game.ui.join.at_start = true;
}

bool join_frame(Game& game, const AppCommands& cmd) {
    JoinScreen& js = game.ui.join;
    if (!js.open || !js.claims) return false;
    js.pads = game.controls.input.pad_ids();
    if (cmd.escape) {
        js.open = false;
        js.at_start = false;
        return false;
    }
    if (js.claims->all_ready()) {
        js.open = false;
        join_apply(game, !js.at_start);
        js.at_start = false;
        game.toast("Go!", 2.0);
        return false;
    }
    const std::size_t n = js.claims->seats().size();
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const float gap = 10.0f;
    const float card = std::clamp(
        (ds.x - 60.0f - gap * static_cast<float>(n - 1)) / static_cast<float>(n), 120.0f, 260.0f);
    const float w = card * static_cast<float>(n) + gap * static_cast<float>(n - 1) + 16.0f;
    ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(w, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::Begin("Players###join_screen", nullptr,
                 ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                     ImGuiWindowFlags_NoNav);
    ImGui::TextUnformatted("Take a seat: press a key of your half of the keyboard, or a pad's A");
    ImGui::Separator();
    const ImVec2 row = ImGui::GetCursorScreenPos();
    float bottom = row.y;
    for (std::size_t k = 0; k < n; ++k) {
        ImGui::SetCursorScreenPos(ImVec2(row.x + static_cast<float>(k) * (card + gap), row.y));
        draw_seat(js, k, card);
        bottom = std::max(bottom, ImGui::GetCursorScreenPos().y);
    }
    ImGui::SetCursorScreenPos(ImVec2(row.x, bottom));
    if (!js.message.empty())
        ImGui::TextColored(ImVec4(0.95f, 0.6f, 0.35f, 1.0f), "%s", js.message.c_str());
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    for (std::size_t h = 0; h < 2; ++h) {
        const SeatKeyMap m = h < js.halves.size() ? js.halves[h]
                             : h == 0             ? left_half_keys()
                                                  : right_half_keys();
        const std::string line = std::string(h == 0 ? "Left half: " : "Right half: ") +
                                 key_text(m, kUp) + "/" + key_text(m, kDown) + " colour, " +
                                 key_text(m, kLeft) + "/" + key_text(m, kRight) + " car, " +
                                 key_text(m, kReady) + " ready, " + key_text(m, kLeave) + " leaves";
        ImGui::TextDisabled("%s", line.c_str());
    }
    ImGui::TextDisabled("Pad: d-pad up/down colour, left/right car, A ready, B leaves");
    ImGui::TextDisabled("Everyone ready: the game starts.  Esc: back without changes");
    ImGui::PopTextWrapPos();
    ImGui::End();
    return true;
}

}  // namespace skidpad::app
