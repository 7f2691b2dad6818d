// The track editor's model without a window: edits, undo and redo, the file it saves and
// reads back, and each problem its checks find, placed where it is.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <random>
#include <string>

#include "skidpad/plan/lap_run.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/track_draft.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;

namespace {

/// A 300 m x 120 m rounded rectangle of 12 points, driven anticlockwise.
TrackDraftData stadium() {
    TrackDraftData d;
    d.name = "Stadium";
    d.author = "tests";
    d.width = 12.0;
    d.points = {{0, 0},     {100, 0},   {200, 0}, {260, 10},  {290, 60}, {260, 110},
                {200, 120}, {100, 120}, {0, 120}, {-60, 110}, {-90, 60}, {-60, 10}};
    d.stretches.assign(d.points.size(), DraftStretch{});
    return d;
}

bool has(const std::vector<DraftProblem>& ps, DraftProblemKind k) {
    for (const DraftProblem& p : ps) {
        if (p.kind == k) return true;
    }
    return false;
}

const DraftProblem& first_of(const std::vector<DraftProblem>& ps, DraftProblemKind k) {
    for (const DraftProblem& p : ps) {
        if (p.kind == k) return p;
    }
    FAIL("no problem of that kind");
    return ps.front();
}

/// A seeded star-shaped loop of n points around the origin: the radius wanders smoothly
/// between about 120 and 260 m.
std::vector<dvec2> random_loop(unsigned seed, int n) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double phase = 6.283 * u(rng);
    const int lobes = 2 + static_cast<int>(u(rng) * 2.0);
    std::vector<dvec2> pts;
    for (int i = 0; i < n; ++i) {
        const double a = 6.283185307 * (i + 0.3 * (u(rng) - 0.5)) / n;
        const double r = 190.0 + 50.0 * std::sin(lobes * a + phase) + 20.0 * (u(rng) - 0.5);
        pts.push_back(draft_snap({r * std::cos(a), r * std::sin(a)}));
    }
    return pts;
}

}  // namespace

TEST_CASE("draft edits: add, insert, move, delete, each one undone and redone", "[editor]") {
    TrackDraft d;
    d.add_point({0, 0});
    d.add_point({100, 0});
    d.add_point({100, 100});
    REQUIRE(d.size() == 3);
    d.insert_point(2, {50, 150});  // between point 2 and point 0
    REQUIRE(d.size() == 4);
    CHECK(d.data().points[3] == dvec2(50, 150));
    d.move_point(1, {120.004, -3.996});
    CHECK(d.data().points[1] == dvec2(120.0, -4.0));  // kept to the centimetre
    d.delete_point(0);
    REQUIRE(d.size() == 3);
    CHECK(d.data().points[0] == dvec2(120.0, -4.0));
    DraftStretch gravel;
    gravel.surface = SurfaceKind::Gravel;
    d.set_stretch(1, gravel);
    d.edit([](TrackDraftData& x) { x.width = 9.5; });
    CHECK(d.data().width == 9.5);
    // Eight edits, eight undos back to empty; redo them all back.
    const TrackDraftData last = d.data();
    int undos = 0;
    while (d.undo())
        ++undos;
    CHECK(undos == 8);
    CHECK(d.data().points.empty());
    int redos = 0;
    while (d.redo())
        ++redos;
    CHECK(redos == 8);
    CHECK(d.data() == last);
    // An edit after an undo drops the redo history.
    d.undo();
    d.add_point({5, 5});
    CHECK_FALSE(d.can_redo());
}

TEST_CASE("a drag is one undo step however many moves it makes", "[editor]") {
    TrackDraft d(stadium());
    const dvec2 before = d.data().points[4];
    d.move_point(4, {291, 61});
    for (int i = 0; i < 30; ++i)
        d.move_point(4, {291.0 + i, 61.0}, true);
    CHECK(d.data().points[4] == dvec2(320, 61));
    REQUIRE(d.undo());
    CHECK(d.data().points[4] == before);
    CHECK_FALSE(d.can_undo());
    // A second drag of the same point is its own step.
    d.move_point(4, {300, 60});
    d.move_point(4, {310, 60}, true);
    d.move_point(4, {320, 60});
    d.undo();
    CHECK(d.data().points[4] == dvec2(310, 60));
}

