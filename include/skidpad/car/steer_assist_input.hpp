// A machine driver's steering through the steering assist: the input that makes the
// assisted steer target what the input asked for without it (docs/physics.md §11).
#pragma once

namespace skidpad {

struct Car;
struct CarDef;

/// The steer input (−1..1) under which the steering assist of `def` aims the wheels where
/// `input` aims them without it (input × the speed-sensitive lock), for `car` as it is
/// now. `input` itself when the assist is off or does not act (below 3 m/s) — bit for bit.
/// The autopilot's steering goes through this, so the assist does not fight it; a
/// player's input never does.
double steer_input_through_assist(const Car& car, const CarDef& def, double input);

}  // namespace skidpad
