// The scenery beside a track: never on the road, its run-off or its barriers, the same
// trees on every visit, grandstands by the start line, rubber darker where the plan brakes.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "scenery.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/track.hpp"
#include "support/shipped_track.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

/// m from p to the nearest point of the centre line, by brute force over its segments.
double nearest_centre(const Track& t, dvec2 p) {
    double best = std::numeric_limits<double>::max();
    const ClosedPath& c = t.centre;
    for (std::size_t i = 0; i < c.size(); ++i) {
        const dvec2 a = c.points[i], b = c.points[c.next(i)];
        const dvec2 ab = b - a;
        const double k =
            std::clamp(glm::dot(p - a, ab) / std::max(glm::dot(ab, ab), 1e-12), 0.0, 1.0);
        best = std::min(best, glm::length(p - (a + ab * k)));
    }
    return best;
}

/// m by which p stands outside the road, kerb band and run-off (or barrier) of every
/// stretch of the track, by brute force over the centre line's samples: at each, against
/// the run-off on the side where p lies (negative: p is in one).
double outside_runoff(const Track& t, dvec2 p) {
    const ClosedPath& c = t.centre;
    double least = std::numeric_limits<double>::max();
    for (std::size_t i = 0; i < c.size(); ++i) {
        const dvec2 d = p - c.points[i];
        const dvec2 tan = c.points[c.next(i)] - c.points[(i + c.size() - 1) % c.size()];
        const TrackSide side = d.x * tan.y - d.y * tan.x < 0.0 ? TrackSide::Left : TrackSide::Right;
        double beyond = t.runoff_width;
        for (const RunoffZone& z : t.zones)
            if (z.span.on(side) && z.span.covers(c.s[i], c.length))
                beyond = std::max(beyond, z.width);
        for (const TrackBarrier& b : t.barriers)
            if (b.span.on(side) && b.span.covers(c.s[i], c.length))
                beyond = std::max(beyond, b.offset + 2.0);
        least = std::min(least, glm::length(d) - (t.half_width_at(i) + t.kerb_width + beyond));
    }
    return least;
}

}  // namespace

TEST_CASE(
    "scenery: every tree and grandstand stays clear of each shipped track's road, "
    "run-off and barriers (brute-force distance, 1 cm)",
    "[app][scenery]") {
    for (const char* name : {"club", "oval", "rally", "technical"}) {
        INFO(name);
        const Track t = test::shipped_track(name);
        const Scenery s = make_scenery(t);
        // The clearance covers the road, the kerb band and the widest run-off or barrier.
        CHECK(s.clearance >= t.half_width() + t.kerb_width + t.runoff_width);
        CHECK(s.trees.size() > 200);
        for (const SceneryTree& tree : s.trees)
            REQUIRE(nearest_centre(t, dvec2(tree.at)) - tree.radius >= s.clearance - 0.01);
        const std::vector<LevelBody> barriers = track_barrier_bodies(t);
        for (const SceneryTree& tree : s.trees) {
            for (const LevelBody& b : barriers)
                REQUIRE(glm::length(dvec2(tree.at) - dvec2(b.x, b.y)) > tree.radius + 1.0);
        }
        REQUIRE_FALSE(s.stands.empty());
        for (const SceneryStand& st : s.stands) {
            for (const float u : {-0.5f, 0.0f, 0.5f}) {
                for (const float v : {-0.5f, 0.5f}) {
                    const vec2 p =
                        st.centre + st.along * (u * st.length) + st.away * (v * st.depth);
                    CHECK(nearest_centre(t, dvec2(p)) >= s.clearance - 0.01);
                }
            }
        }
    }
}

TEST_CASE("scenery: placed by the track alone, the same trees on every visit", "[app][scenery]") {
    const Track t = test::shipped_track("club");
    const Scenery a = make_scenery(t), b = make_scenery(t);
    REQUIRE(a.trees.size() == b.trees.size());
    for (std::size_t i = 0; i < a.trees.size(); ++i) {
        CHECK(a.trees[i].at == b.trees[i].at);
        CHECK(a.trees[i].radius == b.trees[i].radius);
    }
    CHECK(scenery_matches(a, t));
    CHECK_FALSE(scenery_matches(a, test::shipped_track("oval")));
}

TEST_CASE("scenery: the rubber is darker where the plan brakes than on the straight",
          "[app][scenery]") {
    Race race;
    race.set_track(test::shipped_track("club"), PlanCar{}, PlanDef{});
    REQUIRE(race.profile().ok);
    DrawList out;
    draw_rubber(race, out);
    // Two wheel tracks per segment on the asphalt road (club is asphalt all round).
    CHECK(out.shapes.size() == 2 * race.line().path.size());
    std::uint32_t lo = 255, hi = 0;
    for (const Shape& s : out.shapes) {
        CHECK(s.layer == 0);
        const std::uint32_t a = s.fill >> 24;
        lo = std::min(lo, a);
        hi = std::max(hi, a);
    }
    CHECK(lo == 12);  // alpha 12 + 34 × work: none on a straight at constant speed
    CHECK(hi >= 40);  // near the full 46 in the heavy braking zones
}