TEST_CASE("a saved draft loads back bit-identically, as the game's track", "[editor][track]") {
    TrackDraftData d = stadium();
    d.stretches[2].surface = SurfaceKind::Gravel;
    d.stretches[3].surface = SurfaceKind::Gravel;
    d.stretches[5].kerbs = false;
    d.stretches[3].right = DraftBarrier::Tyres;
    d.stretches[4].right = DraftBarrier::Tyres;
    d.stretches[7].left = DraftBarrier::Wall;
    d.stretches[11].left = DraftBarrier::Wall;
    d.stretches[0].left = DraftBarrier::Wall;  // a wall across the start line
    d.barrier_offset = 6.0;
    REQUIRE(track_draft_check(d).empty());
    const std::string path =
        (std::filesystem::temp_directory_path() / "skidpad_draft_roundtrip.json").string();
    REQUIRE(track_draft_save(d, path).ok);
    std::string bytes;
    REQUIRE(read_file_capped(path, kMaxTrackBytes, bytes).ok);
    const TrackDraftResult back = track_draft_load(path);
    REQUIRE(back.ok);
    CHECK(back.warnings.empty());
    CHECK(back.draft == d);
    CHECK(track_draft_json(back.draft) == bytes);
    // The game loads the same file as the track the draft builds.
    const TrackResult game = load_track_file(path);
    REQUIRE(game.ok);
    const TrackResult built = track_draft_build(d);
    REQUIRE(built.ok);
    CHECK(game.track.centre.points == built.track.centre.points);
    CHECK(game.track.author == "tests");
    CHECK(game.track.name == "Stadium");
    // The stretches are felt: gravel on stretch 2's road, tyres right of stretch 3.
    const dvec2 mid2 = 0.5 * (d.points[2] + d.points[3]);
    CHECK(track_surface_at(game.track, mid2) == SurfaceKind::Gravel);
    CHECK(track_surface_at(game.track, {100.0, 0.0}) == SurfaceKind::Asphalt);
    // Tyres on the right (stretches 3-4); walls on the left: stretch 7, and 11 joined
    // with 0 across the start line.
    CHECK(game.track.barriers.size() == 3);
    std::filesystem::remove(path);
}

TEST_CASE("a shipped track opens in the editor and saves as a track of the same line",
          "[editor][track][assets]") {
    const std::string club = std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/club.json";
    const TrackDraftResult r = track_draft_load(club);
    REQUIRE(r.ok);
    const TrackResult orig = load_track_file(club);
    REQUIRE(orig.ok);
    // Point 0 of the draft is the file's start point (club.json: start_index 88).
    const TrackDraftResult plain = track_draft_from_text(
        R"({"format": "skidpad-track", "width": 12, "start_index": 2,
            "centre_line": [[0, 0], [100, 0], [140, 40], [100, 80], [0, 80], [-40, 40]]})",
        "plain");
    REQUIRE(plain.ok);
    CHECK(plain.draft.points[0] == dvec2(140, 40));
    CHECK(plain.draft.points[5] == dvec2(100, 0));
    const TrackResult again = track_draft_build(r.draft);
    REQUIRE(again.ok);
    REQUIRE(again.track.centre.size() == orig.track.centre.size());
    double worst = 0.0;
    for (std::size_t i = 0; i < orig.track.centre.size(); ++i) {
        worst = std::max(worst,
                         glm::length(again.track.centre.points[i] - orig.track.centre.points[i]));
    }
    CHECK(worst < 1e-9);
    CHECK(again.track.barriers.size() >= 1);
}

TEST_CASE("check: too few points", "[editor]") {
    TrackDraftData d = stadium();
    d.points.resize(3);
    const auto ps = track_draft_check(d);
    REQUIRE(ps.size() == 1);
    CHECK(ps[0].kind == DraftProblemKind::TooFewPoints);
    CHECK(ps[0].message == "a loop needs at least 4 points, it has 3");
}

TEST_CASE("check: a centre line that crosses itself, placed at the crossing", "[editor]") {
    TrackDraftData d = stadium();
    // Swap two far points: the loop becomes a figure of eight crossing near (95, 60).
    std::swap(d.points[1], d.points[7]);
    const auto ps = track_draft_check(d);
    REQUIRE(has(ps, DraftProblemKind::CrossesItself));
    const DraftProblem& p = first_of(ps, DraftProblemKind::CrossesItself);
    INFO(p.message);
    CHECK(std::fabs(p.where.y - 60.0) < 15.0);
    CHECK(p.point >= 0);
    CHECK(p.message.rfind("the centre line crosses itself at (", 0) == 0);
}

TEST_CASE("check: a corner tighter than a car can turn, placed at the corner", "[editor]") {
    TrackDraftData d = stadium();
    // A spike: point 4 pulled 150 m out makes a hairpin far below the width's limit.
    d.points[4] = {440, 60};
    d.points.insert(d.points.begin() + 5, dvec2(300, 62));
    d.stretches.resize(d.points.size());
    const auto ps = track_draft_check(d);
    REQUIRE(has(ps, DraftProblemKind::CornerTooTight));
    const DraftProblem& p = first_of(ps, DraftProblemKind::CornerTooTight);
    INFO(p.message);
    CHECK(glm::length(p.where - dvec2(440, 60)) < 20.0);
    CHECK(p.point == 4);
    CHECK(draft_min_corner_radius(12.0, 2.5, 0.6) == Approx(6.0 / 0.95));
    CHECK(draft_min_corner_radius(4.0, 2.5, 0.6) == Approx(2.5 / std::tan(0.6)));
}

