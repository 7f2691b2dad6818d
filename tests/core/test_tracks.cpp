// The track format's surfaces, kerbs, barriers and grid: every shipped track valid, old
// files still loading, malformed new fields refused with file and field named.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "skidpad/scene/track.hpp"

using namespace skidpad;

namespace {

// A track in the first version of the format: none of the optional fields.
const std::string kOldTrack = R"({
  "format": "skidpad-track", "version": 1, "name": "Old", "width": 12, "kerb_width": 1,
  "centre_line": [[0, 0], [100, 0], [140, 40], [100, 80], [0, 80], [-40, 40]])";

std::string with(const std::string& extra) {
    return kOldTrack + ", " + extra + "}";
}

}  // namespace

TEST_CASE("every shipped track loads: closed centre line, grid on the road, barriers off it",
          "[track][assets]") {
    const std::filesystem::path dir = std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks";
    int tracks = 0;
    bool loose = false;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".json") continue;
        ++tracks;
        INFO(e.path().string());
        const TrackResult r = load_track_file(e.path().string());
        REQUIRE(r.ok);
        CHECK(r.warnings.empty());  // no key the format does not read
        const Track& t = r.track;
        // Closed: the last sample is one spacing or so from the first, and the loop's
        // length is the sum of its segments.
        const ClosedPath& c = t.centre;
        REQUIRE(c.size() > 10);
        CHECK(glm::length(c.points.back() - c.points.front()) < 3.0);
        double sum = 0.0;
        for (std::size_t i = 0; i < c.size(); ++i)
            sum += glm::length(c.points[c.next(i)] - c.points[i]);
        CHECK(sum == Approx(c.length).epsilon(1e-9));
        // The grid: every slot on the road surface, facing the driving direction, in order
        // behind the line.
        REQUIRE(t.grid.size() >= 4);
        double prev = 0.0;
        for (std::size_t i = 0; i < t.grid.size(); ++i) {
            const GridSlot& g = t.grid[i];
            CHECK(track_contains(t, g.position));
            CHECK(track_surface_at(t, g.position) == t.road);
            const dvec2 tan = path_tangent_at(c, track_progress(t, g.position));
            CHECK(glm::dot(direction(g.heading), tan) > 0.99);
            const double behind = c.length - track_progress(t, g.position);
            CHECK(behind > prev);
            prev = behind;
        }
        // The start line spans the road at s = 0.
        const TrackLine sl = track_start_line(t);
        CHECK(glm::length(sl.left - sl.right) == Approx(t.width));
        CHECK(track_progress(t, 0.5 * (sl.left + sl.right)) < 0.5);
        // Kerbs somewhere and run-off beside the road; barriers outside the kerb band.
        if (t.road == SurfaceKind::Asphalt) CHECK_FALSE(t.kerbs.empty());
        loose = loose || t.road == SurfaceKind::Gravel;
        const std::vector<LevelBody> bodies = track_barrier_bodies(t);
        CHECK(static_cast<int>(bodies.size()) <= kMaxTrackBodies);
        for (const LevelBody& b : bodies) {
            const PathPoint pp = path_project(c, {b.x, b.y});
            CHECK(std::fabs(pp.offset) > t.half_width() + t.kerb_width);
        }
        // On the centre line: the road; 2 m beyond the kerb band: run-off of some kind.
        for (std::size_t i = 0; i < c.size(); i += 7) {
            CHECK(track_surface_at(t, c.points[i]) == t.road);
        }
    }
    CHECK(tracks >= 4);
    CHECK(loose);  // a stage on a loose surface ships
}

TEST_CASE("a track file of the first format loads with derived kerbs, run-off and grid",
          "[track][compat]") {
    const TrackResult r = parse_track_text(kOldTrack + "}", "old.json");
    REQUIRE(r.ok);
    const Track& t = r.track;
    CHECK(t.width == 12.0);
    CHECK(t.road == SurfaceKind::Asphalt);
    CHECK(t.runoff == SurfaceKind::Grass);
    CHECK(t.grid.size() == 8);
    CHECK_FALSE(t.kerbs.empty());
    CHECK(t.barriers.empty());
    // Kerbs at the apexes: the inside of the left-hand bend at (140, 40) is a kerb...
    const PathPoint apex = path_project(t.centre, {140.0, 40.0});
    const dvec2 inside = apex.position + perp(apex.tangent) * (t.half_width() + 0.5);
    CHECK(track_surface_at(t, inside) == SurfaceKind::Kerb);
    // ... and the middle of the straight has none: plain road in the kerb band.
    const PathPoint mid = path_project(t.centre, {50.0, 0.0});
    const dvec2 band = mid.position - perp(mid.tangent) * (t.half_width() + 0.5);
    CHECK(track_surface_at(t, band) == SurfaceKind::Asphalt);
    // Beyond the kerb band: grass, or gravel outside a corner.
    const SurfaceKind off = track_surface_at(t, mid.position - perp(mid.tangent) * 12.0);
    CHECK(off == SurfaceKind::Grass);
    CHECK_FALSE(track_contains(t, mid.position - perp(mid.tangent) * 12.0));
}

