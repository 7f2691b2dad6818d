// Particle effects: smoke, sparks, chips and dust (see effects.hpp).
#include "effects.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "skidpad/soft/body_kinds.hpp"

namespace skidpad::app {

namespace {
constexpr float kTwoPi = 6.28318530718f;

// Smoke: particles per second per wheel = display.smoke × kSmokeRate × slip excess
// (slip over peak − 1, at most 2) × sliding speed over kSmokeSlide (m/s, at most 30).
constexpr float kSmokeRate = 2.0f;
constexpr float kSmokeSlide = 1.0f;  // m/s of patch slide before a tyre smokes
// Dust: a wheel rolling or sliding on grass or gravel faster than kDustSpeed throws
// display.smoke × kDustRate × (speed − kDustSpeed, at most 30 m/s) × (0.25 + slip
// excess) particles per second: a trail when driving across, a cloud when sliding.
constexpr float kDustRate = 0.9f;
constexpr float kDustSpeed = 2.0f;  // m/s
// Spray: on wet (damp: 0.35 x) hard ground a wheel faster than kSpraySpeed throws
// display.smoke x kSprayRate x (speed - kSpraySpeed, at most 40 m/s) puffs per second.
constexpr float kSprayRate = 0.35f;
constexpr float kSpraySpeed = 10.0f;  // m/s
constexpr Color kSpray = rgba(206, 212, 220);
// Sparks: a metal scrape faster than kScrapeSpeed, or a hit harder than kHardHit.
constexpr double kScrapeSpeed = 2.5;  // m/s
constexpr double kHardHit = 1500.0;   // N·s

double tunable(double v, double hi) {
    return std::isfinite(v) ? std::clamp(v, 0.0, hi) : 0.0;
}

int budget_of(const EffectsDef& def) {
    return std::clamp(def.budget, 0, Effects::kMaxBudget);
}

bool finite(vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

/// At most 254: every particle is translucent, so the particles are one blended run
/// (one draw call) instead of a run per change between opaque and translucent.
Color with_alpha(Color rgb, float a) {
    const auto al = static_cast<std::uint32_t>(std::clamp(a, 0.0f, 1.0f) * 254.0f + 0.5f);
    return (rgb & 0x00FFFFFFu) | (al << 24);
}

Color mix(Color a, Color b, float t) {
    const float u = std::clamp(t, 0.0f, 1.0f);
    Color out = 0;
    for (int sh = 0; sh < 24; sh += 8) {
        const float ca = static_cast<float>((a >> sh) & 0xFFu);
        const float cb = static_cast<float>((b >> sh) & 0xFFu);
        out |= static_cast<Color>(ca + (cb - ca) * u + 0.5f) << sh;
    }
    return out;
}

bool is_metal(ContactMaterial m) {
    return m == ContactMaterial::CarBody || body_kind_row(body_kind_of(m)).sparks;
}

/// The colour of the chips a body of `m` throws (its kind's row), 0 = none.
Color chips_of(ContactMaterial m) {
    return m == ContactMaterial::CarBody ? 0 : body_kind_row(body_kind_of(m)).chips;
}

/// The car's velocity for a car slot, or none.
const Car* car_of(const World& world, std::span<const CarId> cars, std::uint32_t slot) {
    for (CarId id : cars) {
        if (id.index == slot && world.valid(id)) return &world.car(id);
    }
    return nullptr;
}
}  // namespace

Effects::Effects() : pool_(static_cast<std::size_t>(kMaxBudget)) {}

float Effects::random() {
    rng_ ^= rng_ << 13;
    rng_ ^= rng_ >> 17;
    rng_ ^= rng_ << 5;
    return static_cast<float>(rng_ >> 8) * (1.0f / 16777216.0f);
}

vec2 Effects::random_dir() {
    const float a = random() * kTwoPi;
    return vec2(std::cos(a), std::sin(a));
}

bool Effects::spawn(const Particle& p, const EffectsDef& def) {
    if (count_ >= budget_of(def)) {
        refused_ += 1;
        return false;
    }
    pool_[static_cast<std::size_t>(count_++)] = p;
    return true;
}

/// A soft puff (smoke or dust): how far from the wheel it starts, how much of the car's
/// velocity it keeps and how fast it is kicked out, and its life, size, growth, drag
/// and spin, each drawn between its bounds.
struct PuffShape {
    float scatter;             ///< m
    float carry_lo, carry_hi;  ///< share of the car's velocity
    float kick_lo, kick_hi;    ///< m/s, in a random direction
    float life_lo, life_hi;    ///< s
    float size_lo, size_hi;    ///< m
    float grow_lo, grow_hi;    ///< m/s
    float drag;                ///< 1/s
    float spin;                ///< rad/s, either way
};

namespace {
constexpr PuffShape kSmokePuff{0.2f, 0.1f, 0.3f, 0.5f, 1.6f, 1.0f, 2.0f,
                               0.3f, 0.5f, 1.0f, 1.6f, 1.8f, 0.6f};
constexpr PuffShape kDustPuff{0.25f, 0.05f, 0.2f, 0.3f, 1.2f, 0.8f, 1.6f,
                              0.25f, 0.45f, 1.2f, 1.8f, 2.2f, 0.5f};
}  // namespace

Particle Effects::puff(vec2 at, vec2 car_vel, const PuffShape& s) {
    Particle p;
    p.kind = ParticleKind::Smoke;  // drawn as a soft puff
    p.pos = at + random_dir() * random(0.0f, s.scatter);
    p.vel = car_vel * random(s.carry_lo, s.carry_hi) + random_dir() * random(s.kick_lo, s.kick_hi);
    p.life = random(s.life_lo, s.life_hi);
    p.size = random(s.size_lo, s.size_hi);
    p.grow = random(s.grow_lo, s.grow_hi);
    p.drag = s.drag;
    p.angle = random() * kTwoPi;
    p.spin = random(-s.spin, s.spin);
    return p;
}

void Effects::smoke(vec2 at, vec2 car_vel, float strength, const EffectsDef& def) {
    Particle p = puff(at, car_vel, kSmokePuff);
    p.alpha = std::clamp(0.12f + 0.2f * strength, 0.0f, 0.32f);
    const auto shade = static_cast<std::uint32_t>(random(185.0f, 220.0f));
    p.color = rgba(shade, shade, shade + 4 > 255 ? 255 : shade + 4);
    spawn(p, def);
}

void Effects::dust(vec2 at, vec2 car_vel, Color colour, const EffectsDef& def) {
    Particle p = puff(at, car_vel, kDustPuff);
    p.alpha = random(0.16f, 0.28f);
    p.color = colour;  // the surface's dust
    spawn(p, def);
}

void Effects::sparks(vec2 at, vec2 dir, int n, float speed, const EffectsDef& def) {
    for (int i = 0; i < n; ++i) {
        Particle p;
        p.kind = ParticleKind::Spark;
        p.pos = at + random_dir() * random(0.0f, 0.15f);
        p.vel = rotate(dir, random(-0.7f, 0.7f)) * speed * random(0.35f, 1.1f) +
                random_dir() * random(0.5f, 3.0f);
        p.life = random(0.2f, 0.55f);
        p.size = 0.035f;
        p.drag = 2.5f;
        p.alpha = 1.0f;
        p.color = rgba(255, 245, 200);
        if (!spawn(p, def)) return;
    }
}

void Effects::chips(vec2 at, vec2 push, int n, Color base, const EffectsDef& def) {
    for (int i = 0; i < n; ++i) {
        Particle p;
        p.kind = ParticleKind::Chip;
        p.pos = at + random_dir() * random(0.0f, 0.35f);
        p.vel = push * random(0.1f, 0.35f) + random_dir() * random(0.8f, 4.0f);
        p.life = random(1.5f, 3.0f);
        p.size = random(0.08f, 0.18f);
        p.drag = 3.5f;
        p.angle = random() * kTwoPi;
        p.spin = random(-12.0f, 12.0f);
        p.alpha = 1.0f;
        // Some chips pale (fresh cut), some dark (the surface), as splinters are.
        const float shade = random(-1.0f, 1.0f);
        p.color = shade > 0.0f ? mix(base, rgba(245, 225, 190), 0.6f * shade)
                               : mix(base, rgba(70, 40, 15), -0.5f * shade);
        if (!spawn(p, def)) return;
    }
}

double Effects::after_step(const World& world, std::span<const CarId> cars, CarId player,
                           const EffectsDef& def, double dt) {
    const StepEvents& ev = world.events();
    double player_impulse = 0.0;
    const bool has_player = world.valid(player);
    for (const ContactEvent& c : ev.contacts) {
        if (has_player && c.car == player.index && std::isfinite(c.impulse))
            player_impulse += std::max(c.impulse, 0.0);
    }
    if (!def.enabled || !(dt > 0.0) || !std::isfinite(dt)) return player_impulse;
    const float h = static_cast<float>(std::min(dt, 0.25));

    // Tyre smoke.
    const auto smoke_k = static_cast<float>(tunable(def.smoke, 4.0));
    const Weather weather = world.def().sim.weather;
    const float spray_k =
        weather == Weather::Wet ? 1.0f : (weather == Weather::Damp ? 0.35f : 0.0f);
    for (const CarSignals& s : ev.cars) {
        if (s.car >= static_cast<std::uint32_t>(kCarSlots)) continue;
        const Car* car = car_of(world, cars, s.car);
        if (car == nullptr) continue;
        for (int w = 0; w < kWheels; ++w) {
            const WheelSignal& ws = s.wheels[static_cast<std::size_t>(w)];
            float& owed = owed_[s.car][w];
            const auto excess = static_cast<float>(tunable(ws.slip_over_peak - 1.0, 2.0));
            const auto slide = static_cast<float>(tunable(ws.slide_speed - kSmokeSlide, 30.0));
            owed = std::min(owed + smoke_k * kSmokeRate * excess * slide * h, 8.0f);
            Color dust_colour = surface_row(ws.surface).dust;
            const bool loose = dust_colour != 0;
            float& dust_owed = dust_owed_[s.car][w];
            const float speed = static_cast<float>(glm::length(car->velocity));
            if (loose) {
                const float over = std::clamp(speed - kDustSpeed, 0.0f, 30.0f);
                dust_owed =
                    std::min(dust_owed + smoke_k * kDustRate * over * (0.25f + excess) * h, 8.0f);
            } else if (spray_k > 0.0f) {
                // Spray: wet hard ground thrown up behind a fast car.
                const float over = std::clamp(speed - kSpraySpeed, 0.0f, 40.0f);
                dust_owed = std::min(dust_owed + smoke_k * spray_k * kSprayRate * over * h, 8.0f);
                dust_colour = kSpray;
            } else {
                dust_owed = 0.0f;
            }
            if (owed < 1.0f && dust_owed < 1.0f) continue;
            const Wheel& wheel = car->wheels[static_cast<std::size_t>(w)];
            const vec2 at = vec2(car->position + rotate(wheel.offset, car->heading));
            const vec2 v = vec2(car->velocity);
            for (; owed >= 1.0f; owed -= 1.0f)
                smoke(at, v, std::min(excess * slide / 8.0f, 1.0f), def);
            for (; dust_owed >= 1.0f; dust_owed -= 1.0f)
                dust(at, v, dust_colour, def);
        }
    }

    // Sparks and chips from the contacts.
    const auto spark_k = static_cast<float>(tunable(def.sparks, 4.0));
    const auto chip_k = static_cast<float>(tunable(def.chips, 4.0));
    for (const ContactEvent& c : ev.contacts) {
        if (!finite(vec2(c.position))) continue;
        const Car* car = car_of(world, cars, c.car);
        const vec2 v = car != nullptr ? vec2(car->velocity) : vec2(0.0f, 0.0f);
        const float speed = std::sqrt(v.x * v.x + v.y * v.y);
        const vec2 at = vec2(c.position);
        // Sparks keep the car's motion and fan out away from what it scrapes (from
        // the contact toward the car's centre), so they stay on the car's side.
        vec2 dir = speed > 0.5f ? v / speed : random_dir();
        if (car != nullptr) {
            const vec2 away = vec2(car->position) - at;
            const float d = std::sqrt(away.x * away.x + away.y * away.y);
            if (d > 1e-3f) dir += away * (0.35f / d);
            const float n = std::sqrt(dir.x * dir.x + dir.y * dir.y);
            dir = n > 1e-3f ? dir / n : random_dir();
        }
        if (is_metal(c.b) && spark_k > 0.0f) {
            float n = 0.0f;
            if (c.slide_speed > kScrapeSpeed && std::isfinite(c.slide_speed))
                n += spark_k * 0.12f * static_cast<float>(std::min(c.slide_speed, 40.0));
            if (c.kind == ContactKind::Impact && c.impulse > kHardHit && std::isfinite(c.impulse))
                n += spark_k * static_cast<float>(std::min(c.impulse / 500.0, 40.0));
            const int whole = static_cast<int>(n) + (random() < n - std::floor(n) ? 1 : 0);
            const float sp = std::max(static_cast<float>(tunable(c.slide_speed, 40.0)), speed);
            sparks(at, dir, whole, std::clamp(sp, 4.0f, 25.0f), def);
        }
        const Color chip_colour = chips_of(c.b);
        if (chip_colour != 0 && chip_k > 0.0f) {
            float n = 0.0f;
            // A dent is reported on every step a body keeps yielding, so it gives a
            // chip or two per step while it closes faster than 1 m/s (not while a car
            // just pushes it); a break gives a burst once.
            if (c.broken)
                n = 24.0f;
            else if (c.dented && c.approach_speed > 1.0)
                n = 1.5f;
            else if (c.kind == ContactKind::Impact && c.approach_speed > 4.0)
                n = 0.5f;
            n *= chip_k;
            const int whole = static_cast<int>(n) + (random() < n - std::floor(n) ? 1 : 0);
            chips(at, v, whole, chip_colour, def);
        }
    }
    return player_impulse;
}

void Effects::update(double dt, const EffectsDef& def) {
    count_ = std::min(count_, budget_of(def));
    const float h = std::isfinite(dt) ? static_cast<float>(std::clamp(dt, 0.0, 0.25)) : 0.0f;
    for (int i = 0; i < count_;) {
        Particle& p = pool_[static_cast<std::size_t>(i)];
        p.age += h;
        p.vel *= std::exp(-std::max(p.drag, 0.0f) * h);
        p.pos += p.vel * h;
        p.size = std::min(p.size + p.grow * h, 6.0f);
        p.angle = std::fmod(p.angle + p.spin * h, kTwoPi);
        if (!(p.age < p.life) || !finite(p.pos) || !finite(p.vel) || !std::isfinite(p.size)) {
            p = pool_[static_cast<std::size_t>(--count_)];  // swap with the last
            continue;
        }
        ++i;
    }
}

void Effects::fill(const View& view, const EffectsDef& def) {
    const dvec2 half = view.half_extent();
    const vec2 lo = vec2(view.centre - half);
    const vec2 span = vec2(half * 2.0);
    const int budget = budget_of(def);
    while (count_ < budget) {
        Particle p;
        p.pos = lo + vec2(random() * span.x, random() * span.y);
        p.life = 1e6f;
        p.angle = random() * kTwoPi;
        p.alpha = 1.0f;
        switch (count_ % 3) {
            case 0:
                p.kind = ParticleKind::Smoke;
                p.size = random(0.3f, 1.2f);
                p.alpha = 0.35f;
                p.color = rgba(220, 220, 224);
                break;
            case 1:
                p.kind = ParticleKind::Spark;
                p.vel = random_dir() * random(4.0f, 12.0f);
                p.size = 0.035f;
                p.color = rgba(255, 245, 200);
                break;
            default:
                p.kind = ParticleKind::Chip;
                p.size = random(0.06f, 0.14f);
                p.color = rgba(196, 148, 88);
                break;
        }
        spawn(p, def);
    }
}

void Effects::draw(ShapeBatch& batch, const View& view) const {
    const dvec2 half = view.half_extent();
    const auto min_x = static_cast<float>(view.centre.x - half.x);
    const auto max_x = static_cast<float>(view.centre.x + half.x);
    const auto min_y = static_cast<float>(view.centre.y - half.y);
    const auto max_y = static_cast<float>(view.centre.y + half.y);
    const float px = 1.0f / static_cast<float>(std::max(view.zoom, 0.5));  // m per point
    for (int i = 0; i < count_; ++i) {
        const Particle& p = pool_[static_cast<std::size_t>(i)];
        const float r = p.size + 0.5f;
        if (p.pos.x + r < min_x || p.pos.x - r > max_x || p.pos.y + r < min_y ||
            p.pos.y - r > max_y)
            continue;
        const float t = std::clamp(p.age / std::max(p.life, 1e-3f), 0.0f, 1.0f);
        switch (p.kind) {
            case ParticleKind::Smoke: {
                // A hexagon that fades in over 0.1 s and out with age.
                const float fade = (1.0f - t) * (1.0f - t) * std::min(p.age / 0.1f + 0.2f, 1.0f);
                const Color col = with_alpha(p.color, p.alpha * fade);
                if ((col >> 24) == 0u) break;
                vec2 q[6];
                for (int k = 0; k < 6; ++k) {
                    const float a = p.angle + static_cast<float>(k) * (kTwoPi / 6.0f);
                    q[k] = p.pos + vec2(std::cos(a), std::sin(a)) * p.size;
                }
                batch.triangle(q[0], q[1], q[2], col);
                batch.triangle(q[0], q[2], q[3], col);
                batch.triangle(q[0], q[3], q[4], col);
                batch.triangle(q[0], q[4], q[5], col);
                break;
            }
            case ParticleKind::Spark: {
                // A streak behind the spark, white-yellow cooling to orange.
                const float sp = std::sqrt(p.vel.x * p.vel.x + p.vel.y * p.vel.y);
                const vec2 d = sp > 1e-3f ? p.vel / sp : vec2(1.0f, 0.0f);
                const float len = std::max(sp * 0.05f, 4.0f * px);
                const float hw = std::max(p.size, 0.75f * px);
                const vec2 n(-d.y * hw, d.x * hw);
                const vec2 tail = p.pos - d * len;
                const Color col =
                    with_alpha(mix(p.color, rgba(255, 120, 30), t * 1.4f), 1.0f - t * t);
                batch.quad(p.pos + n, tail + n, tail - n, p.pos - n, col);
                break;
            }
            case ParticleKind::Chip: {
                const float hl = std::max(p.size, 1.5f * px);
                const float hw = std::max(p.size * 0.45f, 1.0f * px);
                const vec2 a(std::cos(p.angle), std::sin(p.angle));
                const vec2 u = a * hl, w = vec2(-a.y, a.x) * hw;
                const float fade = t < 0.7f ? 1.0f : (1.0f - t) / 0.3f;
                const Color col = with_alpha(p.color, p.alpha * fade);
                batch.quad(p.pos + u + w, p.pos - u + w, p.pos - u - w, p.pos + u - w, col);
                break;
            }
        }
    }
}

double effects_after_step(Effects& fx, const Scene& scene, const EffectsDef& def, double dt) {
    const World& world = scene.world;
    std::array<CarId, 10> cars{};
    std::size_t n = 0;
    cars[n++] = world.player();
    if (world.valid(scene.ai_car)) cars[n++] = scene.ai_car;
    for (const RaceEntry& e : scene.race.entries()) {
        if (n < cars.size() && e.car != world.player() && e.car != scene.ai_car) cars[n++] = e.car;
    }
    // Further human players' cars (on the arena they are no race entries).
    for (CarId h : scene.humans) {
        if (n < cars.size() && !scene.race.entry(h)) cars[n++] = h;
    }
    return fx.after_step(world, std::span<const CarId>(cars.data(), n), world.player(), def, dt);
}

}  // namespace skidpad::app
