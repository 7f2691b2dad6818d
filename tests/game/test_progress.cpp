// The progress file: it round-trips, a corrupt or newer file is renamed aside with a
// message (never overwritten), a save killed half way (its temp file left behind, or the
// rename failing) leaves the old file whole, profiles keep separate files, and medals and
// cup results unlock the presets and the next cup.
#include <catch2/catch.hpp>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "progress.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;
namespace fs = std::filesystem;

namespace {
/// Medals of a 60 s planner lap: gold 62.4 s, silver 66 s, bronze 70.8 s; drift 600/350/150.
Medals sample_medals() {
    Medals m;
    m.ok = true;
    m.planner_lap_s = 60.0;
    m.gold_s = 62.4;
    m.silver_s = 66.0;
    m.bronze_s = 70.8;
    m.drift_ideal = 1000.0;
    m.drift_gold = 600.0;
    m.drift_silver = 350.0;
    m.drift_bronze = 150.0;
    return m;
}
Progress sample() {
    Progress p;
    record_lap(p, "club", "sports-rwd", 65.0, sample_medals());
    record_drift(p, "oval", "drift-rwd", 700.0, sample_medals());
    record_cup(p, "bronze-cup", 2, 71);
    return p;
}
}  // namespace

TEST_CASE("progress: the file text round-trips", "[game][progress]") {
    const Progress p = sample();
    Progress back;
    REQUIRE(parse_progress(progress_text(p), "progress.json", back).empty());
    REQUIRE(back.medals.size() == 2);
    CHECK(back.medals[0].track == "club");
    CHECK(back.medals[0].lap == Medal::Silver);
    CHECK(back.medals[0].best_lap_s == 65.0);
    CHECK(back.medals[1].drift == Medal::Gold);
    CHECK(back.medals[1].best_drift == 700.0);
    REQUIRE(back.cups.size() == 1);
    CHECK(back.cups[0].place == 2);
    CHECK(back.cups[0].points == 71);
    CHECK(progress_text(back) == progress_text(p));
}

TEST_CASE("progress: bad fields are named with the file and the entry", "[game][progress]") {
    Progress p;
    CHECK(parse_progress("{", "f.json", p) == "f.json: not valid JSON");
    std::string text = progress_text(sample());
    text.replace(text.find("\"silver\""), 8, "\"platinum\"");
    const std::string err = parse_progress(text, "f.json", p);
    CHECK(err == "f.json: medals[0]: field 'lap' is not none, bronze, silver or gold");
    CHECK(p.medals.empty());
}

TEST_CASE("progress: a corrupt file is set aside with a message, never overwritten",
          "[game][progress]") {
    test::TempDir dir;
    const std::string path = progress_path(dir.path.string(), "");
    test::write_file(path, "{\"format\": \"skidpad-progress\", \"vers");
    const ProgressLoad l = load_progress(path);
    CHECK(l.progress.medals.empty());
    CHECK(l.set_aside == path + ".bad-1");
    CHECK(l.message.find("not valid JSON") != std::string::npos);
    CHECK(l.message.find(path + ".bad-1") != std::string::npos);
    CHECK_FALSE(fs::exists(path));
    CHECK(test::read_file(path + ".bad-1") == "{\"format\": \"skidpad-progress\", \"vers");
    // A second bad file goes beside the first, which stays as it was.
    test::write_file(path, "[]");
    const ProgressLoad l2 = load_progress(path);
    CHECK(l2.set_aside == path + ".bad-2");
    CHECK(test::read_file(path + ".bad-1") == "{\"format\": \"skidpad-progress\", \"vers");
    // Saving afterwards writes a fresh file; the set-aside ones are kept.
    REQUIRE(save_progress(path, sample()).ok);
    CHECK(fs::exists(path + ".bad-1"));
    CHECK(fs::exists(path + ".bad-2"));
}

TEST_CASE("progress: a file from a newer version is kept aside as .newer-N", "[game][progress]") {
    test::TempDir dir;
    const std::string path = dir.file("progress.json");
    std::string text = progress_text(sample());
    text.replace(text.find("\"version\": 1"), 12, "\"version\": 7");
    test::write_file(path, text);
    const ProgressLoad l = load_progress(path);
    CHECK(l.set_aside == path + ".newer-1");
    CHECK(l.message.find("newer Skidpad (version 7") != std::string::npos);
    CHECK(test::read_file(path + ".newer-1") == text);
    CHECK(l.progress.medals.empty());
}

TEST_CASE("progress: no file yet is empty progress without a message", "[game][progress]") {
    test::TempDir dir;
    const ProgressLoad l = load_progress(dir.file("progress.json"));
    CHECK(l.message.empty());
    CHECK(l.progress.medals.empty());
    CHECK(l.progress.cups.empty());
}