TEST_CASE("scenery: a floodlight every 45 m of track, masts clear of it, pools on its edge",
          "[app][scenery]") {
    for (const char* name : {"club", "oval", "rally", "technical"}) {
        INFO(name);
        const Track t = test::shipped_track(name);
        const Scenery s = make_scenery(t);
        const auto slots = static_cast<std::size_t>(t.centre.length / kLampSpacing);
        // A mast is left out only where it would stand on another stretch of the track.
        CHECK(s.lamps.size() <= slots);
        CHECK(s.lamps.size() >= slots * 3 / 4);
        for (const SceneryLamp& l : s.lamps) {
            CHECK(nearest_centre(t, dvec2(l.post)) >= s.clearance - 0.01);
            CHECK(nearest_centre(t, dvec2(l.pool)) == Approx(t.half_width()).margin(0.3));
        }
        // Nothing is drawn by day; at night every pool in view is Light.
        View v;
        v.centre = dvec2(s.lamps.front().pool);
        v.zoom = 4.0;
        ShapeBatch day, night;
        draw_track_lights(day, s, v, 0.0f);
        draw_track_lights(night, s, v, 1.0f);
        CHECK(day.vertices.empty());
        REQUIRE_FALSE(night.vertices.empty());
        for (const ShapeVertex& x : night.vertices)
            CHECK(x.material == Material::Light);
    }
}

TEST_CASE(
    "scenery: marshal posts, pits, sheds, catch fences and tyre walls stay clear of each "
    "shipped track (brute-force distance, 1 cm)",
    "[app][scenery]") {
    for (const char* name : {"club", "oval", "rally", "technical"}) {
        INFO(name);
        const Track t = test::shipped_track(name);
        const Scenery s = make_scenery(t);
        int marshals = 0, pits = 0, sheds = 0;
        for (const SceneryBuilding& b : s.buildings) {
            marshals += b.kind == BuildingKind::Marshal;
            pits += b.kind == BuildingKind::Pits;
            sheds += b.kind == BuildingKind::Shed;
            for (const float u : {-0.5f, 0.0f, 0.5f}) {
                for (const float v : {-0.5f, 0.0f, 0.5f}) {
                    const vec2 p = b.centre + b.along * (u * b.length) + b.away * (v * b.depth);
                    REQUIRE(nearest_centre(t, dvec2(p)) >= s.clearance - 0.01);
                }
            }
            // No tree grows through a building.
            for (const SceneryTree& tree : s.trees) {
                const vec2 q = tree.at - b.centre;
                const bool inside = std::fabs(glm::dot(q, b.along)) < 0.5f * b.length &&
                                    std::fabs(glm::dot(q, b.away)) < 0.5f * b.depth;
                REQUIRE_FALSE(inside);
            }
        }
        std::size_t posts = 0;
        for (const SceneryFence& f : s.fences) {
            REQUIRE(f.posts.size() >= 2);
            // Fences and tyre walls stand just beyond the run-off where they are (its
            // local width), never in it nor in another stretch's (0.8 m: their offset
            // less the sampling's slack).
            for (std::size_t i = 0; i < f.posts.size(); ++i) {
                REQUIRE(outside_runoff(t, dvec2(f.posts[i])) >= 0.8);
                if (i + 1 < f.posts.size()) {
                    const vec2 mid = 0.5f * (f.posts[i] + f.posts[i + 1]);
                    REQUIRE(outside_runoff(t, dvec2(mid)) >= 0.8);
                }
            }
            posts += f.posts.size();
        }
        double farthest = 0.0;
        for (const vec2& p : s.tyres) {
            const double out = outside_runoff(t, dvec2(p)) - kTyreRadius;
            REQUIRE(out >= 0.25);
            farthest = std::max(farthest, out);
        }
        // And no farther out than a stride beyond it (0.6 m, the 0.1 m steps' slack).
        if (!s.tyres.empty()) CHECK(farthest <= 1.0);
        const std::vector<LevelBody> barriers = track_barrier_bodies(t);
        for (const LevelBody& b : barriers) {
            for (const vec2& p : s.tyres)
                REQUIRE(glm::length(dvec2(p) - dvec2(b.x, b.y)) > kTyreRadius + 1.0);
        }
        INFO(marshals << " marshal posts, " << pits << " pits, " << sheds << " sheds, "
                      << s.fences.size() << " fences of " << posts << " posts, " << s.tyres.size()
                      << " tyre stacks");
        CHECK(marshals >= 3);
        // Beside a straight near the line (the rally stage's line is at a hairpin's exit).
        CHECK(pits <= 1);
        if (std::string(name) != "rally") CHECK(pits == 1);
        CHECK(sheds >= 1);
        CHECK(posts + s.tyres.size() > 20);
    }
}

