// The game modes in the game: time trial (countdown, respawn, long-press restart, best
// laps kept in the preferences directory and driven again as a ghost), race (the field
// on the grid, held by the countdown), and the best-lap index's file handling.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "game.hpp"
#include "modes/best_laps.hpp"
#include "modes/mode.hpp"
#include "modes/mode_hud.hpp"
#include "skidpad/scene/preset.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {

void run_frames(Game& game, int frames, const InputState& in = InputState{}, int steps = 2) {
    for (int i = 0; i < frames; ++i) {
        apply_tuning(game.sim, game.ui.tune);
        planner_frame(game.sim.planner, game.sim.scene, game.settings());
        if (game.session.mode)
            game.session.mode->frame(mode_context(game), 2.0 * fixed_dt(game.settings().sim));
        queue_car_input(game.sim, in);
        LoopFrame f;
        f.dt = fixed_dt(game.settings().sim);
        f.steps = game.settings().sim.paused ? 0 : steps;
        run_steps(game, f, in);
    }
}

std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

void write(const std::string& path, const std::string& text) {
    std::ofstream f(path, std::ios::binary);
    f << text;
}

bool any_toast(const Game& game, const std::string& part) {
    for (const Toast& t : game.ui.toasts)
        if (t.text.find(part) != std::string::npos) return true;
    return false;
}

double speed(const World& w, CarId id) {
    return glm::length(w.car(id).velocity);
}

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

TEST_CASE("time trial: a corrupt best-lap file is kept until a new best, which drives as a ghost",
          "[app][modes][time-trial]") {
    test::TempDir dir;
    const std::string index = dir.file("best_laps.json");
    write(index, "{ this is not json");
    Game game;
    game.session.pref_dir = dir.path.string() + "/";
    GameOptions o;
    o.mode = "time-trial";
    o.track = "oval";
    o.autopilot = true;
    REQUIRE(game_open(game, o) == 0);
    CHECK(game.session.mode_name == "time-trial");
    CHECK(any_toast(game, "Best laps unreadable: " + index + ": not valid JSON"));
    World& world = game.sim.scene.world;
    const CarId me = world.player();
    // The countdown holds the car (the autopilot would drive off at once).
    run_frames(game, 150);  // 2.5 s
    CHECK(speed(world, me) < 0.05);
    CHECK(slurp(index) == "{ this is not json");  // not overwritten: no best yet
    const RaceEntry* e = game.sim.scene.race.entry(me);
    REQUIRE(e);
    // One step per frame, the car's position after every step kept.
    std::vector<dvec2> at_step(game.sim.recorder.steps() + 1, dvec2(0.0));
    while (e->timer.laps < 1 && world.time() < 120.0) {
        run_frames(game, 1, InputState{}, 1);
        at_step.push_back(world.car(me).position);
    }
    REQUIRE(at_step.size() == game.sim.recorder.steps() + 1);
    REQUIRE(e->timer.laps == 1);
    REQUIRE(e->last_lap_valid);
    // The first valid lap is the best: the index is replaced and names its replay.
    const BestLapsLoad l = load_best_laps(index);
    INFO(l.error);
    REQUIRE(l.error.empty());
    REQUIRE(l.laps.size() == 1);
    const BestLap& b = l.laps[0];
    CHECK(b.track == "oval");
    CHECK(b.car == "sports-rwd");  // the built-in car is the shipped sports-rwd
    CHECK(b.car_hash == car_hash(game.settings()));
    CHECK(b.lap_s == Approx(e->timer.last_lap).margin(1e-12));
    CHECK(b.end_step == game.sim.recorder.steps());  // the step that crossed the line
    // The lap's steps at 120 Hz are its time within one step.
    CHECK(static_cast<double>(b.end_step - b.start_step) / 120.0 == Approx(b.lap_s).margin(0.01));
    const ReplayParse rp = load_replay_file(dir.file(b.replay));
    REQUIRE(rp.ok);
    CHECK(rp.replay.steps == b.end_step);
    // The ghost starts its lap with the live car's next lap and drives beside it.
    REQUIRE(game.session.ghost.active);
    CHECK_FALSE(game.session.ghost.waiting);
    run_frames(game, 600);  // 10 s into the next lap
    const World& gw = game.session.ghost.scene.world;
    REQUIRE(game.session.ghost.player.cursor.step == b.start_step + 1200);
    // The ghost is the first lap replayed: where the car was 10 s into that lap.
    REQUIRE(b.start_step + 1200 < at_step.size());
    CHECK(glm::length(gw.car(gw.player()).position - at_step[b.start_step + 1200]) < 1e-9);
    // The flying second lap beats the first from the grid: it becomes the best (its
    // replay and index entry replaced) and the ghost to beat.
    while (e->timer.laps < 2 && world.time() < 200.0)
        run_frames(game, 1);
    REQUIRE(e->last_lap_valid);
    REQUIRE(e->timer.last_lap < b.lap_s);
    const BestLapsLoad l2 = load_best_laps(index);
    REQUIRE(l2.laps.size() == 1);
    const BestLap& b2 = l2.laps[0];
    CHECK(b2.lap_s == Approx(e->timer.last_lap).margin(1e-12));
    CHECK(b2.start_step == b.end_step);
    CHECK(b2.replay == b.replay);

    // A new session on this track and car finds the best lap and its ghost.
    Game again;
    again.session.pref_dir = game.session.pref_dir;
    REQUIRE(game_open(again, o) == 0);
    CHECK(again.session.ghost.active);
    CHECK(again.session.ghost.waiting);  // at its lap's start until the live lap begins
    CHECK(again.session.ghost.player.cursor.step == b2.start_step);
}

