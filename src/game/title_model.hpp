// The title screen's choices without a window: its pages (the main list, a mode's setup,
// the cups), what each row shows, which rows are locked and what unlocks them, and the
// start a finished choice asks for. The app draws it and feeds it keys, pad and mouse
// (ui/title_menu.cpp); the tests drive it headless.
#pragma once

#include <string>
#include <vector>

#include "progress.hpp"
#include "race_rules.hpp"

namespace skidpad::app {

/// What the title screen asks the game to do.
struct TitleStart {
    enum class Kind { None, Mode, Cup, Editor, Settings, Quit };
    Kind kind = Kind::None;
    std::string mode;   ///< Kind::Mode: "race", "time-trial", "drift", "free",
                        ///< "sandbox"
    std::string track;  ///< a shipped track's name ("" = the mode's default: the arena)
    std::string car;    ///< a car preset's name ("" = the stock car)
    int opponents = 3;  ///< race
    int laps = 3;       ///< race
    RaceLevel level;    ///< race
    int cup = -1;       ///< Kind::Cup: index into cups()
};

/// One row as the screen shows it.
struct TitleRow {
    std::string label;     ///< "Race", "Track", ...
    std::string value;     ///< a setting's value ("" for an action row)
    bool locked = false;   ///< cannot be chosen
    std::string why;       ///< locked: what unlocks it; else a line of detail (may be "")
    bool setting = false;  ///< Left/Right change the value
};

class TitleModel {
public:
    enum class Page { Main, Setup, Cups };

    /// `tracks`: shipped track names; `cars`: car preset names ("" first: the stock car);
    /// `progress`: what is unlocked.
    TitleModel(std::vector<std::string> tracks, std::vector<std::string> cars, Progress progress);

    /// The car the Setup pages start from (the preset the player drives now).
    void set_car(const std::string& name);

    Page page() const { return page_; }
    /// The mode a Setup page starts ("race", "time-trial", "drift").
    const std::string& setup_mode() const { return mode_; }
    std::string title() const;
    std::vector<TitleRow> rows() const;
    int cursor() const { return cursor_; }
    void set_cursor(int row);
    /// A line saying why the last pick did nothing ("" after a move).
    const std::string& message() const { return message_; }

    void up();
    void down();
    /// Left/Right on a setting row: the previous/next value (locked values are shown and
    /// can be looked at, but Start refuses them).
    void left();
    void right();
    /// Enter, A or a click on the cursor's row.
    TitleStart select();
    /// Esc or B: back to the main page (true when it went back; false on the main page).
    bool back();

    /// The choices now (for the Setup page's start, and tests).
    const TitleStart& choice() const { return choice_; }
    /// The car and track lists (indices into them).
    int car_index() const { return car_; }
    const Progress& progress() const { return progress_; }
    int track_index() const { return track_; }

    /// Why a car is locked ("" when it is open): the rally and drift cars are unlocked
    /// by medals and cups (progress.hpp); the stock car, the hatch, the sports car and
    /// the player's own presets are always open.
    static std::string car_lock(const Progress& p, const std::string& car);
    /// Why cup k is locked ("" when open).
    static std::string cup_lock(const Progress& p, std::size_t k);

private:
    void go(Page page, int cursor = 0);
    void change(int row, int by);
    std::vector<std::string> setup_tracks() const;
    TitleStart start_setup();

    std::vector<std::string> tracks_;
    std::vector<std::string> cars_;
    Progress progress_;
    Page page_ = Page::Main;
    std::string mode_;
    int cursor_ = 0;
    int car_ = 0;
    int track_ = 0;
    TitleStart choice_;
    std::string message_;
};

}  // namespace skidpad::app
