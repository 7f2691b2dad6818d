// The parameter registry: one declaration per tunable. The overlay, presets,
// `--set key=value`, `skidpad params` and validation are all generated from it.
//
// A declaration names the Settings field it controls; its default is read from a
// default-constructed Settings, so the Def struct's initializer is the one source
// of truth for the default value.
#pragma once

#include <cassert>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "skidpad/settings.hpp"

namespace skidpad {

enum class ParamType { Real, Int, Bool, Enum };

/// The Def struct of Settings that holds a tunable's field.
enum class ParamSection { Sim, Car, Soft, Plan, Input, Camera, Display, Sound };

/// The section a Def struct is (SimDef -> Sim, CarDef -> Car, ...).
template <typename Def>
constexpr ParamSection section_of();

struct ParamDesc {
    std::string key;    ///< "car.mass"
    std::string group;  ///< "Car / Chassis"
    std::string unit;   ///< "kg" ("" when dimensionless)
    std::string help;   ///< one sentence
    ParamType type = ParamType::Real;
    double min = 0.0;
    double max = 1.0;
    double def = 0.0;  ///< from Settings{}
    /// Above 0: the slider's maximum, below `max` (soft.threads: this machine's cores).
    /// A preset's larger value is clamped to it with a warning; settings and replays
    /// still take any value up to `max`.
    double slider_max = 0.0;
    std::vector<std::string> options;  ///< Enum labels; value = index
    bool rebuild = false;              ///< changing it rebuilds the car/world in place
    /// The player's own rather than a car's or a preset's (the picture, the sound levels):
    /// kept in the player's preferences, never written into a preset (player_keys.hpp).
    bool player = false;
    std::function<double(const Settings&)> get;
    std::function<void(Settings&, double)> set_raw;  ///< no validation

    // Where the field lives, so that a holder of one Def struct (the World's WorldDef,
    // a car's CarDef) can apply a change without a whole Settings.
    ParamSection section = ParamSection::Sim;
    std::size_t offset = 0;                          ///< bytes from the Def struct's start
    double (*read)(const void* field) = nullptr;     ///< the field as double
    void (*write)(void* field, double v) = nullptr;  ///< no validation

    /// The value in a Def struct of this tunable's section (e.g. one car's CarDef).
    template <typename Def>
    double get_in(const Def& def) const {
        assert(section == section_of<Def>());
        return read(reinterpret_cast<const char*>(&def) + offset);
    }
    /// Sets the value in a Def struct of this tunable's section (no validation).
    template <typename Def>
    void set_in(Def& def, double v) const {
        assert(section == section_of<Def>());
        write(reinterpret_cast<char*>(&def) + offset, v);
    }
};

/// Result of a validated change; `error` empty on success.
struct ParamResult {
    bool ok = true;
    std::string error;
};

class ParamRegistry {
public:
    /// Declares a tunable bound to a field. `field` is a capture-less lambda
    /// `[](Settings& s) -> T& { return s.car.mass; }` with T double, int, bool or an enum.
    template <typename F>
    ParamDesc& add(std::string key, std::string group, std::string unit, double min, double max,
                   std::string help, F field);

    /// Like add() for an enum (or int) field whose values are indices into `options`.
    template <typename F>
    ParamDesc& add_enum(std::string key, std::string group, std::vector<std::string> options,
                        std::string help, F field);

    const std::vector<ParamDesc>& all() const { return params_; }
    const ParamDesc* find(std::string_view key) const;
    /// Position of a tunable in all() (what a TuneEvent names).
    std::size_t index(const ParamDesc& p) const {
        return static_cast<std::size_t>(&p - params_.data());
    }

