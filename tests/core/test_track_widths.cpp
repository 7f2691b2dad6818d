// Per-point road widths (file, track, draft) and the shipped tracks' own lists kept by the
// editor: a shipped track opened and saved unchanged loads as the original.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "skidpad/scene/track.hpp"
#include "skidpad/scene/track_draft.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;

namespace {

/// A 300 m x 120 m rounded rectangle of 12 points, driven anticlockwise.
TrackDraftData stadium() {
    TrackDraftData d;
    d.name = "Stadium";
    d.width = 12.0;
    d.points = {{0, 0},     {100, 0},   {200, 0}, {260, 10},  {290, 60}, {260, 110},
                {200, 120}, {100, 120}, {0, 120}, {-60, 110}, {-90, 60}, {-60, 10}};
    d.stretches.assign(d.points.size(), DraftStretch{});
    return d;
}

bool near(double a, double b, double tol) {
    return std::fabs(a - b) <= tol;
}

bool same_span(const TrackSpan& a, const TrackSpan& b) {
    return near(a.from_s, b.from_s, 1e-6) && near(a.to_s, b.to_s, 1e-6) && a.side == b.side;
}

}  // namespace

TEST_CASE("widths: the road is as wide as each control point says, eased between them",
          "[track][editor]") {
    TrackDraftData d = stadium();
    d.stretches[1].width = 24.0;  // (100, 0): twice the width
    d.stretches[7].width = 6.0;   // (100, 120): half of it
    const TrackResult r = track_draft_build(d);
    REQUIRE(r.ok);
    const Track& t = r.track;
    REQUIRE(t.half_widths.size() == t.centre.size());
    CHECK(t.width == 6.0);  // the narrowest: what a one-width planner keeps within
    // At the control points themselves (the line runs along y = 0 and y = 120 there).
    const double s1 = track_progress(t, {100.0, 0.0});
    const double s7 = track_progress(t, {100.0, 120.0});
    CHECK(near(t.half_width_at_s(s1), 12.0, 0.05));
    CHECK(near(t.half_width_at_s(s7), 3.0, 0.05));
    // Felt on the ground: 10 m out is road at point 1 and run-off beside the default.
    CHECK(track_contains(t, {100.0, 10.0}));
    CHECK(track_surface_at(t, {100.0, 10.0}) == SurfaceKind::Asphalt);
    CHECK_FALSE(track_contains(t, {100.0, 125.0 + 0.5}));  // 5.5 m out where it is 6 m wide
    CHECK(track_contains(t, {0.0, -7.0 + 0.5}));           // 6.5 m out at the default 12 m + kerb
    // Between point 1 (24 m) and point 2 (12 m) the width falls steadily.
    const double a = t.half_width_at_s(track_progress(t, {125.0, 0.0}));
    const double b = t.half_width_at_s(track_progress(t, {175.0, 0.0}));
    CHECK(a < 12.0);
    CHECK(b > 6.0);
    CHECK(a > b);
}

TEST_CASE("widths: saved and read back, undone and redone, refused out of range",
          "[track][editor]") {
    TrackDraft draft(stadium());
    DraftStretch s = draft.data().stretches[4];
    s.width = 20.0;
    draft.set_stretch(4, s);
    CHECK(draft_width_at(draft.data(), 4) == 20.0);
    CHECK(draft_width_at(draft.data(), 5) == 12.0);
    const std::string text = track_draft_json(draft.data());
    CHECK(text.find("\"widths\"") != std::string::npos);
    const TrackDraftResult back = track_draft_from_text(text, "w.json");
    REQUIRE(back.ok);
    CHECK(back.warnings.empty());
    CHECK(back.draft == draft.data());
    CHECK(track_draft_json(back.draft) == text);
    // A point inserted between 20 m and 12 m takes 16 m; deleting it gives back 12.
    draft.insert_point(4, {280.0, 35.0});
    CHECK(draft_width_at(draft.data(), 5) == 16.0);
    REQUIRE(draft.undo());
    REQUIRE(draft.undo());
    CHECK(draft_width_at(draft.data(), 4) == 12.0);
    CHECK(track_draft_json(draft.data()).find("\"widths\"") == std::string::npos);
    REQUIRE(draft.redo());
    CHECK(draft_width_at(draft.data(), 4) == 20.0);
    // The loader names what is wrong with a "widths" list.
    const std::string base =
        R"({"format": "skidpad-track", "width": 12,
            "centre_line": [[0, 0], [100, 0], [140, 40], [100, 80], [0, 80], [-40, 40]], )";
    const TrackResult few = parse_track_text(base + R"("widths": [12, 12]})", "f.json");
    REQUIRE_FALSE(few.ok);
    CHECK(few.error == "f.json: \"widths\": has 2 widths for 6 control points");
    const TrackResult wide =
        parse_track_text(base + R"("widths": [12, 12, 70, 12, 12, 12]})", "f.json");
    REQUIRE_FALSE(wide.ok);
    CHECK(wide.error == "f.json: \"widths\": [2] 70 is outside [4, 60]");
}

