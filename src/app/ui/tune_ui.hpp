// The tinkerer's overlay: tuning panel, telemetry plots, g-g diagram, friction
// circles, presets window and the Debug-views menu. Every tunable change goes
// through the app's Tuner (validated, applied before the next step, undoable); the
// windows are free functions over TuneUi, the Tuner they edit and the World they
// only read, so they can be drawn by any ImGui frame.
#pragma once

#include <string>
#include <vector>

#include "preset_store.hpp"
#include "skidpad/debug_views.hpp"
#include "skidpad/telemetry.hpp"
#include "skidpad/world.hpp"
#include "tuner.hpp"

namespace skidpad::app {

/// What the telemetry plots show while a replay is watched: the replay's trace (one
/// sample per physics step from its start) up to the step shown, and with a setup
/// comparison the other run's trace drawn over it, with a legend.
struct ReplayPlots {
    const Telemetry* a = nullptr;         ///< the replay as recorded (nullptr: live telemetry)
    const Telemetry* b = nullptr;         ///< the same inputs with the other setup (or nullptr)
    std::size_t end = 0;                  ///< samples [0, end) are up to the step shown
    std::string label_a, label_b;         ///< the legend
    std::string note;                     ///< a line under the legend (the gap)
    unsigned colour_a = 0, colour_b = 0;  ///< ImU32 of each run's lines
    bool left = false;  ///< the window first opens on the left (the overlay's column hidden)
};

struct TuneUi {
    explicit TuneUi(std::string pref_dir = "", std::string shipped_presets = "");

    Telemetry telemetry;  ///< the player car, one sample per physics step
    DebugViews debug;
    PresetStore presets;
    std::string pref_dir;  ///< "" when SDL has none

    // Windows shown (the menu bar toggles them).
    bool show_tuning = true;
    bool show_telemetry = false;
    bool show_gg = false;
    bool show_friction = false;
    bool show_presets = false;
    bool show_tyres = false;         ///< tyre curves with each wheel's operating point
    bool open_display_page = false;  ///< --show display: the pause menu opens on Display
    bool open_track_page = false;    ///< --show track: the pause menu opens on Track

    // Tuning panel.
    char search[96] = {};
    std::string tuning_error;  ///< last rejected change, shown under the panel

    // Telemetry plots.
    std::vector<char> channel_on;  ///< per telemetry_channels() entry
    bool plots_paused = false;
    float plot_window_s = 10.0f;  ///< s of history drawn
    Telemetry frozen{1};          ///< what the plots show while paused
    ReplayPlots replay_plots;     ///< set by the replay viewer each frame
    char csv_path[512] = {};
    std::string csv_status;

    // Presets window.
    char preset_name[65] = {};
    char rename_to[65] = {};
    int selected_preset = -1;
    bool only_changed = true;
    std::string current_preset;  ///< path of the preset last loaded/saved ("" = none)
    std::string preset_status;
    bool preset_status_error = false;
    bool confirm_delete = false;
};

/// Records the player car after a physics step (call once per World::step).
void tune_ui_record(TuneUi& ui, const World& world);
/// Clears telemetry when the physics rate changes (so the buffer still holds >= 60 s).
void tune_ui_sync_rate(TuneUi& ui, double physics_hz);

/// Main-menu bar (Windows, Edit with undo/redo, Debug views) and every open window.
/// Returns true when a tunable changed this frame (its events wait in the Tuner).
bool draw_tune_ui(TuneUi& ui, Tuner& tuner, const World& world);
/// Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) outside text fields. Returns true on a change.
bool tune_ui_shortcuts(Tuner& tuner);

// The windows (each is a no-op while hidden).
bool draw_tuning_window(TuneUi& ui, Tuner& tuner);
void draw_telemetry_window(TuneUi& ui, const World& world);
void draw_gg_window(TuneUi& ui, const World& world);
void draw_friction_window(TuneUi& ui, const World& world);
void draw_tyre_curve_window(TuneUi& ui, const World& world);
bool draw_presets_window(TuneUi& ui, Tuner& tuner);
/// Loads preset `e` through the tuner (one undo step), remembers it as the last preset
/// and sets ui.preset_status. False (status says why) when the file was refused.
bool tune_ui_load_preset(TuneUi& ui, Tuner& tuner, const PresetEntry& e);
bool draw_tune_menu(TuneUi& ui, Tuner& tuner);

/// Opens windows / debug views named in a comma-separated list (--show): tuning,
/// presets, telemetry, gg, friction, tyres, forces, slip, velocity, acceleration, contacts,
/// broadphase, strain; "none" closes every window; "display" opens the pause menu on its
/// Display page, "track" on its Track page. Returns "" or the unknown name.
std::string tune_ui_show(TuneUi& ui, const std::string& list);

/// Loads `path` as the start preset (restoring the last session). Returns the
/// message to show ("" when nothing was loaded).
std::string tune_ui_restore_last(TuneUi& ui, Tuner& tuner);
/// tune_ui_restore_last for a player whose progress is `p`: a remembered car that `p` has
/// not unlocked (car_locks.hpp) is not restored; the message says so and that the stock
/// car is driven.
struct Progress;
std::string tune_ui_restore_last_unlocked(TuneUi& ui, Tuner& tuner, const Progress& p);

}  // namespace skidpad::app
