// The overlay's tuning side (tune_ui.hpp): bridges Game to the TuneUi windows.
// Game::settings is the app's copy of the live tunables (the stats panel edits it
// directly; the zoom keys change the camera's view, not a tunable); the Tuner edits
// World::settings(). Both are brought together here once per frame, before and after the windows.
#include "game.hpp"
#include "overlay.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {
bool same_settings(const Settings& a, const Settings& b) {
    for (const ParamDesc& p : param_registry().all()) {
        if (p.get(a) != p.get(b)) return false;
    }
    return true;
}
}  // namespace

void draw_tuning_panel(Game& game) {
    if (!same_settings(game.settings, game.world.settings())) game.apply_settings();
    if (draw_tune_ui(game.tune, game.world)) {
        game.settings = game.world.settings();
        tune_ui_sync_rate(game.tune, game.settings.sim.physics_hz);
    }
}

}  // namespace skidpad::app
