// ALSA's own error printing silenced: without a sound card, libasound prints eight lines
// ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'", ...) to stderr before SDL
// gives up on it; the game says once that it runs silent instead.
#pragma once

namespace skidpad::app {

/// Installs a handler that drops libasound's error messages, when libasound is on the
/// system (it is looked up at run time: the game does not link it). Call before SDL opens
/// its audio. Returns whether the handler was installed.
bool silence_alsa_errors();

}  // namespace skidpad::app
