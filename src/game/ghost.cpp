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

GhostFrame ghost_frame(const Car& car) {
    GhostFrame f;
    f.position = car.position;
    f.heading = car.heading;
    for (std::size_t i = 0; i < car.wheels.size(); ++i)
        f.steer[i] = car.wheels[i].steer;
    f.braking = car.brake > 0.05;
    f.reversing = car.gear < 0;
    return f;
}

Car ghost_template(const Car& car) {
    Car out = car;
    for (Wheel& w : out.wheels) {
        Wheel clean;
        clean.offset = w.offset;
        w = clean;
    }
    return out;
}

bool ghost_open_lap(Ghost& ghost, GhostLap lap) {
    ghost = Ghost();
    if (lap.frames.empty()) return false;
    ghost.lap = std::move(lap);
    ghost.from_lap = true;
    ghost.active = true;
    ghost.waiting = true;
    return true;
}

void ghost_lap_restart(Ghost& ghost) {
    if (ghost.from_lap) ghost.lap_at = 0;
}

bool ghost_ended(const Ghost& ghost) {
    return ghost.from_lap ? ghost.lap_at + 1 >= ghost.lap.frames.size() : ghost.player.at_end();
}

const Car* ghost_car(const Ghost& ghost, Car& scratch) {
    if (!ghost.active) return nullptr;
    if (!ghost.from_lap) {
        const World& w = ghost.scene.world;
        return w.valid(w.player()) ? &w.car(w.player()) : nullptr;
    }
    const GhostFrame& f = ghost.lap.frames[std::min(ghost.lap_at, ghost.lap.frames.size() - 1)];
    scratch = ghost.lap.car;
    scratch.position = f.position;
    scratch.heading = f.heading;
    for (std::size_t i = 0; i < scratch.wheels.size(); ++i)
        scratch.wheels[i].steer = f.steer[i];
    scratch.brake = f.braking ? 1.0 : 0.0;
    scratch.gear = f.reversing ? -1 : 1;
    return &scratch;
}

std::string ghost_open(Ghost& ghost, Replay replay) {
    ghost = Ghost();
    const std::string why = replay_open(ghost.player, ghost.scene, std::move(replay));
    ghost.active = why.empty();
    return why;
}

void ghost_step(Ghost& ghost) {
    if (!ghost.active || ghost.waiting || ghost_ended(ghost)) return;
    if (ghost.from_lap) {
        ++ghost.lap_at;
        return;
    }
    replay_step(ghost.player, ghost.scene);
}

void ghost_draw(const Ghost& ghost, DrawList& out) {
    Car scratch;
    const Car* c = ghost_car(ghost, scratch);
    if (!c) return;
    const World& w = ghost.scene.world;
    const CarDef& def = ghost.from_lap ? ghost.lap.def : w.car_def(w.player());
    const CarPose pose =
        ghost.from_lap ? CarPose{c->position, c->heading} : w.interpolated_pose(w.player(), 1.0);
    DrawList car;
    car_draw(*c, def, pose, car, ghost.paint != 0 ? ghost.paint : kPlayerPaint);
    for (Shape s : car.shapes) {
        s.fill = translucent(s.fill, ghost.alpha);
        s.stroke = translucent(s.stroke, ghost.alpha);
        out.push(s, std::span<const vec2>(car.points.data() + s.first, s.count));
    }
}

GhostGap ghost_gap(const Ghost& ghost, const World& live) {
    GhostGap g;
    Car scratch;
    const Car* c = ghost_car(ghost, scratch);
    if (!c || !live.valid(live.player())) return g;
    const Car& me = live.car(live.player());
    const Car& other = *c;
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
