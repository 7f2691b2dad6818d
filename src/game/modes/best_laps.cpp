// The time trial's best-lap index and its file (see best_laps.hpp).
#include "best_laps.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {
using json = nlohmann::json;
constexpr const char* kFormat = "skidpad-best-laps";
constexpr int kVersion = 1;

bool name_ok(const json& j) {
    return j.is_string() && !j.get<std::string>().empty() &&
           j.get<std::string>().size() <= kMaxBestLapName;
}
bool plain_file_name(const std::string& s) {
    return s.find('/') == std::string::npos && s.find('\\') == std::string::npos &&
           s.rfind('.', 0) != 0;
}
}  // namespace

BestLapsLoad parse_best_laps(std::string_view text, std::string_view source) {
    BestLapsLoad out;
    const std::string src(source);
    auto fail = [&](const std::string& what) {
        out.laps.clear();
        out.error = src + ": " + what;
        return out;
    };
    if (text.size() > kMaxBestLapsBytes) return fail("larger than 256 KiB");
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) return fail("not valid JSON");
    if (!j.is_object()) return fail("not a JSON object");
    if (!j.contains("format") || j["format"] != kFormat)
        return fail("field 'format' is not \"skidpad-best-laps\"");
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"] != kVersion)
        return fail("field 'version' is not 1");
    if (!j.contains("laps") || !j["laps"].is_array()) return fail("field 'laps' is not a list");
    if (j["laps"].size() > kMaxBestLaps) return fail("more than 1000 laps");
    for (std::size_t i = 0; i < j["laps"].size(); ++i) {
        const json& e = j["laps"][i];
        const std::string where = "laps[" + std::to_string(i) + "]";
        if (!e.is_object()) return fail(where + ": not an object");
        for (const char* key : {"track", "car", "car_hash", "replay"}) {
            if (!e.contains(key) || !name_ok(e[key]))
                return fail(where + ": field '" + key + "' is not a name of 1..200 characters");
        }
        if (!e.contains("lap_s") || !e["lap_s"].is_number() ||
            !std::isfinite(e["lap_s"].get<double>()) || e["lap_s"].get<double>() <= 0.0 ||
            e["lap_s"].get<double>() > 36000.0)
            return fail(where + ": field 'lap_s' is not a time in (0, 36000] s");
        for (const char* key : {"start_step", "end_step"}) {
            if (!e.contains(key) || !e[key].is_number_unsigned())
                return fail(where + ": field '" + key + "' is not a whole number >= 0");
        }
        BestLap b;
        b.track = e["track"];
        b.car = e["car"];
        b.car_hash = e["car_hash"];
        b.replay = e["replay"];
        b.lap_s = e["lap_s"];
        b.start_step = e["start_step"];
        b.end_step = e["end_step"];
        if (e.contains("ghost")) {
            if (!name_ok(e["ghost"]))
                return fail(where + ": field 'ghost' is not a name of 1..200 characters");
            b.ghost = e["ghost"];
            if (!plain_file_name(b.ghost))
                return fail(where + ": field 'ghost' is not a plain file name");
        }
        if (b.end_step <= b.start_step)
            return fail(where + ": 'end_step' is not after 'start_step'");
        if (!plain_file_name(b.replay))
            return fail(where + ": field 'replay' is not a plain file name");
        out.laps.push_back(std::move(b));
    }
    return out;
}

BestLapsLoad load_best_laps(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return {};
    std::string text;
    const FileResult r = read_file_capped(path, kMaxBestLapsBytes, text);
    if (!r.ok) {
        BestLapsLoad out;
        out.error = r.error;
        return out;
    }
    return parse_best_laps(text, path);
}

std::string best_laps_text(const std::vector<BestLap>& laps) {
    json arr = json::array();
    for (const BestLap& b : laps) {
        json e = {{"track", b.track},           {"car", b.car},
                  {"car_hash", b.car_hash},     {"lap_s", b.lap_s},
                  {"start_step", b.start_step}, {"end_step", b.end_step},
                  {"replay", b.replay}};
        if (!b.ghost.empty()) e["ghost"] = b.ghost;
        arr.push_back(std::move(e));
    }
    const json j = {{"format", kFormat}, {"version", kVersion}, {"laps", arr}};
    return j.dump(2) + "\n";
}

FileResult save_best_laps(const std::string& path, const std::vector<BestLap>& laps) {
    return write_file_atomic(path, best_laps_text(laps));
}

const BestLap* find_best_lap(const std::vector<BestLap>& laps, std::string_view track,
                             std::string_view hash) {
    for (const BestLap& b : laps) {
        if (b.track == track && b.car_hash == hash) return &b;
    }
    return nullptr;
}

void set_best_lap(std::vector<BestLap>& laps, const BestLap& lap) {
    for (BestLap& b : laps) {
        if (b.track == lap.track && b.car_hash == lap.car_hash) {
            b = lap;
            return;
        }
    }
    laps.push_back(lap);
}

std::string car_hash(const Settings& settings) {
    std::uint64_t h = 1469598103934665603ull;
    for (const ParamDesc& p : param_registry().all()) {
        if (p.key.rfind("car.", 0) != 0) continue;
        const double v = p.get(settings);
        unsigned char bytes[sizeof v];
        std::memcpy(bytes, &v, sizeof v);
        for (unsigned char c : p.key + "=") {
            h ^= c;
            h *= 1099511628211ull;
        }
        for (unsigned char c : bytes) {
            h ^= c;
            h *= 1099511628211ull;
        }
    }
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string car_label(const Settings& settings, const std::vector<PresetEntry>& presets,
                      const std::string& current_preset) {
    const std::string mine = car_hash(settings);
    // A preset that sets no car value (a physics-rate preset) names no car.
    auto same_car = [&](const std::string& path) {
        Settings s;
        const PresetResult r = load_preset_file(path, s);
        return r.ok && r.car_keys_applied > 0 && car_hash(s) == mine;
    };
    if (!current_preset.empty() && same_car(current_preset))
        return std::filesystem::path(current_preset).stem().string();
    for (const PresetEntry& e : presets)
        if (same_car(e.path)) return e.name;
    return "custom";
}

std::string best_lap_file_name(std::string_view track, std::string_view hash) {
    std::string out = "best-";
    for (char c : track) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        out += ok ? c : '-';
        if (out.size() > 80) break;
    }
    out += "-";
    out += hash;
    return out + ".replay";
}

}  // namespace skidpad::app
