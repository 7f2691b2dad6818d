#include "skidpad/scene/preset.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "skidpad/tune/params.hpp"

namespace skidpad {

using nlohmann::json;

PresetResult apply_preset_text(std::string_view text, std::string_view source, Settings& settings) {
    PresetResult res;
    const std::string where(source);
    auto fail = [&](std::string msg) {
        res.ok = false;
        res.error = where + ": " + std::move(msg);
        return res;
    };
    if (text.size() > kMaxPresetBytes) return fail("file is larger than 1 MiB; refused");
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        return fail(std::string("not valid JSON (") + e.what() + ")");
    }
    if (!doc.is_object()) return fail("the top level must be a JSON object");
    if (doc.contains("format") &&
        (!doc["format"].is_string() || doc["format"].get<std::string>() != "skidpad-preset")) {
        return fail("\"format\" must be \"skidpad-preset\"");
    }
    if (doc.contains("version")) {
        if (!doc["version"].is_number_integer()) return fail("\"version\" must be an integer");
        if (doc["version"].get<long long>() > kPresetVersion) {
            return fail("\"version\" " + doc["version"].dump() + " is newer than this game (" +
                        std::to_string(kPresetVersion) + ")");
        }
    }
    if (doc.contains("name")) {
        if (!doc["name"].is_string()) return fail("\"name\" must be a string");
        res.name = doc["name"].get<std::string>();
    }
    if (!doc.contains("values")) return fail("missing the \"values\" object");
    const json& values = doc["values"];
    if (!values.is_object()) return fail("\"values\" must be an object of key: value");

    const ParamRegistry& reg = param_registry();
    Settings next = settings;  // all-or-nothing: work on a copy
    for (auto it = values.begin(); it != values.end(); ++it) {
        const ParamDesc* p = reg.find(it.key());
        if (!p) {
            res.warnings.push_back(where + ": unknown key '" + it.key() + "' ignored");
            continue;
        }
        const json& v = it.value();
        double value = 0.0;
        if (v.is_boolean() && p->type == ParamType::Bool) {
            value = v.get<bool>() ? 1.0 : 0.0;
        } else if (v.is_number()) {
            value = v.get<double>();
        } else if (v.is_string() && (p->type == ParamType::Enum || p->type == ParamType::Bool)) {
            ParamResult r = reg.parse(*p, v.get<std::string>(), value);
            if (!r.ok) return fail(r.error);
        } else {
            return fail(p->key + ": value " + v.dump() + " has the wrong type (expected " +
                        (p->type == ParamType::Bool   ? "true/false"
                         : p->type == ParamType::Enum ? "a name or index"
                                                      : "a number") +
                        ")");
        }
        ParamResult r = reg.check(*p, value);
        if (!r.ok) return fail(r.error);
        p->set_raw(next, value);
    }
    settings = next;
    return res;
}

PresetResult load_preset_file(const std::string& path, Settings& settings) {
    PresetResult res;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        res.ok = false;
        res.error = path + ": cannot open the file";
        return res;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0 || static_cast<std::size_t>(size) > kMaxPresetBytes) {
        res.ok = false;
        res.error = path + ": file is larger than 1 MiB; refused";
        return res;
    }
    in.seekg(0, std::ios::beg);
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), size);
    return apply_preset_text(text, path, settings);
}

std::string preset_to_text(const Settings& settings, std::string_view name, bool only_changed,
                           const Settings& base) {
    const ParamRegistry& reg = param_registry();
    json values = json::object();
    for (const ParamDesc& p : reg.all()) {
        const double v = p.get(settings);
        if (only_changed && v == p.get(base)) continue;
        switch (p.type) {
            case ParamType::Bool: values[p.key] = v != 0.0; break;
            case ParamType::Enum: values[p.key] = reg.format(p, v); break;
            case ParamType::Int: values[p.key] = static_cast<long long>(v); break;
            case ParamType::Real: values[p.key] = v; break;
        }
    }
    json doc = {{"format", "skidpad-preset"},
                {"version", kPresetVersion},
                {"name", std::string(name)},
                {"values", values}};
    return doc.dump(2) + "\n";
}

}  // namespace skidpad
