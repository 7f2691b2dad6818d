// The World owns every body and hands out ids; World::step(dt) advances it by one
// fixed physics step made of SimDef::substeps sub-steps. Deterministic: the same
// initial state and input sequence give bit-identical states.
#pragma once

#include <cstdint>
#include <vector>

#include "skidpad/car/car.hpp"
#include "skidpad/car/skid_marks.hpp"
#include "skidpad/debug_views.hpp"
#include "skidpad/draw.hpp"
#include "skidpad/input.hpp"
#include "skidpad/soft/soft_world.hpp"
#include "skidpad/sound_events.hpp"
#include "skidpad/surface.hpp"
#include "skidpad/tune/tune_event.hpp"
#include "skidpad/world_def.hpp"

namespace skidpad {

namespace detail {
/// Which soft bodies touch which, rebuilt once per step for the car coupling
/// (src/core/world_touch.cpp, docs/physics.md §13): for dense body b its touching
/// neighbours are body[first[b] .. first[b + 1]), dir the unit direction toward each.
struct SoftTouchGraph {
    std::vector<std::uint32_t> first, body;
    std::vector<vec2> dir;
    std::vector<std::uint32_t> owner;  ///< dense body of each particle
    std::vector<std::uint32_t> seen;   ///< search stamps per dense body
    std::vector<std::uint32_t> queue;  ///< search scratch
    std::uint32_t stamp = 0;
    bool any_pinned = false;
};
}  // namespace detail

/// Handle to a car: slot index + generation. A default CarId (generation 0) is none.
struct CarId {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;
    explicit operator bool() const { return generation != 0; }
    friend bool operator==(CarId, CarId) = default;
};

class World {
public:
    explicit World(const WorldDef& def = WorldDef{});

    /// The world's own settings (sim.*, soft.*) as the events applied so far left them.
    const WorldDef& def() const { return def_; }
    /// Applies one change of a tunable between two steps (the Tuner makes the events):
    /// sim.* and soft.* change def(), car.* the player car's CarDef (AI cars keep
    /// their own); a car.* tunable flagged `rebuild` rebuilds the player car in place.
    /// Tunables that are not the world's (input, camera, display, plan) are ignored.
    void apply(const TuneEvent& event);
    void apply(const std::vector<TuneEvent>& events);
    /// Rebuilds a car from its def at its current pose, keeping its velocity, yaw
    /// rate, gear and wheel spins (after a change of dimensions or wheel layout).
    void rebuild_car(CarId id);

    /// Adds a car built from `def` at rest; the first car added is the player's.
    CarId add_car(dvec2 position, double heading, const CarDef& def);
    void remove_car(CarId id);
    bool valid(CarId id) const;
    Car& car(CarId id);
    const Car& car(CarId id) const;
    const CarDef& car_def(CarId id) const;
    void set_car_def(CarId id, const CarDef& def);
    /// The first car added (the one the player drives); none if there is none.
    CarId player() const { return player_; }
    void set_input(CarId id, const InputState& input);
    /// The input the car drives with (what telemetry records as throttle/brake/steer).
    const InputState& input(CarId id) const;
    /// Puts a car back at the pose it was added with (or the one set_start_pose gave).
    void reset_car(CarId id);
    /// Changes the pose reset_car and an input's reset put the car back at (a respawn
    /// point on a track; the grid slot again on a restart).
    void set_start_pose(CarId id, dvec2 position, double heading);
    /// The paint a player chose for a car (a seat's colour), drawn instead of the one it
    /// gets by its order; cosmetic only (not in the state). A car added afresh has none.
    void set_paint(CarId id, Color paint);

    /// The ground: which surface kind lies where (an empty map is asphalt everywhere).
    /// Each wheel reads it every sub-step; the kinds' figures are def().sim.surface.
    void set_surfaces(SurfaceMap map);
    const SurfaceMap& surfaces() const { return surfaces_; }
    /// The surface under each wheel of a car (FL, FR, RL, RR) at the last sub-step.
    const std::array<SurfaceKind, 4>& wheel_surfaces(CarId id) const;

