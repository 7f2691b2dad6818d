// Rebinding a player's key of a shared keyboard (the Controls page's players' table): the
// new key drives that seat, a key another seat or action has (or one the app keeps) is
// refused naming both actions with nothing changed, and clearing gives the default back;
// the same through the pause menu's Controls page, saved to the bindings file.
#include <SDL.h>
#include <imgui.h>
#include <catch2/catch.hpp>

#include "bindings_store.hpp"
#include "menu_pages.hpp"
#include "pause_menu.hpp"
#include "seat_rebind.hpp"
#include "support/controls_menu.hpp"
#include "support/imgui_context.hpp"
#include "support/seat_input.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
using namespace skidpad::app;
using skidpad::test::key;
using skidpad::test::slot;

TEST_CASE("seat rebind: a player's key is set, clashes are refused naming both actions",
          "[app][seats][bindings]") {
    SeatKeyRows file;
    // Player 2's throttle on I: the file grows to hold the seat, the rest stays default.
    REQUIRE(seat_key_bind(file, 1, 0, key("I")) == "");
    REQUIRE(file.size() == 2);
    std::vector<SeatKeyMap> m = seat_keys_effective(file, 2);
    CHECK(m[1].keys[slot(Action::Throttle)] == key("I"));
    CHECK(m[1].keys[slot(Action::Brake)] == key("Down"));
    CHECK(m[0] == left_half_keys());

    // Player 2's brake on W, player 1's throttle: refused, both named, nothing changed.
    const SeatKeyRows before = file;
    CHECK(seat_key_bind(file, 1, static_cast<int>(Action::Brake), key("W")) ==
          "key W: player 1's Throttle and player 2's Brake / reverse");
    CHECK(file == before);
    // The same seat's other action.
    CHECK(seat_key_bind(file, 0, static_cast<int>(Action::Reset), key("A")) ==
          "key A: player 1's Steer left and player 1's Reset car");
    CHECK(file == before);
    // A key the app keeps for itself.
    const std::string app = seat_key_bind(file, 2, 0, key("F5"));
    CHECK(app.find("key F5: player 3's Throttle and ") == 0);
    CHECK(file == before);

    // Player 4, who has no keys by default, takes the keypad.
    REQUIRE(seat_key_bind(file, 3, static_cast<int>(Action::Throttle), key("Keypad 8")) == "");
    REQUIRE(file.size() == 4);
    CHECK(seat_keys_effective(file, 4)[3].keys[slot(Action::Throttle)] == key("Keypad 8"));

    // Cleared: player 2's throttle is the right half's Up again.
    REQUIRE(seat_key_bind(file, 1, 0, 0) == "");
    CHECK(seat_keys_effective(file, 2)[1].keys[slot(Action::Throttle)] == key("Up"));
    CHECK(seat_key_bind(file, 4, 0, key("J")) == "no such seat key");
}

namespace {
constexpr int kEnter = test::kKeyEnter, kDown = test::kKeyDown, kEsc = test::kKeyEscape;

/// The pause menu with the Controls page's services, the players' keyboard among them.
struct Gui : test::ControlsMenuFixture {
    SharedKeyboard shared;
    Gui() { shared_keys = &shared; }
    /// Enter on the players' table cell (action row, player column), then `code` pressed.
    void rebind(int row, int column, int code) {
        menu.cursor = row;
        page.column = column;
        tap(kEnter);
        REQUIRE(page.capturing);
        REQUIRE(input.capturing() == CaptureKind::Keyboard);
        input.handle_event(test::key_down(code), true);
        frame();
        CHECK_FALSE(page.capturing);
    }
};
}  // namespace

TEST_CASE("the Controls page rebinds a player's key, refuses a clash naming both and saves",
          "[app][seats][bindings][menu]") {
    test::TempDir dir;
    Gui gui;
    gui.page.path = dir.file("bindings.json");
    gui.shared.seat(2);
    gui.tap(kEsc, true);
    for (int i = 0; i < 5; ++i)  // Resume, Restart, Mode, Car, Assists, [Controls]
        gui.tap(kDown);
    gui.tap(kEnter);
    REQUIRE(gui.menu.page == PauseMenu::Page::Controls);
    gui.menu.cursor = kRowTable;
    gui.tap(kEnter);
    REQUIRE(gui.page.players);

    // Player 2's throttle on I: it drives player 2's seat at once.
    gui.rebind(static_cast<int>(Action::Throttle), 1, key("I"));
    CHECK_FALSE(gui.page.status_error);
    CHECK(gui.page.status == "Player 2's Throttle: I (Save keeps it)");
    REQUIRE(gui.shared.maps.size() == 2);
    CHECK(gui.shared.maps[1].keys[slot(Action::Throttle)] == key("I"));
    CHECK(gui.shared.maps[0] == left_half_keys());
    CHECK(gui.input.bindings() == default_bindings());  // the one player's are untouched

    // Player 2's brake on W (player 1's throttle): refused, both named, nothing changed.
    gui.rebind(static_cast<int>(Action::Brake), 1, key("W"));
    CHECK(gui.page.status_error);
    CHECK(gui.page.status == "Refused: key W: player 1's Throttle and player 2's Brake / reverse");
    CHECK(gui.shared.maps[1].keys[slot(Action::Brake)] == key("Down"));

    // Saved: the file gives player 2's key back.
    gui.menu.cursor = kRowSave;
    gui.tap(kEnter);
    CHECK_FALSE(gui.page.unsaved);
    const BindingsLoad again = load_bindings_file(gui.page.path);
    REQUIRE(again.seats.size() == 2);
    CHECK(again.seats[1][slot(Action::Throttle)] == key("I"));
    CHECK(again.seats[1][slot(Action::Brake)] == 0);  // the seat's default (Down)
}
