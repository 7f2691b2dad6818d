// Skidpad soft bodies vs Box2D 2.4.1 (Debian libbox2d-dev) on the same scene, in
// the same run: the `bench` lab scene (scene/bench_scene.hpp), dt 1/120 s, Box2D
// with 4 velocity and 2 position iterations and no sleeping, Skidpad with the
// game's default soft-body settings. Build with -DSKIDPAD_BOX2D_BENCH=ON.
//   bench_box2d [--crates N,N,...] [--steps S] [--seed K]
// prints per N: crates=N steps=S skidpad_ms_median=… box2d_ms_median=… ratio=…
#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "skidpad/scene/bench_scene.hpp"
#include "skidpad/world.hpp"
#include "util_text.hpp"

using namespace skidpad;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

template <typename F>
std::vector<double> time_steps(int warmup, int steps, F step) {
    for (int i = 0; i < warmup; ++i)
        step();
    std::vector<double> ms;
    for (int i = 0; i < steps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        step();
        const auto t1 = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    return ms;
}

double run_box2d(const BenchScene& sc, int steps) {
    b2World world(b2Vec2(0.0f, 0.0f));
    world.SetAllowSleeping(false);
    for (const BenchWall& w : sc.walls) {
        b2BodyDef bd;
        bd.position.Set(w.centre.x, w.centre.y);
        b2Body* body = world.CreateBody(&bd);
        b2PolygonShape box;
        box.SetAsBox(w.size.x * 0.5f, w.size.y * 0.5f);
        body->CreateFixture(&box, 0.0f);
    }
    for (const BenchCrate& c : sc.crates) {
        b2BodyDef bd;
        bd.type = b2_dynamicBody;
        bd.allowSleep = false;
        bd.position.Set(c.position.x, c.position.y);
        bd.angle = c.angle;
        bd.linearVelocity.Set(c.velocity.x, c.velocity.y);
        bd.angularVelocity = c.spin;
        b2Body* body = world.CreateBody(&bd);
        b2PolygonShape box;
        box.SetAsBox(sc.crate_size * 0.5f, sc.crate_size * 0.5f);
        b2FixtureDef fd;
        fd.shape = &box;
        fd.density = sc.crate_mass / (sc.crate_size * sc.crate_size);
        fd.friction = 0.3f;
        body->CreateFixture(&fd);
    }
    return median(time_steps(60, steps, [&] { world.Step(1.0f / 120.0f, 4, 2); }));
}

double run_skidpad(const BenchScene& sc, int steps) {
    Settings s;
    s.soft = bench_soft_def(s.soft);
    World world(world_def(s));
    build_bench_scene(world.soft(), sc);
    return median(time_steps(60, steps, [&] { world.step(1.0 / 120.0); }));
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes = {1000, 5000, 10000, 20000};
    int steps = 300;
    unsigned long seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--crates") {
            sizes.clear();
            std::stringstream ss(argv[i + 1]);
            std::string item;
            while (std::getline(ss, item, ','))
                sizes.push_back(std::atoi(item.c_str()));
        } else if (a == "--steps") {
            steps = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--seed") {
            seed = std::strtoul(argv[i + 1], nullptr, 10);
        } else {
            std::fprintf(stderr, "usage: bench_box2d [--crates N,N,...] [--steps S] [--seed K]\n");
            return 2;
        }
    }
    for (int n : sizes) {
        const BenchScene sc = make_bench_scene(n, seed);
        const double ours = run_skidpad(sc, steps);
        const double theirs = run_box2d(sc, steps);
        util::Line line;
        line.kv("crates", n).kv("steps", steps);
        line.kv("skidpad_ms_median", ours, 4).kv("box2d_ms_median", theirs, 4);
        line.kv("ratio", theirs / ours, 3);
        std::printf("%s\n", line.str().c_str());
        std::fflush(stdout);
    }
    return 0;
}
