// The pause menu drawn with the Controls page's services (an input mapper, a tuner, the
// page's state and, where a test sets it, the players' shared keyboard), fed key taps.
#pragma once

#include <imgui.h>

#include "input_map.hpp"
#include "menu_pages.hpp"
#include "pause_menu.hpp"
#include "support/imgui_context.hpp"

namespace skidpad::test {

struct ControlsMenuFixture : ImGuiContextFixture {
    app::InputMapper input;
    Tuner tuner;
    app::ControlsPage page;
    app::PauseMenu menu;
    app::SharedKeyboard* shared_keys = nullptr;  ///< the players' keys, when a test has them

    /// One frame with `key` held (-1: none); `escape`: the app's Esc command.
    app::MenuPick frame(int key = -1, bool escape = false, app::MenuNav nav = {}) {
        new_frame(key);
        app::MenuServices s{&input, &tuner, &page, 1.0 / 60.0, nullptr, shared_keys};
        const app::MenuPick p = draw_pause_menu(menu, escape, {"car"}, 0, 1, nav, &s);
        ImGui::Render();
        return p;
    }
    /// A key pressed for one frame and released on the next: what either frame picked.
    app::MenuPick tap(int key, bool escape = false) {
        const app::MenuPick p = frame(key, escape);
        const app::MenuPick q = frame();
        return p.action != app::MenuPick::Action::None ? p : q;
    }
};

}  // namespace skidpad::test
