// Hostile files for every file reader: deep nesting, huge values, endless or oversized
// inputs and out-of-range versions are refused with little work (bytes read and heap
// allocated are counted, not timed), with a short message naming the file. Each input is
// built here; nothing large is checked in.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "skidpad/input_script.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/scene/track.hpp"
#include "support/temp_dir.hpp"
#include "support/work_count.hpp"

using namespace skidpad;
namespace fs = std::filesystem;

namespace {

/// The work a parse or load did stays within `max_bytes` allocated, `max_allocations` calls
/// of operator new and `max_read` bytes read from files. A macro so that a failure names
/// its line.
#define CHECK_WORK(w, max_bytes, max_allocations, max_read)                         \
    do {                                                                            \
        INFO("allocated " << (w).bytes_allocated << " bytes in " << (w).allocations \
                          << " allocations, read " << (w).bytes_read << " bytes");  \
        CHECK((w).bytes_allocated <= (max_bytes));                                  \
        CHECK((w).allocations <= (max_allocations));                                \
        CHECK((w).bytes_read <= (max_read));                                        \
    } while (false)

// A refusal before parsing allocates its message and a few small strings: no copy of
// the text, nothing per element (the cases here would need megabytes to parse).
constexpr std::uint64_t kRefusalBytes = 64 * 1024;
constexpr std::uint64_t kRefusalAllocations = 1000;
using test::count_work;
using test::Work;

constexpr std::uint64_t kMiB = 1024 * 1024;

/// A refusal: names the source, stays one short line (at most ~80 characters of any value
/// plus the explanation).
void check_refusal(bool ok, const std::string& error, const std::string& source) {
    INFO(error.substr(0, 400));
    CHECK_FALSE(ok);
    CHECK(error.rfind(source + ":", 0) == 0);
    CHECK(error.size() < 400);
    CHECK(error.find('\n') == std::string::npos);
}

using TempDir = test::TempDir;

/// A sparse file of `size` bytes (no disk space used).
std::string sparse_file(const TempDir& dir, const std::string& name, std::size_t size) {
    const std::string p = dir.file(name);
    const int fd = ::open(p.c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    REQUIRE(fd >= 0);
    REQUIRE(::ftruncate(fd, static_cast<off_t>(size)) == 0);
    ::close(fd);
    return p;
}

const std::string kLevelHead = R"({"format":"skidpad-level","version":1,"bodies":[)";
const std::string kTrackHead =
    R"({"format":"skidpad-track","version":1,"width":10,"centre_line":[[0,0],[100,0],[100,100],)";

}  // namespace

TEST_CASE("deep nesting in levels and tracks is refused before parsing", "[limits][level][track]") {
    for (const std::size_t depth : {std::size_t{17}, std::size_t{100000}}) {
        const std::string open(depth, '['), close(depth, ']');
        INFO("depth " << depth);
        LevelResult lr;
        Level lv;
        const std::string level_text = kLevelHead + open + close + "]}";
        const Work wl = count_work([&] { lr = parse_level_text(level_text, "deep.json", lv); });
        check_refusal(lr.ok, lr.error, "deep.json");
        CHECK(lr.error.find("nesting deeper than 16 levels at line 1, column ") !=
              std::string::npos);
        // Refused before parsing: a parse would hold one JSON value per bracket.
        CHECK_WORK(wl, kRefusalBytes, kRefusalAllocations, 0u);

        TrackResult tr;
        const std::string track_text = kTrackHead + open + close + "]}";
        const Work wt = count_work([&] { tr = parse_track_text(track_text, "deep.json"); });
        check_refusal(tr.ok, tr.error, "deep.json");
        CHECK(tr.error.find("nesting deeper than 16 levels") != std::string::npos);
        CHECK_WORK(wt, kRefusalBytes, kRefusalAllocations, 0u);
    }
    // The formats' own nesting (3 levels) stays well inside the limit.
    Level lv;
    CHECK(parse_level_text(builtin_arena_json(), "arena.json", lv).ok);
}

TEST_CASE("refusals quote at most about 80 characters of a value", "[limits][level][track]") {
    const std::string big(900000, 'a');
    const std::string nested = "[[[[\"" + big + "\"]]]]";
    Level lv;
    const std::string level_cases[] = {
        kLevelHead + R"({"type":"crate","x":")" + big + R"(","y":0}]})",
        kLevelHead + R"({"type":"crate","x":)" + nested + R"(,"y":0}]})",
        kLevelHead + R"({"type":")" + big + R"("}]})",
        kLevelHead + R"({"type":"crate",")" + big + R"(":1,"x":)",
        kLevelHead + R"({"type":"crate","x":")" + big,  // unterminated string
        R"({"format":"skidpad-level","version":")" + big + R"(","bodies":[]})",
    };
    for (const std::string& text : level_cases) {
        const LevelResult r = parse_level_text(text, "big.json", lv);
        check_refusal(r.ok, r.error, "big.json");
        CHECK(r.error.find(std::string(81, 'a')) == std::string::npos);
    }
    const std::string track_cases[] = {
        kTrackHead + R"([")" + big + R"(",1]]})",
        kTrackHead + nested + "]}",
        kTrackHead + R"([")" + big,
        R"({"format":"skidpad-track","width":")" + big + R"("})",
    };
    for (const std::string& text : track_cases) {
        const TrackResult r = parse_track_text(text, "big.json");
        check_refusal(r.ok, r.error, "big.json");
        CHECK(r.error.find(std::string(81, 'a')) == std::string::npos);
    }
    Settings s;
    const PresetResult p =
        apply_preset_text(R"({"version":1,"values":{"car.mass":")" + big + "\"}}", "big.json", s);
    check_refusal(p.ok, p.error, "big.json");
    const InputScriptResult in = parse_input_script(
        "t,throttle,brake,steer,handbrake,gear\n" + big + ",0,0,0,0,\n", "big.csv");
    check_refusal(in.ok, in.error, "big.csv:2");
    CHECK(in.error.find(std::string(81, 'a')) == std::string::npos);
}