TEST_CASE(
    "time trial: R puts the car back on the track with the lap invalid and holding R restarts",
    "[app][modes][time-trial]") {
    test::TempDir dir;
    Game game;
    game.session.pref_dir = dir.path.string() + "/";
    GameOptions o;
    o.mode = "time-trial";
    o.track = "oval";
    o.autopilot = true;
    REQUIRE(game_open(game, o) == 0);
    World& world = game.sim.scene.world;
    const CarId me = world.player();
    const dvec2 grid = world.car(me).position;
    run_frames(game, 600);  // 3 s of countdown, 7 s driving
    const RaceEntry* e = game.sim.scene.race.entry(me);
    REQUIRE(e->timer.timing);
    REQUIRE(e->lap_valid);
    const double s_on = e->last_on_s;
    world.car(me).position += dvec2(0.0, 50.0);  // carried off the track
    InputState r;
    r.reset = true;
    run_frames(game, 1, r);
    const ClosedPath& centre = game.sim.scene.race.track().centre;
    // Two steps at the respawn point from rest (the autopilot pulls away at once).
    CHECK(glm::length(world.car(me).position - path_position_at(centre, s_on)) < 0.5);
    CHECK_FALSE(e->lap_valid);
    CHECK(e->timer.timing);  // the lap goes on, marked

    // R held for a second: the session restarts on the grid, with its countdown.
    SDL_Event down{};
    down.type = SDL_KEYDOWN;
    down.key.state = SDL_PRESSED;
    down.key.keysym.scancode = SDL_SCANCODE_R;
    down.key.keysym.sym = SDLK_r;
    game.sim.input.handle_event(down);
    game.sim.input.update(0.0, game.settings().input);
    run_frames(game, 61);  // 1.02 s of frames with R down
    CHECK(glm::length(world.car(me).position - grid) < 0.5);
    CHECK_FALSE(e->timer.timing);
    CHECK(any_toast(game, "Session restarted"));
    run_frames(game, 60);
    CHECK(speed(world, me) < 0.05);  // held by the new countdown
}

