// The pause menu's Controls page: bindings and steering feel.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "bindings_store.hpp"
#include "key_label.hpp"
#include "menu_pages.hpp"
#include "seat_rebind.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {

constexpr const char* kFeelKeys[4] = {"input.key_steer_sensitivity", "input.key_steer_linearity",
                                      "input.stick_steer_sensitivity",
                                      "input.stick_steer_linearity"};
constexpr const char* kFeelLabels[4] = {"Keys: steering sensitivity", "Keys: steering linearity",
                                        "Stick: steering sensitivity", "Stick: steering linearity"};
constexpr float kActionWidth = 170.0f, kCellWidth = 150.0f;
constexpr const char* kNone = "none";  ///< an empty cell (drawn dim)
const ImVec4 kError(1.0f, 0.45f, 0.4f, 1.0f), kOk(0.55f, 0.9f, 0.55f, 1.0f),
    kWaiting(1.0f, 0.85f, 0.3f, 1.0f);

bool pressed(ImGuiKey k, bool repeat = true) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat);
}

void say(ControlsPage& page, std::string text, bool error) {
    page.status = std::move(text);
    page.status_error = error;
}

/// The one player's columns, and the players' (a shared keyboard's seats).
constexpr const char* kHeads[4] = {"Key", "Key 2", "Pad", "Pad 2"};
constexpr const char* kPlayerHeads[4] = {"Player 1", "Player 2", "Player 3", "Player 4"};

/// The rows the table has: every action, or the driving actions a seat has keys for.
int table_rows(const ControlsPage& page) {
    return page.players ? kSeatActions : kActionCount;
}

std::string cell_text(const ControlsPage& page, const Bindings& b, int row, int column) {
    const auto r = static_cast<std::size_t>(row);
    if (page.players) {
        const std::vector<SeatKeyMap> m = seat_keys_effective(page.seats, kMaxKeyboardSeats);
        const std::string n = key_label(m[static_cast<std::size_t>(column)].keys[r]);
        return n.empty() ? kNone : n;
    }
    if (column < 2) {
        const std::string n = key_label(b.keys[r][static_cast<std::size_t>(column)]);
        return n.empty() ? kNone : n;
    }
    const std::string p = pad_input_label(b.pad[r][static_cast<std::size_t>(column - 2)]);
    return p.empty() ? kNone : p;
}

/// A player's key of the shared keyboard (key 0: the seat's default again); a clash is
/// refused naming both actions. Acts at once on the seats.
void apply_seat_cell(ControlsPage& page, SharedKeyboard* shared, int row, int column, int key) {
    if (const std::string why = seat_key_bind(page.seats, column, row, key); !why.empty())
        return say(page, "Refused: " + why, true);
    if (shared) apply_seat_keys(*shared, page.seats);
    page.unsaved = true;
    const std::vector<SeatKeyMap> m = seat_keys_effective(page.seats, kMaxKeyboardSeats);
    const std::string now =
        key_label(m[static_cast<std::size_t>(column)].keys[static_cast<std::size_t>(row)]);
    say(page,
        "Player " + std::to_string(column + 1) + "'s " + action_label(static_cast<Action>(row)) +
            (key == 0 ? ": its default key" + (now.empty() ? std::string() : " (" + now + ")")
                      : ": " + now) +
            " (Save keeps it)",
        false);
}

/// Applies a finished capture (or a clear: key 0 / pad none) to the cell.
void apply_cell(ControlsPage& page, MenuServices& s, int row, int column, int key, PadInput pad) {
    if (page.players) return apply_seat_cell(page, s.shared, row, column, key);
    InputMapper& input = *s.input;
    Bindings b = input.bindings();
    const auto action = static_cast<Action>(row);
    const std::string why =
        column < 2 ? bind_key(b, action, column, key) : bind_pad(b, action, column - 2, pad);
    if (!why.empty()) return say(page, why, true);
    input.set_bindings(b);
    page.unsaved = true;
    const bool cleared = column < 2 ? key == 0 : pad.none();
    const std::string what = column < 2 ? key_label(key) : "pad " + pad_input_label(pad);
    say(page,
        std::string(action_label(action)) + (cleared ? ": cleared" : ": " + what) +
            " (Save keeps it)",
        false);
}

