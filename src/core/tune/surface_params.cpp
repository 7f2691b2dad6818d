// Tunables of the ground surfaces (docs/physics.md §9).
#include "skidpad/tune/params.hpp"

namespace skidpad {

void register_surface_params(ParamRegistry& r) {
    const char* g = "World / Surfaces";
    r.add("surface.asphalt.grip", g, "x", 0.05, 2.0, "Asphalt: multiplier on the tyres' mu.",
          [](Settings& s) -> double& { return s.sim.surface.asphalt.grip; });
    r.add("surface.asphalt.rolling", g, "", 0.0, 0.5,
          "Asphalt: rolling resistance F = -c F_z per wheel, on top of car.tyre_rolling.",
          [](Settings& s) -> double& { return s.sim.surface.asphalt.rolling; });
    r.add("surface.kerb.grip", g, "x", 0.05, 2.0, "Kerbs: multiplier on the tyres' mu.",
          [](Settings& s) -> double& { return s.sim.surface.kerb.grip; });
    r.add("surface.kerb.rolling", g, "", 0.0, 0.5,
          "Kerbs: rolling resistance F = -c F_z per wheel, on top of car.tyre_rolling.",
          [](Settings& s) -> double& { return s.sim.surface.kerb.rolling; });
    r.add("surface.grass.grip", g, "x", 0.05, 2.0, "Grass: multiplier on the tyres' mu.",
          [](Settings& s) -> double& { return s.sim.surface.grass.grip; });
    r.add("surface.grass.rolling", g, "", 0.0, 0.5,
          "Grass: rolling resistance F = -c F_z per wheel, on top of car.tyre_rolling.",
          [](Settings& s) -> double& { return s.sim.surface.grass.rolling; });
    r.add("surface.gravel.grip", g, "x", 0.05, 2.0, "Gravel: multiplier on the tyres' mu.",
          [](Settings& s) -> double& { return s.sim.surface.gravel.grip; });
    r.add("surface.gravel.rolling", g, "", 0.0, 0.5,
          "Gravel: rolling resistance F = -c F_z per wheel, on top of car.tyre_rolling.",
          [](Settings& s) -> double& { return s.sim.surface.gravel.rolling; });
    r.add("surface.ice.grip", g, "x", 0.05, 2.0, "Ice: multiplier on the tyres' mu.",
          [](Settings& s) -> double& { return s.sim.surface.ice.grip; });
    r.add("surface.ice.rolling", g, "", 0.0, 0.5,
          "Ice: rolling resistance F = -c F_z per wheel, on top of car.tyre_rolling.",
          [](Settings& s) -> double& { return s.sim.surface.ice.rolling; });
    r.add_enum("sim.weather", g, {"dry", "damp", "wet"},
               "Weather on the ground: wet scales each surface's grip (asphalt 0.65, kerbs "
               "0.55, grass 0.6, gravel 0.9, ice 1), damp by half as much.",
               [](Settings& s) -> Weather& { return s.sim.weather; });
}

}  // namespace skidpad
