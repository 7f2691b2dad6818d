// Particle effects: tyre smoke from sliding wheels, sparks from metal scrapes and hard
// hits, chips in the colour its kind row gives when a body dents or breaks. They live in the
// app, read the World only through const access (its per-step events and car poses)
// and are drawn on top of the world's shapes: they never change the simulated state.
// The pool is one array sized once (Effects::kMaxBudget); spawning past the budget
// (display.particle_budget) makes nothing, and a frame allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "camera.hpp"
#include "render.hpp"
#include "scene.hpp"
#include "skidpad/display_def.hpp"
#include "skidpad/world.hpp"

namespace skidpad::app {

struct PuffShape;

enum class ParticleKind : std::uint8_t { Smoke, Spark, Chip };

struct Particle {
    vec2 pos{0.0f, 0.0f};  ///< m
    vec2 vel{0.0f, 0.0f};  ///< m/s
    float age = 0.0f;      ///< s
    float life = 1.0f;     ///< s, dies at age >= life
    float size = 0.1f;     ///< m (smoke: radius; spark: width; chip: half length)
    float grow = 0.0f;     ///< m/s, size growth (smoke billows)
    float drag = 0.0f;     ///< 1/s, velocity decay rate
    float angle = 0.0f;    ///< rad (chips)
    float spin = 0.0f;     ///< rad/s (chips)
    float alpha = 1.0f;    ///< 0..1, opacity at birth
    Color color = 0;       ///< RGB (alpha from `alpha` and age)
    ParticleKind kind = ParticleKind::Smoke;
};

class Effects {
public:
    /// The most particles display.particle_budget may ask for (the pool is this size).
    static constexpr int kMaxBudget = 20000;

    Effects();

    /// Adds the particles one physics step of `dt` s calls for: smoke from the wheels
    /// of the cars in `cars` (by their World::events() signals), sparks and chips
    /// from the step's contact events. Returns the summed contact impulse (N·s) on
    /// `player` this step (what the camera shake takes). Nothing when effects are off,
    /// but the impulse is still summed.
    double after_step(const World& world, std::span<const CarId> cars, CarId player,
                      const EffectsDef& def, double dt);
    /// Ages and moves the particles by dt (s); removes the dead and non-finite, and
    /// the newest past display.particle_budget when the budget was lowered.
    void update(double dt, const EffectsDef& def);
    /// Adds the live particles inside the view to the batch (translucent triangles).
    void draw(ShapeBatch& batch, const View& view) const;

    /// Adds one particle unless the pool holds display.particle_budget; false if refused.
    bool spawn(const Particle& p, const EffectsDef& def);
    /// Fills the pool to the budget with a mix of smoke, sparks and chips spread over
    /// the view (the particle benchmark).
    void fill(const View& view, const EffectsDef& def);
    void clear() { count_ = 0; }

    int alive() const { return count_; }
    std::span<const Particle> particles() const {
        return {pool_.data(), static_cast<std::size_t>(count_)};
    }
    /// Spawns refused because the pool was full, in total.
    long long refused() const { return refused_; }

private:
    float random();  ///< uniform 0..1 (xorshift; app-side, not the World's)
    float random(float a, float b) { return a + (b - a) * random(); }
    vec2 random_dir();  ///< unit vector
    /// A smoke or dust particle of `shape` at `at` (alpha and colour left to the caller).
    Particle puff(vec2 at, vec2 car_vel, const PuffShape& shape);
    void smoke(vec2 at, vec2 car_vel, float strength, const EffectsDef& def);
    void dust(vec2 at, vec2 car_vel, Color colour, const EffectsDef& def);
    void sparks(vec2 at, vec2 dir, int n, float speed, const EffectsDef& def);
    void chips(vec2 at, vec2 push, int n, Color base, const EffectsDef& def);

    std::vector<Particle> pool_;  ///< kMaxBudget slots, allocated once
    int count_ = 0;               ///< live particles: pool_[0, count_)
    long long refused_ = 0;
    std::uint32_t rng_ = 0x9E3779B9u;
    /// Smoke owed per car slot and wheel (fractions carried between steps).
    static constexpr int kCarSlots = 16;
    float owed_[kCarSlots][4] = {};
    float dust_owed_[kCarSlots][4] = {};  ///< dust from loose ground, per wheel
};

/// The particles one step of the scene's world calls for, from its cars that make
/// smoke and sparks (the player, the AI opponent, a race's field); returns the player's
/// summed contact impulse (N·s, what the camera shake takes). The game and the replay
/// viewer call it after each step they show.
double effects_after_step(Effects& fx, const Scene& scene, const EffectsDef& def, double dt);

}  // namespace skidpad::app
