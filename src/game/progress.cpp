// The player's progress file and what it unlocks (see progress.hpp).
#include "progress.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>

namespace skidpad::app {

namespace {
using json = nlohmann::json;
constexpr const char* kFormat = "skidpad-progress";

bool parse_medal(const json& j, Medal& out) {
    if (!j.is_string()) return false;
    for (const Medal m : {Medal::None, Medal::Bronze, Medal::Silver, Medal::Gold}) {
        if (j.get<std::string>() == medal_name(m)) {
            out = m;
            return true;
        }
    }
    return false;
}

bool name_ok(const json& j) {
    return j.is_string() && !j.get<std::string>().empty() && j.get<std::string>().size() <= 200;
}

bool number_ok(const json& j, double hi) {
    return j.is_number() && std::isfinite(j.get<double>()) && j.get<double>() >= 0.0 &&
           j.get<double>() <= hi;
}

TrackMedal& entry_of(Progress& p, const std::string& track, const std::string& car) {
    for (TrackMedal& m : p.medals)
        if (m.track == track && m.car == car) return m;
    TrackMedal m;
    m.track = track;
    m.car = car;
    p.medals.push_back(m);
    return p.medals.back();
}
}  // namespace

std::string parse_progress(std::string_view text, std::string_view source, Progress& out,
                           bool* future) {
    const std::string src(source);
    if (future) *future = false;
    out = Progress{};
    if (text.size() > kMaxProgressBytes) return src + ": larger than 256 KiB";
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) return src + ": not valid JSON";
    if (!j.is_object()) return src + ": not a JSON object";
    if (!j.contains("format") || j["format"] != kFormat)
        return src + ": field 'format' is not \"skidpad-progress\"";
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"] < 1)
        return src + ": field 'version' is not a whole number >= 1";
    if (j["version"].get<long long>() > kProgressVersion) {
        if (future) *future = true;
        return src + ": written by a newer Skidpad (version " +
               std::to_string(j["version"].get<long long>()) + ", this one reads " +
               std::to_string(kProgressVersion) + ")";
    }
    Progress p;
    if (!j.contains("medals") || !j["medals"].is_array())
        return src + ": field 'medals' is not a list";
    if (!j.contains("cups") || !j["cups"].is_array()) return src + ": field 'cups' is not a list";
    if (j["medals"].size() > kMaxProgressEntries || j["cups"].size() > kMaxProgressEntries)
        return src + ": more than 1000 entries";
    for (std::size_t i = 0; i < j["medals"].size(); ++i) {
        const json& e = j["medals"][i];
        const std::string where = src + ": medals[" + std::to_string(i) + "]: ";
        if (!e.is_object()) return where + "not an object";
        TrackMedal m;
        if (!e.contains("track") || !name_ok(e["track"]))
            return where + "field 'track' is not a name";
        if (!e.contains("car") || !name_ok(e["car"])) return where + "field 'car' is not a name";
        if (!e.contains("lap") || !parse_medal(e["lap"], m.lap))
            return where + "field 'lap' is not none, bronze, silver or gold";
        if (!e.contains("drift") || !parse_medal(e["drift"], m.drift))
            return where + "field 'drift' is not none, bronze, silver or gold";
        if (!e.contains("best_lap_s") || !number_ok(e["best_lap_s"], 36000.0))
            return where + "field 'best_lap_s' is not a time in [0, 36000] s";
        if (!e.contains("best_drift") || !number_ok(e["best_drift"], 1e12))
            return where + "field 'best_drift' is not a score >= 0";
        m.track = e["track"];
        m.car = e["car"];
        m.best_lap_s = e["best_lap_s"];
        m.best_drift = e["best_drift"];
        p.medals.push_back(m);
    }
    for (std::size_t i = 0; i < j["cups"].size(); ++i) {
        const json& e = j["cups"][i];
        const std::string where = src + ": cups[" + std::to_string(i) + "]: ";
        if (!e.is_object()) return where + "not an object";
        if (!e.contains("cup") || !name_ok(e["cup"])) return where + "field 'cup' is not a name";
        if (!e.contains("place") || !e["place"].is_number_integer() || e["place"] < 1 ||
            e["place"] > 100)
            return where + "field 'place' is not a whole number in [1, 100]";
        if (!e.contains("points") || !e["points"].is_number_integer() || e["points"] < 0 ||
            e["points"] > 100000)
            return where + "field 'points' is not a whole number in [0, 100000]";
        p.cups.push_back(
            {e["cup"].get<std::string>(), e["place"].get<int>(), e["points"].get<int>()});
    }
    if (j.contains("current_cup")) {
        const json& c = j["current_cup"];
        const std::string where = src + ": current_cup: ";
        if (!c.is_object()) return where + "not an object";
        if (!c.contains("cup") || !name_ok(c["cup"])) return where + "field 'cup' is not a name";
        if (!c.contains("rounds") || !c["rounds"].is_array() || c["rounds"].size() > kMaxCupRounds)
            return where + "field 'rounds' is not a list of at most 20 rounds";
        CupUnderWay u;
        u.cup = c["cup"].get<std::string>();
        for (const json& r : c["rounds"]) {
            if (!r.is_array() || r.size() > 100) return where + "a round is not a list of places";
            std::vector<int> order;
            for (const json& d : r) {
                if (!d.is_number_integer() || d < 0 || d >= 100)
                    return where + "a round's driver is not a whole number in [0, 99]";
                order.push_back(d.get<int>());
            }
            u.rounds.push_back(std::move(order));
        }
        p.current_cup = std::move(u);
    }
    out = std::move(p);
    return "";
}