TEST_CASE("scenery: buildings, fences and tyre walls are placed by the track alone",
          "[app][scenery]") {
    const Track t = test::shipped_track("technical");
    const Scenery a = make_scenery(t), b = make_scenery(t);
    REQUIRE(a.buildings.size() == b.buildings.size());
    for (std::size_t i = 0; i < a.buildings.size(); ++i) {
        CHECK(a.buildings[i].centre == b.buildings[i].centre);
        CHECK(a.buildings[i].kind == b.buildings[i].kind);
    }
    REQUIRE(a.fences.size() == b.fences.size());
    for (std::size_t i = 0; i < a.fences.size(); ++i)
        CHECK(a.fences[i].posts == b.fences[i].posts);
    CHECK(a.tyres == b.tyres);
}

TEST_CASE("scenery: tall things lean away from the view's centre, the ground never moves",
          "[app][scenery]") {
    View v;
    v.centre = dvec2(100.0, 50.0);
    v.zoom = 4.0;
    v.size = dvec2(1280.0, 720.0);
    // 160 m half extent: a camera 640 m over the centre.
    CHECK(glm::length(parallax(v, vec2(v.centre), 10.0f)) == 0.0f);
    CHECK(glm::length(parallax(v, vec2(260.0f, 50.0f), 0.0f)) == 0.0f);
    const vec2 p = parallax(v, vec2(260.0f, 50.0f), 10.0f);
    CHECK(p.x == Approx(160.0 * 10.0 / 640.0));
    CHECK(p.y == Approx(0.0).margin(1e-6));
    const vec2 q = parallax(v, vec2(100.0f, -30.0f), 20.0f);
    CHECK(q.y == Approx(-80.0 * 20.0 / 640.0));
    // Whole-track views from two centres: every shadow (on the ground) is the same, the
    // crowns and roofs are not.
    const Track t = test::shipped_track("club");
    const Scenery s = make_scenery(t);
    View a, b;
    a.zoom = b.zoom = 0.15;
    a.size = b.size = dvec2(1280.0, 720.0);
    a.centre = dvec2(0.0, 0.0);
    b.centre = dvec2(40.0, -30.0);
    ShapeBatch ba, bb;
    draw_scenery(ba, s, a, true, true);
    draw_scenery(bb, s, b, true, true);
    // (Which walls are seen depends on the centre: compare shadows and crowns by kind.)
    auto only = [](const ShapeBatch& batch, Material m) {
        std::vector<ShapeVertex> out;
        for (const ShapeVertex& x : batch.vertices)
            if (x.material == m) out.push_back(x);
        return out;
    };
    const std::vector<ShapeVertex> sa = only(ba, Material::Shadow), sb = only(bb, Material::Shadow);
    REQUIRE(sa.size() == sb.size());
    const std::size_t shadows = sa.size();
    for (std::size_t i = 0; i < sa.size(); ++i) {
        REQUIRE(sa[i].x == sb[i].x);
        REQUIRE(sa[i].y == sb[i].y);
    }
    const std::vector<ShapeVertex> ca = only(ba, Material::Hedge), cb = only(bb, Material::Hedge);
    REQUIRE(ca.size() == cb.size());
    std::size_t moved = 0;
    for (std::size_t i = 0; i < ca.size(); ++i)
        moved += ca[i].x != cb[i].x || ca[i].y != cb[i].y;
    CHECK(shadows > 1000);
    CHECK(moved > 1000);
}

TEST_CASE("scenery: the CPU cost of drawing the club's scenery per frame (prints figures)",
          "[app][scenery][bench]") {
    const Track t = test::shipped_track("club");
    const Scenery full = make_scenery(t);
    Scenery before = full;  // the kinds placed by the corner rules left out
    before.buildings.clear();
    before.fences.clear();
    before.tyres.clear();
    // 120 views along the track, 1280 x 720 at the follow camera's cruising zoom.
    std::vector<View> views;
    for (int i = 0; i < 120; ++i) {
        View v;
        v.centre = path_position_at(t.centre, t.centre.length * i / 120.0);
        v.zoom = 6.0;
        v.size = dvec2(1280.0, 720.0);
        views.push_back(v);
    }
    auto run = [&](const Scenery& s, bool shadows, bool contact, std::size_t& vertices) {
        ShapeBatch b;
        vertices = 0;
        const auto t0 = std::chrono::steady_clock::now();
        for (int rep = 0; rep < 3; ++rep) {
            for (const View& v : views) {
                b.clear();
                draw_scenery(b, s, v, shadows, contact);
                vertices += b.vertices.size();
            }
        }
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        vertices /= 3 * views.size();
        return ms / (3.0 * static_cast<double>(views.size()));
    };
    std::size_t v_full = 0, v_before = 0, v_plain = 0;
    const double ms_full = run(full, true, true, v_full);
    const double ms_before = run(before, true, true, v_before);
    const double ms_plain = run(full, false, false, v_plain);
    WARN("bench=scenery_draw ms_per_frame="
         << ms_full << " vertices=" << v_full << " without_rules_ms=" << ms_before
         << " without_rules_vertices=" << v_before << " no_shadows_no_contact_ms=" << ms_plain
         << " no_shadows_no_contact_vertices=" << v_plain);
    CHECK(v_full > v_before);
    CHECK(v_full > v_plain);
}
