// The parameter registry: one declaration per tunable. The overlay, presets,
// `--set key=value`, `skidpad params` and validation are all generated from it.
//
// A declaration names the Settings field it controls; its default is read from a
// default-constructed Settings, so the Def struct's initializer is the one source
// of truth for the default value.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "skidpad/settings.hpp"

namespace skidpad {

enum class ParamType { Real, Int, Bool, Enum };

struct ParamDesc {
    std::string key;    ///< "car.mass"
    std::string group;  ///< "Car / Chassis"
    std::string unit;   ///< "kg" ("" when dimensionless)
    std::string help;   ///< one sentence
    ParamType type = ParamType::Real;
    double min = 0.0;
    double max = 1.0;
    double def = 0.0;                  ///< from Settings{}
    std::vector<std::string> options;  ///< Enum labels; value = index
    bool rebuild = false;              ///< changing it rebuilds the car/world in place
    std::function<double(const Settings&)> get;
    std::function<void(Settings&, double)> set_raw;  ///< no validation
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

// ---- implementation of the templates -----------------------------------------

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
    p.set_raw = [field](Settings& s, double v) {
        if constexpr (std::is_same_v<T, bool>) {
            field(s) = v != 0.0;
        } else if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
            field(s) = static_cast<T>(static_cast<long long>(v));
        } else {
            field(s) = v;
        }
    };
    p.def = p.get(Settings{});
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
