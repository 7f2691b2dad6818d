// Dropping libasound's error messages (see alsa_quiet.hpp).
#include "alsa_quiet.hpp"

#include <dlfcn.h>

namespace skidpad::app {

namespace {
// libasound's snd_lib_error_handler_t and snd_lib_error_set_handler.
using AlsaErrorHandler = void (*)(const char* file, int line, const char* function, int err,
                                  const char* fmt, ...);
using AlsaSetHandler = int (*)(AlsaErrorHandler handler);

void quiet(const char*, int, const char*, int, const char*, ...) {}
}  // namespace

bool silence_alsa_errors() {
    // The same library SDL loads (by this name); kept open so the handler stays set.
    static void* const lib = dlopen("libasound.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return false;
    const auto set = reinterpret_cast<AlsaSetHandler>(dlsym(lib, "snd_lib_error_set_handler"));
    return set && set(&quiet) == 0;
}

}  // namespace skidpad::app
