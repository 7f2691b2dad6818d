// The World: bodies and ids, the step and its stages, events and the state hash.
#include "skidpad/world.hpp"

#include "skidpad/tune/params.hpp"

#include <cassert>

#include "sound_signals.hpp"
#include "state_hash.hpp"

namespace skidpad {

World::World(const WorldDef& def) : def_(def) {}

namespace {
/// Applies one event to the world's def or the player car's; true when the car must
/// be rebuilt (a `rebuild` tunable changed: dimensions, wheel layout change what
/// car_reset builds, so swapping the value is not enough).
bool apply_event(const TuneEvent& e, WorldDef& world, CarDef* player) {
    const std::vector<ParamDesc>& all = param_registry().all();
    assert(e.param < all.size());
    const ParamDesc& p = all[e.param];
    switch (p.section) {
        case ParamSection::Sim:
            p.set_in(world.sim, e.value);
            return false;
        case ParamSection::Soft:
            p.set_in(world.soft, e.value);
            return false;
        case ParamSection::Car: {
            if (!player) return false;
            const double before = p.get_in(*player);
            p.set_in(*player, e.value);
            return p.rebuild && before != p.get_in(*player);
        }
        default:
            return false;  // the app's settings
    }
}
}  // namespace

void World::apply(const TuneEvent& event) {
    if (apply_event(event, def_, valid(player_) ? &slot(player_).def : nullptr)) {
        rebuild_car(player_);
    }
}

void World::apply(const std::vector<TuneEvent>& events) {
    CarDef* player = valid(player_) ? &slot(player_).def : nullptr;
    bool rebuild = false;
    for (const TuneEvent& e : events)
        rebuild |= apply_event(e, def_, player);
    if (rebuild) rebuild_car(player_);  // once for a batch (a preset, an undo)
}

void World::rebuild_car(CarId id) {
    CarSlot& s = slot(id);
    const Car keep = s.car;
    car_reset(s.car, s.def, keep.position, keep.heading);
    // Keep the motion and the drivetrain state; the geometry comes from the new def.
    s.car.velocity = keep.velocity;
    s.car.yaw_rate = keep.yaw_rate;
    s.car.gear = keep.gear;
    s.car.rpm = keep.rpm;
    s.car.clutch_engaged = keep.clutch_engaged;
    s.car.manual = keep.manual;
    for (std::size_t i = 0; i < s.car.wheels.size(); ++i) {
        s.car.wheels[i].spin = keep.wheels[i].spin;
    }
}

CarId World::add_car(dvec2 position, double heading, const CarDef& def) {
    std::uint32_t index = 0;
    while (index < cars_.size() && cars_[index].alive)
        ++index;
    if (index == cars_.size()) cars_.emplace_back();
    CarSlot& s = cars_[index];
    s.generation += 1;
    s.alive = true;
    s.def = def;
    s.input = InputState{};
    s.start_position = position;
    s.start_heading = heading;
    s.numeric_resets = 0;
    s.painted = false;
    place_car(s, position, heading);
    const CarId id{index, s.generation};
    if (!valid(player_)) player_ = id;
    return id;
}

void World::set_paint(CarId id, Color paint) {
    CarSlot& s = slot(id);
    s.paint = paint;
    s.painted = true;
}

void World::remove_car(CarId id) {
    if (!valid(id)) return;
    cars_[id.index].alive = false;
    if (id == player_) player_ = CarId{};
}

bool World::valid(CarId id) const {
    return id.generation != 0 && id.index < cars_.size() && cars_[id.index].alive &&
           cars_[id.index].generation == id.generation;
}

World::CarSlot& World::slot(CarId id) {
    assert(valid(id));
    return cars_[id.index];
}
const World::CarSlot& World::slot(CarId id) const {
    assert(valid(id));
    return cars_[id.index];
}

Car& World::car(CarId id) {
    return slot(id).car;
}
const Car& World::car(CarId id) const {
    return slot(id).car;
}
const CarDef& World::car_def(CarId id) const {
    return slot(id).def;
}
void World::set_car_def(CarId id, const CarDef& def) {
    slot(id).def = def;
}
void World::set_input(CarId id, const InputState& input) {
    slot(id).input = input;
}
const InputState& World::input(CarId id) const {
    return slot(id).input;
}

int World::numeric_resets(CarId id) const {
    return slot(id).numeric_resets;
}

void World::set_surfaces(SurfaceMap map) {
    surfaces_ = std::move(map);
}

const std::array<SurfaceKind, 4>& World::wheel_surfaces(CarId id) const {
    return slot(id).ground;
}

void World::place_car(CarSlot& s, dvec2 position, double heading) {
    car_reset(s.car, s.def, position, heading);
    s.skids = SkidMarks{};
    s.prev_pose = car_pose(s.car);
}

void World::reset_car(CarId id) {
    CarSlot& s = slot(id);
    place_car(s, s.start_position, s.start_heading);
}

void World::set_start_pose(CarId id, dvec2 position, double heading) {
    CarSlot& s = slot(id);
    s.start_position = position;
    s.start_heading = heading;
}

void World::step_car(CarSlot& s, double h) {
    const CarPose before = car_pose(s.car);
    // The ground under each wheel's contact patch at the sub-step's start.
    WheelSurfaces ground{};
    for (int i = 0; i < kWheels; ++i) {
        const Wheel& w = s.car.wheels[static_cast<std::size_t>(i)];
        const SurfaceKind k = surfaces_.at(s.car.position + rotate(w.offset, s.car.heading));
        const SurfaceProps& p = def_.sim.surface.of(k);
        s.ground[static_cast<std::size_t>(i)] = k;
        // Dry multiplies by exactly 1: the dry physics is bit for bit what it was.
        ground[static_cast<std::size_t>(i)] = {p.grip * weather_grip(k, def_.sim.weather),
                                               p.rolling};
    }
    const CarStepInfo info = car_advance(s.car, s.def, s.input, h, def_.sim.car_min_hz, ground);
    if (info.numeric_reset) ++s.numeric_resets;
    skid_marks_record(s.skids, s.car, before, info.h);
}

void World::step(double dt, const InputState& player_input) {
    if (valid(player_)) set_input(player_, player_input);
    step(dt);
}

void World::step(double dt) {
    // Sub-steps no longer than 1/sim.car_min_hz, so contacts (couple_cars, couple_car_pairs)
    // run at least at the rate the car's own dynamics do: a crash pulse or a scrape along a
    // wall is the same at any physics rate and sub-step count.
    const int substeps = def_.sim.substeps < 1 ? 1 : def_.sim.substeps;
    const int n = substeps * car_inner_steps(dt / substeps, def_.sim.car_min_hz);
    const double h = dt / n;
    events_.clear();
    gears_before_.clear();
    for (CarSlot& s : cars_) {
        // A reset snaps (prev = reset pose): no interpolated slide across the arena.
        if (s.alive && s.input.reset) place_car(s, s.start_position, s.start_heading);
        s.prev_pose = car_pose(s.car);
        gears_before_.push_back(s.car.gear);
    }
    // Cars move in sub-steps and push soft bodies at each (couple_cars); the soft
    // bodies then advance the whole step in their own (speed-adaptive) sub-steps.
    begin_car_contacts(dt);
    for (int i = 0; i < n; ++i) {
        for (CarSlot& s : cars_) {
            if (s.alive) step_car(s, h);
        }
        couple_cars(h, i);
        couple_car_pairs(h, i);
    }
    soft_.step(def_.soft, static_cast<float>(dt));
    for (std::size_t i = 0; i < cars_.size(); ++i) {
        if (!cars_[i].alive) continue;
        events_.cars.push_back(detail::car_signals(cars_[i].car, cars_[i].def, gears_before_[i]));
        events_.cars.back().car = static_cast<std::uint32_t>(i);
        for (std::size_t k = 0; k < cars_[i].ground.size(); ++k)
            events_.cars.back().wheels[k].surface = cars_[i].ground[k];
    }
    // Edge-triggered controls act once per step, not once per sub-step.
    for (CarSlot& s : cars_) {
        s.input.shift_up = s.input.shift_down = s.input.toggle_manual = s.input.reset = false;
    }
    time_ += dt;
    steps_ += 1;
}

std::uint64_t World::state_hash() const {
    StateHash f;
    f.add(time_);
    f.add(steps_);
    for (const CarSlot& s : cars_) {
        if (!s.alive) continue;
        const Car& c = s.car;
        f.add(c.position);
        f.add(c.velocity);
        f.add(c.heading);
        f.add(c.yaw_rate);
        f.add(c.gear);
        f.add(c.rpm);
        f.add(c.manual);
        f.add(c.shift_timer);
        f.add(c.clutch_engaged);
        f.add(c.steer_angle);
        f.add(c.throttle);
        f.add(c.brake);
        f.add(c.load_accel_long);
        f.add(c.load_accel_lat);
        f.add(c.stop_timer);
        f.add(c.shift_hold);
        f.add(c.kicked_down);
        f.add(c.throttle_peak);
        f.add(c.limiter_timer);
        f.add(c.prev_gear_request);
        f.add(c.prev_shift_up);
        f.add(c.prev_shift_down);
        f.add(c.prev_toggle_manual);
        for (const Wheel& w : c.wheels) {
            f.add(w.spin);
            f.add(w.steer);
        }
        // Damage: a car never hit adds nothing, so runs without hits keep their hashes.
        if (!(c.damage == CarDamage{})) {
            f.add_all(std::span<const dvec2>(c.damage.dent));
            f.add_all(std::span<const double>(c.damage.load));
            f.add_all(std::span<const double>(c.damage.toe));
            f.add(c.damage.engine_loss);
            f.add(c.damage.extra_drag);
            for (const CrushMemory& m : c.damage.crush) {
                if (m.key == 0) continue;
                f.add(m.key);
                f.add(m.peak);
                f.add(m.closing);
            }
        }
    }
    return soft_.state_hash(f.h);
}

CarPose World::interpolated_pose(CarId id, double alpha) const {
    const CarSlot& s = slot(id);
    return lerp_pose(s.prev_pose, car_pose(s.car), alpha);
}

void World::draw(DrawList& out, double alpha) const {
    draw_bodies(out, SoftDrawOptions{}, alpha);
}

void World::draw_bodies(DrawList& out, const SoftDrawOptions& soft_options, double alpha) const {
    soft_.draw(out);
    soft_.draw_debug(out, soft_options);
    std::uint32_t others = 0;  // the player is red; the other cars each get their own paint
    for (std::uint32_t i = 0; i < cars_.size(); ++i) {
        const CarSlot& s = cars_[i];
        if (!s.alive) continue;
        skid_marks_draw(s.skids, s.def.skid_fade, out);
        const CarId id{i, s.generation};
        Color paint = id == player_ ? kPlayerPaint : car_paint(++others);
        if (s.painted) paint = s.paint;
        car_draw(s.car, s.def, interpolated_pose(id, alpha), out, paint);
    }
}

void World::draw(DrawList& out, const DebugViews& views, double alpha) const {
    SoftDrawOptions soft_options;
    soft_options.cells = views.broad_phase;
    draw_bodies(out, soft_options, alpha);
    soft_draw_debug(soft_, def_.soft, views, out);
    for (std::uint32_t i = 0; i < cars_.size(); ++i) {
        const CarSlot& s = cars_[i];
        if (s.alive) {
            car_draw_debug(s.car, s.def, interpolated_pose(CarId{i, s.generation}, alpha), views,
                           out);
        }
    }
}

void World::clear() {
    cars_.clear();
    events_.clear();
    player_ = CarId{};
    soft_.clear();
    surfaces_ = SurfaceMap{};
}

}  // namespace skidpad
