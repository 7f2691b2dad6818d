// Car tunables "car.*": one declaration per CarDef field (unit, range, help). Ranges are
// chosen so that any combination gives a finite, bounded simulation (the robustness test
// draws random values across all of them).
#include <string>

#include "skidpad/tune/params.hpp"

namespace skidpad {

namespace {

template <int I>
double& torque_rpm(Settings& s) {
    return s.car.engine.rpm_points[I];
}
template <int I>
double& torque_nm(Settings& s) {
    return s.car.engine.torque_points[I];
}
template <int I>
double& gear_ratio(Settings& s) {
    return s.car.gearbox.ratios[I];
}

template <int... I>
void add_torque_table(ParamRegistry& r, std::integer_sequence<int, I...>) {
    const char* g = "Car / Engine";
    (r.add("car.torque_rpm_" + std::to_string(I), g, "rpm", 0.0, 12000.0,
           "Engine speed of torque-table point " + std::to_string(I) +
               " (points should increase; a point below the previous one acts as a step).",
           &torque_rpm<I>),
     ...);
    (r.add("car.torque_nm_" + std::to_string(I), g, "N·m", 0.0, 800.0,
           "Full-throttle engine torque at torque-table point " + std::to_string(I) + ".",
           &torque_nm<I>),
     ...);
}

template <int... I>
void add_gear_ratios(ParamRegistry& r, std::integer_sequence<int, I...>) {
    (r.add("car.gear_" + std::to_string(I + 1), "Car / Gearbox", "", 0.3, 5.0,
           "Ratio of gear " + std::to_string(I + 1) + " (engine turns per gearbox output turn).",
           &gear_ratio<I>),
     ...);
}

}  // namespace

void register_car_params(ParamRegistry& r) {
    const char* g = "Car / Chassis";
    r.add("car.mass", g, "kg", 500.0, 5000.0, "Total mass of the car.",
          [](Settings& s) -> double& { return s.car.mass; });
    r.add("car.length", g, "m", 2.5, 7.0, "Body length (yaw inertia and collision box).",
          [](Settings& s) -> double& { return s.car.length; })
        .rebuild = true;
    r.add("car.width", g, "m", 1.2, 2.6, "Body width (yaw inertia and collision box).",
          [](Settings& s) -> double& { return s.car.width; })
        .rebuild = true;
    r.add("car.wheelbase", g, "m", 1.5, 4.5, "Distance from the front to the rear axle.",
          [](Settings& s) -> double& { return s.car.wheelbase; })
        .rebuild = true;
    r.add("car.track", g, "m", 1.0, 2.2, "Distance between the left and right wheel centres.",
          [](Settings& s) -> double& { return s.car.track; })
        .rebuild = true;
    r.add("car.front_weight", g, "", 0.2, 0.8,
          "Static share of the weight on the front axle; places the CG between the axles.",
          [](Settings& s) -> double& { return s.car.front_weight; })
        .rebuild = true;
    r.add("car.cg_height", g, "m", 0.1, 1.5,
          "Height of the centre of gravity; more height, more weight transfer.",
          [](Settings& s) -> double& { return s.car.cg_height; });
    r.add("car.inertia_scale", g, "", 0.3, 3.0,
          "Yaw inertia as a multiple of the box formula m (length² + width²) / 12.",
          [](Settings& s) -> double& { return s.car.inertia_scale; });

    g = "Car / Loads";
    r.add("car.roll_split", g, "", 0.0, 1.0,
          "Share of the lateral load transfer taken by the front axle (roll stiffness split); "
          "more front, more understeer.",
          [](Settings& s) -> double& { return s.car.roll_split; });
    r.add("car.load_lag", g, "s", 0.0, 0.5,
          "Time constant of the weight-transfer filter (suspension lag; 0 uses the previous "
          "step's acceleration directly).",
          [](Settings& s) -> double& { return s.car.load_lag; });

    g = "Car / Wheels";
    r.add("car.wheel_radius", g, "m", 0.2, 0.6, "Rolling radius of every wheel.",
          [](Settings& s) -> double& { return s.car.wheel_radius; })
        .rebuild = true;
    r.add("car.wheel_inertia", g, "kg·m²", 0.2, 20.0,
          "Spin inertia of one wheel (solid cylinder M r²/2: 75 kg, 0.33 m ≈ 4.1).",
          [](Settings& s) -> double& { return s.car.wheel_inertia; });

    g = "Car / Tyres";
    r.add_enum("car.tyre_model", g, {"linear", "pacejka"},
               "Force curve: linear F = C·slip capped at μ F_z, or the simplified Pacejka "
               "magic formula.",
               [](Settings& s) -> TyreModel& { return s.car.tyre.model; });
    r.add("car.mu", g, "", 0.1, 2.0, "Peak friction coefficient (grip per wheel = μ · load).",
          [](Settings& s) -> double& { return s.car.tyre.mu; });
    r.add("car.pacejka_b_long", g, "", 4.0, 40.0,
          "Pacejka stiffness B for slip ratio; larger peaks at smaller slip.",
          [](Settings& s) -> double& { return s.car.tyre.pacejka_b_long; });
    r.add("car.pacejka_b_lat", g, "1/rad", 4.0, 40.0,
          "Pacejka stiffness B for slip angle; larger peaks at a smaller angle.",
          [](Settings& s) -> double& { return s.car.tyre.pacejka_b_lat; });
    r.add("car.pacejka_c", g, "", 1.0, 2.0,
          "Pacejka shape C; above 1 the force falls past the peak (at 1.9 the bare curve falls to "
          "~0.16 of it at large slip, car.tyre_slide holds the sliding floor); above 2 it would "
          "change sign at large slip.",
          [](Settings& s) -> double& { return s.car.tyre.pacejka_c; });
    r.add("car.pacejka_e", g, "", -1.0, 1.0,
          "Pacejka curvature E; near 1 a soft, wide peak, 0 or below a sharp fall-off.",
          [](Settings& s) -> double& { return s.car.tyre.pacejka_e; });
    r.add("car.linear_long", g, "1/slip", 2.0, 40.0,
          "Linear model: longitudinal force per unit slip ratio per newton of load.",
          [](Settings& s) -> double& { return s.car.tyre.linear_long; });
    r.add("car.linear_lat", g, "1/rad", 2.0, 40.0,
          "Linear model: lateral force per radian of slip angle per newton of load.",
          [](Settings& s) -> double& { return s.car.tyre.linear_lat; });
    r.add("car.tyre_v_min", g, "m/s", 0.1, 5.0,
          "Low-speed floor of the slip denominators (larger: softer, calmer tyres near rest).",
          [](Settings& s) -> double& { return s.car.tyre.v_min; });

    r.add("car.tyre_relaxation", g, "m", 0.0, 1.0,
          "Relaxation length: the tyre's slips follow the motion as a lag over this distance "
          "rolled (0 = instant; never slower than the tyre's own damping, so none near "
          "rest).",
          [](Settings& s) -> double& { return s.car.tyre.relaxation_length; });
    r.add("car.tyre_rolling", g, "", 0.0, 0.05,
          "Tyre rolling-resistance coefficient c_rr: each wheel takes -c_rr F_z against its "
          "rolling (a road tyre 0.010-0.015; the ground's surface.KIND.rolling adds to it).",
          [](Settings& s) -> double& { return s.car.tyre.rolling; });

    r.add("car.tyre_slide", g, "", 0.3, 1.0,
          "Sliding grip as a fraction of the peak: past its peak the Pacejka curve never "
          "falls below this, so a spinning or locked tyre still pushes.",
          [](Settings& s) -> double& { return s.car.tyre.slide_fraction; });

    r.add("car.rear_lat_stiffness", g, "", 0.5, 2.5,
          "Rear tyres' lateral stiffness as a multiple of the fronts' (above 1: stable, "
          "understeering at the limit; below 1: loose, oversteering).",
          [](Settings& s) -> double& { return s.car.tyre.rear_lat_stiffness; });

    r.add("car.load_sensitivity", g, "", 0.0, 0.5,
          "Tyre load sensitivity: mu falls by this fraction per static wheel load of extra "
          "load, so weight transfer costs grip (0 = grip exactly mu * load).",
          [](Settings& s) -> double& { return s.car.tyre.load_sensitivity; });

    add_torque_table(r, std::make_integer_sequence<int, kTorquePoints>{});
    g = "Car / Engine";
    r.add("car.idle_rpm", g, "rpm", 500.0, 3000.0,
          "Idle speed; the engine never runs below it (the automatic clutch opens first).",
          [](Settings& s) -> double& { return s.car.engine.idle_rpm; });
    r.add("car.redline_rpm", g, "rpm", 2000.0, 12000.0,
          "Redline; the rev limiter cuts drive torque above it.",
          [](Settings& s) -> double& { return s.car.engine.redline_rpm; });
    r.add("car.limiter_band_rpm", g, "rpm", 10.0, 1000.0,
          "Rev limiter: drive torque falls from full to zero over this band above the redline.",
          [](Settings& s) -> double& { return s.car.engine.limiter_band_rpm; });
    r.add("car.engine_brake", g, "", 0.0, 1.0,
          "Engine braking at closed throttle as a fraction of the full torque at that rpm.",
          [](Settings& s) -> double& { return s.car.engine.engine_brake; });
    r.add("car.throttle_map", g, "", 0.05, 1.0,
          "Pedal map c: at pedal p the engine fills to p / (p + c (1 - p)) of full load, and "
          "the engine braking falls as the load rises. 1 is linear; smaller gives more torque "
          "early in the pedal's travel, as a throttle plate's flow does (0.3: a fifth of the "
          "pedal makes 45 % of full load).",
          [](Settings& s) -> double& { return s.car.engine.throttle_map; });
    r.add("car.engine_inertia", g, "kg·m²", 0.05, 1.0,
          "Rotating inertia of the engine (crank, flywheel, clutch): how fast the rpm flares "
          "with the clutch open and how much the engine weighs on the car's acceleration in "
          "gear.",
          [](Settings& s) -> double& { return s.car.engine.inertia; });
    r.add("car.clutch_capacity", g, "", 1.0, 4.0,
          "Torque the automatic clutch carries fully engaged, as a multiple of the engine's "
          "peak torque.",
          [](Settings& s) -> double& { return s.car.engine.clutch_capacity; });
    r.add("car.launch_rpm", g, "rpm", 1000.0, 10000.0,
          "Automatic clutch: the rpm the engine holds at full throttle while the clutch slips "
          "on a launch (kept between idle and the redline); once it has locked it stays "
          "engaged.",
          [](Settings& s) -> double& { return s.car.engine.launch_rpm; });

    g = "Car / Gearbox";
    r.add("car.gears", g, "", 1, kMaxGears, "Number of forward gears used.",
          [](Settings& s) -> int& { return s.car.gearbox.gears; });
    add_gear_ratios(r, std::make_integer_sequence<int, kMaxGears>{});
    r.add("car.gear_reverse", g, "", 0.5, 5.0, "Reverse gear ratio.",
          [](Settings& s) -> double& { return s.car.gearbox.reverse; });
    r.add("car.final_drive", g, "", 1.5, 6.0, "Final drive (differential) ratio.",
          [](Settings& s) -> double& { return s.car.gearbox.final_drive; });
    r.add("car.efficiency", g, "", 0.3, 1.0,
          "Driveline efficiency η, engine to wheels (a manual road car 0.85-0.9).",
          [](Settings& s) -> double& { return s.car.gearbox.efficiency; });
    r.add("car.shift_time", g, "s", 0.0, 1.0, "Time without drive torque during a gear change.",
          [](Settings& s) -> double& { return s.car.gearbox.shift_time; });
    r.add("car.upshift_rpm", g, "rpm", 1000.0, 12000.0,
          "Automatic: shift up when the road-speed rpm passes this.",
          [](Settings& s) -> double& { return s.car.gearbox.upshift_rpm; });
    r.add("car.downshift_rpm", g, "rpm", 500.0, 10000.0,
          "Automatic: shift down when the road-speed rpm falls below this.",
          [](Settings& s) -> double& { return s.car.gearbox.downshift_rpm; });
    r.add("car.manual", g, "", 0, 1, "Start with the manual gearbox (else automatic).",
          [](Settings& s) -> bool& { return s.car.gearbox.manual; });
    r.add("car.reverse_speed", g, "m/s", 0.05, 3.0,
          "Below this speed the car counts as stopped for engaging reverse or first.",
          [](Settings& s) -> double& { return s.car.gearbox.reverse_speed; });
    r.add("car.reverse_delay", g, "s", 0.0, 2.0,
          "Automatic: how long the car must be stopped with the brake held before reverse.",
          [](Settings& s) -> double& { return s.car.gearbox.reverse_delay; });

    g = "Car / Drivetrain";
    r.add_enum("car.layout", g, {"rwd", "fwd", "awd"}, "Driven wheels.",
               [](Settings& s) -> Layout& { return s.car.drivetrain.layout; });
    r.add_enum("car.diff", g, {"open", "locked", "lsd"},
               "Differential: open (equal torque per wheel), locked (equal wheel speed) or lsd "
               "(limited slip: locked up to preload + lock × drive torque).",
               [](Settings& s) -> DiffType& { return s.car.drivetrain.diff; });
    r.add("car.lsd_preload", g, "N·m", 0.0, 2000.0,
          "Limited-slip differential: locking torque with no drive torque (preload).",
          [](Settings& s) -> double& { return s.car.drivetrain.lsd_preload; });
    r.add("car.lsd_lock", g, "", 0.0, 1.0,
          "Limited-slip differential: extra locking torque per N·m of the axle's drive torque "
          "(0 = preload only, 1 = all of it).",
          [](Settings& s) -> double& { return s.car.drivetrain.lsd_lock; });
    r.add("car.lsd_coast", g, "", 0.0, 1.0,
          "Limited-slip differential: share of the lock that acts on coast, when engine "
          "braking drives the axle (1 = two-way, 0.5 = 1.5-way, 0 = one-way; the preload "
          "acts both ways).",
          [](Settings& s) -> double& { return s.car.drivetrain.lsd_coast; });
    r.add("car.awd_front_share", g, "", 0.0, 1.0, "AWD: share of drive torque at the front.",
          [](Settings& s) -> double& { return s.car.drivetrain.awd_front_share; });

    g = "Car / Brakes";
    r.add("car.brake_torque", g, "N·m", 0.0, 20000.0,
          "Brake torque of all four wheels together at full pedal.",
          [](Settings& s) -> double& { return s.car.brakes.torque; });
    r.add("car.brake_bias", g, "", 0.0, 1.0, "Share of the brake torque on the front axle.",
          [](Settings& s) -> double& { return s.car.brakes.front_bias; });
    r.add("car.handbrake_torque", g, "N·m", 0.0, 10000.0,
          "Handbrake torque on each rear wheel (bypasses ABS).",
          [](Settings& s) -> double& { return s.car.brakes.handbrake_torque; });
    r.add("car.abs", g, "", 0, 1,
          "Anti-lock brakes: ease the service brake so each wheel holds the combined-slip "
          "peak for its slip angle (a cornering wheel keeps its side grip).",
          [](Settings& s) -> bool& { return s.car.brakes.abs; });
    r.add("car.abs_slip", g, "", 0.3, 3.0,
          "ABS target as a multiple of the tyre's straight-line peak slip ratio.",
          [](Settings& s) -> double& { return s.car.brakes.abs_slip; });

    g = "Car / Assists";
    r.add("car.tc", g, "", 0, 1,
          "Traction control: cut a driven wheel's torque so it spins no further than its peak "
          "slip (the combined-slip peak when it also slides sideways).",
          [](Settings& s) -> bool& { return s.car.assists.tc; });
    r.add("car.tc_slip", g, "", 0.3, 3.0,
          "Traction control target as a multiple of the tyre's straight-line peak slip ratio.",
          [](Settings& s) -> double& { return s.car.assists.tc_slip; });
    r.add("car.esc", g, "", 0, 1,
          "Stability control: brake one wheel (and trim the throttle) when the yaw rate "
          "strays from the rate the steering asks for.",
          [](Settings& s) -> bool& { return s.car.assists.esc; });
    r.add("car.esc_threshold", g, "rad/s", 0.0, 1.0,
          "Stability control dead band: yaw-rate error it leaves alone.",
          [](Settings& s) -> double& { return s.car.assists.esc_threshold; });
    r.add("car.esc_gain", g, "N·m·s", 0.0, 20000.0,
          "Stability control brake torque per rad/s of yaw-rate error past the dead band.",
          [](Settings& s) -> double& { return s.car.assists.esc_gain; });
    r.add("car.esc_throttle", g, "s", 0.0, 10.0,
          "Stability control throttle cut per rad/s of oversteer past the dead band.",
          [](Settings& s) -> double& { return s.car.assists.esc_throttle; });
    r.add("car.steer_assist", g, "", 0, 1,
          "Steering assist: above 6 m/s full lock aims the front tyres at their peak slip "
          "angle instead of the mechanical lock (digital steering).",
          [](Settings& s) -> bool& { return s.car.assists.steer_assist; });
    r.add("car.countersteer", g, "", 0, 1,
          "Countersteer help (with the steering assist): centred steering follows the front "
          "axle's travel while the rear slides.",
          [](Settings& s) -> bool& { return s.car.assists.countersteer; });

    g = "Car / Aero";
    r.add("car.drag", g, "kg/m", 0.05, 2.0,
          "Aerodynamic drag C_drag = ½ C_d A ρ; F = −C_drag v|v|.",
          [](Settings& s) -> double& { return s.car.aero.drag; });
    r.add("car.rolling", g, "kg/s", 0.0, 100.0,
          "Extra linear body resistance C_rr; F = −C_rr v (the tyres' own is car.tyre_rolling).",
          [](Settings& s) -> double& { return s.car.aero.rolling; });
    r.add("car.downforce", g, "kg/m", -0.5, 3.0,
          "Downforce k_L; extra normal load k_L v² (negative = lift).",
          [](Settings& s) -> double& { return s.car.aero.downforce; });
    r.add("car.aero_balance", g, "", 0.0, 1.0, "Share of the downforce on the front axle.",
          [](Settings& s) -> double& { return s.car.aero.balance; });

    g = "Car / Steering";
    r.add("car.max_steer", g, "rad", 0.1, 1.0, "Largest steer angle of the front wheels.",
          [](Settings& s) -> double& { return s.car.max_steer; });
    r.add("car.steer_rate", g, "rad/s", 0.5, 20.0, "Fastest the steering rack can move.",
          [](Settings& s) -> double& { return s.car.steering.rate; });
    r.add("car.ackermann", g, "", 0.0, 1.0,
          "Ackermann geometry: 0 parallel wheels, 1 inner wheel on the true turning circle.",
          [](Settings& s) -> double& { return s.car.steering.ackermann; });
    r.add("car.steer_reduction", g, "", 0.0, 0.9,
          "Speed-sensitive steering: share of max steer removed at the reduction speed.",
          [](Settings& s) -> double& { return s.car.steering.speed_reduction; });
    r.add("car.steer_reduction_speed", g, "m/s", 5.0, 100.0,
          "Speed at which the speed-sensitive steering reduction is complete.",
          [](Settings& s) -> double& { return s.car.steering.reduction_speed; });

    g = "Car / Damage";
    r.add("car.damage", g, "", 0, 1,
          "Crumpling body: hits dent the outline and heavy dents bend a wheel, weaken the "
          "engine and loosen a panel. Off: the outline never changes, no consequences.",
          [](Settings& s) -> bool& { return s.car.damage.enabled; });
    r.add("car.damage_yield", g, "N·s", 500.0, 50000.0,
          "Impulse an outline point takes (within the recovery time) without a permanent dent.",
          [](Settings& s) -> double& { return s.car.damage.yield; });
    r.add("car.damage_stiffness", g, "N·s/m", 5000.0, 500000.0,
          "Impulse past the yield per metre of dent; less, softer body.",
          [](Settings& s) -> double& { return s.car.damage.stiffness; });
    r.add("car.damage_spread", g, "m", 0.2, 2.0, "Radius of the outline one hit loads.",
          [](Settings& s) -> double& { return s.car.damage.spread; });
    r.add("car.damage_max_dent", g, "m", 0.0, 0.8,
          "Deepest dent of one outline point (never more than 0.6 of the way to the centre).",
          [](Settings& s) -> double& { return s.car.damage.max_dent; });
    r.add("car.damage_recovery", g, "s", 0.01, 1.0,
          "Time constant in which the elastic load of a hit relaxes; a hit spread over a "
          "shorter time dents as one.",
          [](Settings& s) -> double& { return s.car.damage.recovery; });
    r.add("car.damage_bent_wheel", g, "", 0, 1,
          "A crushed front corner bends that wheel outwards: the car pulls to that side.",
          [](Settings& s) -> bool& { return s.car.damage.bent_wheel; });
    r.add("car.damage_bent_threshold", g, "m", 0.0, 0.5,
          "Dent near a front wheel before it bends (fully bent 0.1 m deeper).",
          [](Settings& s) -> double& { return s.car.damage.bent_threshold; });
    r.add("car.damage_bent_toe", g, "rad", 0.0, 0.1, "Toe-out of a fully bent front wheel.",
          [](Settings& s) -> double& { return s.car.damage.bent_toe; });
    r.add("car.damage_engine", g, "", 0, 1,
          "A crushed nose (ahead of the front axle) costs engine torque.",
          [](Settings& s) -> bool& { return s.car.damage.engine; });
    r.add("car.damage_engine_threshold", g, "m", 0.0, 0.5,
          "Nose dent before the engine loses torque (full loss 0.1 m deeper).",
          [](Settings& s) -> double& { return s.car.damage.engine_threshold; });
    r.add("car.damage_engine_loss", g, "", 0.0, 0.9,
          "Share of the drive torque a crushed nose loses.",
          [](Settings& s) -> double& { return s.car.damage.engine_loss; });
    r.add("car.damage_panel", g, "", 0, 1, "A deep dent anywhere loosens a panel (extra drag).",
          [](Settings& s) -> bool& { return s.car.damage.panel; });
    r.add("car.damage_panel_threshold", g, "m", 0.0, 0.5, "Dent before a panel comes loose.",
          [](Settings& s) -> double& { return s.car.damage.panel_threshold; });
    r.add("car.damage_panel_drag", g, "kg/m", 0.0, 2.0, "Drag a loose panel adds to C_drag.",
          [](Settings& s) -> double& { return s.car.damage.panel_drag; });

    g = "Car / Rendering";
    r.add("car.skid_fade", g, "s", 1.0, 120.0, "Time for a skid mark to fade out.",
          [](Settings& s) -> double& { return s.car.skid_fade; });
}

}  // namespace skidpad
