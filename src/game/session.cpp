// The session's one way in for changes (apply) and its fixed step (see session.hpp).
#include "session.hpp"

#include <algorithm>

#include "modes/mode_replay.hpp"
#include "players.hpp"
#include "replay_player.hpp"
#include "seat_setup.hpp"

namespace skidpad::app {

namespace {
ReplayEvent world_edit(ReplayOp op, const Event& e) {
    ReplayEvent r;
    r.op = op;
    r.body_kind = e.body_kind;
    r.x = e.x;
    r.y = e.y;
    r.body = e.body;
    return r;
}

ReplayEvent op_event(ReplayOp op) {
    ReplayEvent r;
    r.op = op;
    return r;
}
}  // namespace

void Session::record(const ReplayEvent& e) {
    sim.recorder.event(e);
}

std::string Session::apply(const Event& e) {
    Scene& sc = sim.scene;
    World& world = sc.world;
    switch (e.kind) {
        case EventKind::Tuning: {
            if (!sim.tuner.has_events()) return "";
            const std::vector<TuneEvent> events = sim.tuner.take_events();
            for (const TuneEvent& t : events) {
                ReplayEvent r = op_event(ReplayOp::Tune);
                r.tune = t;
                record(r);
            }
            world.apply(events);
            return "";
        }
        case EventKind::Settings:
            sim.tuner.replace(e.settings, e.name);
            return apply(Event::tuning());
        case EventKind::Spawn:
        case EventKind::Remove:
        case EventKind::Drag:
        case EventKind::DragEnd: {
            const ReplayOp op = e.kind == EventKind::Spawn    ? ReplayOp::Spawn
                                : e.kind == EventKind::Remove ? ReplayOp::Remove
                                : e.kind == EventKind::Drag   ? ReplayOp::Drag
                                                              : ReplayOp::DragEnd;
            const ReplayEvent r = world_edit(op, e);
            apply_world_event(world, r);
            record(r);
            return "";
        }
        case EventKind::SceneReset:
            scene_reset(sc);
            players_reset(sc);
            record(op_event(ReplayOp::SceneReset));
            return "";
        case EventKind::CarReset: {
            if (!world.valid(world.player())) return "no car to put back";
            const ReplayEvent r = op_event(ReplayOp::CarReset);
            record(r);
            sc.race.respawn(world, world.player());
            apply_world_event(world, r);
            return "";
        }
        case EventKind::SelectScene:
        case EventKind::SelectTrack: {
            const std::string err = e.kind == EventKind::SelectScene
                                        ? planner_select(sim, e.scene)
                                        : planner_select_name(sim, e.name);
            if (!err.empty()) return err;
            if (sc.track < 0) {
                record(op_event(ReplayOp::LoadArena));
            } else {
                ReplayEvent r = op_event(ReplayOp::LoadTrack);
                r.name = sc.tracks[static_cast<std::size_t>(sc.track)].name;
                record(r);
            }
            seat_race_field();
            return "";
        }
        case EventKind::RaceStart: {
            const std::string err =
                race_field_setup(sc, e.opponents, sim.race_names, e.rules, &sim.race_drivers);
            if (!err.empty()) return err;
            // Rules other than the default go first (a race of old is stored as before).
            if (!e.rules.is_default()) {
                record(race_rules_event(e.rules));
            }
            if (!e.rules.grid.empty()) record(race_grid_event(e.rules.grid));
            ReplayEvent r = op_event(ReplayOp::RaceStart);
            r.opponents = static_cast<std::uint8_t>(e.opponents);
            record(r);
            players_place(sc);
            seat_race_field();
            return "";
        }
        case EventKind::StartMode: {
            const std::string err = mode_start(*this, mode_context(), e.name, e.options);
            if (!err.empty()) return err;
            // A replay cannot hold the mode's runs (a rig's scene): nothing half-true is saved.
            if (!mode->recordable()) sim.recorder.stop();
            seat_race_field();
            return "";
        }
        case EventKind::TakeOver: {
            const ReplayViewer* v = replay_viewer(mode.get());
            if (!v) return "T takes over a replay (--replay FILE)";
            const ReplayPlayer& p = v->player;
            // Live, no mode holds the field: the new recording would not replay.
            if (p.cursor.race && world.time() < p.cursor.race_hold_until)
                return "Take over after the race's countdown";
            sim.tuner = Tuner(p.cursor.settings);
            sim.planner.planned_with = p.planner.planned_with;
            sim.planner.autopilot = false;
            sim.recorder.resume(replay_prefix(p.replay, p.cursor));
            sim.loop.reset();
            ghost = Ghost();  // run B of a comparison ends with the replay
            mode.reset();
            mode_name.clear();
            seat_race_field();
            return "";
        }
        case EventKind::Seats: {
            ReplayEvent r = op_event(ReplayOp::Seats);
            r.seats = e.seats;
            // A single player's file stays as it was (its paint is not part of the run).
            if (sc.players > 1 && static_cast<int>(r.seats.size()) == sc.players) record(r);
            seat_setup_apply(sc, r.seats);
            seat_race_field();
            return "";
        }
        case EventKind::RestartMode:
            if (mode) {
                mode->restart(mode_context());
            } else {
                apply(Event::scene_reset());
            }
            return "";
    }
    return "";
}

void Session::seat_race_field() {
    const World& world = sim.scene.world;
    // The human seats keep their input sources; the AI seats follow the race's field.
    const std::vector<CarId> humans = player_cars(sim.scene);
    seats.resize(humans.size());
    for (std::size_t k = 0; k < humans.size(); ++k)
        seats[k].car = humans[k];
    for (const RaceEntry& e : sim.scene.race.entries()) {
        if (std::find(humans.begin(), humans.end(), e.car) != humans.end() || !world.valid(e.car))
            continue;
        Seat s;
        s.car = e.car;
        s.source = InputSource::Planner;
        seats.push_back(s);
    }
}

double Session::time_shown(double elapsed) const {
    if (mode) return mode->time_shown(elapsed, settings());
    return elapsed * std::max(settings().sim.time_scale, 0.0);
}

void Session::frame(double elapsed) {
    if (!live()) {
        mode->frame(mode_context(), elapsed);
        return;
    }
    apply(Event::tuning());
    const CarId ai_before = sim.scene.ai_car;
    planner_frame(sim.planner, sim.scene, settings());
    if (sim.scene.ai_car != ai_before) seat_race_field();
    if (mode && !host.menu_open) mode->frame(mode_context(), elapsed);
}

void Session::step(const SeatInputs& inputs, double dt) {
    World& world = sim.scene.world;
    const ModeContext ctx = mode_context(dt);
    if (seats.empty()) seats.emplace_back();
    Seat& player = seats[0];
    player.car = world.player();
    InputState in = inputs.seat.empty() ? InputState{} : inputs.seat[0];
    // Where seat 0's input comes from this step (the HUD and a later split screen read it).
    if (sim.script) {
        player.source = InputSource::Script;
    } else if (sim.planner.autopilot) {
        player.source = InputSource::Autopilot;
    } else if (player.source == InputSource::Script || player.source == InputSource::Autopilot) {
        player.source = InputSource::Keyboard;
    }
    if (sim.script) {
        // Sample at the step's start time; the tiny bias makes a row at t take effect on
        // the step that starts at t despite rounding in time().
        in = sim.script->at(world.time() + 1e-9);
    }
    // The further human seats' input (a race's countdown then holds it like the AI's).
    const std::size_t humans = 1 + sim.scene.humans.size();
    std::vector<InputState> human_in(humans);
    for (std::size_t k = 1; k < humans; ++k) {
        const std::size_t si = k - 1;
        if (si < seat_scripts.size() && seat_scripts[si]) {
            if (k < seats.size()) seats[k].source = InputSource::Script;
            human_in[k] = seat_scripts[si]->at(world.time() + 1e-9);
        } else if (k < inputs.seat.size()) {
            human_in[k] = inputs.seat[k];
        }
        player_input(sim.scene, k, human_in[k]);
    }
    // The autopilot and the race's AI drivers (Planner seats) take their input here.
    planner_before_step(sim.planner, sim.scene, in);
    if (mode) mode->before_step(ctx, in);
    sim.recorder.step(in);
    // What each further seat drives with after the mode (a countdown holds it).
    for (std::size_t k = 1; k < humans; ++k) {
        const CarId id = player_car(sim.scene, k);
        sim.recorder.seat_step(k, world.valid(id) ? world.input(id) : human_in[k]);
    }
    for (std::size_t k = 1; k < seats.size(); ++k) {
        Seat& s = seats[k];
        if (!world.valid(s.car)) continue;
        if (s.source != InputSource::Planner && k >= humans) {
            world.set_input(s.car, k < inputs.seat.size() ? inputs.seat[k] : InputState{});
        }
        s.hud.last_input = world.input(s.car);
    }
    world.step(dt, in);
    sim.last_input = in;
    player.hud.last_input = in;
    ghost_step(ghost);
    sim.scene.race.observe(world);  // lap timers and track limits
    if (mode) mode->after_step(ctx);
    if (telemetry_csv.is_open() && world.valid(world.player()))
        telemetry_csv.record(world, world.player());
}

void Session::record_begin(const Settings& settings, const std::string& level, bool race) {
    ReplayHeader h;
    h.settings = settings;
    h.level = replay_level_path(level);
    const Scene& sc = sim.scene;
    h.players = std::max(1, sc.players);
    if (sc.track >= 0) {
        h.scene = ReplayScene::Track;
        h.track = sc.tracks[static_cast<std::size_t>(sc.track)].name;
    }
    // A race switched the AI opponent off before it loaded its track.
    if (race) h.settings.plan.ai_opponent = false;
    sim.recorder.begin(h);
    if (mode) {
        for (const ReplayEvent& e : mode->start_events())
            record(e);
    }
}

ModeContext Session::mode_context(double dt) {
    return ModeContext{.sim = sim,
                       .ghost = ghost,
                       .arena_before_rig = arena_before_rig,
                       .pref_dir = pref_dir,
                       .presets = host.presets ? *host.presets : no_presets_,
                       .car_preset = host.car_preset ? *host.car_preset : no_preset_,
                       .toasts = host.toasts ? *host.toasts : toasts,
                       .clock = host.clock,
                       .menu_open = host.menu_open,
                       .reset_held = host.reset_held,
                       .dt = dt,
                       .apply = [this](const Event& e) { return apply(e); },
                       .shown_step = shown_step};
}

}  // namespace skidpad::app
