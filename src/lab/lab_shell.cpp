// Lab experiments of the game shell.
#include "lab.hpp"
#include "skidpad/scene/scenes.hpp"
#include "skidpad/world.hpp"

namespace skidpad::lab {

void register_shell_experiments(Registry& r) {
    r.add({"determinism",
           "Runs the default arena twice with the same scripted input and compares state hashes.",
           {{"seconds", "S", "simulated seconds (default 10)"}},
           [](Context& ctx) {
               const double seconds = ctx.number("seconds", 10.0);
               if (!(seconds > 0.0 && seconds <= 3600.0))
                   throw UsageError{"--seconds must be in (0, 3600]"};
               auto run = [&] {
                   World w(world_def(ctx.settings));
                   build_default_arena(w, ctx.settings.car);
                   const double dt = 1.0 / ctx.settings.sim.physics_hz;
                   const long long steps = static_cast<long long>(seconds / dt);
                   for (long long i = 0; i < steps; ++i) {
                       InputState in;
                       in.throttle = (i / 120) % 2 ? 1.0 : 0.3;
                       in.steer = (i / 240) % 2 ? 0.5 : -0.5;
                       w.step(dt, in);
                   }
                   return w.state_hash();
               };
               const auto a = run();
               const auto b = run();
               Line line;
               line.kv("seconds", seconds)
                   .kv("hash_a", std::to_string(a))
                   .kv("hash_b", std::to_string(b));
               line.kv("identical", a == b ? 1LL : 0LL);
               ctx.print(line);
               return a == b ? 0 : 1;
           }});
}

}  // namespace skidpad::lab
