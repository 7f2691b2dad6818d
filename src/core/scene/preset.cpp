// Preset files: read (strict, capped), applied to settings, written atomically.
#include "skidpad/scene/preset.hpp"

#include <nlohmann/json.hpp>

#include "skidpad/scene/json_keys.hpp"
#include "skidpad/scene/json_limits.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/tune/player_keys.hpp"

namespace skidpad {

using nlohmann::json;

namespace {

/// A value as it appears in the file, shortened so a message stays one line.
std::string shown(const json& v) {
    return json_quote(v);
}

std::string range_text(const ParamRegistry& reg, const ParamDesc& p) {
    if (p.type == ParamType::Bool) return "true or false";
    if (p.type == ParamType::Enum) {
        std::string s = "one of";
        for (const std::string& o : p.options)
            s += " " + o;
        return s + " (or its index 0.." + std::to_string(p.options.size() - 1) + ")";
    }
    std::string s = std::string(p.type == ParamType::Int ? "a whole number" : "a number") +
                    " in [" + reg.format(p, p.min) + ", " + reg.format(p, p.max) + "]";
    if (!p.unit.empty()) s += " " + p.unit;
    return s;
}

/// "car.mass: value 1e999 is not a finite number (allowed: a number in [500, 5000] kg)"
/// from nlohmann's "number overflow parsing '1e999'", by finding the "key": before it.
std::string overflow_message(std::string_view text, const std::string& what) {
    const auto q1 = what.find('\'');
    const auto q2 = q1 == std::string::npos ? q1 : what.find('\'', q1 + 1);
    if (q2 == std::string::npos) return "not valid JSON: " + json_error_text(what.c_str());
    const std::string token = what.substr(q1 + 1, q2 - q1 - 1);
    std::string key;
    const auto at = text.find(token);
    if (at != std::string_view::npos) {
        auto colon = text.rfind(':', at);
        if (colon != std::string_view::npos) {
            const auto kq2 = text.rfind('"', colon);
            const auto kq1 = kq2 == 0 || kq2 == std::string_view::npos ? std::string_view::npos
                                                                       : text.rfind('"', kq2 - 1);
            if (kq1 != std::string_view::npos)
                key = std::string(text.substr(kq1 + 1, kq2 - kq1 - 1));
        }
    }
    const ParamRegistry& reg = param_registry();
    const ParamDesc* p = key.empty() ? nullptr : reg.find(key);
    std::string shown_token = token.size() > 48 ? token.substr(0, 45) + "..." : token;
    if (p) {
        return p->key + ": value " + shown_token +
               " is not a finite number (allowed: " + range_text(reg, *p) + ")";
    }
    return (key.empty() ? std::string() : "'" + text_quote(key) + "': ") + "value " + shown_token +
           " is too large to be a number";
}

}  // namespace

PresetResult apply_preset_text(std::string_view text, std::string_view source, Settings& settings) {
    PresetResult res;
    const std::string where(source);
    std::vector<std::string> errors;
    UnknownKeys unknown(where);  // also reported with an error: "valeus" for "values"
    auto fail = [&](std::string msg) {
        const std::vector<std::string> w = unknown.warnings();
        res.warnings.insert(res.warnings.end(), w.begin(), w.end());
        res.ok = false;
        res.error = where + ": " + std::move(msg);
        res.keys_applied = 0;
        res.car_keys_applied = 0;
        return res;
    };
    if (text.size() > kMaxPresetBytes) {
        return fail("is " + std::to_string(text.size()) + " bytes, larger than the limit of " +
                    std::to_string(kMaxPresetBytes) + " bytes; refused");
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        return fail("the file is empty (expected a JSON object with \"values\")");
    }
    if (std::string deep = json_depth_error(text, kMaxPresetDepth); !deep.empty()) {
        return fail(std::move(deep));
    }
    if (std::string dup = json_duplicate_key_error(text); !dup.empty()) return fail(std::move(dup));
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::out_of_range& e) {
        // A number too large for a double (1e999): name the key it belongs to.
        return fail(overflow_message(text, e.what()));
    } catch (const json::exception& e) {
        return fail("not valid JSON: " + json_error_text(e.what()));
    }
    if (!doc.is_object()) return fail("the top level must be a JSON object, not " + shown(doc));

    unknown.check(doc, "", {"format", "version", "name", "values", "description"});
    if (const auto f = doc.find("format"); f != doc.end()) {
        if (!f->is_string() || f->get<std::string>() != "skidpad-preset") {
            return fail("\"format\" is " + shown(*f) + "; expected \"skidpad-preset\"");
        }
    }
    if (const auto v = doc.find("version"); v == doc.end()) {
        res.warnings.push_back(where + ": no \"version\"; read as version " +
                               std::to_string(kPresetVersion));
    } else {
        if (!v->is_number_integer()) {
            return fail("\"version\" is " + shown(*v) + "; expected a whole number 1.." +
                        std::to_string(kPresetVersion));
        }
        // Read an unsigned value as unsigned: 2^64-1 must not wrap to -1.
        const bool huge = v->is_number_unsigned() && v->get<unsigned long long>() > kPresetVersion;
        const long long ver = huge ? kPresetVersion + 1LL : v->get<long long>();
        if (ver > kPresetVersion) {
            return fail("\"version\" " + v->dump() + " is newer than this build reads (" +
                        std::to_string(kPresetVersion) + "); update skidpad");
        }
        if (ver < 1) {
            return fail("\"version\" " + v->dump() + " is invalid (expected 1.." +
                        std::to_string(kPresetVersion) + ")");
        }
    }
    if (const auto n = doc.find("name"); n != doc.end()) {
        if (!n->is_string()) return fail("\"name\" is " + shown(*n) + "; expected a string");
        res.name = n->get<std::string>();
    }
    const auto vit = doc.find("values");
    if (vit == doc.end()) return fail("missing the \"values\" object");
    const json& values = *vit;
    if (!values.is_object()) {
        return fail("\"values\" is " + shown(values) + "; expected an object of \"key\": value");
    }