TEST_CASE("widths: a corner too tight for its own width is found there, not elsewhere",
          "[editor]") {
    TrackDraftData d = stadium();
    REQUIRE(track_draft_check(d).empty());
    // 60 m wide at the right-hand hairpin: its inner edge would fold over.
    d.stretches[4].width = 60.0;
    const std::vector<DraftProblem> ps = track_draft_check(d);
    REQUIRE_FALSE(ps.empty());
    CHECK(ps[0].kind == DraftProblemKind::CornerTooTight);
    CHECK(ps[0].where.x > 200.0);  // at the widened end, not the left-hand one
}

TEST_CASE("every shipped track opened and saved unchanged loads as the original",
          "[editor][track][assets]") {
    for (const char* name : {"club", "oval", "rally", "technical"}) {
        INFO(name);
        const std::string path =
            std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" + name + ".json";
        const TrackDraftResult r = track_draft_load(path);
        REQUIRE(r.ok);
        CHECK(r.warnings.empty());
        const TrackResult orig = load_track_file(path);
        REQUIRE(orig.ok);
        const TrackResult again =
            parse_track_text(track_draft_json(r.draft), std::string(name) + " (saved)");
        REQUIRE(again.ok);
        const Track& a = orig.track;
        const Track& b = again.track;
        CHECK(a.name == b.name);
        CHECK(a.width == b.width);
        CHECK(a.kerb_width == b.kerb_width);
        CHECK(a.road == b.road);
        CHECK(a.runoff == b.runoff);
        CHECK(a.runoff_width == b.runoff_width);
        REQUIRE(a.centre.size() == b.centre.size());
        double worst = 0.0;
        for (std::size_t i = 0; i < a.centre.size(); ++i)
            worst = std::max(worst, glm::length(a.centre.points[i] - b.centre.points[i]));
        CHECK(worst < 1e-9);
        REQUIRE(a.kerbs.size() == b.kerbs.size());
        for (std::size_t i = 0; i < a.kerbs.size(); ++i)
            CHECK(same_span(a.kerbs[i], b.kerbs[i]));
        REQUIRE(a.zones.size() == b.zones.size());
        for (std::size_t i = 0; i < a.zones.size(); ++i) {
            CHECK(same_span(a.zones[i].span, b.zones[i].span));
            CHECK(a.zones[i].surface == b.zones[i].surface);
            CHECK(a.zones[i].width == b.zones[i].width);
        }
        REQUIRE(a.barriers.size() == b.barriers.size());
        for (std::size_t i = 0; i < a.barriers.size(); ++i) {
            CHECK(same_span(a.barriers[i].span, b.barriers[i].span));
            CHECK(a.barriers[i].kind == b.barriers[i].kind);
            CHECK(a.barriers[i].offset == b.barriers[i].offset);
        }
        CHECK(a.road_zones.size() == b.road_zones.size());
        CHECK(a.kerb_gaps.size() == b.kerb_gaps.size());
        REQUIRE(a.grid.size() == b.grid.size());
        for (std::size_t i = 0; i < a.grid.size(); ++i)
            CHECK(glm::length(a.grid[i].position - b.grid[i].position) < 1e-9);
        CHECK(track_barrier_body_count(a) == track_barrier_body_count(b));
    }
}

TEST_CASE("listed kerbs and run-off follow their points when points come and go", "[editor]") {
    TrackDraftData d = stadium();
    d.kerbs_listed = true;
    d.kerbs.push_back({3, 6, TrackSide::Left});
    d.zones_listed = true;
    DraftSpan z{10, 1, TrackSide::Right, SurfaceKind::Ice, 15.0};
    d.runoff_zones.push_back(z);
    TrackDraft draft(d);
    draft.insert_point(3, {285.0, 35.0});
    CHECK(draft.data().kerbs[0].from == 3);
    CHECK(draft.data().kerbs[0].to == 7);
    CHECK(draft.data().runoff_zones[0].from == 11);
    CHECK(draft.data().runoff_zones[0].to == 1);
    draft.delete_point(0);  // the zone's end on point 0 moves to the next point
    CHECK(draft.data().runoff_zones[0].from == 10);
    CHECK(draft.data().runoff_zones[0].to == 0);
    CHECK(draft.data().kerbs[0].from == 2);
    const TrackResult r = track_draft_build(draft.data());
    INFO(r.error);
    REQUIRE(r.ok);
    CHECK(r.track.kerbs.size() == 1);
    REQUIRE(r.track.zones.size() == 1);
    CHECK(r.track.zones[0].surface == SurfaceKind::Ice);
    CHECK(r.track.zones[0].width == 15.0);
}
