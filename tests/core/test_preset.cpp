// Presets: round trip of every tunable, all-or-nothing validation against a
// generated corpus of malformed files, size cap, and atomic save.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/params.hpp"
#include "skidpad/tune/player_keys.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
namespace fs = std::filesystem;

namespace {

using TempDir = test::TempDir;

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<double> snapshot(const Settings& s) {
    std::vector<double> v;
    for (const ParamDesc& p : param_registry().all())
        v.push_back(p.get(s));
    return v;
}

/// A value inside [min, max] that differs from the default and is not round in decimal.
double odd_value(const ParamDesc& p) {
    if (p.type == ParamType::Bool) return p.def != 0.0 ? 0.0 : 1.0;
    // soft.threads: the most this machine runs (a larger value loads clamped).
    const double top = p.slider_max > 0.0 ? p.slider_max : p.max;
    if (p.type != ParamType::Real) return p.def != top ? top : p.min;
    double v = p.min + (p.max - p.min) * 0.3183098861837907;
    if (v == p.def) v = p.min + (p.max - p.min) * 0.7071067811865476;
    return v;
}

/// Small deterministic generator (the corpus is the same on every run).
struct Lcg {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    std::uint32_t next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(s >> 33);
    }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : next() % n; }
};

}  // namespace

TEST_CASE("every tunable but the player's own round-trips through a preset file unchanged",
          "[preset]") {
    TempDir dir;
    const ParamRegistry& reg = param_registry();
    for (int pass = 0; pass < 3; ++pass) {
        Settings a;
        for (const ParamDesc& p : reg.all()) {
            // The top of a range this machine uses (soft.threads: its cores; a larger
            // value is clamped on load, tested below).
            const double top = p.slider_max > 0.0 ? p.slider_max : p.max;
            const double v = pass == 0 ? p.min : pass == 1 ? top : odd_value(p);
            REQUIRE(reg.check(p, v).ok);
            p.set_raw(a, v);
        }
        const std::string path = dir.file("roundtrip.json");
        const FileResult saved = save_preset_file(path, a, "roundtrip", false);
        REQUIRE(saved.ok);
        Settings b;
        const PresetResult r = load_preset_file(path, b);
        INFO(r.error);
        REQUIRE(r.ok);
        CHECK(r.warnings.empty());
        CHECK(r.name == "roundtrip");
        // The player's own keys (display.*, the sound levels) are not a preset's: they are
        // not written, and stay at the loading side's values.
        int players = 0;
        for (const ParamDesc& p : reg.all())
            players += is_player_key(p.key) ? 1 : 0;
        CHECK(players > 0);
        CHECK(r.keys_applied == static_cast<int>(reg.all().size()) - players);
        for (const ParamDesc& p : reg.all()) {
            INFO(p.key << " pass " << pass);
            CHECK(p.get(b) == (is_player_key(p.key) ? p.get(Settings{}) : p.get(a)));
        }
    }
}

TEST_CASE("a preset's thread count above this machine's is clamped with a warning", "[preset]") {
    const ParamDesc* p = param_registry().find("soft.threads");
    REQUIRE(p != nullptr);
    CHECK(p->max == kMaxSoftThreads);  // any machine reads any saved count
    CHECK(p->slider_max == soft_machine_threads());
    const int machine = soft_machine_threads();
    if (machine >= kMaxSoftThreads) return;  // nothing is above this machine's
    Settings s;
    const PresetResult r = apply_preset_text(
        R"({"format":"skidpad-preset","version":1,"values":{"soft.threads":256}})", "many.json", s);
    REQUIRE(r.ok);
    CHECK(s.soft.threads == machine);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0].find("many.json") != std::string::npos);
    CHECK(r.warnings[0].find("soft.threads 256") != std::string::npos);
    // A count the machine has is taken as it is, without a warning.
    Settings t;
    const PresetResult ok = apply_preset_text(
        R"({"format":"skidpad-preset","version":1,"values":{"soft.threads":1}})", "one.json", t);
    REQUIRE(ok.ok);
    CHECK(t.soft.threads == 1);
    CHECK(ok.warnings.empty());
}

TEST_CASE("a preset holding a subset of keys leaves the other keys unchanged", "[preset]") {
    Settings s;
    s.sim.substeps = 7;
    const PresetResult r = apply_preset_text(
        R"({"format":"skidpad-preset","version":1,"name":"light","values":{"car.mass":900}})",
        "light.json", s);
    REQUIRE(r.ok);
    CHECK(s.car.mass == 900.0);
    CHECK(s.sim.substeps == 7);
    CHECK(r.keys_applied == 1);
    CHECK(r.car_keys_applied == 1);
    const PresetResult sim = apply_preset_text(
        R"({"format":"skidpad-preset","version":1,"name":"fast","values":{"sim.substeps":2}})",
        "fast.json", s);
    REQUIRE(sim.ok);
    CHECK(sim.keys_applied == 1);
    CHECK(sim.car_keys_applied == 0);
}

