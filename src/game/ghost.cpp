// A ghost: another run's car played beside the live one (see ghost.hpp).
#include "ghost.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::app {

namespace {
Color translucent(Color c, std::uint32_t alpha) {
    return c == 0 ? 0 : (c & 0x00ffffffu) | (std::min(alpha, 255u) << 24);
}
}  // namespace

std::string ghost_open(Ghost& ghost, Replay replay) {
    ghost = Ghost();
    const std::string why = replay_open(ghost.player, ghost.scene, std::move(replay));
    ghost.active = why.empty();
    return why;
}

void ghost_step(Ghost& ghost) {
    if (!ghost.active || ghost.waiting || ghost.player.at_end()) return;
    replay_step(ghost.player, ghost.scene);
}

void ghost_draw(const Ghost& ghost, DrawList& out) {
    if (!ghost.active) return;
    const World& w = ghost.scene.world;
    if (!w.valid(w.player())) return;
    DrawList car;
    car_draw(w.car(w.player()), w.car_def(w.player()), w.interpolated_pose(w.player(), 1.0), car,
             ghost.paint != 0 ? ghost.paint : kPlayerPaint);
    for (Shape s : car.shapes) {
        s.fill = translucent(s.fill, ghost.alpha);
        s.stroke = translucent(s.stroke, ghost.alpha);
        out.push(s, std::span<const vec2>(car.points.data() + s.first, s.count));
    }
}

GhostGap ghost_gap(const Ghost& ghost, const World& live) {
    GhostGap g;
    const World& w = ghost.scene.world;
    if (!ghost.active || !w.valid(w.player()) || !live.valid(live.player())) return g;
    const Car& me = live.car(live.player());
    const Car& other = w.car(w.player());
    const dvec2 d = other.position - me.position;
    const dvec2 fwd(std::cos(me.heading), std::sin(me.heading));
    g.valid = true;
    g.metres = d.x * fwd.x + d.y * fwd.y;
    g.seconds =
        g.metres /
        std::max(std::sqrt(me.velocity.x * me.velocity.x + me.velocity.y * me.velocity.y), 1.0);
    return g;
}

}  // namespace skidpad::app
