// A key's name as the player's keyboard layout prints it, from its scancode (the physical
// key the bindings hold): on an AZERTY keyboard the key bound as "W" is labelled "Z".
#pragma once

#include <string>

namespace skidpad::app {

/// The name SDL gives the key at scancode `code` in the layout in use
/// (SDL_GetKeyFromScancode, SDL_GetKeyName): "Z" for the W position on AZERTY, "W" on
/// QWERTY. Before SDL's video is up (no layout known) or for a key SDL has no name for,
/// the bindings file's name (key_name); "" for 0 or an unknown code.
std::string key_label(int code);

}  // namespace skidpad::app
