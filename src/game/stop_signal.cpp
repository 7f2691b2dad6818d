// SIGINT/SIGTERM noted for the runs with no window (see stop_signal.hpp).
#include "stop_signal.hpp"

#include <csignal>

namespace skidpad::app {
namespace {

// The one piece of process-wide state a signal handler can write.
volatile std::sig_atomic_t g_stop = 0;

extern "C" void note_stop(int signal) {
    g_stop = signal;
}

}  // namespace

void catch_stop_signals() {
    std::signal(SIGINT, note_stop);
    std::signal(SIGTERM, note_stop);
}

int stop_signal() {
    return static_cast<int>(g_stop);
}

void release_stop_signals() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_stop = 0;
}

const char* stop_signal_name(int signal) {
    if (signal == SIGINT) return "SIGINT";
    if (signal == SIGTERM) return "SIGTERM";
    return "a signal";
}

}  // namespace skidpad::app
