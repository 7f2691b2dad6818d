// The game modes without a window: the best-lap index's file handling and the car hash,
// and a race started on a hand-built context (only the parts a mode may touch).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "data_dir.hpp"
#include "modes/best_laps.hpp"
#include "modes/drift_rig.hpp"
#include "modes/mode.hpp"
#include "session.hpp"
#include "skidpad/scene/preset.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

double speed(const World& w, CarId id) {
    return glm::length(w.car(id).velocity);
}

/// The parts of the game a mode may touch, without a Game or a window: a Session on the
/// arena scene opened from `settings`, an empty ghost, no preferences directory.
struct HandBuilt {
    Session session;
    Sim& sim = session.sim;
    std::vector<Toast>& toasts = session.toasts;

    explicit HandBuilt(const Settings& settings) {
        sim.tuner = Tuner(settings);
        std::string warning;
        std::vector<std::string> skipped;
        scene_open(sim.scene, "", settings, warning, skipped);
    }
    /// The session's context; `seen` hears each change the mode hands to Session::apply.
    ModeContext context(std::function<void(const Event&)> seen) {
        ModeContext c = session.mode_context();
        c.apply = [this, seen = std::move(seen)](const Event& e) {
            seen(e);
            return session.apply(e);
        };
        return c;
    }
};

BestLap sample_lap() {
    BestLap b;
    b.track = "club";
    b.car = "sports-rwd";
    b.car_hash = "0123456789abcdef";
    b.lap_s = 61.234567;
    b.start_step = 1200;
    b.end_step = 8548;
    b.replay = best_lap_file_name("club", b.car_hash);
    return b;
}
}  // namespace

TEST_CASE("best laps: the index round-trips through its file", "[app][modes][best]") {
    test::TempDir dir;
    const std::string path = dir.file("best_laps.json");
    const BestLapsLoad none = load_best_laps(path);
    CHECK(none.error.empty());  // no file yet: no laps, nothing wrong
    CHECK(none.laps.empty());

    std::vector<BestLap> laps = {sample_lap()};
    BestLap other = sample_lap();
    other.track = "oval";
    other.lap_s = 31.5;
    set_best_lap(laps, other);
    BestLap faster = sample_lap();
    faster.lap_s = 60.0;
    set_best_lap(laps, faster);  // replaces club/this car
    REQUIRE(laps.size() == 2);
    REQUIRE(save_best_laps(path, laps).ok);
    const BestLapsLoad back = load_best_laps(path);
    INFO(back.error);
    REQUIRE(back.error.empty());
    REQUIRE(back.laps.size() == 2);
    const BestLap* club = find_best_lap(back.laps, "club", "0123456789abcdef");
    REQUIRE(club);
    CHECK(club->lap_s == 60.0);  // bit for bit through the text
    CHECK(club->start_step == 1200);
    CHECK(club->end_step == 8548);
    CHECK(club->car == "sports-rwd");
    CHECK(club->replay == "best-club-0123456789abcdef.replay");
    CHECK(find_best_lap(back.laps, "oval", "0123456789abcdef")->lap_s == 31.5);
    CHECK(find_best_lap(back.laps, "club", "fedcba9876543210") == nullptr);
}

TEST_CASE("best laps: a malformed index is refused with what and where", "[app][modes][best]") {
    const std::string good = best_laps_text({sample_lap()});
    REQUIRE(parse_best_laps(good, "f").error.empty());
    auto error_of = [](const std::string& text) { return parse_best_laps(text, "f.json").error; };
    CHECK(error_of("{\"format\": ") == "f.json: not valid JSON");
    CHECK(error_of("[]") == "f.json: not a JSON object");
    CHECK(error_of("{\"format\":\"x\",\"version\":1,\"laps\":[]}").find("'format'") !=
          std::string::npos);
    CHECK(error_of("{\"format\":\"skidpad-best-laps\",\"version\":2,\"laps\":[]}")
              .find("'version'") != std::string::npos);
    std::string bad = good;
    bad.replace(bad.find("61.234567"), 9, "-1");
    CHECK(error_of(bad) == "f.json: laps[0]: field 'lap_s' is not a time in (0, 36000] s");
    bad = good;
    bad.replace(bad.find("best-club"), 9, "../etc/x");
    CHECK(error_of(bad).find("laps[0]: field 'replay'") != std::string::npos);
    bad = good;
    bad.replace(bad.find("8548"), 4, "100");
    CHECK(error_of(bad) == "f.json: laps[0]: 'end_step' is not after 'start_step'");
    CHECK(error_of(std::string(kMaxBestLapsBytes + 1, ' ')) == "f.json: larger than 256 KiB");
    const BestLapsLoad l = parse_best_laps(bad, "f.json");
    CHECK(l.laps.empty());  // all or nothing
}