void start_capture(ControlsPage& page, InputMapper& input, int row, int column) {
    page.capturing = true;
    page.capture_row = row;
    page.capture_column = column;
    page.capture_waited = 0.0;
    if (page.players) {
        input.begin_capture(CaptureKind::Keyboard);
        return say(page,
                   "Press a key for player " + std::to_string(column + 1) + "'s " +
                       action_label(static_cast<Action>(row)) + " (Esc cancels)",
                   false);
    }
    input.begin_capture(column < 2 ? CaptureKind::Keyboard : CaptureKind::Pad);
    say(page,
        std::string(column < 2 ? "Press a key for " : "Press a pad button or push a stick for ") +
            action_label(static_cast<Action>(row)) + " (Esc cancels)",
        false);
}

/// The capture's result, once it came.
void poll_capture(ControlsPage& page, MenuServices& s, double dt) {
    if (!page.capturing) return;
    InputMapper& input = *s.input;
    page.capture_waited += dt;
    if (page.capture_waited > kCaptureSeconds) {
        input.cancel_capture();
        input.take_capture();
        page.capturing = false;
        return say(page, "Nothing pressed; the binding is unchanged", false);
    }
    const Captured c = input.take_capture();
    if (!c.done) return;
    page.capturing = false;
    if (c.cancelled) return say(page, "Cancelled; the binding is unchanged", false);
    const bool key_cell = page.players || page.capture_column < 2;
    if (key_cell && c.key == 0) return say(page, "That key cannot be bound", true);
    apply_cell(page, s, page.capture_row, page.capture_column, c.key, c.pad);
}

void set_feel(Tuner& tuner, int i, double v, ControlsPage& page) {
    const ParamDesc* p = param_registry().find(kFeelKeys[i]);
    if (p == nullptr) return;
    v = std::clamp(v, p->min, p->max);
    if (v == p->get(tuner.settings())) return;
    tuner.control(kFeelKeys[i], v);
    page.unsaved = true;
}

void draw_table(PauseMenu& menu, MenuServices& s, bool busy) {
    ControlsPage& page = *s.controls;
    const Bindings& b = s.input->bindings();
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("bindings", 5, flags)) return;
    ImGui::TableSetupColumn("Action", ImGuiTableColumnFlags_WidthFixed, kActionWidth);
    for (const char* h : page.players ? kPlayerHeads : kHeads)
        ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed, kCellWidth);
    ImGui::TableHeadersRow();
    for (int row = 0; row < table_rows(page); ++row) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(action_label(static_cast<Action>(row)));
        for (int col = 0; col < 4; ++col) {
            ImGui::TableNextColumn();
            ImGui::PushID(row * 4 + col);
            const bool waiting =
                page.capturing && page.capture_row == row && page.capture_column == col;
            const bool here = menu.cursor == row && page.column == col;
            const std::string text = waiting ? "press..." : cell_text(page, b, row, col);
            const bool dim = !waiting && text == kNone;
            if (waiting || dim)
                ImGui::PushStyleColor(
                    ImGuiCol_Text,
                    waiting ? kWaiting : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            if (menu_row(text.c_str(), here || waiting, ImGuiSelectableFlags_DontClosePopups,
                         kCellWidth - 8.0f) &&
                !busy) {
                menu.cursor = row;
                page.column = col;
                start_capture(page, *s.input, row, col);
            }
            if (!busy && menu_row_pointed()) {
                menu.cursor = row;
                page.column = col;
            }
            if (waiting || dim) ImGui::PopStyleColor();
            ImGui::PopID();
        }
    }
    ImGui::EndTable();
}