TEST_CASE("preset errors name the file and the key and the value and the allowed range",
          "[preset]") {
    Settings s;
    PresetResult r = apply_preset_text(R"({"version":1,"values":{"car.mass":1e9}})", "big.json", s);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("big.json") != std::string::npos);
    CHECK(r.error.find("car.mass") != std::string::npos);
    CHECK(r.error.find("value 1000000000 ") != std::string::npos);
    CHECK(r.error.find("[500, 5000] kg") != std::string::npos);

    r = apply_preset_text(R"({"version":1,"values":{"car.mass":"heavy"}})", "type.json", s);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("type.json: car.mass: value \"heavy\" has the wrong type") == 0);
    CHECK(r.error.find("[500, 5000] kg") != std::string::npos);

    r = apply_preset_text(R"({"version":1,"values":{"car.mass":1e999}})", "inf.json", s);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("inf.json: car.mass: value 1e999 is not a finite number") == 0);

    r = apply_preset_text(R"({"version":1,"values":{"sim.substeps":2.5}})", "int.json", s);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("sim.substeps") != std::string::npos);

    r = apply_preset_text(R"({"version":2,"values":{}})", "new.json", s);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("newer") != std::string::npos);

    r = apply_preset_text(R"({"values":{"car.mass":1000, "car.wings":3}})", "old.json", s);
    CHECK(r.ok);
    CHECK(s.car.mass == 1000.0);
    REQUIRE(r.warnings.size() == 2);  // no version, unknown key
    CHECK(r.warnings[0].find("version") != std::string::npos);
    CHECK(r.warnings[1].find("'car.wings'") != std::string::npos);
}

TEST_CASE("a preset with one bad value applies none of its values", "[preset]") {
    Settings s;
    const PresetResult r = apply_preset_text(
        R"({"version":1,"values":{"car.mass":1000,"sim.substeps":9,"camera.zoom":-3}})", "mix.json",
        s);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("camera.zoom") != std::string::npos);
    CHECK(s.car.mass == Settings{}.car.mass);
    CHECK(s.sim.substeps == Settings{}.sim.substeps);
}

TEST_CASE("files over 1 MiB are refused before parsing", "[preset]") {
    TempDir dir;
    const std::string path = dir.file("huge.json");
    {
        std::ofstream out(path, std::ios::binary);
        out << R"({"version":1,"values":{"car.mass":1000}, "pad":")";
        out << std::string(kMaxPresetBytes, ' ') << "\"}";
    }
    Settings s;
    const PresetResult r = load_preset_file(path, s);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find(path) == 0);
    CHECK(r.error.find("refused") != std::string::npos);
    CHECK(s.car.mass == Settings{}.car.mass);

    const PresetResult missing = load_preset_file(dir.file("nope.json"), s);
    CHECK_FALSE(missing.ok);
    CHECK(missing.error.find("nope.json") != std::string::npos);
    const PresetResult directory = load_preset_file(dir.path.string(), s);
    CHECK_FALSE(directory.ok);
}