TEST_CASE("every file reader reads at most its cap plus one byte", "[limits][io]") {
    TempDir dir;
    const std::string files[] = {"/dev/zero",
                                 sparse_file(dir, "level.json", kMaxLevelBytes + 64 * kMiB),
                                 sparse_file(dir, "track.json", kMaxTrackBytes + 64 * kMiB),
                                 sparse_file(dir, "preset.json", kMaxPresetBytes + 64 * kMiB),
                                 sparse_file(dir, "script.csv", kMaxInputScriptBytes + 64 * kMiB)};
    for (const std::string& path : files) {
        INFO(path);
        const Work w = count_work([&] {
            Level lv;
            const LevelResult l = load_level_file(path, lv);
            check_refusal(l.ok, l.error, path);
            const TrackResult tr = load_track_file(path);
            check_refusal(tr.ok, tr.error, path);
            Settings s;
            const PresetResult p = load_preset_file(path, s);
            check_refusal(p.ok, p.error, path);
            const InputScriptResult in = load_input_script_file(path);
            check_refusal(in.ok, in.error, path);
        });
        // Each reader reads at most its cap plus one byte of a file 64 MiB over it (the
        // size on disk refuses it unread); nothing of it is copied to the heap.
        CHECK_WORK(w, kRefusalBytes, kRefusalAllocations,
                   kMaxLevelBytes + kMaxTrackBytes + kMaxPresetBytes + kMaxInputScriptBytes + 4);
    }
    // /dev/zero is endless: refused unread as not a regular file.
    CHECK(load_input_script_file("/dev/zero").error == "/dev/zero: not a regular file");
    // A script of exactly the cap is read (and then judged on its content).
    const std::string at_cap = sparse_file(dir, "cap.csv", kMaxInputScriptBytes);
    const InputScriptResult r = load_input_script_file(at_cap);
    CHECK_FALSE(r.ok);
    CHECK(r.error.find("larger than") == std::string::npos);
}

