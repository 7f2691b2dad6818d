// Private: how the World fills StepEvents (include/skidpad/sound_events.hpp).
#pragma once

#include "skidpad/car/car.hpp"
#include "skidpad/soft/soft_material.hpp"
#include "skidpad/sound_events.hpp"

namespace skidpad::detail {

/// A car's signals at the end of a step whose start saw `previous_gear`.
CarSignals car_signals(const Car& car, const CarDef& def, int previous_gear);

/// The contact material of a soft body's material row (built-in kinds by kind,
/// added materials by their effect).
ContactMaterial contact_material(std::uint8_t material_row, SoftEffect effect);

/// Adds a car sub-step's contact to the step's list: merged with the same car and body's
/// earlier one (impulses add, the position is impulse-weighted, flags and speeds keep
/// the strongest), else appended while there is room (else counted as dropped).
void record_contact(StepEvents& events, const ContactEvent& e);

}  // namespace skidpad::detail
