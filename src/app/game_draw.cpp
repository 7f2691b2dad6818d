// The world's picture of one frame in the window (see game_draw.hpp).
#include "game_draw.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "drift_rig_hud.hpp"
#include "mode_hud.hpp"
#include "modes/mode_time_trial.hpp"
#include "modes/seat_ghosts.hpp"
#include "palette.hpp"
#include "planner_view.hpp"
#include "sandbox_tools.hpp"
#include "scenery.hpp"
#include "split_screen.hpp"
#include "world_look.hpp"

namespace skidpad::app {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

namespace {

/// Benchmark load: n crate-like quads (fill + outline, as soft bodies draw) spread
/// over the visible area, so none is culled.
void add_bench_crates(DrawList& out, const View& view, int n) {
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    const dvec2 half = view.half_extent();
    const double sx = 2.0 * half.x / side, sy = 2.0 * half.y / side;
    const float hw = static_cast<float>(0.4 * std::min(sx, sy));
    for (int i = 0; i < n; ++i) {
        const vec2 c(static_cast<float>(view.centre.x - half.x + (i % side + 0.5) * sx),
                     static_cast<float>(view.centre.y - half.y + (i / side + 0.5) * sy));
        const float a = 0.1f * static_cast<float>(i % 17);
        vec2 q[4];
        for (int k = 0; k < 4; ++k) {
            const float ang = a + static_cast<float>(k) * 1.5707963f;
            q[k] = c + vec2(std::cos(ang), std::sin(ang)) * (hw * 1.41421356f);
        }
        out.polygon(q, rgba(176, 128, 72), rgba(70, 50, 30), 0.04f, 2);
    }
}

}  // namespace

/// Camera, then the world (grid, plan, bodies, cars, markers) into the triangle batch.
View draw_world(Game& game, double elapsed, bool interactive, const GameOptions& options) {
    const World& world = game.session.sim.scene.world;
    const CameraDef& cam = game.settings().camera;
    // Several players: a view per viewport, the triangles built once for all of them.
    const bool split = split_active(game);
    View view;
    if (split) {
        view = split_frame_views(game, elapsed);
    } else {
        camera_take_cue(game.picture.camera, game.session.sim.camera);
        // The replay viewer's panels cover the lower part of the view: it keeps the plain
        // follow of the camera.* tunables (an unbounded viewport never asks for more).
        game.picture.camera.viewport = game.viewer()
                                           ? dvec2(1e9, 1e9)
                                           : dvec2(std::max(ImGui::GetIO().DisplaySize.x, 1.0f),
                                                   std::max(ImGui::GetIO().DisplaySize.y, 1.0f));
        if (world.valid(world.player())) {
            const CarPose pose = world.interpolated_pose(world.player(), game.picture.stats.alpha);
            camera_update(game.picture.camera, cam, pose.position,
                          world.car(world.player()).velocity,
                          camera_user_zoom(game.picture.camera, cam), elapsed);
        }
        const ImVec2 ds = ImGui::GetIO().DisplaySize;
        view.centre = game.picture.camera.centre + game.picture.camera.shake_offset;
        view.zoom = std::max(game.picture.camera.zoom, 0.5);
        view.size = dvec2(std::max(ds.x, 1.0f), std::max(ds.y, 1.0f));
        game.picture.view = view;
    }
    game.picture.renderer.begin();
    draw_base_ground(game.picture.renderer, game.settings(), game.session.sim.scene.track >= 0,
                     view);
    const Race& race = game.session.sim.scene.race;
    if (game.session.sim.scene.track >= 0 && race.has_track() && game.settings().display.scenery) {
        if (!scenery_matches(game.picture.scenery, race.track()))
            game.picture.scenery = make_scenery(race.track());
        const DisplayDef& d = game.settings().display;
        draw_scenery(game.picture.renderer.batch(), game.picture.scenery, view,
                     d.shadows && d.time != TimeOfDay::Night, d.shadows);
    }
    if (game.settings().display.show_grid) game.picture.renderer.draw_grid(view);
    if (interactive && game.session.live() && !split) {
        const std::string msg = sandbox_frame(game.session, view);
        if (!msg.empty()) game.toast(msg, 1.5);
    }
    game.picture.shapes.clear();
    if (game.session.sim.scene.track < 0)
        level_draw_patches(game.session.sim.scene.arena, game.picture.shapes);
    planner_draw_ground(game.session.sim.planner, game.session.sim.scene.race, game.picture.shapes);
    if (game.settings().display.scenery) draw_rubber(race, game.picture.shapes);
    if (const DriftRigMode* d = game.session.mode ? drift_rig_state(*game.session.mode) : nullptr)
        drift_rig_draw_ground(*d, world, game.picture.shapes);
    world.draw(game.picture.shapes, game.ui.tune.debug, game.picture.stats.alpha);
    ghost_draw(game.session.ghost, game.picture.shapes);
    if (const SeatGhosts* g =
            game.session.mode ? time_trial_seat_ghosts(*game.session.mode) : nullptr)
        seat_ghosts_draw(*g, game.picture.shapes);        // players 2..N's own best laps
    repaint_cars(game.picture.shapes, active_palette());  // the player's palette (Display page)
    planner_draw_markers(game.session.sim.planner, world, game.settings(), game.picture.shapes,
                         game.picture.stats.alpha);
    if (options.bench_shapes > 0) add_bench_crates(game.picture.shapes, view, options.bench_shapes);
    const Clock::time_point t0 = Clock::now();
    game.picture.stats.render = game.picture.renderer.draw(game.picture.shapes, view);
    // Particles move with simulated time: frozen while paused or in the menu.
    const EffectsDef& fx = game.settings().display.effects;
    const bool frozen = game.settings().sim.paused || game.ui.menu.open;
    const double fx_time = game.session.time_shown(elapsed);
    game.picture.effects.update(frozen ? 0.0 : fx_time, fx);
    if (options.bench_particles) game.picture.effects.fill(view, fx);
    game.picture.effects.draw(game.picture.renderer.batch(), view);
    {
        const DisplayDef& d = game.settings().display;
        const float lit =
            !d.lights
                ? 0.0f
                : (d.time == TimeOfDay::Night ? 1.0f : (d.time == TimeOfDay::Dusk ? 0.45f : 0.0f));
        if (game.session.sim.scene.track >= 0 && race.has_track() && d.scenery)
            draw_track_lights(game.picture.renderer.batch(), game.picture.scenery, view, lit);
    }
    draw_atmosphere(game.picture.renderer.batch(), game.session.sim.scene, game.settings(), view,
                    world.time(), game.picture.stats.alpha);
    game.picture.stats.draw_ms = ms_since(t0);
    if (!split) game.picture.renderer.draw_scale_bar(*ImGui::GetBackgroundDrawList(), view);
    return view;
}

float minimap_fade(Game& game) {
    const World& world = game.session.sim.scene.world;
    float target = 1.0f;
    if (world.valid(world.player())) {
        const View& view = game.picture.view;
        const CarPose pose = world.interpolated_pose(world.player(), game.picture.stats.alpha);
        const dvec2 v = world.car(world.player()).velocity;
        ImVec2 pts[6];
        for (int i = 0; i < 6; ++i) {
            const dvec2 s = view.to_screen(pose.position + v * (kViewAheadSeconds * i / 5.0));
            pts[i] = ImVec2(static_cast<float>(s.x), static_cast<float>(s.y));
        }
        target = minimap_clear_alpha(place_minimap(game.ui.show_overlay), pts, 6);
    }
    const float k = std::min(1.0f, static_cast<float>(game.picture.stats.frame_ms) / 200.0f);
    game.ui.minimap_alpha += (target - game.ui.minimap_alpha) * std::max(k, 0.05f);
    return game.ui.minimap_alpha;
}

}  // namespace skidpad::app