    SoftWorld& soft() { return soft_; }
    const SoftWorld& soft() const { return soft_; }

    /// One fixed step of dt seconds (sim.substeps sub-steps). The player's input
    /// overload sets the player car's input first.
    void step(double dt);
    void step(double dt, const InputState& player_input);

    /// What the last step left for sound, rumble and effects: every car's signals and
    /// the car <-> body contacts (bounded; cleared at the start of each step).
    const StepEvents& events() const { return events_; }

    double time() const { return time_; }
    std::uint64_t step_count() const { return steps_; }

    /// FNV-1a hash over the whole simulated state (determinism tests): time, each
    /// car's pose, velocities, gear, rpm, gearbox timers, filtered loads, wheel spins
    /// and steer angles, and the soft world's SoftWorld::state_hash.
    std::uint64_t state_hash() const;

    /// Emits every shape of the world (ground marks, bodies, cars). Cars are drawn
    /// at lerp(pose before the last step, current pose, alpha) so that rendering
    /// between fixed steps is smooth (alpha from FixedStepLoop; 1 = current).
    void draw(DrawList& out, double alpha = 1.0) const;
    /// Same, plus the debug shapes `views` selects (layer 4).
    void draw(DrawList& out, const DebugViews& views, double alpha = 1.0) const;

    /// A car's pose blended between the previous and the current step (alpha 0..1);
    /// where draw() puts it and what the camera follows.
    CarPose interpolated_pose(CarId id, double alpha) const;

    /// Times a car's state went non-finite and was zeroed since it was added (a
    /// last-resort guard in car_step; tests require 0).
    int numeric_resets(CarId id) const;

    /// Removes every car and body.
    void clear();

private:
    struct CarSlot {
        Car car;
        CarDef def;
        InputState input;
        dvec2 start_position{0.0, 0.0};
        double start_heading = 0.0;
        CarPose prev_pose;  ///< pose before the last step (interpolation)
        SkidMarks skids;    ///< cosmetic, updated after each car sub-step, never read back
        int numeric_resets = 0;
        std::array<SurfaceKind, 4> ground{};  ///< under each wheel, last sub-step
        std::uint32_t generation = 0;
        bool alive = false;
        bool painted = false;  ///< set_paint: `paint` is drawn
        Color paint{};
    };
    void draw_bodies(DrawList& out, const SoftDrawOptions& soft_options, double alpha) const;
    CarSlot& slot(CarId id);
    const CarSlot& slot(CarId id) const;
    /// Puts a car at rest at a pose, with no skid marks and no blend from its old pose.
    void place_car(CarSlot& s, dvec2 position, double heading);
    /// One car sub-step of h seconds on the ground under its wheels, then the car's
    /// cosmetics and diagnostics.
    void step_car(CarSlot& s, double h);

    // Car <-> soft-body coupling (world_contacts.cpp, docs/physics.md §12).
    void begin_car_contacts(double dt);
    void couple_cars(double h, int substep_index);
    /// Fills in a coupling's materials and kind and adds it to events_.
    void record_sound(ContactEvent& ev, CarSlot& s, std::uint32_t bi, const SoftSolver& sw);
    /// Car against car (car_car_contact.cpp): every pair of cars, once per car sub-step.
    void couple_car_pairs(double h, int substep_index);
    /// The one place every contact a car sub-step applied to a car passes (car-body and
    /// car-car alike, with its point, normal and impulses): it goes to events_, and car
    /// damage reads it here.
    void car_contact_applied(CarSlot& s, const ContactEvent& ev);
    std::vector<std::uint32_t> contact_candidates_;  ///< dense soft bodies near any car
    detail::SoftTouchGraph touch_;                   ///< soft bodies touching, for the coupling
    std::vector<int> gears_before_;                  ///< each car slot's gear at the step's start

    WorldDef def_;
    StepEvents events_;  ///< never hashed, never read by the physics
    std::vector<CarSlot> cars_;
    CarId player_;
    SoftWorld soft_;
    SurfaceMap surfaces_;
    double time_ = 0.0;
    std::uint64_t steps_ = 0;
};

}  // namespace skidpad
