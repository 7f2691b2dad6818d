// Every parser at the edge of its limits: files at or just under the size cap, in the
// worst shapes the format allows (nesting at the depth limit, the most elements, the
// longest strings, the longest lines). Each case asserts the verdict (accepted or refused)
// and bounds on the parse's work, counted rather than timed so that a slow or busy
// machine or a sanitizer build gives the same figures: the most heap held at once, the
// bytes allocated in all and the number of allocations. The bounds are generous (several
// times what the worst case takes): they catch a parser that goes quadratic in its
// allocations or copies the file many times, not a small change of the parser.
//
// Each parse runs in a forked child so that nothing it leaves behind counts for the next.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "input_bindings.hpp"
#include "lab.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/replay/replay.hpp"
#include "skidpad/scene/json_limits.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/scene/track.hpp"
#include "skidpad/tune/params.hpp"
#include "support/work_count.hpp"

using namespace skidpad;

namespace {

// The worst cases here: 153 MB held at once (the replay with the most input runs), 290 MB
// allocated in 3.4 million allocations (the input script of the most rows).
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kMaxPeakMegabytes = 256.0;
constexpr double kMaxAllocatedMegabytes = 1024.0;
constexpr double kMaxAllocations = 10e6;

struct Measured {
    bool ran = false;       ///< the child reported back
    bool accepted = false;  ///< the parser's verdict
    double peak_megabytes = 0.0;
    double allocated_megabytes = 0.0;
    double allocations = 0.0;
};

/// Runs `parse` (true = accepted) in a child process and counts its work.
Measured measure(const std::function<bool()>& parse) {
    Measured m;
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        bool ok = false;
        const test::Work w = test::count_work([&] { ok = parse(); });
        const double report[4] = {ok ? 1.0 : 0.0, static_cast<double>(w.peak_heap) / kMiB,
                                  static_cast<double>(w.bytes_allocated) / kMiB,
                                  static_cast<double>(w.allocations)};
        const bool sent =
            write(fds[1], report, sizeof report) == static_cast<ssize_t>(sizeof report);
        _exit(sent ? 0 : 1);
    }
    close(fds[1]);
    double report[4] = {0.0, 0.0, 0.0, 0.0};
    const bool got = read(fds[0], report, sizeof report) == static_cast<ssize_t>(sizeof report);
    close(fds[0]);
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    m.ran = got && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    m.accepted = report[0] != 0.0;
    m.peak_megabytes = report[1];
    m.allocated_megabytes = report[2];
    m.allocations = report[3];
    return m;
}

}  // namespace

// A macro so that a failure names the line of the case.
#define CHECK_BOUNDS(measured, expect_accepted)                                          \
    do {                                                                                 \
        const Measured m_ = (measured);                                                  \
        INFO("peak " << m_.peak_megabytes << " MB, allocated " << m_.allocated_megabytes \
                     << " MB in " << m_.allocations << " allocations");                  \
        REQUIRE(m_.ran);                                                                 \
        CHECK(m_.accepted == (expect_accepted));                                         \
        CHECK(m_.peak_megabytes < kMaxPeakMegabytes);                                    \
        CHECK(m_.allocated_megabytes < kMaxAllocatedMegabytes);                          \
        CHECK(m_.allocations < kMaxAllocations);                                         \
    } while (false)

namespace {

/// `prefix` + `unit` repeated + `suffix`, with as many units as keep it within `bytes`.
std::string fill(const std::string& prefix, const std::string& unit, const std::string& separator,
                 const std::string& suffix, std::size_t bytes) {
    std::string s = prefix;
    bool first = true;
    while (s.size() + separator.size() + unit.size() + suffix.size() <= bytes) {
        if (!first) s += separator;
        s += unit;
        first = false;
    }
    return s + suffix;
}

/// [[[...[1]...]]]: an array nested exactly `depth` levels.
std::string nested(int depth) {
    return std::string(static_cast<std::size_t>(depth), '[') + "1" +
           std::string(static_cast<std::size_t>(depth), ']');
}

}  // namespace