TEST_CASE("a FIFO without a writer is refused unread instead of waiting for one", "[limits][io]") {
    TempDir dir;
    const std::string fifo = dir.file("script.csv");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    // Opening a FIFO for reading blocks until a writer comes; nobody will. SIGALRM ends
    // the test run (a failure) instead of hanging it should the reader wait.
    ::alarm(10);
    const Work w = count_work([&] {
        const InputScriptResult in = load_input_script_file(fifo);
        CHECK(in.error == fifo + ": not a regular file");
        Level lv;
        const LevelResult l = load_level_file(fifo, lv);
        CHECK(l.error == fifo + ": not a regular file");
        CHECK_FALSE(load_track_file(fifo).ok);
        Settings s;
        CHECK_FALSE(load_preset_file(fifo, s).ok);
    });
    ::alarm(0);
    CHECK_WORK(w, kRefusalBytes, kRefusalAllocations, 0u);
}

TEST_CASE("levels and tracks accept exactly the version this build reads",
          "[limits][level][track]") {
    Level lv;
    const std::string square = R"(,"width":10,"centre_line":[[0,0],[100,0],[100,100],[0,100]]})";
    for (const char* v : {"18446744073709551615", "9223372036854775808", "2", "0", "-7",
                          "-9223372036854775808", "1.0", "\"1\"", "true", "null"}) {
        INFO(v);
        const LevelResult l = parse_level_text(
            std::string(R"({"format":"skidpad-level","version":)") + v + R"(,"bodies":[]})",
            "v.json", lv);
        check_refusal(l.ok, l.error, "v.json");
        CHECK(l.error.find("field 'version'") != std::string::npos);
        const TrackResult t = parse_track_text(
            std::string(R"({"format":"skidpad-track","version":)") + v + square, "v.json");
        check_refusal(t.ok, t.error, "v.json");
        CHECK(t.error.find("\"version\"") != std::string::npos);
    }
    const LevelResult huge = parse_level_text(
        R"({"format":"skidpad-level","version":18446744073709551615,"bodies":[]})", "v.json", lv);
    CHECK(huge.error.find("18446744073709551615 is newer") != std::string::npos);
    CHECK(
        parse_level_text(R"({"format":"skidpad-level","version":1,"bodies":[]})", "v.json", lv).ok);
    CHECK(parse_track_text(R"({"format":"skidpad-track","version":1)" + square, "v.json").ok);
    const TrackResult start = parse_track_text(
        R"({"format":"skidpad-track","start_index":18446744073709551615)" + square, "v.json");
    CHECK(start.error == "v.json: \"start_index\": 18446744073709551615 is outside [0, 3]");
    Settings s;
    const PresetResult p =
        apply_preset_text(R"({"version":18446744073709551615,"values":{}})", "v.json", s);
    CHECK_FALSE(p.ok);
    CHECK(p.error.find("18446744073709551615 is newer") != std::string::npos);
}