TEST_CASE("race: the field on the grid behind the countdown, the player at the back",
          "[app][modes][race]") {
    Game game;
    GameOptions o;
    o.mode = "race";
    o.opponents = 5;
    REQUIRE(game_open(game, o) == 0);
    CHECK(game.session.mode_name == "race");
    const Race& race = game.sim.scene.race;
    World& world = game.sim.scene.world;
    REQUIRE(race.entries().size() == 6);
    CHECK(race.laps() == 3);
    CHECK(race.entries().back().car == world.player());
    dvec2 back;
    double h = 0.0;
    race.grid_pose(5, back, h);
    CHECK(glm::length(world.car(world.player()).position - back) < 1e-9);
    // AI cars on the grid in order of their predicted laps, each its own plan and paint.
    for (std::size_t k = 0; k + 1 < race.entries().size(); ++k) {
        const RaceEntry& e = race.entries()[k];
        CHECK(e.autopilot);
        REQUIRE(e.own);
        if (k > 0) CHECK(race.predicted_lap(e) >= race.predicted_lap(race.entries()[k - 1]));
    }
    CHECK(game.sim.recorder.active());  // a replay rebuilds the field (RaceStart)
    run_frames(game, 150);
    for (const RaceEntry& e : race.entries())
        CHECK(speed(world, e.car) < 0.05);
    run_frames(game, 120);  // 2 s after the start
    for (const RaceEntry& e : race.entries())
        if (e.car != world.player()) CHECK(speed(world, e.car) > 3.0);
    // The menu's Mode page starts another mode on the same game.
    REQUIRE(mode_start(game.session, mode_context(game), "free", ModeOptions{}).empty());
    CHECK(game.sim.scene.track < 0);
    CHECK_FALSE(game.sim.scene.race.has_track());
    CHECK(mode_start(game.session, mode_context(game), "nope", ModeOptions{})
              .find("unknown mode 'nope'") == 0);
    CHECK(game.session.mode_name == "free");
}

TEST_CASE("the time trial names the car by the preset it is, or custom", "[app][modes][best]") {
    const PresetStore store("", std::string(SKIDPAD_SOURCE_ASSETS) + "/presets");
    const std::vector<PresetEntry> presets = store.list();
    REQUIRE(presets.size() >= 4);
    // The built-in car is the shipped sports-rwd, loaded or not.
    Settings s;
    CHECK(car_label(s, presets, "") == "sports-rwd");
    // A loaded preset names the car while the car is still the preset's.
    const std::string hatch = std::string(SKIDPAD_SOURCE_ASSETS) + "/presets/hatch-fwd.json";
    REQUIRE(load_preset_file(hatch, s).ok);
    CHECK(car_label(s, presets, hatch) == "hatch-fwd");
    CHECK(car_label(s, presets, "") == "hatch-fwd");
    // Tuned away from every preset: custom, whatever was loaded last.
    s.car.mass += 10.0;
    CHECK(car_label(s, presets, hatch) == "custom");
    // A preset file that is gone or unreadable names nothing.
    CHECK(car_label(Settings{}, {}, "/nonexistent/x.json") == "custom");
}

TEST_CASE("race without a Game: a hand-built context, the countdown holds every car for 3 s",
          "[app][modes][race]") {
    // Only the parts a mode may touch: no renderer, overlay, menu or replay viewer.
    Settings settings;
    settings.plan.ai_opponent = true;  // the race turns it off before its track loads
    Sim sim;
    sim.tuner = Tuner(settings);
    std::string warning;
    std::vector<std::string> skipped;
    scene_open(sim.scene, "", settings, warning, skipped);
    ReplayHeader header;
    header.settings = settings;
    sim.recorder.begin(header);
    Camera camera;
    camera.placed = true;
    Ghost ghost;
    DriftRigMode driftrig;
    std::optional<std::pair<Level, std::string>> arena_before_rig;
    const PresetStore presets("", std::string(SKIDPAD_SOURCE_ASSETS) + "/presets");
    const std::string none;
    std::vector<Toast> toasts;
    int applied = 0;
    const ModeContext ctx{.sim = sim,
                          .camera = camera,
                          .ghost = ghost,
                          .driftrig = driftrig,
                          .arena_before_rig = arena_before_rig,
                          .pref_dir = none,
                          .presets = presets,
                          .car_preset = none,
                          .toasts = toasts,
                          .apply_tuning = [&] { ++applied; }};
    const std::unique_ptr<Mode> race = make_race_mode();
    ModeOptions options;
    options.opponents = 2;
    REQUIRE(race->start(ctx, options).empty());
    CHECK(applied == 1);  // recording: the change handed on before the track loaded
    CHECK_FALSE(sim.settings().plan.ai_opponent);
    CHECK_FALSE(camera.placed);  // the camera starts afresh on the grid
    CHECK(toasts.empty());
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