TEST_CASE("progress: a save killed half way leaves the old file or the new, never neither",
          "[game][progress]") {
    test::TempDir dir;
    const std::string path = dir.file("progress.json");
    Progress old = sample();
    REQUIRE(save_progress(path, old).ok);
    const std::string old_text = test::read_file(path);
    Progress next = old;
    record_cup(next, "silver-cup", 1, 98);
    // Killed after writing part of the temp file: the temp file stays, the file is the old.
    test::write_file(path + ".tmp.Ab12Cd", progress_text(next).substr(0, 40));
    ProgressLoad l = load_progress(path);
    CHECK(l.message.empty());
    CHECK(progress_text(l.progress) == old_text);
    // A write that fails half way (the disk full), or a rename that never happens.
    FileOps ops = default_file_ops();
    ops.write = [](int, const void*, std::size_t size) -> long {
        errno = ENOSPC;
        return size > 10 ? 10 : -1;
    };
    CHECK_FALSE(save_progress(path, next, ops).ok);
    CHECK(test::read_file(path) == old_text);
    ops = default_file_ops();
    ops.rename = [](const char*, const char*) {
        errno = EIO;
        return -1;
    };
    CHECK_FALSE(save_progress(path, next, ops).ok);
    CHECK(test::read_file(path) == old_text);
    // And a save that completes gives the new progress.
    REQUIRE(save_progress(path, next).ok);
    l = load_progress(path);
    CHECK(l.message.empty());
    CHECK(progress_text(l.progress) == progress_text(next));
}

TEST_CASE("progress: profiles keep separate files, their names checked", "[game][progress]") {
    CHECK(valid_profile_name("ana"));
    CHECK(valid_profile_name("Seat_2-b"));
    CHECK_FALSE(valid_profile_name(""));
    CHECK_FALSE(valid_profile_name("../x"));
    CHECK_FALSE(valid_profile_name("a b"));
    CHECK_FALSE(valid_profile_name(std::string(33, 'a')));
    CHECK(progress_path("/p", "") == "/p/progress.json");
    CHECK(progress_path("/p", "ana") == "/p/progress-ana.json");
    CHECK(progress_path("/p", "a/b").empty());
    CHECK(progress_path("", "ana").empty());
    test::TempDir dir;
    const std::string a = progress_path(dir.path.string(), "ana");
    const std::string b = progress_path(dir.path.string(), "ben");
    REQUIRE(save_progress(a, sample()).ok);
    CHECK(load_progress(b).progress.medals.empty());
    CHECK(load_progress(a).progress.medals.size() == 2);
}

TEST_CASE("progress: medals keep the best, and unlock cars and the next cup",
          "[game][progress][unlock]") {
    const Medals m = sample_medals();
    Progress p;
    CHECK(unlocked_presets(p) == std::vector<std::string>{"hatch-fwd", "sports-rwd"});
    CHECK_FALSE(record_lap(p, "club", "hatch-fwd", 75.0, m));  // slower than bronze
    CHECK(find_medal(p, "club", "hatch-fwd")->lap == Medal::None);
    CHECK(record_lap(p, "club", "hatch-fwd", 70.0, m));
    CHECK(find_medal(p, "club", "hatch-fwd")->lap == Medal::Bronze);
    CHECK_FALSE(preset_unlocked(p, "rally-awd"));
    CHECK(record_lap(p, "club", "hatch-fwd", 64.0, m));  // silver: the rally car
    CHECK(preset_unlocked(p, "rally-awd"));
    CHECK_FALSE(preset_unlocked(p, "drift-rwd"));
    CHECK_FALSE(record_lap(p, "club", "hatch-fwd", 65.5, m));  // a slower lap keeps silver
    CHECK(find_medal(p, "club", "hatch-fwd")->best_lap_s == 64.0);
    CHECK(record_drift(p, "oval", "hatch-fwd", 650.0, m));  // gold: the drift car
    CHECK(preset_unlocked(p, "drift-rwd"));
    const std::vector<std::string> ids = {"a", "b", "c"};
    Progress q;
    CHECK(cup_unlocked(q, ids, 0));
    CHECK_FALSE(cup_unlocked(q, ids, 1));
    record_cup(q, "a", 5, 40);
    CHECK_FALSE(cup_unlocked(q, ids, 1));
    record_cup(q, "a", 3, 55);  // a podium opens the next cup, and the rally car
    CHECK(cup_unlocked(q, ids, 1));
    CHECK_FALSE(cup_unlocked(q, ids, 2));
    CHECK(preset_unlocked(q, "rally-awd"));
    record_cup(q, "a", 4, 60);  // the best result is kept
    REQUIRE(q.cups.size() == 1);
    CHECK(q.cups[0].place == 3);
}
