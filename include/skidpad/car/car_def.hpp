// Car parameters (docs/physics.md §2–8). Every field is a tunable "car.*" registered in
// src/core/car/car_params.cpp; the defaults here are the default car (assets/presets/
// sports-rwd.json holds the same values).
#pragma once

#include "skidpad/car/aero.hpp"
#include "skidpad/car/assists.hpp"
#include "skidpad/car/brakes.hpp"
#include "skidpad/car/damage.hpp"
#include "skidpad/car/engine.hpp"
#include "skidpad/car/gearbox.hpp"
#include "skidpad/car/steering.hpp"
#include "skidpad/car/tyre.hpp"

namespace skidpad {

struct CarDef {
    // Chassis
    double mass = 1500.0;        ///< kg
    double length = 4.4;         ///< m, body length (yaw inertia, collision box)
    double width = 1.8;          ///< m, body width
    double wheelbase = 2.5;      ///< m, front to rear axle (L = b + c)
    double track = 1.5;          ///< m, left to right wheel centres
    double front_weight = 0.5;   ///< static fraction of weight on the front axle (c / L)
    double cg_height = 0.5;      ///< m, CG above ground (weight transfer)
    double inertia_scale = 1.0;  ///< yaw inertia as a multiple of the box m (l² + w²) / 12
    double max_steer = 0.6;      ///< rad, largest bicycle steer angle at rest
    // Loads
    double roll_split = 0.55;  ///< fraction of lateral load transfer taken by the front axle
    double load_lag = 0.05;    ///< s, time constant of the weight-transfer filter (0 = none)
    // Wheels
    double wheel_radius = 0.34;  ///< m
    double wheel_inertia = 4.1;  ///< kg·m² per wheel (solid cylinder M r²/2: 75 kg, 0.33 m)

    TyreDef tyre;
    EngineDef engine;
    GearboxDef gearbox;
    DrivetrainDef drivetrain;
    BrakeDef brakes;
    AssistDef assists;
    AeroDef aero;
    SteerDef steering;
    DamageDef damage;

    // Rendering (cosmetic, no effect on the physics)
    double skid_fade = 20.0;  ///< s for a skid mark to fade out
};

/// Derived chassis geometry, with every length clamped to a sane positive value.
struct CarGeometry {
    double wheelbase = 2.5;       ///< m, L
    double cg_to_front = 1.25;    ///< m, b (CG to front axle)
    double cg_to_rear = 1.25;     ///< m, c (CG to rear axle)
    double track = 1.5;           ///< m
    double yaw_inertia = 3000.0;  ///< kg·m²
    double mass = 1500.0;         ///< kg
};

CarGeometry car_geometry(const CarDef& def);

}  // namespace skidpad