TEST_CASE("a key named twice in one object is refused in presets, levels and tracks",
          "[limits][level][track][preset]") {
    // Before, the last value won silently: a preset with car.mass twice set 2000 kg.
    Settings s;
    const Settings before = s;
    const PresetResult p = apply_preset_text(
        R"({"values":{"car.mass":900,"car.brake_bias":0.6,
  "car.mass":2000}})",
        "twice.json", s);
    CHECK_FALSE(p.ok);
    CHECK(p.error.find("twice.json") == 0);
    CHECK(p.error.find("duplicate key \"car.mass\" at line 2, column 3") != std::string::npos);
    CHECK(s.car.mass == before.car.mass);  // nothing applied
    // The same key in two different objects, and a key-like string value, are fine.
    CHECK(apply_preset_text(R"({"name":"values","values":{"car.mass":900}})", "ok.json", s).ok);
    CHECK(s.car.mass == 900.0);

    Level lv;
    const LevelResult l = parse_level_text(
        R"({"format":"skidpad-level","bodies":[{"type":"crate","x":1,"y":2,"x":3}]})", "l.json",
        lv);
    check_refusal(l.ok, l.error, "l.json");
    CHECK(l.error.find("duplicate key \"x\"") != std::string::npos);
    CHECK(
        parse_level_text(
            R"({"format":"skidpad-level","bodies":[{"type":"crate","x":1,"y":2},{"type":"crate","x":5,"y":2}]})",
            "l.json", lv)
            .ok);
    const TrackResult t = parse_track_text(
        R"({"format":"skidpad-track","width":10,"width":12,"centre_line":[[0,0],[100,0],[100,100],[0,100]]})",
        "t.json");
    check_refusal(t.ok, t.error, "t.json");
    CHECK(t.error.find("duplicate key \"width\"") != std::string::npos);
    // Escapes and strings with colons inside do not confuse the scan.
    CHECK(
        parse_track_text(
            R"({"format":"skidpad-track","name":"a\":b","width":10,"centre_line":[[0,0],[100,0],[100,100],[0,100]]})",
            "t.json")
            .ok);
}

TEST_CASE("a track's length is bounded before it is resampled", "[limits][track]") {
    // 149 bytes, 4 points: 72 km of loop at 0.5 m spacing is 144,000 samples.
    const std::string small =
        R"({"format":"skidpad-track","version":1,"width":10,"spacing":0.5,)"
        R"("centre_line":[[-9000,-9000],[9000,-9000],[9000,9000],[-9000,9000]]})";
    TrackResult r;
    Work w = count_work([&] { r = parse_track_text(small, "long.json"); });
    check_refusal(r.ok, r.error, "long.json");
    CHECK(r.error.find("\"centre_line\": the loop is 72000 m long, more than 10000 samples") !=
          std::string::npos);
    // Refused before resampling: 144,000 samples would take megabytes.
    CHECK_WORK(w, kRefusalBytes, kRefusalAllocations, 0u);

    const std::string far =
        R"({"format":"skidpad-track","width":10,"centre_line":[[0,0],[10001,0],[10001,10],[0,10]]})";
    r = parse_track_text(far, "far.json");
    check_refusal(r.ok, r.error, "far.json");
    CHECK(r.error.find("centre_line[1]: coordinates must be finite and within ±10000 m") !=
          std::string::npos);

    // A circle just under the sample limit loads, with bounded work.
    const double radius = 775.0;  // m: 2π·775 / 0.5 ≈ 9,740 samples
    std::string pts;
    for (int i = 0; i < 64; ++i) {
        const double a = 2.0 * 3.14159265358979 * i / 64.0;
        pts += (i ? "," : "") + std::string("[") + std::to_string(radius * std::cos(a)) + "," +
               std::to_string(radius * std::sin(a)) + "]";
    }
    const std::string circle =
        R"({"format":"skidpad-track","width":10,"spacing":0.5,"centre_line":[)" + pts + "]}";
    w = count_work([&] { r = parse_track_text(circle, "circle.json"); });
    INFO(r.error);
    REQUIRE(r.ok);
    CHECK(r.track.centre.size() > 9500);
    CHECK(r.track.centre.size() <= static_cast<std::size_t>(kMaxTrackSamples));
    // Some 21 MiB in about 400 allocations: the samples and their tables, not one
    // allocation per sample.
    CHECK_WORK(w, 64 * kMiB, 4000u, 0u);
}