    const ParamRegistry& reg = param_registry();
    Settings next = settings;                  // all-or-nothing: work on a copy
    std::vector<std::string_view> param_keys;  // filled at the first unknown key
    std::string players;  // the player's own keys an old preset held (the first few)
    int player_keys = 0;
    for (auto it = values.begin(); it != values.end(); ++it) {
        const ParamDesc* p = reg.find(it.key());
        if (!p) {
            if (unknown.listing() && param_keys.empty()) {
                for (const ParamDesc& d : reg.all())
                    param_keys.emplace_back(d.key);
            }
            unknown.add("values", it.key(),
                        unknown.listing() ? closest_key(it.key(), param_keys) : std::string(),
                        "see `skidpad params`");
            continue;
        }
        const json& v = it.value();
        double value = 0.0;
        bool typed = false;
        if (v.is_boolean()) {
            typed = p->type == ParamType::Bool;
            value = v.get<bool>() ? 1.0 : 0.0;
        } else if (v.is_number()) {
            typed = true;
            value = v.get<double>();
        } else if (v.is_string() && (p->type == ParamType::Enum || p->type == ParamType::Bool)) {
            const ParamResult r = reg.parse(*p, v.get<std::string>(), value);
            if (!r.ok) {
                errors.push_back(p->key + ": value " + shown(v) + " is not " + range_text(reg, *p));
                continue;
            }
            typed = true;
        }
        if (!typed) {
            errors.push_back(p->key + ": value " + shown(v) + " has the wrong type; expected " +
                             range_text(reg, *p));
            continue;
        }
        const ParamResult r = reg.check(*p, value);
        if (!r.ok) {
            errors.push_back(r.error);
            continue;
        }
        if (p->slider_max > 0.0 && value > p->slider_max) {
            res.warnings.push_back(where + ": " + p->key + " " + reg.format(*p, value) +
                                   " is more than this machine's " + reg.format(*p, p->slider_max) +
                                   "; using " + reg.format(*p, p->slider_max));
            value = p->slider_max;
        }
        // The picture and the sound levels are the player's (kept in their preferences):
        // an older preset that saved them still loads, without them (a value it could not
        // have saved is still refused, as anywhere in a preset).
        if (is_player_key(p->key)) {
            if (++player_keys <= 4) players += (players.empty() ? "" : ", ") + p->key;
            continue;
        }
        p->set_raw(next, value);
        res.keys_applied += 1;
        if (p->key.rfind("car.", 0) == 0) res.car_keys_applied += 1;
    }
    if (!errors.empty()) {
        std::string msg = errors.front();
        for (std::size_t i = 1; i < errors.size(); ++i)
            msg += "; " + errors[i];
        if (errors.size() > 1) msg = std::to_string(errors.size()) + " errors: " + msg;
        return fail(msg + " (nothing was applied)");
    }
    settings = next;
    if (player_keys > 0) {
        if (player_keys > 4) players += " and " + std::to_string(player_keys - 4) + " more";
        res.warnings.push_back(where + ": " + players +
                               " ignored: the player's own settings (the pause menu's Display "
                               "and Audio pages), not a preset's");
    }
    const std::vector<std::string> w = unknown.warnings();
    res.warnings.insert(res.warnings.end(), w.begin(), w.end());
    return res;
}

PresetResult load_preset_file(const std::string& path, Settings& settings) {
    std::string text;
    const FileResult read = read_file_capped(path, kMaxPresetBytes, text);
    if (!read.ok) {
        PresetResult res;
        res.ok = false;
        res.error = read.error;
        return res;
    }
    return apply_preset_text(text, path, settings);
}

std::string preset_to_text(const Settings& settings, std::string_view name, bool only_changed,
                           const Settings& base) {
    const ParamRegistry& reg = param_registry();
    json values = json::object();
    for (const ParamDesc& p : reg.all()) {
        if (is_player_key(p.key)) continue;  // the player's, never a preset's
        const double v = p.get(settings);
        if (only_changed && v == p.get(base)) continue;
        switch (p.type) {
            case ParamType::Bool:
                values[p.key] = v != 0.0;
                break;
            case ParamType::Enum:
                values[p.key] = reg.format(p, v);
                break;
            case ParamType::Int:
                values[p.key] = static_cast<long long>(v);
                break;
            case ParamType::Real:
                values[p.key] = v;
                break;
        }
    }
    json doc = {{"format", "skidpad-preset"},
                {"version", kPresetVersion},
                {"name", std::string(name)},
                {"values", values}};
    return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

FileResult save_preset_file(const std::string& path, const Settings& settings,
                            std::string_view name, bool only_changed, const FileOps& ops) {
    return write_file_atomic(path, preset_to_text(settings, name, only_changed), ops);
}

}  // namespace skidpad