TEST_CASE("presets at the 1 MiB cap parse within bounded work and 256 MB",
          "[limits][bounds][preset]") {
    const std::size_t cap = kMaxPresetBytes;
    const auto apply = [](const std::string& text) {
        return [text] {
            Settings s;
            return apply_preset_text(text, "bounds.json", s).ok;
        };
    };
    // Nesting at the depth limit (the top object is level 1), repeated to the cap: an
    // unknown top-level key is ignored with a warning.
    const std::string deep =
        fill(R"({"values":{},"extra":[)", nested(kMaxPresetDepth - 2), ",", "]}", cap);
    INFO("deep: " << deep.size() << " bytes");
    REQUIRE(deep.size() <= cap);
    REQUIRE(json_too_deep_at(deep, kMaxPresetDepth) == std::string::npos);
    CHECK_BOUNDS(measure(apply(deep)), true);
    // One level deeper is refused.
    CHECK_BOUNDS(measure(apply(R"({"values":{},"extra":)" + nested(kMaxPresetDepth) + "}")), false);
    // The most keys: every one a different unknown tunable (a warning each; a key named
    // twice is refused).
    std::string keys = R"({"format":"skidpad-preset","values":{)";
    for (std::size_t i = 0; keys.size() + 24 <= cap; ++i)
        keys += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":1";
    keys += "}}";
    REQUIRE(keys.size() <= cap);
    CHECK_BOUNDS(measure(apply(keys)), true);
    // The longest string: a name of almost 1 MiB.
    const std::string name = R"({"values":{},"name":")" + std::string(cap - 40, 'n') + "\"}";
    REQUIRE(name.size() <= cap);
    CHECK_BOUNDS(measure(apply(name)), true);
    // One byte over the cap is refused.
    CHECK_BOUNDS(measure(apply(name + std::string(cap + 1 - name.size(), ' '))), false);
}

TEST_CASE("levels at the 8 MiB cap parse within bounded work and 256 MB",
          "[limits][bounds][level]") {
    const std::size_t cap = kMaxLevelBytes;
    const auto parse = [](const std::string& text) {
        return [text] {
            Level lv;
            return parse_level_text(text, "bounds.json", lv).ok;
        };
    };
    const std::string head = R"({"format":"skidpad-level","version":1,"bodies":[)";
    // The most bodies as single crates, each 2 m from the next on a 250-wide grid.
    std::string crates = head;
    for (int i = 0; i < kMaxLevelBodies; ++i) {
        crates += std::string(i ? "," : "") + R"({"type":"crate","x":)" +
                  std::to_string(2 * (i % 250)) + R"(,"y":)" + std::to_string(2 * (i / 250)) +
                  R"(,"angle":0.125,"size":1,"mass":20})";
    }
    REQUIRE(crates.size() + 2 <= cap);
    CHECK_BOUNDS(measure(parse(crates + "]}")), true);
    // One more is refused.
    CHECK_BOUNDS(measure(parse(crates + R"(,{"type":"crate","x":-50,"y":-50}]})")), false);
    // The most bodies from the fewest bytes: 50 stacks of 1,000 crates.
    std::string stacks = head;
    for (int i = 0; i < 50; ++i) {
        stacks += std::string(i ? "," : "") + R"({"type":"crate_stack","x":0,"y":)" +
                  std::to_string(60 * i) + R"(,"cols":1000,"rows":1})";
    }
    CHECK_BOUNDS(measure(parse(stacks + "]}")), true);
    // Nesting at the limit in an ignored field, repeated up to the container limit ...
    const std::string unit = nested(kMaxJsonDepth - 2);  // 14 arrays
    const std::size_t units = (kMaxLevelContainers - 3) / (kMaxJsonDepth - 2);
    const std::string deep_ok = fill(head + R"(],"extra":[)", unit, ",", "]}",
                                     head.size() + 12 + units * (unit.size() + 1));
    const std::size_t containers = json_counts(deep_ok).containers;
    REQUIRE(containers <= static_cast<std::size_t>(kMaxLevelContainers));
    REQUIRE(containers + kMaxJsonDepth > static_cast<std::size_t>(kMaxLevelContainers));
    CHECK_BOUNDS(measure(parse(deep_ok)), true);
    // ... and to the size cap: refused before parsing (the parser's tree of 8 MiB of
    // nested arrays would take some 250 MB).
    const std::string deep = fill(head + R"(],"extra":[)", unit, ",", "]}", cap);
    REQUIRE(deep.size() <= cap);
    CHECK_BOUNDS(measure(parse(deep)), false);
    // The most values the parser must hold: numbers, empty strings and keys up to the
    // value limit (accepted), and to the size cap (refused before parsing). The
    // document's own keys and containers count 6 of the limit.
    enum class Kind { Zero, EmptyString, Key };
    const auto values = [&](Kind kind, std::size_t count) {
        std::string t = head + (kind == Kind::Key ? R"(],"extra":{)" : R"(],"extra":[)");
        for (std::size_t i = 0; i < count && t.size() + 32 <= cap; ++i) {
            if (i) t += ",";
            t += kind == Kind::Zero          ? std::string("0")
                 : kind == Kind::EmptyString ? std::string(R"("")")
                                             : "\"" + std::to_string(i) + "\":0";
        }
        return t + (kind == Kind::Key ? "}}" : "]}");
    };
    const std::size_t most = kMaxLevelValues - 6;
    for (const Kind kind : {Kind::Zero, Kind::EmptyString, Kind::Key}) {
        CHECK_BOUNDS(measure(parse(values(kind, most))), true);
    }
    CHECK_BOUNDS(measure(parse(values(Kind::Zero, cap))), false);
    CHECK_BOUNDS(measure(parse(values(Kind::EmptyString, cap))), false);
    // The longest string (in a key the level ignores; a name is at most 64 bytes), then
    // one byte over the cap.
    const std::string name = head + R"(],"note":")" + std::string(cap - 80, 'n') + "\"}";
    REQUIRE(name.size() <= cap);
    CHECK_BOUNDS(measure(parse(name)), true);
    CHECK_BOUNDS(measure(parse(name + std::string(cap + 1 - name.size(), ' '))), false);
}

