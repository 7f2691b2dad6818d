// The player's display settings applied, followed and saved through a run (see
// display_apply.hpp).
#include "display_apply.hpp"

#include <algorithm>
#include <iostream>

#include "game.hpp"
#include "palette.hpp"
#include "platform.hpp"
#include "skidpad/tune/params.hpp"
#include "util_text.hpp"
#include "window_modes.hpp"

namespace skidpad::app {

namespace {

/// Seconds after the last change before player.txt is written (a slider drag writes once).
constexpr double kSaveDelay = 1.0;
/// Seconds after a change of window mode before the window's place is read again (the
/// window system answers the new size and position over a few frames).
constexpr double kSettle = 0.5;

void save_now(DisplayState& d, Ui& ui, const std::string& text) {
    d.saved_text = text;
    d.changed_at = -1.0;
    const FileResult r = save_player_prefs(d.config_dir, d.prefs);
    if (r.ok) {
        d.status.clear();
        return;
    }
    d.status = "Display settings not saved: " + r.error;
    std::cerr << "skidpad: warning: " << util::printable(d.status) << "\n";
    ui.toast(d.status, 6.0);
}

/// The player's tunables as they are now.
std::map<std::string, double> player_values(const Settings& s) {
    PlayerPrefs p;
    take_player_values(p, s);
    return p.values;
}

}  // namespace

std::vector<std::string> set_keys_of(const std::vector<std::string>& settings_args) {
    std::vector<std::string> keys;
    for (std::size_t i = 0; i + 1 < settings_args.size(); i += 2) {
        if (settings_args[i] != "--set") continue;
        const std::string& a = settings_args[i + 1];
        keys.push_back(a.substr(0, a.find('=')));
    }
    return keys;
}

void display_load(DisplayState& d, const std::string& config_dir, bool interactive,
                  std::string& message) {
    message.clear();
    if (!interactive || config_dir.empty()) return;
    d.config_dir = config_dir;
    d.prefs = load_player_prefs(config_dir, message);
    d.loaded = true;
    d.saved_text = player_prefs_text(d.prefs);
    if (!message.empty()) std::cerr << warning_lines(message);
}

void display_start(Game& game, Platform& platform, const GameOptions& options, bool interactive) {
    DisplayState& d = game.ui.display;
    Tuner& tuner = game.session.sim.tuner;
    const std::vector<std::string>& set = options.set_keys;
    const auto given = [&](const std::string& key) {
        return std::find(set.begin(), set.end(), key) != set.end();
    };
    Settings next = tuner.settings();
    const ParamRegistry& reg = param_registry();
    if (d.loaded) {
        for (const auto& [key, v] : d.prefs.values) {
            const ParamDesc* p = reg.find(key);
            if (p && !given(key)) p->set_raw(next, v);
        }
    }
    // A software rasteriser draws the full ground detail at a few frames a second: flat
    // ground until the player picks a level (a screenshot is drawn the same everywhere).
    const std::string renderer = platform.gl_renderer();
    d.renderer = renderer;
    const bool chosen =
        (d.loaded && d.prefs.has("display.ground_detail")) || given("display.ground_detail");
    if (!chosen && options.screenshot.empty() && software_renderer(renderer)) {
        next.display.ground_detail = first_start_ground_detail(renderer);
        d.auto_ground = true;
        std::cerr << "skidpad: software OpenGL renderer (" << util::printable(renderer)
                  << "): ground detail " << next.display.ground_detail
                  << " (flat colours) for speed; the pause menu's Display page changes it\n";
    }
    // An event for each value that differs, none when none does; a replay being watched
    // keeps the settings it was recorded with.
    if (game.session.live()) tuner.restore(next);
    d.seen = player_values(tuner.settings());
    if (!interactive) return;
    SDL_Window* w = platform.window();
    d.dpi_scale = display_ui_scale(w);
    d.shown = window_mode_of(w);
    set_ui_scale(static_cast<float>(d.ui_scale()));
    set_active_palette(d.prefs.palette);
}

void display_frame(Game& game, Platform& platform) {
    DisplayState& d = game.ui.display;
    set_active_palette(d.prefs.palette);
    if (!d.loaded) return;
    SDL_Window* w = platform.window();
    // F11 or the window manager changed the mode: the player's choice follows the window,
    // and a window back from full screen takes its remembered size and place (without a
    // window manager SDL keeps the full-screen size).
    const WindowMode now = window_mode_of(w);
    if (now != d.shown) {
        if (now == WindowMode::Windowed) set_window_mode(w, now, d.prefs.place);
        d.shown = now;
        d.prefs.window = now;
        d.settle_until = game.ui.clock + kSettle;
    }
    if (d.prefs.window != d.shown) {
        const std::string err = set_window_mode(w, d.prefs.window, d.prefs.place);
        if (!err.empty()) {
            d.status = std::string(window_mode_label(d.prefs.window)) + " refused: " + err;
            d.prefs.window = d.shown;
        }
        d.shown = window_mode_of(w);
        d.settle_until = game.ui.clock + kSettle;
    }
    // The place while windowed, once a change of mode has settled.
    if (d.shown == WindowMode::Windowed && game.ui.clock >= d.settle_until)
        read_window_place(w, d.prefs.place);
    set_ui_scale(static_cast<float>(d.ui_scale()));
    // The player's tunables changed (the Display or Audio page, N, the overlay): kept.
    // A replay shows its own settings: followed, not kept.
    const std::map<std::string, double> values = player_values(game.settings());
    if (game.session.live()) {
        for (const auto& [key, v] : values) {
            const auto seen = d.seen.find(key);
            if (seen == d.seen.end() || seen->second != v) d.prefs.values[key] = v;
        }
    }
    d.seen = values;
    const std::string text = player_prefs_text(d.prefs);
    if (text == d.saved_text) {
        d.changed_at = -1.0;
        return;
    }
    if (d.changed_at < 0.0) d.changed_at = game.ui.clock;
    if (game.ui.clock - d.changed_at >= kSaveDelay) save_now(d, game.ui, text);
}

void display_close(Game& game, Platform& platform) {
    DisplayState& d = game.ui.display;
    if (!d.loaded) return;
    if (window_mode_of(platform.window()) == WindowMode::Windowed)
        read_window_place(platform.window(), d.prefs.place);
    const std::string text = player_prefs_text(d.prefs);
    if (text != d.saved_text) save_now(d, game.ui, text);
}

}  // namespace skidpad::app
