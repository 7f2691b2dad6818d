// Driver aids that act on the wheels and the steering (docs/physics.md §6):
// traction control (the mirror of ABS), stability control and the steering assist for
// digital steering. ABS itself lives with the brakes (brakes.hpp). The assist levels
// sim / sport / arcade are presets of these switches and of car.abs.
#pragma once

#include <string_view>

namespace skidpad {

struct AssistDef {
    /// Traction control: a driven wheel's drive torque is cut so its spin lands no further
    /// than the target slip ratio past the road speed. A rear's target is the combined-slip
    /// peak at its slip angle, so a sliding rear gets its side grip back; a steered front
    /// past its peak slip angle may spin up towards the slip ratio of its drive-force peak,
    /// so a front-drive car pulls itself straight; below 10 m/s a held axle aims at its
    /// faster wheel (docs/physics.md §6.3).
    bool tc = true;
    double tc_slip = 1.0;  ///< TC target as a multiple of the tyre's peak slip ratio
    /// Stability control: the yaw rate is compared with the rate the steering asks for
    /// (bicycle model, capped by the grip); past the dead band one wheel is braked to turn
    /// the car back (outer front when it oversteers, inner rear when it understeers) and
    /// the throttle is trimmed while it oversteers.
    bool esc = false;
    double esc_threshold = 0.1;  ///< rad/s, yaw-rate error the stability control ignores
    double esc_gain = 4000.0;    ///< N·m of brake per rad/s of error past the dead band
    double esc_throttle = 2.0;   ///< throttle cut per rad/s of oversteer past the dead band
    /// Steering assist for digital steering: above a few m/s full lock aims the front
    /// tyres at their peak slip angle (measured from the way the front axle travels)
    /// instead of at the mechanical lock.
    bool steer_assist = false;
    /// Countersteer help (with the steering assist): with the steering centred and the
    /// rear sliding, the fronts are turned along the front axle's travel.
    bool countersteer = false;
};

/// The assist levels offered to the player: sim (all off), sport (ABS + TC), arcade (all
/// on). Custom: the switches match no level (a preset or the tuning panel set them).
enum class AssistLevel : int { Sim = 0, Sport = 1, Arcade = 2, Custom = 3 };

/// "sim", "sport", "arcade" or "custom".
const char* assist_level_name(AssistLevel level);
/// Reads "sim", "sport" or "arcade" (Custom is not a level one can choose); false otherwise.
bool parse_assist_level(std::string_view text, AssistLevel& out);

struct CarDef;
/// Sets the aids of a level (ABS, TC, stability control, steering assist, countersteer);
/// the tunables of each aid (targets, gains) are left as they are. Custom changes nothing.
void apply_assist_level(CarDef& def, AssistLevel level);
/// The level whose switches `def` has, or Custom.
AssistLevel assist_level_of(const CarDef& def);

}  // namespace skidpad
