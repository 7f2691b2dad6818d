// Key names by keyboard layout (key_label.hpp).
#include "key_label.hpp"

#include <SDL.h>

#include "input_bindings.hpp"

namespace skidpad::app {

std::string key_label(int code) {
    if (code <= 0 || code >= SDL_NUM_SCANCODES) return "";
    const SDL_Keycode key = SDL_GetKeyFromScancode(static_cast<SDL_Scancode>(code));
    if (key != SDLK_UNKNOWN) {
        const char* name = SDL_GetKeyName(key);
        if (name && *name) return name;
    }
    return std::string(key_name(code));
}

}  // namespace skidpad::app
