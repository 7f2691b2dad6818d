// The title screen in the game (game_title.hpp).
#include "game_title.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include <imgui.h>

#include "car_locks.hpp"
#include "championship.hpp"
#include "game.hpp"
#include "input_map.hpp"
#include "modes/mode_race.hpp"
#include "overlay_layout.hpp"
#include "progress.hpp"

namespace skidpad::app {

namespace {
/// The preset the car was loaded from, by name ("" = none: the stock car or tuned by hand).
std::string current_car(const Game& game) {
    for (const PresetEntry& e : game.ui.cars)
        if (e.path == game.ui.tune.current_preset) return e.name;
    return "";
}

/// The car a start asks for: a preset by name, or the stock car ("").
void choose_car(Game& game, const std::string& name) {
    if (name == current_car(game)) return;
    Tuner& tuner = game.session.sim.tuner;
    if (name.empty()) {
        tuner.reset_group("car");
        game.ui.tune.current_preset.clear();
    } else {
        for (const PresetEntry& e : game.ui.cars)
            if (e.name == name) tune_ui_load_preset(game.ui.tune, tuner, e);
    }
    game.session.apply(Event::tuning());
}

/// Starts `mode` with what the title chose; a toast says what started (or why not).
void start_mode(Game& game, const TitleStart& s, const ModeOptions& mo) {
    choose_car(game, s.car);
    lend_host(game);
    const std::string err = game.session.apply(Event::start_mode(s.mode, mo));
    if (!err.empty()) {
        game.toast("Not started: " + err, 5.0);
        return;
    }
    game.ui.title.open = false;
    game.picture.camera.placed = false;
    const ModeEntry* m = find_mode(s.mode);
    game.toast(std::string(m ? m->title : s.mode.c_str()) + " - Esc: menu", 3.0);
}
}  // namespace

namespace {
/// The cup's standings after the round just raced (or its result when it is over),
/// beside the race's results.
void draw_cup_standings(const CupRun& run) {
    const Championship& c = run.champ;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 12.0f, io.DisplaySize.y - 12.0f),
                            ImGuiCond_Always, ImVec2(1.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##cup_standings", nullptr, flags)) {
        ImGui::SetWindowFontScale(1.3f);
        if (c.finished()) {
            ImGui::Text("%s: you are %s", c.cup().title.c_str(),
                        c.player_place() == 1   ? "the CHAMPION"
                        : c.player_place() == 2 ? "SECOND"
                        : c.player_place() == 3
                            ? "THIRD"
                            : ("placed " + std::to_string(c.player_place())).c_str());
        } else {
            ImGui::Text("%s  after round %d of %d", c.cup().title.c_str(), c.round(), c.rounds());
        }
        ImGui::SetWindowFontScale(1.0f);
        ImGui::Separator();
        if (ImGui::BeginTable("##cup_table", 4,
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg |
                                  ImGuiTableFlags_PadOuterX)) {
            for (const char* h : {"Pos", "Driver", "Points", "Wins"})
                ImGui::TableSetupColumn(h);
            ImGui::TableHeadersRow();
            const std::vector<CupStanding> st = c.standings();
            for (std::size_t k = 0; k < st.size(); ++k) {
                const std::string& name = c.drivers()[static_cast<std::size_t>(st[k].driver)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d", static_cast<int>(k) + 1);
                ImGui::TableNextColumn();
                if (st[k].driver == 0) {
                    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", name.c_str());
                } else {
                    ImGui::TextUnformatted(name.c_str());
                }
                ImGui::TableNextColumn();
                ImGui::Text("%d", st[k].points);
                ImGui::TableNextColumn();
                ImGui::Text("%d", st[k].wins);
            }
            ImGui::EndTable();
        }
        if (!c.finished()) ImGui::TextDisabled("next: %s", c.next_track().c_str());
    }
    ImGui::End();
}

/// After a round: the cup under way kept in the progress file (so quitting resumes it),
/// or, after its last round, its place (the best one stays) and no cup under way.
void cup_save(Game& game) {
    const Championship& c = game.ui.cup->champ;
    const std::string path = progress_path(game.session.pref_dir, game.ui.title.profile);
    if (path.empty()) return;
    ProgressLoad l = load_progress(path);
    if (!l.message.empty()) game.toast(l.message, 8.0);
    if (c.finished()) {
        record_cup(l.progress, c.cup().id, c.player_place(), c.player_points());
        l.progress.current_cup.reset();
    } else {
        l.progress.current_cup = cup_run_saved(*game.ui.cup);
    }
    if (const FileResult r = save_progress(path, l.progress); !r.ok)
        game.toast("Progress not saved: " + r.error, 6.0);
}
}  // namespace

void results_before_hud(Game& game) {
    ResultsPick& r = game.ui.results;
    r.action = ResultsPick::Action::None;
    r.shown = false;
    r.next_label = !game.ui.cup                    ? "Restart"
                   : game.ui.cup->champ.finished() ? "Cup result"
                                                   : "Next round";
}

void results_after_hud(Game& game, const AppCommands& cmd) {
    ResultsPick& r = game.ui.results;
    if (!r.shown) {
        r.since = -1.0;
        return;
    }
    if (r.since < 0.0) r.since = game.ui.clock;
    const Mode* mode = game.session.mode.get();
    const RaceHud* hud = mode ? race_hud(*mode) : nullptr;
    if (game.ui.cup && hud && !game.ui.cup->recorded) {
        const Scene& sc = game.session.sim.scene;
        std::vector<std::size_t> order;
        for (const Standing& s : sc.race.standings(sc.world.time()))
            order.push_back(s.entry);
        const std::vector<int> d = cup_finishing_order(game.ui.cup->champ, hud->names, order);
        if (const std::string e = game.ui.cup->champ.record(d); !e.empty())
            game.toast("Round not counted: " + e, 5.0);
        game.ui.cup->recorded = true;
        cup_save(game);
    }
    if (game.ui.cup) draw_cup_standings(*game.ui.cup);
    // Enter or A only once the results have been up a moment: the A that is the handbrake
    // at the line does not restart the race.
    constexpr double kKeysAfterS = 1.5;
    if (!game.ui.menu.open && game.ui.clock - r.since >= kKeysAfterS &&
        (cmd.menu_select || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false)))
        r.action = ResultsPick::Action::Next;
    if (r.action == ResultsPick::Action::Menu) {
        game.ui.cup.reset();  // kept in the progress file: the title's cup resumes it
        title_open(game, game.ui.title.profile);
        return;
    }
    if (r.action != ResultsPick::Action::Next) return;
    if (!game.ui.cup) {
        lend_host(game);
        game.session.apply(Event::restart_mode());
        game.toast("Restarted", 1.5);
        return;
    }
    if (game.ui.cup->champ.finished()) {
        game.ui.cup.reset();
        title_open(game, game.ui.title.profile);
        return;
    }
    game.ui.cup->recorded = false;
    lend_host(game);
    const std::string err = game.session.apply(
        Event::start_mode("race", cup_round_options(*game.ui.cup, game.ui.title.profile)));
    if (!err.empty()) game.toast("Next round not started: " + err, 5.0);
    game.picture.camera.placed = false;
}