TEST_CASE("explicit zones, kerbs, barriers, patches and grid are read", "[track]") {
    const TrackResult r =
        parse_track_text(with(R"("surface": "gravel", "runoff": {"surface": "grass", "width": 8},
                "runoff_zones": [{"from": 1, "to": 2, "side": "right", "surface": "ice", "width": 5}],
                "kerbs": [], "barriers": [{"type": "wall", "from": 0, "to": 1, "side": "left",
                "offset": 6}, {"type": "tyres", "from": 3, "to": 4, "side": "right"}],
                "patches": [{"surface": "ice", "x": 50, "y": 40, "w": 10, "h": 6}],
                "grid": {"slots": 4, "spacing": 10})"),
                         "new.json");
    REQUIRE(r.ok);
    const Track& t = r.track;
    CHECK(t.road == SurfaceKind::Gravel);
    CHECK(t.runoff_width == 8.0);
    CHECK(t.kerbs.empty());
    REQUIRE(t.zones.size() == 1);
    CHECK(t.zones[0].surface == SurfaceKind::Ice);
    REQUIRE(t.barriers.size() == 2);
    CHECK(t.barriers[1].offset == 8.0);  // defaults to the run-off width
    CHECK(t.grid.size() == 4);
    CHECK(track_surface_at(t, {50.0, 40.0}) == SurfaceKind::Ice);
    // The wall on the left of the first straight: blocks 6 m beyond the kerb band.
    const std::vector<LevelBody> bodies = track_barrier_bodies(t);
    int walls = 0;
    for (const LevelBody& b : bodies) {
        if (b.kind != BodyKind::Barrier) continue;
        ++walls;
        const PathPoint pp = path_project(t.centre, {b.x, b.y});
        CHECK(pp.offset == Approx(t.half_width() + t.kerb_width + 6.0).margin(0.3));
    }
    CHECK(walls >= 15);  // about 80 m of 4-6 m blocks
}

TEST_CASE("malformed new track fields are refused naming the file and the field",
          "[track][errors]") {
    struct Case {
        const char* extra;
        const char* expect;
    };
    const Case cases[] = {
        {R"("surface": "lava")", "bad.json: \"surface\": must be one of"},
        {R"("runoff": 3)", "bad.json: \"runoff\": must be an object"},
        {R"("runoff": {"width": 99})", "bad.json: runoff: field 'width': 99 is outside"},
        {R"("runoff_zones": {})", "bad.json: \"runoff_zones\": must be an array"},
        {R"("runoff_zones": [{"from": 0, "to": 9}])", "bad.json: runoff_zones[0]: field 'to'"},
        {R"("runoff_zones": [{"from": 0.5, "to": 2}])",
         "runoff_zones[0]: field 'from': must be a control-point index"},
        {R"("kerbs": [{"from": 0, "to": 1, "side": "up"}])", "bad.json: kerbs[0]: field 'side'"},
        {R"("kerbs": [3])", "bad.json: kerbs[0]: must be an object"},
        {R"("barriers": [{"type": "fence", "from": 0, "to": 1, "side": "left"}])",
         "bad.json: barriers[0]: field 'type': must be \"wall\" or \"tyres\""},
        {R"("barriers": [{"type": "wall", "from": 0, "to": 1}])",
         "bad.json: barriers[0]: field 'side': missing"},
        {R"("barriers": [{"type": "wall", "from": 0, "to": 1, "side": "left", "offset": -1}])",
         "bad.json: barriers[0]: field 'offset'"},
        {R"("patches": [{"surface": "ice", "x": 0, "y": 0, "w": 1e9, "h": 1}])",
         "bad.json: patches[0]: field 'w'"},
        {R"("patches": [{"x": 0, "y": 0, "w": 1, "h": 1}])",
         "bad.json: patches[0]: field 'surface': missing"},
        {R"("grid": {"slots": 0})", "bad.json: grid: field 'slots'"},
        {R"("grid": {"slots": 2.5})", "bad.json: grid: field 'slots': must be a whole number"},
        {R"("grid": {"slots": 24, "spacing": 20})", "bad.json: \"grid\": 24 slots 20 m apart"},
    };
    for (const Case& c : cases) {
        INFO(c.extra);
        const TrackResult r = parse_track_text(with(c.extra), "bad.json");
        CHECK_FALSE(r.ok);
        CHECK_THAT(r.error, Catch::Contains(c.expect));
    }
    // Each optional array is bounded.
    std::string many = R"("patches": [)";
    for (int i = 0; i <= kMaxTrackSpans; ++i) {
        many += std::string(i ? "," : "") + R"({"surface": "ice", "x": 0, "y": 0, "w": 1, "h": 1})";
    }
    const TrackResult r = parse_track_text(with(many + "]"), "bad.json");
    CHECK_FALSE(r.ok);
    CHECK_THAT(r.error, Catch::Contains("\"patches\": more than 256 elements"));
}

TEST_CASE("the circuits' grids stand on their start straights", "[track][assets]") {
    for (const char* name : {"oval", "club", "technical"}) {
        INFO(name);
        const TrackResult r =
            load_track_file(std::string(SKIDPAD_SOURCE_DIR) + "/assets/tracks/" + name + ".json");
        REQUIRE(r.ok);
        const Track& t = r.track;
        for (std::size_t i = 0; i < t.grid.size(); ++i) {
            INFO("slot " << i);
            // A car's length around the slot: the centre line turns by less than 1 degree.
            const double s = track_progress(t, t.grid[i].position);
            const dvec2 a = path_tangent_at(t.centre, s - 2.5);
            const dvec2 b = path_tangent_at(t.centre, s + 2.5);
            CHECK(std::acos(std::min(1.0, glm::dot(a, b))) < 1.0 * kPi / 180.0);
        }
    }
}
