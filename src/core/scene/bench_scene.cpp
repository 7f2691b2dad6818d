// The soft-body benchmark scene (N crates, random velocities).
#include "skidpad/scene/bench_scene.hpp"

#include <cmath>

namespace skidpad {

namespace {
// splitmix64: tiny, portable and the same on every platform (std distributions are not).
struct Rng {
    std::uint64_t s = 0;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
    double range(double lo, double hi) { return lo + (hi - lo) * unit(); }
};
}  // namespace

BenchScene make_bench_scene(int crates, std::uint64_t seed) {
    BenchScene sc;
    const int n = crates < 0 ? 0 : crates;
    sc.cols = n == 0 ? 0 : static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    sc.rows = n == 0 ? 0 : (n + sc.cols - 1) / sc.cols;
    const float pitch = 1.2f;
    sc.inner_width = static_cast<float>(sc.cols) * pitch + 2.0f;
    sc.inner_height = static_cast<float>(sc.rows) * pitch + 2.0f;
    const float W = sc.inner_width, H = sc.inner_height, t = 1.0f;
    sc.walls = {{{W * 0.5f, -t * 0.5f}, {W + 2.0f * t, t}},
                {{W * 0.5f, H + t * 0.5f}, {W + 2.0f * t, t}},
                {{-t * 0.5f, H * 0.5f}, {t, H}},
                {{W + t * 0.5f, H * 0.5f}, {t, H}}};
    Rng rng{seed};
    sc.crates.reserve(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
        const int c = k % sc.cols, r = k / sc.cols;
        BenchCrate b;
        b.position =
            vec2(1.5f + pitch * static_cast<float>(c), 1.5f + pitch * static_cast<float>(r));
        b.position.x += static_cast<float>(rng.range(-0.04, 0.04));
        b.position.y += static_cast<float>(rng.range(-0.04, 0.04));
        b.angle = static_cast<float>(rng.range(-0.1, 0.1));
        const double speed = rng.range(0.0, 10.0);
        const double dir = rng.range(0.0, 2.0 * kPi);
        b.velocity = vec2(static_cast<float>(speed * std::cos(dir)),
                          static_cast<float>(speed * std::sin(dir)));
        b.spin = static_cast<float>(rng.range(-2.0, 2.0));
        sc.crates.push_back(b);
    }
    return sc;
}

void build_bench_scene(SoftWorld& soft, const BenchScene& scene) {
    soft.clear();
    for (const BenchWall& w : scene.walls)
        soft.add_barrier(w.centre, w.size, 0.0f);
    for (const BenchCrate& c : scene.crates) {
        const BodyId id = soft.add_box(BodyKind::Crate, c.position, vec2(scene.crate_size), c.angle,
                                       scene.crate_mass, 1.0f);
        soft.set_velocity(id, c.velocity, c.spin);
    }
}

SoftDef bench_soft_def(SoftDef game) {
    game.gravity = 0.0;
    return game;
}

}  // namespace skidpad