void title_open(Game& game, const std::string& profile) {
    game.ui.cars = car_presets(game.ui.tune.presets);
    std::vector<std::string> tracks;
    std::map<std::string, std::string> track_files;  // for the thumbnails
    for (const TrackChoice& t : game.session.sim.scene.tracks) {
        tracks.push_back(t.name);
        track_files[t.name] = t.path;
    }
    game.ui.title.thumbs.set_paths(std::move(track_files));
    std::vector<std::string> cars = {""};
    for (const PresetEntry& e : game.ui.cars)
        cars.push_back(e.name);
    Progress progress;
    if (const std::string path = progress_path(game.session.pref_dir, profile); !path.empty()) {
        ProgressLoad l = load_progress(path);
        if (!l.message.empty()) game.toast(l.message, 8.0);
        progress = std::move(l.progress);
    }
    game.ui.title.model.emplace(tracks, cars, progress);
    game.ui.title.model->set_car(current_car(game));
    game.ui.title.profile = profile;
    game.ui.title.open = true;
}

bool car_refused(Game& game, const std::string& car) {
    const Progress p = peek_progress(progress_path(game.session.pref_dir, game.ui.title.profile));
    const std::string why = car_lock(p, car);
    if (!why.empty()) game.toast(car_locked_message(car, why), 4.0);
    return !why.empty();
}

bool title_frame(Game& game, const AppCommands& cmd) {
    const TitleStart s = draw_title_menu(game.ui.title, cmd.escape, menu_nav(cmd));
    ModeOptions mo;
    mo.profile = game.ui.title.profile;
    switch (s.kind) {
        case TitleStart::Kind::None:
            return false;
        case TitleStart::Kind::Quit:
            return true;
        case TitleStart::Kind::Settings:
            game.ui.title.settings = true;  // the pause menu opens next frame
            return false;
        case TitleStart::Kind::Editor: {
            TrackEditor& ed = game.editor;
            if (ed.draft.size() == 0) {
                const std::string e = track_editor_open(ed, "", game.session.pref_dir);
                if (!e.empty()) game.toast("Not opened: " + e, 5.0);
            }
            ed.open = true;
            ed.driving = false;
            game.ui.title.open = false;
            return false;
        }
        case TitleStart::Kind::Mode:
            mo.track = s.track;
            mo.opponents = s.opponents;
            mo.rules = RaceRules{s.laps, s.level};
            start_mode(game, s, mo);
            return false;
        case TitleStart::Kind::Cup: {
            // A cup's next round: the first, or where the progress file says it stands.
            game.ui.cup = cup_run_start(s.cup);
            const std::optional<CupUnderWay>& saved = game.ui.title.model->progress().current_cup;
            if (saved && saved->cup == game.ui.cup->champ.cup().id) {
                CupRun resumed = *game.ui.cup;
                if (const std::string e = cup_run_resume(*saved, resumed); e.empty()) {
                    game.ui.cup = std::move(resumed);
                    game.toast(game.ui.cup->champ.cup().title + ": round " +
                                   std::to_string(game.ui.cup->champ.round() + 1) + " of " +
                                   std::to_string(game.ui.cup->champ.rounds()),
                               4.0);
                } else {
                    game.toast("The cup under way starts afresh: " + e, 6.0);
                }
            }
            TitleStart race = s;
            race.mode = "race";
            start_mode(game, race, cup_round_options(*game.ui.cup, game.ui.title.profile));
            if (game.ui.title.open) game.ui.cup.reset();  // not started
            return false;
        }
    }
    return false;
}

}  // namespace skidpad::app
