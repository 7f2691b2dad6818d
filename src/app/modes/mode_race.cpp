// race: the player against 1..7 AI cars on a grid, a countdown, positions and gaps,
// and a results table once the player (or the whole field) has finished. Each AI car
// drives another car preset at its own fraction of that car's planned limit; the grid
// is in order of their predicted lap times (fastest on pole), the player at the back.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "data_dir.hpp"
#include "game.hpp"
#include "key_hints.hpp"
#include "mode.hpp"
#include "mode_hud.hpp"
#include "overlay.hpp"
#include "overlay_layout.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/scene/preset.hpp"

namespace skidpad::app {

namespace {
constexpr int kRaceLaps = 3;
constexpr int kDefaultOpponents = 3;
constexpr int kMaxOpponents = 7;

struct Rival {
    const char* preset;
    double skill;
};
/// The AI field, in the order opponents are added.
constexpr Rival kRivals[kMaxOpponents] = {
    {"sports-rwd", 0.96}, {"hatch-fwd", 0.93}, {"rally-awd", 0.9},  {"drift-rwd", 0.94},
    {"hatch-fwd", 0.88},  {"sports-rwd", 0.9}, {"rally-awd", 0.95},
};

}  // namespace

std::string race_field_setup(Scene& sc, int n, std::vector<std::string>& names) {
    if (n < 1 || n > kMaxOpponents || sc.track < 0) return "no race: no track or no opponents";
    scene_remove_ai(sc);
    Race& race = sc.race;
    World& world = sc.world;
    struct Car {
        Rival rival;
        CarDef def;
        PlanCar plan;
        double predicted = 0.0;
    };
    std::vector<Car> field;
    for (int i = 0; i < n; ++i) {
        Car c;
        c.rival = kRivals[i];
        Settings st;
        const PresetResult r = load_preset_file(
            util::data_path(std::string("presets/") + c.rival.preset + ".json"), st);
        if (!r.ok) return "AI car preset: " + r.error;
        c.def = st.car;
        c.plan = plan_car_from_def(st.car);
        const SpeedProfile p = compute_speed_profile(race.line().path, c.plan, race.plan());
        if (!p.ok) return std::string("cannot plan the ") + c.rival.preset + ": " + p.error;
        c.predicted = p.lap_time_s / c.rival.skill;
        field.push_back(c);
    }
    std::stable_sort(field.begin(), field.end(),
                     [](const Car& a, const Car& b) { return a.predicted < b.predicted; });
    const CarId player = world.player();
    names.clear();
    for (std::size_t k = 0; k < field.size(); ++k) {
        dvec2 pos;
        double heading = 0.0;
        race.grid_pose(static_cast<int>(k), pos, heading);
        const CarId id = world.add_car(pos, heading, field[k].def);
        race.join(world, id, true);
        race.set_entry_plan(id, field[k].plan, field[k].rival.skill);
        names.push_back(field[k].rival.preset);
    }
    // The player starts at the back: its entry moves to the end of the list.
    dvec2 pos;
    double heading = 0.0;
    race.grid_pose(static_cast<int>(field.size()), pos, heading);
    world.set_start_pose(player, pos, heading);
    world.reset_car(player);
    const bool autopilot = race.entry(player) && race.entry(player)->autopilot;
    race.leave(player);
    race.join(world, player, autopilot);
    race.set_laps(kRaceLaps);
    return "";
}

void race_field_hold(Scene& sc) {
    World& world = sc.world;
    for (const RaceEntry& e : sc.race.entries()) {
        if (e.car == world.player() || !world.valid(e.car)) continue;
        InputState held = world.input(e.car);
        countdown_hold(held);
        world.set_input(e.car, held);
    }
}

namespace {

/// What the race HUD shows beside the scene's race: the track's title, each entry's car
/// name and number, the countdown, and whether the player can act (the keys line).
struct RaceLabels {
    const std::string& title;
    const std::vector<std::string>& names;  ///< per race entry
    const std::vector<int>& numbers;        ///< per race entry
    Countdown countdown;
    bool live = true;  ///< false in the replay viewer: no keys to press
    int number(std::size_t i) const { return i < numbers.size() ? numbers[i] : 0; }
    const char* name(std::size_t i) const { return i < names.size() ? names[i].c_str() : "?"; }
};

void draw_results(const HudContext& hud, const RaceLabels& l, const std::vector<Standing>& order) {
    const Race& race = hud.scene.race;
    place_clear_next_window("##results");  // the car stays in view
    ImGui::SetNextWindowBgAlpha(0.85f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##results", nullptr, flags)) {
        ImGui::SetWindowFontScale(1.5f);
        ImGui::TextUnformatted("RESULTS");
        ImGui::SetWindowFontScale(1.0f);
        ImGui::Separator();
        if (ImGui::BeginTable("##results_table", 5,
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_PadOuterX)) {
            for (const char* h : {"Pos", "No", "Car", "Time", "Best lap"})
                ImGui::TableSetupColumn(h);
            ImGui::TableHeadersRow();
            for (std::size_t k = 0; k < order.size(); ++k) {
                const RaceEntry& e = race.entries()[order[k].entry];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d", static_cast<int>(k) + 1);
                ImGui::TableNextColumn();
                ImGui::Text("#%d", l.number(order[k].entry));
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(l.name(order[k].entry));
                ImGui::TableNextColumn();
                if (!order[k].finished) {
                    ImGui::TextDisabled("running (lap %d)", e.timer.laps + 1);
                } else if (k == 0) {
                    ImGui::TextUnformatted(format_lap(e.finish_time - l.countdown.start).c_str());
                } else {
                    ImGui::Text("+%.3f s", order[k].gap_s);
                }
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(format_lap(e.timer.best_lap).c_str());
            }
            ImGui::EndTable();
        }
        if (l.live)
            ImGui::TextDisabled("%s menu: Restart for another race",
                                action_keys(hud.keys, Action::Menu).c_str());
    }
    ImGui::End();
}

/// The position box, the car numbers, the countdown and, at the end, the results.
bool draw_race_hud(const HudContext& hud, const RaceLabels& l) {
    const World& world = hud.scene.world;
    const Race& race = hud.scene.race;
    const RaceEntry* me = race.entry(world.player());
    if (!me) return false;
    const std::vector<Standing> order = race.standings(world.time());
    int my_pos = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
        if (race.entries()[order[k].entry].car == world.player()) my_pos = static_cast<int>(k) + 1;
    const ImVec2 origin(12.0f, hud.overlay_shown ? ImGui::GetFrameHeight() + 12.0f : 12.0f);
    if (begin_hud_box("##race", origin, ImVec2(0.0f, 0.0f), 0.85f)) {
        ImGui::TextDisabled("RACE  %s  -  %d laps", l.title.c_str(), race.laps());
        ImGui::SetWindowFontScale(1.7f);
        const RaceHeadline head = race_headline(*me, my_pos, static_cast<int>(order.size()),
                                                race.laps(), l.countdown.start);
        ImGui::TextUnformatted(head.status.c_str());
        ImGui::SetWindowFontScale(1.0f);
        ImGui::TextUnformatted(head.clock.c_str());
        ImGui::Text("Best  %s", format_lap(me->timer.best_lap).c_str());
        ImGui::Separator();
        if (ImGui::BeginTable("##standings", 4, ImGuiTableFlags_SizingFixedFit)) {
            for (std::size_t k = 0; k < order.size(); ++k) {
                const std::size_t i = order[k].entry;
                const bool mine = race.entries()[i].car == world.player();
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d", static_cast<int>(k) + 1);
                ImGui::TableNextColumn();
                const ImVec2 p = ImGui::GetCursorScreenPos();
                const float h = ImGui::GetTextLineHeight();
                ImGui::GetWindowDrawList()->AddRectFilled(
                    p, ImVec2(p.x + h * 0.8f, p.y + h),
                    im_colour(race_car_colour(race, world.player(), i)), 2.0f);
                ImGui::Dummy(ImVec2(h * 0.8f, h));
                ImGui::SameLine();
                ImGui::Text("#%d", l.number(i));
                ImGui::TableNextColumn();
                if (mine) {
                    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", l.name(i));
                } else {
                    ImGui::TextUnformatted(l.name(i));
                }
                ImGui::TableNextColumn();
                if (order[k].finished && k == 0) {
                    ImGui::TextDisabled("finished");
                } else if (k == 0) {
                    ImGui::TextDisabled("leader");
                } else if (order[k].covered_m < 0.0) {
                    ImGui::TextDisabled("grid");
                } else {
                    // Tenths hide a car right behind the leader ("+0.0 s"): hundredths
                    // under a second.
                    ImGui::Text(order[k].gap_s < 1.0 ? "+%.2f s" : "+%.1f s", order[k].gap_s);
                }
            }
            ImGui::EndTable();
        }
        if (l.live) {
            ImGui::TextDisabled("%s respawn  -  %s menu (Restart)",
                                action_keys(hud.keys, Action::Reset).c_str(),
                                action_keys(hud.keys, Action::Menu).c_str());
        }
    }
    ImGui::End();
    draw_car_numbers(hud.scene, hud.view, hud.alpha, l.numbers.data(), l.numbers.size());
    draw_countdown(l.countdown, world.time());
    const bool all_done =
        std::all_of(order.begin(), order.end(), [](const Standing& s) { return s.finished; });
    if (me->finish_time >= 0.0 || all_done) draw_results(hud, l, order);
    return true;
}

class RaceMode final : public Mode {
public:
    std::string start(const ModeContext& ctx, const ModeOptions& options) override {
        const int n = options.opponents < 0 ? kDefaultOpponents : options.opponents;
        if (n < 1 || n > kMaxOpponents) return "--opponents takes 1..7";
        const std::string track = options.track.empty() ? "club" : options.track;
        Sim& sim = ctx.sim;
        if (sim.settings().plan.ai_opponent) {
            sim.tuner.control("plan.ai_opponent", 0.0);
            // Recording (a race picked in the menu): the change acts before the track
            // loads, in the game as in the replay.
            if (sim.recorder.active()) ctx.apply_tuning();
        }
        if (const std::string err = planner_select_name(sim, ctx.camera, track); !err.empty())
            return err;
        Scene& sc = sim.scene;
        title_ = sc.tracks[static_cast<std::size_t>(sc.track)].title;
        std::vector<std::string> field;
        if (const std::string err = race_field_setup(sc, n, field); !err.empty()) return err;
        opponents_ = n;
        if (sim.recorder.active()) {
            for (const ReplayEvent& e : start_events())
                sim.recorder.event(e);
        }
        names_.clear();
        numbers_.clear();
        // Numbers: the player #1, the AI cars from #2 in grid order.
        for (std::size_t k = 0; k < field.size(); ++k) {
            numbers_.push_back(static_cast<int>(k) + 2);
            names_.push_back(field[k]);
        }
        numbers_.push_back(1);
        names_.push_back("You");
        countdown_.start = sc.world.time();
        ctx.camera.placed = false;
        return "";
    }

