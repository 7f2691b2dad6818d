// Scripted driving-feel manoeuvres (docs/physics.md §16): digital keyboard-style inputs
// (and, for the drift, a pad player's analogue ones) through World::step, exactly what the
// player drives. Shared by `lab feel` and the tests.
#pragma once

#include <string>
#include <vector>

#include "skidpad/settings.hpp"

namespace skidpad::lab {

struct FeelRun {
    std::string script;              ///< manoeuvre name
    bool ok = false;                 ///< the manoeuvre's own pass figure (see feel_scripts())
    double seconds = 0.0;            ///< s simulated
    double figure = 0.0;             ///< the manoeuvre's main figure (its unit in `figure_key`)
    std::string figure_key;          ///< key=value name of `figure`
    double max_rear_slip_deg = 0.0;  ///< largest |rear slip angle| seen
    double final_speed_mps = 0.0;
    int final_gear = 0;
    double max_limiter_s = 0.0;  ///< longest stretch on the rev limiter
    /// brake-turn: how far the car turned while braking; donut: from the release to the
    /// figure (more than 90° is a spin)
    double heading_change_deg = 0.0;
    /// Largest body slip angle |atan2(v_y, v_x)| seen (deg; a car going backwards reads
    /// over 90°).
    double max_body_slip_deg = 0.0;
    /// The car spun: donut and handbrake-turn, it turned more than 90° from the release;
    /// otherwise its body slip passed 60° at some point.
    bool spun = false;
    /// handbrake-turn: how far the car turned while the handbrake was on (deg) and its
    /// speed when it was released (m/s); 0 for the other manoeuvres.
    double handbrake_turn_deg = 0.0;
    double release_speed_mps = 0.0;
};

/// Names of the manoeuvres: donut, bend, spin, brake-turn, slalom, launch, drift,
/// handbrake-turn.
const std::vector<std::string>& feel_scripts();

/// Runs one manoeuvre by name on the car in `settings`; `ok` false with figure_key
/// "unknown" for a name not in feel_scripts().
FeelRun run_feel(const Settings& settings, const std::string& script);

}  // namespace skidpad::lab