TEST_CASE("levels refuse more JSON objects, arrays and values than bodies need, before parsing",
          "[limits][level]") {
    // The document, "bodies" and "extra" are 3 containers; the rest are empty arrays.
    const auto level = [](int arrays) {
        std::string extra;
        for (int i = 0; i < arrays; ++i)
            extra += i ? ",[]" : "[]";
        return kLevelHead + R"(],"extra":[)" + extra + "]}";
    };
    Level lv;
    LevelResult r = parse_level_text(level(kMaxLevelContainers - 3), "many.json", lv);
    INFO(r.error);
    CHECK(r.ok);
    r = parse_level_text(level(kMaxLevelContainers - 2), "many.json", lv);
    check_refusal(r.ok, r.error, "many.json");
    CHECK(r.error ==
          "many.json: 50017 JSON objects and arrays, more than 50016 (one per body "
          "element and a few for the document); refused");
}

TEST_CASE("levels refuse bodies on top of each other and too many bodies", "[limits][level]") {
    const auto level = [](const std::string& bodies) { return kLevelHead + bodies + "]}"; };
    const std::string wall = R"({"type":"tyre_wall","x0":5,"y0":5,"x1":5,"y1":5,"count":1000})";
    std::string repeated = wall;
    for (int i = 0; i < 5; ++i)
        repeated += "," + wall;
    struct Case {
        std::string text;
        std::string expect;
    };
    const Case cases[] = {
        {level(R"({"type":"tyre_wall","x0":5,"y0":5,"x1":5,"y1":5,"count":10000})"),
         "bodies[0] (tyre_wall): field 'count' = 10000 is outside [1, 1000]"},
        {level(repeated),
         "bodies[0] (tyre_wall): 1000 tyres along 0 m are 0 m apart, closer than "
         "their size of 0.7 m"},
        {level(R"({"type":"tyre_wall","x0":0,"y0":0,"x1":3,"y1":0,"count":5,"radius":0.5})"),
         "bodies[0] (tyre_wall): 5 tyres along 3 m are 0.75 m apart, closer than their size of 1 "
         "m: they would lie on top of each other (at most 4 fit)"},
        {level(R"({"type":"cone_line","x0":0,"y0":0,"x1":1,"y1":0,"count":10})"),
         "bodies[0] (cone_line): 10 cones along 1 m"},
        {level(R"({"type":"crate","x":1,"y":2},{"type":"tyre","x":3,"y":3},)"
               R"({"type":"crate","x":1.05,"y":2})"),
         "bodies[2] (crate) places a body at (1.05, 2), within 0.1 m of one of bodies[0] (crate)"},
        {level(R"({"type":"crate_stack","x":0,"y":0,"cols":3,"rows":3},)"
               R"({"type":"tyre","x":1.05,"y":0})"),
         "bodies[1] (tyre) places a body at (1.05, 0), within 0.1 m of one of bodies[0] "
         "(crate_stack)"},
        {level(R"({"type":"crate_stack","x":0,"y":0,"cols":300,"rows":300})"),
         "bodies[0]: the level has more than 50000 bodies"},
        {level(R"({"type":"crate","x":10001,"y":0})"),
         "bodies[0] (crate): field 'x' = 10001 is outside [-10000, 10000]"},
    };
    for (const Case& c : cases) {
        Level lv = builtin_arena_level();
        LevelResult r;
        const Work w = count_work([&] { r = parse_level_text(c.text, "bad.json", lv); });
        check_refusal(r.ok, r.error, "bad.json");
        CHECK(r.error.find(c.expect) != std::string::npos);
        CHECK(lv == builtin_arena_level());
        CHECK_WORK(w, kRefusalBytes, kRefusalAllocations, 0u);
    }
    // Allowed: tyres that touch, pinned barriers crossing at their centre, a repeated
    // crate moved by more than the limit, and the largest stack.
    const char* fine[] = {
        R"({"type":"tyre_wall","x0":0,"y0":0,"x1":9,"y1":0,"count":10,"radius":0.5})",
        R"({"type":"barrier","x":20,"y":0,"w":10,"h":1},{"type":"barrier","x":20,"y":0,"w":1,"h":10})",
        R"({"type":"crate","x":1,"y":2,"size":0.2},{"type":"crate","x":1.2,"y":2,"size":0.2})",
        R"({"type":"crate_stack","x":0,"y":0,"cols":200,"rows":250,"size":0.2,"gap":0})",
    };
    for (const char* bodies : fine) {
        Level lv;
        LevelResult r;
        const std::string text = level(bodies);
        const Work w = count_work([&] { r = parse_level_text(text, "fine.json", lv); });
        INFO(r.error);
        CHECK(r.ok);
        // The largest, 50,000 crates, takes some 6.3 MiB in 100,000 allocations (two per
        // body).
        CHECK_WORK(w, 64 * kMiB, 400000u, 0u);
    }
}