TEST_CASE("the car hash follows every car value", "[app][modes][best]") {
    Settings a;
    Settings b;
    CHECK(car_hash(a) == car_hash(b));
    CHECK(car_hash(a).size() == 16);
    b.car.mass += 1.0;
    CHECK(car_hash(a) != car_hash(b));
    b = a;
    b.plan.ai_opponent = !a.plan.ai_opponent;  // not a car value
    CHECK(car_hash(a) == car_hash(b));
}

TEST_CASE("race without a Game: a hand-built context, the countdown holds every car for 3 s",
          "[app][modes][race]") {
    // Only the parts a mode may touch: no renderer, overlay, menu or replay viewer.
    Settings settings;
    settings.plan.ai_opponent = true;  // the race turns it off before its track loads
    HandBuilt h(settings);
    Sim& sim = h.sim;
    ReplayHeader header;
    header.settings = settings;
    sim.recorder.begin(header);
    int applied = 0;
    const ModeContext ctx = h.context([&](const Event& e) {
        if (e.kind == EventKind::Tuning) ++applied;
    });
    const std::unique_ptr<Mode> race = make_race_mode();
    ModeOptions options;
    options.opponents = 2;
    REQUIRE(race->start(ctx, options).empty());
    CHECK(applied == 1);  // recording: the change handed on before the track loaded
    CHECK_FALSE(sim.settings().plan.ai_opponent);
    CHECK(sim.camera.replace);  // the camera is asked to start afresh on the grid
    CHECK(h.toasts.empty());
    World& world = sim.scene.world;
    REQUIRE(sim.scene.race.entries().size() == 3);
    CHECK(sim.scene.race.entries().back().car == world.player());

    // Full throttle asked from the first step: held (handbrake on, no throttle) until
    // the world's clock reaches kCountdownS, then passed on as asked.
    const double dt = fixed_dt(settings.sim);
    int held_steps = 0;
    bool ai_held = true;
    for (int k = 0; k < 480; ++k) {
        InputState in;
        in.throttle = 1.0;
        race->before_step(ctx, in);
        if (in.throttle == 0.0 && in.handbrake == 1.0) {
            ++held_steps;
            for (const RaceEntry& e : sim.scene.race.entries())
                if (e.car != world.player())
                    ai_held = ai_held && world.input(e.car).handbrake == 1.0;
        } else {
            CHECK(in.throttle == 1.0);
        }
        world.step(dt, in);
    }
    // 3 s at the default 120 Hz: 360 steps, within one for the clock's rounding.
    CHECK(held_steps == Approx(kCountdownS / dt).margin(1.0));
    CHECK(ai_held);
    CHECK(speed(world, world.player()) > 1.0);  // it drove off after the countdown
}

TEST_CASE("rig without a Game: the skidpad rig measures each step through Mode::after_step",
          "[app][modes][rig]") {
    Settings settings;
    HandBuilt h(settings);
    Sim& sim = h.sim;
    ModeContext ctx = h.context([](const Event&) {});
    ctx.dt = fixed_dt(settings.sim);
    const std::unique_ptr<Mode> rig = make_rig_mode();
    ModeOptions options;
    options.rig = "skidpad";
    REQUIRE(rig->start(ctx, options).empty());
    REQUIRE(drift_rig_state(*rig));
    const DriftRigMode& driftrig = *drift_rig_state(*rig);
    CHECK(driftrig.kind == DriftRigKind::Rig);
    CHECK_FALSE(rig->recordable());
    CHECK_FALSE(sim.recorder.active());
    // The wider view the skidpad asks of the camera: at least zoom_min, 7 points/m.
    CHECK(sim.camera.user_zoom == Approx(std::max(settings.camera.zoom_min, 7.0)));
    World& world = sim.scene.world;
    InputState in;
    in.throttle = 0.3;
    for (int k = 0; k < 120; ++k) {
        world.step(ctx.dt, in);
        sim.last_input = in;
        rig->after_step(ctx);
    }
    // One second of steps observed: the rig's clock, and the car on its circle.
    CHECK(driftrig.rig.time_s == Approx(1.0).margin(1e-9));
    CHECK(driftrig.rig.on_circle);
    CHECK(driftrig.rig.radius_now == Approx(kSkidpadRadius).margin(kSkidpadLane));
}
