// The split screen of several human players (--players N > 1): a camera per seat that
// follows that seat's car, the viewports (render/viewports.hpp), the world's triangles
// built once per frame against the view that holds them all and drawn into each
// viewport, and per viewport a HUD (speed, gear, lap, place) with markers for the other
// players when they are off it. With one player none of this runs.
#pragma once

#include <vector>

#include "camera.hpp"
#include "look.hpp"
#include "seat_keys.hpp"
#include "skidpad/draw.hpp"
#include "viewports.hpp"

namespace skidpad::app {

struct Game;
class InputMapper;
struct Controls;
struct SeatInputs;
struct Scene;
class GlShapes;
struct ShapeBatch;

struct SplitScreen {
    std::vector<Camera> cameras;  ///< seats 2..N (seat 1's is Picture::camera)
    SplitLayout layout;           ///< this frame's viewports
    std::vector<View> views;      ///< this frame's view per seat (sizes: its viewport's)
    View map;                     ///< 3 players: the whole track in the fourth quadrant
    bool stacked = false;         ///< 2 players: one over the other, else side by side
};

/// The game shows a split screen: more than one human seat.
bool split_active(const Game& game);
/// Each seat's camera follows its own car (seat 1's is Picture::camera, which the zoom
/// keys and the cues drive; the others take its zoom); the viewports for this frame's
/// screen. Returns the view the frame's triangles are built against (union_view of
/// every viewport's, the map's included); Picture::view becomes seat 1's.
View split_frame_views(Game& game, double elapsed);
/// The frame's triangles into every viewport (uploaded once), drawn with `look`.
/// `pixels_per_point`: the drawable's pixels per ImGui point; `screen_h`: the screen's
/// height in points.
void split_draw_gl(GlShapes& gl, const ShapeBatch& batch, const SplitScreen& split,
                   const Look& look, float pixels_per_point, float screen_h);
/// Per viewport: the gap lines, the seat's HUD (speed, gear, lap, place in a race) and
/// an arrow with the name of each other player off that viewport; the map's frame.
void split_draw_hud(const Game& game);
/// After each step: seats 2..N's cameras shake from their own cars' hits (seat 1's
/// takes the player car's from effects_after_step).
void split_after_step(Game& game);
/// Every viewport is at least 600 x 600 points: room for the mode's panels and the
/// minimap over the split screen (else each viewport's own HUD says what they say).
bool split_roomy(const SplitScreen& split);
/// Several players: each human seat's controls of this frame from its half of the
/// keyboard (Controls::shared), seat 1's added to the first pad's (`inputs.seat[0]`);
/// the edge commands held (Controls::edges, Controls::seat_edges) for the first step.
void seat_frame_inputs(Controls& controls, std::size_t humans, SeatInputs& inputs);
/// Several players: each seat's pad controls of this frame added to its keys'
/// (SharedKeyboard::frame): the pad the seat joined with (SharedKeyboard::seat_pads),
/// else pad k for seat k + 1 (pad 0's are in the whole keyboard's controls).
void seat_pad_controls(SharedKeyboard& kb, InputMapper& input, double dt, const InputDef& def);
/// Before each step: the held edges of seats 2.. into their inputs (the first step only).
void seat_take_edges(Controls& controls, SeatInputs& inputs);
/// A race of several players, once per frame: the seats holding their reset key (their
/// half's, or their pad's) vote to restart (restart_vote.hpp); a toast says each vote, and
/// when every seat has voted the race starts again.
void seat_restart_vote(Game& game, double elapsed);
/// Human seat `seat`'s paint, as the world draws its car.
Color seat_paint(const Scene& scene, std::size_t seat);

}  // namespace skidpad::app