    /// Checks a value for a param: finite, in [min, max], integral for Int/Enum/Bool.
    ParamResult check(const ParamDesc& p, double value) const;
    /// Validated set: on error the settings are unchanged.
    ParamResult set(Settings& s, std::string_view key, double value) const;
    /// Parses text for a param ("1500", "true", "awd" for enums).
    ParamResult parse(const ParamDesc& p, std::string_view text, double& out) const;
    /// Applies "key=value" (the --set syntax). On error the settings are unchanged.
    ParamResult apply_assignment(Settings& s, std::string_view assignment) const;
    /// Formats a value as text (plain decimal; enums by name; bools true/false).
    std::string format(const ParamDesc& p, double value) const;

private:
    std::vector<ParamDesc> params_;
};

/// The registry of every tunable in the game (built once, immutable).
const ParamRegistry& param_registry();

// Each module declares its own tunables (called once by param_registry()).
void register_sim_params(ParamRegistry& r);
void register_input_params(ParamRegistry& r);
void register_camera_params(ParamRegistry& r);
void register_car_params(ParamRegistry& r);
void register_soft_params(ParamRegistry& r);
void register_plan_params(ParamRegistry& r);
void register_sound_params(ParamRegistry& r);
void register_surface_params(ParamRegistry& r);

// ---- implementation of the templates -----------------------------------------

template <typename Def>
constexpr ParamSection section_of() {
    if constexpr (std::is_same_v<Def, SimDef>) return ParamSection::Sim;
    if constexpr (std::is_same_v<Def, CarDef>) return ParamSection::Car;
    if constexpr (std::is_same_v<Def, SoftDef>) return ParamSection::Soft;
    if constexpr (std::is_same_v<Def, PlanDef>) return ParamSection::Plan;
    if constexpr (std::is_same_v<Def, InputDef>) return ParamSection::Input;
    if constexpr (std::is_same_v<Def, CameraDef>) return ParamSection::Camera;
    if constexpr (std::is_same_v<Def, DisplayDef>) return ParamSection::Display;
    if constexpr (std::is_same_v<Def, SoundDef>) return ParamSection::Sound;
}

/// The section whose Def struct holds byte `at` of a Settings, and where that struct
/// starts (bytes from the start of Settings).
ParamSection locate_in_settings(std::size_t at, std::size_t& section_start);

/// A double stored into a field of type T (bools: != 0; integers and enums: truncated).
template <typename T>
void store_field(T& field, double v) {
    if constexpr (std::is_same_v<T, bool>) {
        field = v != 0.0;
    } else if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
        field = static_cast<T>(static_cast<long long>(v));
    } else {
        field = v;
    }
}

template <typename F>
ParamDesc& ParamRegistry::add(std::string key, std::string group, std::string unit, double min,
                              double max, std::string help, F field) {
    using T = std::remove_reference_t<decltype(field(std::declval<Settings&>()))>;
    ParamDesc p;
    p.key = std::move(key);
    p.group = std::move(group);
    p.unit = std::move(unit);
    p.help = std::move(help);
    p.min = min;
    p.max = max;
    if constexpr (std::is_same_v<T, bool>) {
        p.type = ParamType::Bool;
        p.min = 0.0;
        p.max = 1.0;
    } else if constexpr (std::is_enum_v<T>) {
        p.type = ParamType::Enum;
    } else if constexpr (std::is_integral_v<T>) {
        p.type = ParamType::Int;
    } else {
        static_assert(std::is_same_v<T, double>, "tunables are double, int, bool or enum");
        p.type = ParamType::Real;
    }
    p.get = [field](const Settings& s) {
        return static_cast<double>(field(const_cast<Settings&>(s)));
    };
    p.set_raw = [field](Settings& s, double v) { store_field(field(s), v); };
    p.read = [](const void* f) { return static_cast<double>(*static_cast<const T*>(f)); };
    p.write = [](void* f, double v) { store_field(*static_cast<T*>(f), v); };
    Settings probe;
    const auto at = static_cast<std::size_t>(reinterpret_cast<const char*>(&field(probe)) -
                                             reinterpret_cast<const char*>(&probe));
    std::size_t start = 0;
    p.section = locate_in_settings(at, start);
    p.offset = at - start;
    p.def = p.get(probe);
    params_.push_back(std::move(p));
    return params_.back();
}

template <typename F>
ParamDesc& ParamRegistry::add_enum(std::string key, std::string group,
                                   std::vector<std::string> options, std::string help, F field) {
    const double max = static_cast<double>(options.size()) - 1.0;
    ParamDesc& p = add(std::move(key), std::move(group), "", 0.0, max, std::move(help), field);
    p.type = ParamType::Enum;
    p.options = std::move(options);
    return p;
}

}  // namespace skidpad