TEST_CASE("tracks at the 1 MiB cap parse within bounded work and 256 MB",
          "[limits][bounds][track]") {
    const std::size_t cap = kMaxTrackBytes;
    const auto parse = [](const std::string& text) {
        return [text] { return parse_track_text(text, "bounds.json").ok; };
    };
    // The most control points and (nearly) the most samples: 10,000 points on a circle
    // whose length at a 2 m spacing is just under 10,000 samples, so the quadratic
    // self-crossing check runs at its largest.
    const double r = 0.99 * kMaxTrackSamples * 2.0 / (2.0 * M_PI);
    std::string circle = R"({"format":"skidpad-track","version":1,"width":12,"centre_line":[)";
    for (int i = 0; i < kMaxTrackControlPoints; ++i) {
        const double a = 2.0 * M_PI * i / kMaxTrackControlPoints;
        char point[64];
        std::snprintf(point, sizeof point, "%s[%.3f,%.3f]", i ? "," : "", r * std::cos(a),
                      r * std::sin(a));
        circle += point;
    }
    REQUIRE(circle.size() + 2 <= cap);
    CHECK_BOUNDS(measure(parse(circle + "]}")), true);
    // One point more is refused.
    CHECK_BOUNDS(measure(parse(circle + ",[0,0]]}")), false);
    // A loop far longer than 10,000 samples is refused before resampling.
    CHECK_BOUNDS(measure(parse(R"({"format":"skidpad-track","width":12,"spacing":0.5,)"
                               R"("centre_line":[[-9999,-9999],[9999,-9999],[9999,9999],)"
                               R"([-9999,9999]]})")),
                 false);
    // Nesting at the limit in an ignored field, repeated to the cap, beside a valid loop.
    const std::string deep =
        fill(R"({"format":"skidpad-track","width":12,"centre_line":[[0,0],[100,0],[100,100],)"
             R"([0,100]],"extra":[)",
             nested(kMaxJsonDepth - 2), ",", "]}", cap);
    CHECK_BOUNDS(measure(parse(deep)), true);
    // The longest string (in a key the track ignores; a name is at most 64 bytes), then
    // one byte over the cap.
    const std::string name =
        R"({"format":"skidpad-track","width":12,"centre_line":[[0,0],[100,0],[100,100],)"
        R"([0,100]],"note":")" +
        std::string(cap - 200, 'n') + "\"}";
    CHECK_BOUNDS(measure(parse(name)), true);
    CHECK_BOUNDS(measure(parse(name + std::string(cap + 1 - name.size(), ' '))), false);
}

