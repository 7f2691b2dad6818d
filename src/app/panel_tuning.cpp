// The overlay's tuning side (tune_ui.hpp): the TuneUi windows edit the app's Tuner
// and read the World.
#include "game.hpp"
#include "overlay.hpp"

namespace skidpad::app {

void draw_tuning_panel(Game& game) {
    if (draw_tune_ui(game.tune, game.tuner, game.scene.world)) {
        tune_ui_sync_rate(game.tune, game.settings().sim.physics_hz);
    }
}

}  // namespace skidpad::app
