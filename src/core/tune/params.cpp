// The parameter registry: lookup, parsing, formatting and validation of tunables.
#include "skidpad/tune/params.hpp"

#include <cmath>

#include "util_text.hpp"

namespace skidpad {

ParamSection locate_in_settings(std::size_t at, std::size_t& section_start) {
    static const Settings probe;
    const auto start = [](const void* member) {
        return static_cast<std::size_t>(static_cast<const char*>(member) -
                                        reinterpret_cast<const char*>(&probe));
    };
    const struct {
        ParamSection section;
        std::size_t start, size;
    } sections[] = {
        {ParamSection::Sim, start(&probe.sim), sizeof probe.sim},
        {ParamSection::Car, start(&probe.car), sizeof probe.car},
        {ParamSection::Soft, start(&probe.soft), sizeof probe.soft},
        {ParamSection::Plan, start(&probe.plan), sizeof probe.plan},
        {ParamSection::Input, start(&probe.input), sizeof probe.input},
        {ParamSection::Camera, start(&probe.camera), sizeof probe.camera},
        {ParamSection::Display, start(&probe.display), sizeof probe.display},
        {ParamSection::Sound, start(&probe.sound), sizeof probe.sound},
    };
    for (const auto& s : sections) {
        if (at >= s.start && at < s.start + s.size) {
            section_start = s.start;
            return s.section;
        }
    }
    // A field lambda must return a member of one of the Def structs above.
    std::abort();
}

const ParamDesc* ParamRegistry::find(std::string_view key) const {
    for (const ParamDesc& p : params_) {
        if (p.key == key) return &p;
    }
    return nullptr;
}

std::string ParamRegistry::format(const ParamDesc& p, double value) const {
    if (p.type == ParamType::Bool) return value != 0.0 ? "true" : "false";
    // Whole numbers print as integers only where the cast to long long is defined and
    // exact (|v| < 2^53); NaN, infinities and 1e300 print as doubles.
    const bool integral = std::fabs(value) < 9007199254740992.0 && value == std::floor(value);
    if (p.type == ParamType::Enum && integral) {
        const auto i = static_cast<long long>(value);
        if (i >= 0 && i < static_cast<long long>(p.options.size())) return p.options[i];
    }
    if ((p.type == ParamType::Int || p.type == ParamType::Enum) && integral) {
        return std::to_string(static_cast<long long>(value));
    }
    return util::general_number(value, 10);
}

ParamResult ParamRegistry::check(const ParamDesc& p, double value) const {
    if (!std::isfinite(value)) {
        return {false, p.key + ": value " + format(p, value) + " is not a finite number"};
    }
    if (p.type != ParamType::Real && value != std::floor(value)) {
        return {false, p.key + ": value " + format(p, value) + " must be a whole number"};
    }
    if (value < p.min || value > p.max) {
        return {false, p.key + ": value " + format(p, value) + " is outside the allowed range [" +
                           format(p, p.min) + ", " + format(p, p.max) + "]" +
                           (p.unit.empty() ? "" : " " + p.unit)};
    }
    return {};
}

ParamResult ParamRegistry::set(Settings& s, std::string_view key, double value) const {
    const ParamDesc* p = find(key);
    if (!p) return {false, "unknown parameter '" + std::string(key) + "'"};
    ParamResult r = check(*p, value);
    if (r.ok) p->set_raw(s, value);
    return r;
}

ParamResult ParamRegistry::parse(const ParamDesc& p, std::string_view text, double& out) const {
    const std::string t(text);
    if (p.type == ParamType::Bool) {
        if (t == "true" || t == "on" || t == "1") return out = 1.0, ParamResult{};
        if (t == "false" || t == "off" || t == "0") return out = 0.0, ParamResult{};
        return {false, p.key + ": '" + t + "' is not a boolean (true/false/on/off/1/0)"};
    }
    if (p.type == ParamType::Enum) {
        for (std::size_t i = 0; i < p.options.size(); ++i) {
            if (p.options[i] == t) return out = static_cast<double>(i), ParamResult{};
        }
    }
    if (t.empty()) return {false, p.key + ": empty value"};
    double v = 0.0;
    if (util::read_number(t, v) == util::NumberRead::NotNumber) {
        std::string expected = "a number";
        if (p.type == ParamType::Enum) {
            expected = "one of";
            for (const std::string& o : p.options)
                expected += " " + o;
        }
        return {false, p.key + ": '" + t + "' is not " + expected};
    }
    out = v;
    return check(p, v);
}

ParamResult ParamRegistry::apply_assignment(Settings& s, std::string_view assignment) const {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        return {false, "'" + std::string(assignment) + "' is not of the form key=value"};
    }
    const std::string_view key = assignment.substr(0, eq);
    const ParamDesc* p = find(key);
    if (!p) return {false, "unknown parameter '" + std::string(key) + "' (see `skidpad params`)"};
    double v = 0.0;
    ParamResult r = parse(*p, assignment.substr(eq + 1), v);
    if (r.ok) p->set_raw(s, v);
    return r;
}

const ParamRegistry& param_registry() {
    static const ParamRegistry registry = [] {
        ParamRegistry r;
        register_sim_params(r);
        register_input_params(r);
        register_camera_params(r);
        register_car_params(r);
        register_soft_params(r);
        register_plan_params(r);
        register_sound_params(r);
        register_surface_params(r);
        return r;
    }();
    return registry;
}

}  // namespace skidpad