TEST_CASE("input scripts at the 16 MiB cap parse within bounded work and 256 MB",
          "[limits][bounds][input]") {
    const std::size_t cap = kMaxInputScriptBytes;
    const auto parse = [](const std::string& text) {
        return [text] { return parse_input_script(text, "bounds.csv").ok; };
    };
    const std::string header = "t,throttle,brake,steer,handbrake,gear\n";
    // The most rows: short ones with ascending times.
    std::string rows = header;
    for (long long i = 0; rows.size() + 40 <= cap; ++i) {
        rows += std::to_string(i) + ",1,0,-0.5,0,3\n";
    }
    CHECK_BOUNDS(measure(parse(rows)), true);
    // The longest line: one comment of almost 16 MiB after a row.
    const std::string comment = header + "0,0,0,0,0,\n#" + std::string(cap - 60, 'c') + "\n";
    CHECK_BOUNDS(measure(parse(comment)), true);
    // The longest bad cell: refused, quoting 80 characters of it.
    const std::string cell = header + "0," + std::string(cap - 60, '9') + "x,0,0,0,\n";
    CHECK_BOUNDS(measure(parse(cell)), false);
    // One byte over the cap is refused.
    CHECK_BOUNDS(measure(parse(comment + std::string(cap + 1 - comment.size(), ' '))), false);
}

TEST_CASE("set values as long as a command line allows parse within bounded work and 256 MB",
          "[limits][bounds][set]") {
    // Linux passes single arguments of up to 128 KiB.
    const auto apply = [](const std::string& value) {
        return [value] {
            std::vector<std::string> args = {"--set", value};
            Settings s;
            struct NullBuf : std::streambuf {
                int overflow(int c) override { return c; }
            } buf;
            std::ostream err(&buf);
            return lab::apply_settings_args(args, s, err);
        };
    };
    CHECK_BOUNDS(measure(apply("car.mass=" + std::string(128 * 1024, '1'))), false);
    CHECK_BOUNDS(measure(apply("car.mass=1500." + std::string(128 * 1024, '0'))), true);
    CHECK_BOUNDS(measure(apply(std::string(128 * 1024, 'k') + "=1")), false);
}

TEST_CASE("replays at the most input runs and events parse within bounded work and 256 MB",
          "[limits][bounds][replay]") {
    // The heaviest replay the format allows: every step a new input run (the gear request
    // flips, 4 bytes a run) up to kReplayMaxRuns, and kReplayMaxEvents removals (3 bytes
    // each) before the first step; about 10 MB, under the 64 MiB cap.
    const auto build = [](std::size_t runs, std::size_t events) {
        Replay r;
        r.runs.reserve(runs);
        for (std::size_t k = 0; k < runs; ++k) {
            InputState in;
            in.gear_request = k % 2 == 0 ? 1 : 2;
            r.runs.push_back({k, in});
        }
        r.steps = runs;
        ReplayEvent e;
        e.op = ReplayOp::Remove;
        e.body.index = 1;
        e.body.generation = 1;
        r.events.assign(events, e);
        return encode_replay(r);
    };
    const std::string most = build(kReplayMaxRuns, kReplayMaxEvents);
    REQUIRE(most.size() <= kReplayMaxBytes);
    CHECK_BOUNDS(measure([&] { return parse_replay(most).ok; }), true);
    // One run more, or one event more, is refused.
    const std::string runs_over = build(kReplayMaxRuns + 1, 0);
    CHECK_BOUNDS(measure([&] { return parse_replay(runs_over).ok; }), false);
    const std::string events_over = build(1, kReplayMaxEvents + 1);
    CHECK_BOUNDS(measure([&] { return parse_replay(events_over).ok; }), false);
}

TEST_CASE("bindings at the 16 KiB cap parse within bounded work and 256 MB",
          "[limits][bounds][bindings]") {
    const auto parse = [](const std::string& text) {
        return [text] {
            Bindings b;
            return parse_bindings_text(text, "bounds.json", b).ok;
        };
    };
    const std::string head = R"({"format":"skidpad-bindings","version":1,"keyboard":{)";
    // The most entries: one object of short unknown action names, refused by name.
    const std::string many = fill(head, R"("x":["W"])", ",", "}}", kMaxBindingsBytes);
    CHECK_BOUNDS(measure(parse(many)), false);
    // The longest key name in one slot: refused, quoting at most 80 characters of it.
    const std::string longest = head + R"("throttle":[")" +
                                std::string(kMaxBindingsBytes - head.size() - 20, 'k') + R"("]}})";
    REQUIRE(longest.size() <= kMaxBindingsBytes);
    CHECK_BOUNDS(measure(parse(longest)), false);
    Bindings b;
    const BindingsResult r = parse_bindings_text(longest, "bounds.json", b);
    CHECK(r.error.size() < 400);
    // One byte over the cap is refused.
    CHECK_BOUNDS(measure(parse(many + std::string(kMaxBindingsBytes + 1 - many.size(), ' '))),
                 false);
}
