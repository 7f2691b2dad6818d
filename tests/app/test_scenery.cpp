// The scenery beside a track: never on the road, its run-off or its barriers, the same
// trees on every visit, grandstands by the start line, rubber darker where the plan brakes.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "scenery.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/level.hpp"
#include "skidpad/scene/track.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

Track shipped(const std::string& name) {
    const TrackResult tr =
        load_track_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" + name + ".json");
    REQUIRE(tr.ok);
    return tr.track;
}

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

}  // namespace

TEST_CASE(
    "scenery: every tree and grandstand stays clear of each shipped track's road, "
    "run-off and barriers (brute-force distance, 1 cm)",
    "[app][scenery]") {
    for (const char* name : {"club", "oval", "rally", "technical"}) {
        INFO(name);
        const Track t = shipped(name);
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
    const Track t = shipped("club");
    const Scenery a = make_scenery(t), b = make_scenery(t);
    REQUIRE(a.trees.size() == b.trees.size());
    for (std::size_t i = 0; i < a.trees.size(); ++i) {
        CHECK(a.trees[i].at == b.trees[i].at);
        CHECK(a.trees[i].radius == b.trees[i].radius);
    }
    CHECK(scenery_matches(a, t));
    CHECK_FALSE(scenery_matches(a, shipped("oval")));
}

TEST_CASE("scenery: the rubber is darker where the plan brakes than on the straight",
          "[app][scenery]") {
    Race race;
    race.set_track(shipped("club"), PlanCar{}, PlanDef{});
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
        const Track t = shipped(name);
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
