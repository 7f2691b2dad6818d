// SIGINT and SIGTERM for the runs with no window (--headless, --render-audio, a headless
// replay): the handler only notes which signal came; the run's loop asks between steps,
// finishes its files (each written to a temporary file and renamed) and exits 128 + the
// signal, as a shell expects of a process ended by it.
#pragma once

namespace skidpad::app {

/// Installs the handlers (idempotent). Until then the signals keep their default action.
void catch_stop_signals();

/// 0, or the signal (SIGINT, SIGTERM) that asked the run to stop.
int stop_signal();

/// Forgets a noted signal and puts the default actions back (tests).
void release_stop_signals();

/// "interrupted by SIGINT" / "… SIGTERM" / "… signal N".
const char* stop_signal_name(int signal);

}  // namespace skidpad::app