void draw_feel(PauseMenu& menu, MenuServices& s) {
    const Settings& st = s.tuner->settings();
    for (int i = 0; i < 4; ++i) {
        const int row = kRowKeySens + i;
        const ParamDesc* p = param_registry().find(kFeelKeys[i]);
        if (p == nullptr) continue;
        ImGui::PushID(row);
        menu_row(kFeelLabels[i], menu.cursor == row,
                 ImGuiSelectableFlags_AllowItemOverlap | ImGuiSelectableFlags_DontClosePopups,
                 kActionWidth + 60.0f);
        if (menu_row_pointed()) menu.cursor = row;
        ImGui::SameLine();
        auto v = static_cast<float>(p->get(st));
        ImGui::SetNextItemWidth(2.0f * kCellWidth);
        if (ImGui::SliderFloat("##v", &v, static_cast<float>(p->min), static_cast<float>(p->max),
                               "%.2f")) {
            menu.cursor = row;
            set_feel(*s.tuner, i, static_cast<double>(v), *s.controls);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p->help.c_str());
        ImGui::PopID();
    }
}

/// Keys and the pad move the highlighted cell and act on it.
void navigate(PauseMenu& menu, MenuServices& s) {
    ControlsPage& page = *s.controls;
    const MenuNav& nav = menu.nav;
    int& row = menu.cursor;
    const bool down = pressed(ImGuiKey_DownArrow) || nav.down;
    const bool up = pressed(ImGuiKey_UpArrow) || nav.up;
    if (down) row = (row + 1) % kControlsRows;
    if (up) row = (row + kControlsRows - 1) % kControlsRows;
    // The players' table is shorter: the rows it does not have are skipped.
    if (row >= table_rows(page) && row < kActionCount)
        row = up ? table_rows(page) - 1 : kRowKeySens;
    const int dx = (pressed(ImGuiKey_RightArrow) || nav.right ? 1 : 0) -
                   (pressed(ImGuiKey_LeftArrow) || nav.left ? 1 : 0);
    const bool pick =
        pressed(ImGuiKey_Enter, false) || pressed(ImGuiKey_KeyPadEnter, false) || nav.select;
    const bool clear =
        pressed(ImGuiKey_Delete, false) || pressed(ImGuiKey_Backspace, false) || nav.clear;
    if (row < kActionCount) {
        page.column = std::clamp(page.column + dx, 0, 3);
        if (pick)
            start_capture(page, *s.input, row, page.column);
        else if (clear)
            apply_cell(page, s, row, page.column, 0, PadInput{});
    } else if (row == kRowTable && (dx != 0 || pick)) {
        page.players = !page.players;
    } else if (row <= kRowStickLin && dx != 0) {
        const int i = row - kRowKeySens;
        const ParamDesc* p = param_registry().find(kFeelKeys[i]);
        if (p) set_feel(*s.tuner, i, p->get(s.tuner->settings()) + 0.05 * dx, page);
    }
}

}  // namespace

void apply_steer_feel(Tuner& tuner, const SteerFeel& feel) {
    const double v[4] = {feel.key_sensitivity, feel.key_linearity, feel.stick_sensitivity,
                         feel.stick_linearity};
    const SteerFeel now = steer_feel_of(tuner.settings());
    const double was[4] = {now.key_sensitivity, now.key_linearity, now.stick_sensitivity,
                           now.stick_linearity};
    for (int i = 0; i < 4; ++i) {
        if (v[i] != was[i]) tuner.control(kFeelKeys[i], v[i]);
    }
}

SteerFeel steer_feel_of(const Settings& s) {
    SteerFeel f;
    f.key_sensitivity = s.input.key_steer_sensitivity;
    f.key_linearity = s.input.key_steer_linearity;
    f.stick_sensitivity = s.input.stick_steer_sensitivity;
    f.stick_linearity = s.input.stick_steer_linearity;
    return f;
}