TEST_CASE("10000 generated malformed presets never crash or change values and always explain",
          "[preset][fuzz]") {
    const ParamRegistry& reg = param_registry();
    const auto& params = reg.all();
    // Start from non-default values so that a partial apply would show.
    Settings current;
    for (const ParamDesc& p : params)
        p.set_raw(current, odd_value(p));
    const std::vector<double> before = snapshot(current);
    const std::string valid = preset_to_text(Settings{}, "valid", false);

    Lcg rng;
    int cases = 0;
    int errors = 0;
    int warned = 0;
    const char* bad_values[] = {"\"abc\"", "[]",       "{}",     "null",  "[1,2]",    "\"\"",
                                "NaN",     "Infinity", "-inf",   "1e999", "-1e999",   "1e300",
                                "-1e300",  "1e20",     "2.5e15", "0x10",  "\"1500\"", "tru"};
    const char* kinds[] = {"truncated", "wrong-type", "unknown-key", "deep",
                           "empty",     "garbage",    "top-level"};
    while (cases < 10000) {
        const int kind = static_cast<int>(rng.below(7));
        std::string text;
        std::string expect_in_message;  // a key or token the message must name
        bool expect_ok = false;
        const ParamDesc& p = params[rng.below(params.size())];
        switch (kind) {
            case 0:  // truncated valid preset (any cut before the closing brace)
                text = valid.substr(0, rng.below(valid.size() - 2));
                break;
            case 1: {  // wrong type / NaN / inf / huge, next to a valid key
                const char* v = bad_values[rng.below(std::size(bad_values))];
                text = std::string(R"({"version":1,"values":{"car.mass":1000,")") + p.key +
                       "\":" + v + "}}";
                // Strings are valid for enums/bools only when they name an option; these do not.
                const std::string vs = v;
                const bool lexer_error =
                    vs == "NaN" || vs == "Infinity" || vs == "-inf" || vs == "0x10" || vs == "tru";
                const bool in_range_number =
                    (vs == "1e20" || vs == "2.5e15" || vs == "1e300" || vs == "-1e300") &&
                    reg.check(p, std::stod(vs)).ok;
                if (in_range_number) continue;  // a legal value: not a malformed case
                if (!lexer_error) expect_in_message = p.key;
                break;
            }
            case 2: {  // unknown keys only: a warning naming each, nothing changes
                std::string key = "no.such";
                for (int i = 0, n = 1 + static_cast<int>(rng.below(12)); i < n; ++i) {
                    key += static_cast<char>('a' + rng.below(26));
                }
                text = R"({"version":1,"values":{")" + key +
                       "\":" + std::to_string(rng.below(100)) + "}}";
                expect_ok = true;
                expect_in_message = key;
                break;
            }
            case 3: {  // deep nesting, inside values or at the top
                const std::size_t depth = kMaxPresetDepth + 1 + rng.below(3000);
                const std::string open(depth, '['), close(depth, ']');
                text = rng.below(2)
                           ? open + close
                           : R"({"version":1,"values":{")" + p.key + "\":" + open + close + "}}";
                break;
            }
            case 4: {  // empty or whitespace
                const char* empties[] = {"", " ", "\n", "\t\r\n  ", "{}", "[]", "null", "0"};
                text = empties[rng.below(std::size(empties))];
                break;
            }
            case 5: {  // binary garbage, sometimes after a valid prefix
                const std::size_t n = 1 + rng.below(200);
                if (rng.below(2)) text = R"({"version":1,"values":{"car.mass":)";
                for (std::size_t i = 0; i < n; ++i)
                    text += static_cast<char>(rng.below(256));
                break;
            }
            default: {  // structurally wrong top level
                const char* tops[] = {R"({"version":"1","values":{}})",
                                      R"({"version":1.5,"values":{}})",
                                      R"({"version":99,"values":{}})",
                                      R"({"version":0,"values":{}})",
                                      R"({"version":1,"values":[1,2]})",
                                      R"({"version":1,"values":"car.mass=1"})",
                                      R"({"version":1})",
                                      R"({"format":"other","version":1,"values":{}})",
                                      R"({"version":1,"name":7,"values":{}})",
                                      R"(["car.mass",1000])"};
                text = tops[rng.below(std::size(tops))];
                break;
            }
        }
        ++cases;
        Settings s = current;
        const PresetResult r = apply_preset_text(text, "fuzz.json", s);
        INFO("case " << cases << " kind " << kinds[kind] << " text " << text.substr(0, 120));
        REQUIRE(snapshot(s) == before);
        if (expect_ok) {
            REQUIRE(r.ok);
            REQUIRE_FALSE(r.warnings.empty());
            REQUIRE(r.warnings.back().find(expect_in_message) != std::string::npos);
            ++warned;
            continue;
        }
        REQUIRE_FALSE(r.ok);
        REQUIRE(r.error.rfind("fuzz.json: ", 0) == 0);
        REQUIRE(r.error.size() > std::string("fuzz.json: ").size() + 8);
        if (!expect_in_message.empty()) {
            REQUIRE(r.error.find(expect_in_message) != std::string::npos);
        }
        ++errors;
    }
    CHECK(cases == 10000);
    CHECK(errors + warned == cases);
    CHECK(warned > 500);
}

TEST_CASE("an interrupted save leaves the previous file byte-identical", "[preset][save]") {
    TempDir dir;
    const std::string path = dir.file("user.json");
    Settings old_settings;
    old_settings.car.mass = 1111.0;
    REQUIRE(save_preset_file(path, old_settings, "old", false).ok);
    const std::string old_bytes = read_all(path);
    REQUIRE(old_bytes.find("1111") != std::string::npos);

    Settings next;
    next.car.mass = 2222.0;
    // Write half, then fail as a full disk would.
    FileOps half = default_file_ops();
    int calls = 0;
    half.write = [&calls](int fd, const void* data, std::size_t n) -> long {
        if (calls++ == 0) return static_cast<long>(::write(fd, data, n / 2));
        errno = ENOSPC;
        return -1;
    };
    FileOps no_sync = default_file_ops();
    no_sync.fsync = [](int) {
        errno = EIO;
        return -1;
    };
    FileOps no_rename = default_file_ops();
    no_rename.rename = [](const char*, const char*) {
        errno = EXDEV;
        return -1;
    };
    for (const FileOps* ops : {&half, &no_sync, &no_rename}) {
        const FileResult r = save_preset_file(path, next, "new", false, *ops);
        CHECK_FALSE(r.ok);
        CHECK(r.error.find(path) == 0);
        CHECK(read_all(path) == old_bytes);
        // No temporary file is left behind.
        int files = 0;
        for (const auto& e : fs::directory_iterator(dir.path))
            files += e.is_regular_file() ? 1 : 0;
        CHECK(files == 1);
    }
    CHECK(calls >= 2);

    // And a save that succeeds replaces the file.
    REQUIRE(save_preset_file(path, next, "new", false).ok);
    Settings loaded;
    REQUIRE(load_preset_file(path, loaded).ok);
    CHECK(loaded.car.mass == 2222.0);
}
