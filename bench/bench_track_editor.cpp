// What one drag costs the track editor on a 200-point track: the track built (outline,
// kerbs; the preview skips the surface raster), the checks, and the planner's racing
// line and speed profile; and apart, the whole track with its surfaces. Prints
// the median and worst milliseconds of each over a series of drags:
// bench_track_editor [POINTS [DRAGS]].
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/track_draft.hpp"
#include "skidpad/settings.hpp"

using namespace skidpad;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Series {
    std::vector<double> ms;
    void print(const char* name) {
        std::sort(ms.begin(), ms.end());
        std::printf("%s_median_ms=%.2f %s_max_ms=%.2f ", name, ms[ms.size() / 2], name, ms.back());
    }
};

}  // namespace

int main(int argc, char** argv) {
    const int points = argc > 1 ? std::max(4, std::atoi(argv[1])) : 200;
    const int drags = argc > 2 ? std::max(1, std::atoi(argv[2])) : 40;
    // A wavy loop of about 2.5 km: radius 400 m +- 60 m, four lobes.
    TrackDraftData d;
    d.name = "Bench";
    d.width = 12.0;
    for (int i = 0; i < points; ++i) {
        const double a = 6.283185307 * i / points;
        const double r = 400.0 + 60.0 * std::sin(4.0 * a);
        d.points.push_back(draft_snap({r * std::cos(a), r * std::sin(a)}));
    }
    d.stretches.assign(d.points.size(), DraftStretch{});
    TrackDraft draft(d);
    const Settings st;
    const PlanCar car = plan_car_from_def(st.car);
    Series check, build, plan, total, full;
    double length = 0.0;
    for (int k = 0; k < drags; ++k) {
        const std::size_t i = static_cast<std::size_t>(k * 37) % draft.size();
        const dvec2 p = draft.data().points[i];
        draft.move_point(i, p + dvec2(0.5 * std::cos(k), 0.5 * std::sin(k)));
        const Clock::time_point t0 = Clock::now();
        TrackResult built = track_draft_build(draft.data(), false);  // as the editor's preview
        build.ms.push_back(ms_since(t0));
        const Clock::time_point t1 = Clock::now();
        const std::vector<DraftProblem> problems =
            track_draft_check(draft.data(), st.car.wheelbase, st.car.max_steer, &built);
        check.ms.push_back(ms_since(t1));
        if (!built.ok || !problems.empty()) {
            std::printf("error=%s\n", built.ok ? problems[0].message.c_str() : built.error.c_str());
            return 1;
        }
        length = built.track.centre.length;
        const Clock::time_point t2 = Clock::now();
        Race race;
        race.set_track(std::move(built.track), car, st.plan);
        plan.ms.push_back(ms_since(t2));
        total.ms.push_back(ms_since(t0));
        // The whole track with its surface raster: what saving and driving it builds.
        const Clock::time_point t3 = Clock::now();
        const TrackResult whole = track_draft_build(draft.data());
        full.ms.push_back(ms_since(t3));
        if (!whole.ok) return 1;
    }
    std::printf("points=%d drags=%d length_m=%.0f ", points, drags, length);
    check.print("check");
    build.print("build");
    plan.print("plan");
    total.print("total");
    full.print("with_surfaces");
    std::printf("\n");
    return 0;
}