bool draw_controls_page(PauseMenu& menu, MenuServices& s) {
    ControlsPage& page = *s.controls;
    // Busy from the frame a capture starts to the frame after it ends, so the key that
    // was captured (Esc, Enter, an arrow) does nothing else.
    const bool busy = page.capturing;
    poll_capture(page, s, s.dt);
    menu.busy = page.capturing;
    menu.cursor = std::clamp(menu.cursor, 0, kControlsRows - 1);

    ImGui::TextUnformatted("Controls");
    ImGui::SameLine();
    ImGui::TextDisabled(
        "  Enter / A rebinds the cell, Del / X clears it, Left/Right picks the column, Esc / B "
        "back");
    // Long messages (a file path and what is wrong with it) wrap at the table's width.
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + kActionWidth + 4.0f * kCellWidth + 20.0f);
    if (page.status.empty()) {
        ImGui::TextDisabled(
            "%s", page.unsaved ? "Changed: Save keeps the changes" : "Pick a cell to rebind it");
    } else {
        ImGui::TextColored(page.status_error ? kError
                           : page.capturing  ? kWaiting
                                             : kOk,
                           "%s", page.status.c_str());
    }
    ImGui::PopTextWrapPos();
    // The keys the table cannot show (they cannot be rebound): otherwise only the fading
    // start hint names them.
    ImGui::TextDisabled(
        "Fixed: F1 overlay  F2 autopilot  F5 save replay  F11 fullscreen  F12 screenshot  "
        "Tab map  . step (paused)");
    ImGui::Separator();
    if (!busy) navigate(menu, s);
    draw_table(menu, s, busy);
    ImGui::Separator();
    draw_feel(menu, s);
    ImGui::PushID(kRowTable);
    const char* table = page.players ? "Keys of: the players on one keyboard (split screen)"
                                     : "Keys of: one player (keys and pads)";
    if (menu_row(table, menu.cursor == kRowTable, ImGuiSelectableFlags_DontClosePopups,
                 kActionWidth + 2.0f * kCellWidth) &&
        !busy) {
        menu.cursor = kRowTable;
        page.players = !page.players;
    }
    if (!busy && menu_row_pointed()) menu.cursor = kRowTable;
    ImGui::PopID();
    ImGui::Separator();
    bool back = false;
    const char* labels[3] = {page.unsaved ? "Save *" : "Save", "Reset to defaults", "Back"};
    for (int i = 0; i < 3; ++i) {
        const int row = kRowSave + i;
        const bool here = menu.cursor == row;
        const bool clicked =
            menu_row(labels[i], here, ImGuiSelectableFlags_DontClosePopups, kActionWidth);
        if (!busy && menu_row_pointed()) menu.cursor = row;
        const bool chosen =
            !busy &&
            (clicked || (here && (pressed(ImGuiKey_Enter, false) ||
                                  pressed(ImGuiKey_KeyPadEnter, false) || menu.nav.select)));
        if (!chosen) continue;
        menu.cursor = row;
        if (row == kRowSave) {
            Bindings b = s.input->bindings();
            b.steer = steer_feel_of(s.tuner->settings());
            const FileResult r = save_bindings_file(page.path, b, page.seats);
            if (r.ok) {
                page.unsaved = false;
                say(page, "Saved to " + page.path, false);
            } else {
                say(page, "Not saved: " + r.error, true);
            }
        } else if (row == kRowDefaults && page.players) {
            page.seats.clear();
            if (s.shared) apply_seat_keys(*s.shared, page.seats);
            page.unsaved = true;
            say(page, "The players' default keys restored (Save keeps them)", false);
        } else if (row == kRowDefaults) {
            const Bindings d = default_bindings();
            s.input->set_bindings(d);
            apply_steer_feel(*s.tuner, d.steer);
            page.unsaved = true;
            say(page, "Default controls restored (Save keeps them)", false);
        } else {
            back = true;
        }
    }
    menu.busy = page.capturing;
    if (back && s.input->capturing() != CaptureKind::None) s.input->cancel_capture();
    return back;
}

}  // namespace skidpad::app