    /// A replay rebuilds the field from the opponent count (race_field_setup).
    std::vector<ReplayEvent> start_events() const override {
        ReplayEvent e;
        e.op = ReplayOp::RaceStart;
        e.opponents = static_cast<std::uint8_t>(opponents_);
        return {e};
    }

    void restart(const ModeContext& ctx) override {
        Mode::restart(ctx);
        countdown_.start = ctx.sim.scene.world.time();
    }

    void before_step(const ModeContext& ctx, InputState& player) override {
        if (!countdown_.holding(ctx.sim.scene.world.time())) return;
        countdown_hold(player);
        race_field_hold(ctx.sim.scene);
    }

    bool draw_hud(const HudContext& hud) override {
        const RaceLabels labels{title_, names_, numbers_, countdown_, true};
        return draw_race_hud(hud, labels);
    }

private:
    Countdown countdown_;
    int opponents_ = 0;
    std::string title_;
    std::vector<int> numbers_;  ///< per race entry
    std::vector<std::string> names_;
};
}  // namespace

bool draw_race_replay_hud(const ReplayViewer& v, const HudContext& hud) {
    if (!v.active || !v.player.cursor.race) return false;
    const Scene& sc = hud.scene;
    const std::string title =
        sc.track >= 0 ? sc.tracks[static_cast<std::size_t>(sc.track)].title : std::string();
    // As the race numbered them: the AI cars #2.. in grid order, the player #1 (last entry).
    std::vector<std::string> names = v.player.cursor.race_names;
    std::vector<int> numbers;
    for (std::size_t k = 0; k < names.size(); ++k)
        numbers.push_back(static_cast<int>(k) + 2);
    names.push_back("You");
    numbers.push_back(1);
    const RaceLabels labels{title, names, numbers,
                            Countdown{v.player.cursor.race_hold_until - kCountdownS}, false};
    return draw_race_hud(hud, labels);
}

std::unique_ptr<Mode> make_race_mode() {
    return std::make_unique<RaceMode>();
}

}  // namespace skidpad::app