TEST_CASE("a level whose car starts inside a barrier is refused, one beside it accepted",
          "[limits][level]") {
    const auto level = [](const std::string& start, const std::string& bodies) {
        return R"({"format":"skidpad-level","version":1,"car_start":)" + start + R"(,"bodies":[)" +
               bodies + "]}";
    };
    const std::string origin = R"({"x":0,"y":0})";
    Level lv;
    // A 10 m block around the start (the car was thrown out of a 400 m one to its edge).
    LevelResult r = parse_level_text(
        level(origin,
              R"({"type":"crate","x":8,"y":0},{"type":"barrier","x":0,"y":0,"w":10,"h":10})"),
        "inside.json", lv);
    check_refusal(r.ok, r.error, "inside.json");
    CHECK(r.error ==
          "inside.json: car_start (0, 0) lies inside bodies[1] (barrier): the car would start "
          "inside it; refused");
    // A 1 m x 20 m wall centred 3 m away: beside the start unturned, across it turned by 90°.
    const std::string wall = R"({"type":"barrier","x":3,"y":0,"w":1,"h":20,"angle":)";
    r = parse_level_text(level(origin, wall + "0}"), "beside.json", lv);
    INFO(r.error);
    CHECK(r.ok);
    r = parse_level_text(level(origin, wall + "1.5707963}"), "across.json", lv);
    check_refusal(r.ok, r.error, "across.json");
    // An unpinned barrier is a barrier too; a start just outside its edge is accepted.
    r = parse_level_text(
        level(R"({"x":2.51,"y":0})", R"({"type":"barrier","x":0,"y":0,"w":5,"h":5,)"
                                     R"("pinned":false,"mass":3000})"),
        "edge.json", lv);
    INFO(r.error);
    CHECK(r.ok);
    r = parse_level_text(
        level(R"({"x":2.49,"y":0})", R"({"type":"barrier","x":0,"y":0,"w":5,"h":5,)"
                                     R"("pinned":false,"mass":3000})"),
        "edge.json", lv);
    check_refusal(r.ok, r.error, "edge.json");
}

TEST_CASE("level and track names longer than 64 bytes are refused", "[limits][level][track]") {
    const auto level = [](std::size_t n) {
        return R"({"format":"skidpad-level","name":")" + std::string(n, 'N') + R"(","bodies":[]})";
    };
    const auto track = [](std::size_t n) {
        return R"({"format":"skidpad-track","name":")" + std::string(n, 'N') +
               R"(","width":10,"centre_line":[[0,0],[100,0],[100,100],[0,100]]})";
    };
    Level lv;
    LevelResult l = parse_level_text(level(64), "name.json", lv);
    INFO(l.error);
    CHECK(l.ok);
    CHECK(lv.name == std::string(64, 'N'));
    l = parse_level_text(level(1000000), "name.json", lv);
    check_refusal(l.ok, l.error, "name.json");
    CHECK(l.error == "name.json: field 'name': 1000000 bytes, longer than 64; refused");
    TrackResult t = parse_track_text(track(64), "name.json");
    INFO(t.error);
    CHECK(t.ok);
    CHECK(t.track.name == std::string(64, 'N'));
    t = parse_track_text(track(65), "name.json");
    check_refusal(t.ok, t.error, "name.json");
    CHECK(t.error == "name.json: \"name\": 65 bytes, longer than 64; refused");
}