TEST_CASE("check: a grid that does not fit", "[editor]") {
    TrackDraftData d;
    // A 160 m loop: 24 slots 20 m apart reach 466 m back.
    d.points = {{0, 0}, {40, 0}, {50, 25}, {40, 50}, {0, 50}, {-10, 25}};
    d.width = 8.0;
    d.stretches.assign(d.points.size(), DraftStretch{});
    REQUIRE(track_draft_check(d).empty());
    d.grid_slots = 24;
    d.grid_spacing = 20.0;
    const auto ps = track_draft_check(d);
    REQUIRE(has(ps, DraftProblemKind::GridDoesNotFit));
    const DraftProblem& p = first_of(ps, DraftProblemKind::GridDoesNotFit);
    CHECK(p.point == 0);
    CHECK(p.message.find("24 grid slots reach 466.0 m back") == 0);
}

TEST_CASE("check: points on top of each other", "[editor]") {
    TrackDraftData d = stadium();
    d.points[6] = d.points[5] + dvec2(0.2, 0.0);
    const auto ps = track_draft_check(d);
    REQUIRE(ps.size() == 1);
    CHECK(ps[0].kind == DraftProblemKind::PointsTooClose);
    CHECK(ps[0].point == 5);
}

TEST_CASE("a random valid loop of 8 to 30 points is a track the autopilot laps", "[editor][plan]") {
    for (unsigned seed : {11u, 2024u, 777u}) {
        std::mt19937 rng(seed);
        const int n = 8 + static_cast<int>(rng() % 23);
        TrackDraftData d;
        d.name = "Random " + std::to_string(seed);
        d.width = 12.0;
        d.points = random_loop(seed, n);
        d.stretches.assign(d.points.size(), DraftStretch{});
        INFO("seed " << seed << ", " << n << " points");
        const auto ps = track_draft_check(d);
        for (const DraftProblem& p : ps)
            INFO(p.message);
        REQUIRE(ps.empty());
        TrackResult t = track_draft_build(d);
        REQUIRE(t.ok);
        Settings st;
        const LapRun run = run_autopilot_laps(std::move(t.track), st, 1);
        INFO(run.error);
        REQUIRE(run.lap_times.size() == 1);
        CHECK(run.off_track_s == 0.0);
    }
}

TEST_CASE("road_zones, kerb_gaps and author: read, and refused with the element named",
          "[editor][track]") {
    const std::string base = R"({"format": "skidpad-track", "width": 12,
        "centre_line": [[0, 0], [100, 0], [140, 40], [100, 80], [0, 80], [-40, 40]])";
    auto parse = [&](const std::string& extra) {
        return parse_track_text(base + ", " + extra + "}", "t.json");
    };
    const TrackResult ok = parse(R"("author": "me", "road_zones": [{"from": 1, "to": 2,
        "surface": "ice"}], "kerb_gaps": [{"from": 0, "to": 3}])");
    REQUIRE(ok.ok);
    CHECK(ok.warnings.empty());
    CHECK(ok.track.author == "me");
    REQUIRE(ok.track.road_zones.size() == 1);
    CHECK(ok.track.road_zones[0].surface == SurfaceKind::Ice);
    CHECK(track_road_at(ok.track, ok.track.road_zones[0].span.from_s + 1.0) == SurfaceKind::Ice);
    // The derived kerbs are gone over the gap: none from point 0 to point 3.
    const double gap_end = ok.track.kerb_gaps[0].to_s;
    for (double s = 0.0; s < gap_end; s += 1.0) {
        CHECK_FALSE(track_kerb_at(ok.track, s, TrackSide::Left));
        CHECK_FALSE(track_kerb_at(ok.track, s, TrackSide::Right));
    }
    CHECK(parse(R"("road_zones": [{"from": 1, "to": 2, "surface": "lava"}])").error ==
          "t.json: road_zones[0]: field 'surface': must be one of " + std::string(surface_names()) +
              ", got \"lava\"");
    CHECK(parse(R"("road_zones": [{"from": 1, "to": 2}])").error ==
          "t.json: road_zones[0]: field 'surface': missing");
    CHECK(parse(R"("kerb_gaps": [{"from": 1, "to": 9}])").error ==
          "t.json: kerb_gaps[0]: field 'to': 9 is outside [0, 5]");
    CHECK(parse(R"("author": 5)").error == "t.json: \"author\": must be a string");
}

TEST_CASE("a draft saved with a problem opens again to be fixed, nothing lost",
          "[editor][track]") {
    TrackDraftData d = stadium();
    std::swap(d.points[1], d.points[7]);  // crosses itself: the game refuses it
    d.grid_slots = 5;
    REQUIRE_FALSE(track_draft_check(d).empty());
    const std::string text = track_draft_json(d);
    REQUIRE_FALSE(parse_track_text(text, "x.json").ok);
    const TrackDraftResult r = track_draft_from_text(text, "x.json");
    REQUIRE(r.ok);
    CHECK(r.draft.points == d.points);
    CHECK(r.draft.name == "Stadium");
    CHECK(r.draft.grid_slots == 5);
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] ==
          "x.json: \"centre_line\": the loop crosses itself (opened as an unfinished track)");
    // Not a track at all: refused with the loader's error.
    const TrackDraftResult bad = track_draft_from_text(R"({"format": "skidpad-level"})", "y");
    CHECK_FALSE(bad.ok);
    CHECK(bad.error == "y: \"format\": must be \"skidpad-track\"");
}
