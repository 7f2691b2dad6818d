// The car's edge commands (shift up, shift down, manual toggle, reset) latched from the
// key press that asked for them until the frame's input hands them over: the one latch
// of the whole keyboard's mapper and of each keyboard-half seat.
#pragma once

#include "input_bindings.hpp"
#include "skidpad/input.hpp"

namespace skidpad::app {

class EdgeLatch {
public:
    /// Action `a` was pressed: latched when it is an edge command; false for any other.
    bool press(Action a) {
        switch (a) {
            case Action::ShiftUp:
                shift_up_ = true;
                return true;
            case Action::ShiftDown:
                shift_down_ = true;
                return true;
            case Action::ToggleManual:
                toggle_manual_ = true;
                return true;
            case Action::Reset:
                reset_ = true;
                return true;
            default:
                return false;
        }
    }
    /// The latched edges into `in` (replacing its edges), then cleared.
    void hand_over(InputState& in) {
        in.shift_up = shift_up_;
        in.shift_down = shift_down_;
        in.toggle_manual = toggle_manual_;
        in.reset = reset_;
        *this = EdgeLatch();
    }

private:
    bool shift_up_ = false, shift_down_ = false, toggle_manual_ = false, reset_ = false;
};

}  // namespace skidpad::app