std::string progress_text(const Progress& p) {
    json medals = json::array();
    for (const TrackMedal& m : p.medals) {
        medals.push_back({{"track", m.track},
                          {"car", m.car},
                          {"lap", medal_name(m.lap)},
                          {"drift", medal_name(m.drift)},
                          {"best_lap_s", m.best_lap_s},
                          {"best_drift", m.best_drift}});
    }
    json cups = json::array();
    for (const CupResult& c : p.cups)
        cups.push_back({{"cup", c.cup}, {"place", c.place}, {"points", c.points}});
    json j = {
        {"format", kFormat}, {"version", kProgressVersion}, {"medals", medals}, {"cups", cups}};
    if (p.current_cup)
        j["current_cup"] = {{"cup", p.current_cup->cup}, {"rounds", p.current_cup->rounds}};
    return j.dump(2) + "\n";
}

bool valid_profile_name(std::string_view name) {
    if (name.empty() || name.size() > kMaxProfileName) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '-' || c == '_';
    });
}

std::string progress_path(const std::string& pref_dir, const std::string& profile) {
    if (pref_dir.empty()) return "";
    if (profile.empty()) return (std::filesystem::path(pref_dir) / "progress.json").string();
    if (!valid_profile_name(profile)) return "";
    return (std::filesystem::path(pref_dir) / ("progress-" + profile + ".json")).string();
}

ProgressLoad load_progress(const std::string& path) {
    ProgressLoad out;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return out;
    std::string text;
    std::string error;
    bool future = false;
    const FileResult r = read_file_capped(path, kMaxProgressBytes, text);
    if (!r.ok) {
        error = r.error;
    } else {
        error = parse_progress(text, path, out.progress, &future);
    }
    if (error.empty()) return out;
    out.progress = Progress{};
    // Keep the file: renamed to the first free PATH.bad-N (PATH.newer-N), never replaced.
    const std::string stem = path + (future ? ".newer-" : ".bad-");
    for (int n = 1; n <= 1000; ++n) {
        const std::string aside = stem + std::to_string(n);
        if (std::filesystem::exists(aside, ec)) continue;
        std::filesystem::rename(path, aside, ec);
        if (ec) {
            out.message = error + "; could not set it aside (" + ec.message() +
                          "): progress is not saved this run";
            out.set_aside = "";
            return out;
        }
        out.set_aside = aside;
        out.message = error + "; kept as " + aside + ", progress starts afresh";
        return out;
    }
    out.message = error + "; too many files set aside already: progress is not saved this run";
    return out;
}

FileResult save_progress(const std::string& path, const Progress& p, const FileOps& ops) {
    return write_file_atomic(path, progress_text(p), ops);
}

bool record_lap(Progress& p, const std::string& track, const std::string& car, double lap_s,
                const Medals& medals) {
    if (lap_s <= 0.0 || !std::isfinite(lap_s)) return false;
    TrackMedal& m = entry_of(p, track, car);
    if (m.best_lap_s <= 0.0 || lap_s < m.best_lap_s) m.best_lap_s = lap_s;
    const Medal won = lap_medal(medals, lap_s);
    if (won <= m.lap) return false;
    m.lap = won;
    return true;
}

bool record_drift(Progress& p, const std::string& track, const std::string& car, double score,
                  const Medals& medals) {
    if (score <= 0.0 || !std::isfinite(score)) return false;
    TrackMedal& m = entry_of(p, track, car);
    m.best_drift = std::max(m.best_drift, score);
    const Medal won = drift_medal(medals, score);
    if (won <= m.drift) return false;
    m.drift = won;
    return true;
}

void record_cup(Progress& p, const std::string& cup, int place, int points) {
    for (CupResult& c : p.cups) {
        if (c.cup != cup) continue;
        if (place < c.place || (place == c.place && points > c.points)) {
            c.place = place;
            c.points = points;
        }
        return;
    }
    p.cups.push_back({cup, place, points});
}

const TrackMedal* find_medal(const Progress& p, std::string_view track, std::string_view car) {
    for (const TrackMedal& m : p.medals)
        if (m.track == track && m.car == car) return &m;
    return nullptr;
}

int medal_count(const Progress& p, Medal at_least) {
    int n = 0;
    for (const TrackMedal& m : p.medals) {
        n += m.lap >= at_least && m.lap != Medal::None ? 1 : 0;
        n += m.drift >= at_least && m.drift != Medal::None ? 1 : 0;
    }
    return n;
}

std::vector<std::string> unlocked_presets(const Progress& p) {
    std::vector<std::string> out = {"hatch-fwd", "sports-rwd"};
    int best_cup = 1000;
    for (const CupResult& c : p.cups)
        best_cup = std::min(best_cup, c.place);
    if (medal_count(p, Medal::Silver) > 0 || best_cup <= 3) out.push_back("rally-awd");
    if (medal_count(p, Medal::Gold) > 0 || best_cup == 1) out.push_back("drift-rwd");
    return out;
}

bool preset_unlocked(const Progress& p, std::string_view preset) {
    const std::vector<std::string> open = unlocked_presets(p);
    return std::find(open.begin(), open.end(), preset) != open.end();
}

bool cup_unlocked(const Progress& p, const std::vector<std::string>& cup_ids, std::size_t k) {
    if (k >= cup_ids.size()) return false;
    if (k == 0) return true;
    for (const CupResult& c : p.cups)
        if (c.cup == cup_ids[k - 1] && c.place <= 3) return true;
    return false;
}

}  // namespace skidpad::app
