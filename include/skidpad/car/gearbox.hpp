// Gearbox, final drive, driven axles and differential (docs/physics.md §5.2, §5.4).
#pragma once

#include <array>

namespace skidpad {

inline constexpr int kMaxGears = 6;

enum class Layout : int { RWD = 0, FWD = 1, AWD = 2 };
enum class DiffType : int { Open = 0, Locked = 1, Limited = 2 };

struct GearboxDef {
    int gears = 6;  ///< number of forward gears used (1..6)
    std::array<double, kMaxGears> ratios{2.66, 1.78, 1.30, 1.00, 0.74, 0.50};  ///< gear ratios
    double reverse = 2.90;      ///< reverse ratio (its sign is applied by the gearbox)
    double final_drive = 3.42;  ///< differential ratio
    double efficiency = 0.85;   ///< driveline efficiency η, engine to wheels (drive torque × η)
    double shift_time = 0.2;    ///< s without drive torque during a gear change
    double upshift_rpm = 5800.0;    ///< rpm (from road speed) where the automatic shifts up
    double downshift_rpm = 2500.0;  ///< rpm where the automatic shifts down
    bool manual = false;            ///< start in manual mode (the player toggles it)
    double reverse_speed = 0.5;     ///< m/s, "nearly stopped" for engaging reverse / first
    double reverse_delay = 0.25;    ///< s stopped with the brake held before reverse engages
};

struct DrivetrainDef {
    Layout layout = Layout::RWD;  ///< driven wheels
    /// open: equal torque per wheel; locked: equal speed; limited: a clutch-type limited-
    /// slip differential that holds both wheels together up to a locking torque
    DiffType diff = DiffType::Limited;
    double awd_front_share = 0.4;  ///< AWD: fraction of drive torque sent to the front axle
    double lsd_preload = 150.0;    ///< N·m, LSD locking torque with no drive torque
    double lsd_lock = 0.5;         ///< LSD extra locking torque per N·m of axle drive torque
    /// LSD: share of lsd_lock that acts on coast (engine braking): 1 a two-way, 0.5 a
    /// 1.5-way, 0 a one-way differential (the preload acts both ways)
    double lsd_coast = 0.5;
};

/// Signed overall ratio (gear × final drive) for gear -1 (negative), 0 (zero) or 1..n.
double overall_ratio(const GearboxDef& def, int gear);

}  // namespace skidpad
