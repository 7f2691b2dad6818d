// The title screen's choices (title_model.hpp): pages, rows, locks and the start asked for.
#include "title_model.hpp"

#include <algorithm>
#include <utility>

#include "car_locks.hpp"
#include "championship.hpp"

namespace skidpad::app {

namespace {
/// The main page's rows, in order.
enum MainRow {
    kRace,
    kTimeTrial,
    kDrift,
    kFree,
    kSandbox,
    kCups,
    kEditor,
    kSettings,
    kQuit,
    kMainRows
};
const char* const kMainLabels[kMainRows] = {"Race",         "Time trial", "Drift",
                                            "Free drive",   "Sandbox",    "Championship",
                                            "Track editor", "Settings",   "Quit"};
const char* const kMainDetail[kMainRows] = {"laps against AI drivers",
                                            "laps against the clock and your best lap's ghost",
                                            "slides scored by angle, speed and time",
                                            "the arena: drive, push crates, tune",
                                            "crates, stacks and barriers: spawn, drag, delete",
                                            "three cups of rising difficulty",
                                            "draw a track of your own and drive it",
                                            "controls, sound and driving assists",
                                            "leave Skidpad"};

constexpr int kMaxOpponents = 7;
constexpr int kMaxLaps = 10;

/// The levels Left/Right step through.
const RaceLevel kLevels[] = {{Difficulty::Novice, false},
                             {Difficulty::Club, false},
                             {Difficulty::Pro, false},
                             {Difficulty::Club, true}};
constexpr int kLevelCount = 4;

int level_index(const RaceLevel& l) {
    for (int i = 0; i < kLevelCount; ++i)
        if (kLevels[i] == l) return i;
    return 1;
}

int wrap(int i, int n) {
    return n <= 0 ? 0 : ((i % n) + n) % n;
}

TitleRow row(std::string label, std::string value = "", bool locked = false, std::string why = "",
             bool setting = false) {
    TitleRow r;
    r.label = std::move(label);
    r.value = std::move(value);
    r.locked = locked;
    r.why = std::move(why);
    r.setting = setting;
    return r;
}

TitleStart start_of(TitleStart::Kind kind) {
    TitleStart s;
    s.kind = kind;
    return s;
}

std::string car_title(const std::string& car) {
    return car.empty() ? "Stock car" : car;
}
}  // namespace

std::string TitleModel::car_lock(const Progress& p, const std::string& car) {
    return app::car_lock(p, car);  // the check the pause menu and --preset share
}

std::string TitleModel::cup_lock(const Progress& p, std::size_t k) {
    const std::vector<Cup>& all = cups();
    if (k >= all.size()) return "no such cup";
    if (cup_unlocked(p, cup_ids(), k)) return "";
    return "unlocked by a podium in the " + all[k - 1].title;
}

TitleModel::TitleModel(std::vector<std::string> tracks, std::vector<std::string> cars,
                       Progress progress)
    : tracks_(std::move(tracks)), cars_(std::move(cars)), progress_(std::move(progress)) {
    if (cars_.empty() || !cars_.front().empty()) cars_.insert(cars_.begin(), "");
}

void TitleModel::set_car(const std::string& name) {
    const auto it = std::find(cars_.begin(), cars_.end(), name);
    car_ = it == cars_.end() ? 0 : static_cast<int>(it - cars_.begin());
    choice_.car = cars_[static_cast<std::size_t>(car_)];
}

std::string TitleModel::title() const {
    switch (page_) {
        case Page::Main:
            return "Skidpad";
        case Page::Cups:
            return "Championship";
        case Page::Setup:
            return mode_ == "race" ? "Race" : mode_ == "drift" ? "Drift" : "Time trial";
    }
    return "";
}

std::vector<std::string> TitleModel::setup_tracks() const {
    std::vector<std::string> out;
    if (mode_ == "drift") out.push_back("");  // the arena
    out.insert(out.end(), tracks_.begin(), tracks_.end());
    return out;
}

std::vector<TitleRow> TitleModel::rows() const {
    std::vector<TitleRow> out;
    if (page_ == Page::Main) {
        for (int i = 0; i < kMainRows; ++i)
            out.push_back(row(kMainLabels[i], "", false, kMainDetail[i]));
        return out;
    }
    if (page_ == Page::Cups) {
        const std::vector<Cup>& all = cups();
        for (std::size_t k = 0; k < all.size(); ++k) {
            const Cup& c = all[k];
            TitleRow r;
            r.label = c.title;
            r.value = std::string(difficulty_name(c.difficulty)) + ", " +
                      std::to_string(c.tracks.size()) + " rounds of " + std::to_string(c.laps) +
                      " laps";
            r.why = cup_lock(progress_, k);
            r.locked = !r.why.empty();
            if (!r.locked) {
                for (const CupResult& res : progress_.cups)
                    if (res.cup == c.id)
                        r.why = "best: place " + std::to_string(res.place) + ", " +
                                std::to_string(res.points) + " points";
                const std::optional<CupUnderWay>& now = progress_.current_cup;
                if (now && now->cup == c.id && now->rounds.size() < c.tracks.size())
                    r.why = "under way: round " + std::to_string(now->rounds.size() + 1) + " of " +
                            std::to_string(c.tracks.size()) + " next" +
                            (r.why.empty() ? "" : " (" + r.why + ")");
            }
            out.push_back(r);
        }
        out.push_back(row("Back"));
        return out;
    }
    const std::vector<std::string> ts = setup_tracks();
    const std::string& t = ts[static_cast<std::size_t>(wrap(track_, static_cast<int>(ts.size())))];
    out.push_back(row("Track", t.empty() ? "arena" : t, false, "", true));
    const std::string& car = cars_[static_cast<std::size_t>(car_)];
    const std::string lock = car_lock(progress_, car);
    out.push_back(row("Car", car_title(car), !lock.empty(), lock, true));
    if (mode_ == "race") {
        out.push_back(row("Opponents", std::to_string(choice_.opponents), false, "", true));
        out.push_back(row("Laps", std::to_string(choice_.laps), false, "", true));
        out.push_back(row("Difficulty", race_level_name(choice_.level), false,
                          choice_.level.mixed ? "novice, club and pro in turn" : "", true));
    }
    out.push_back(row("Start", "", !lock.empty(), lock));
    out.push_back(row("Back"));
    return out;
}

void TitleModel::go(Page page, int cursor) {
    page_ = page;
    cursor_ = cursor;
    message_.clear();
}

void TitleModel::set_cursor(int row) {
    const int n = static_cast<int>(rows().size());
    if (row >= 0 && row < n && row != cursor_) {
        cursor_ = row;
        message_.clear();
    }
}

void TitleModel::up() {
    cursor_ = wrap(cursor_ - 1, static_cast<int>(rows().size()));
    message_.clear();
}

void TitleModel::down() {
    cursor_ = wrap(cursor_ + 1, static_cast<int>(rows().size()));
    message_.clear();
}

void TitleModel::left() {
    change(cursor_, -1);
}

void TitleModel::right() {
    change(cursor_, +1);
}

void TitleModel::change(int row, int by) {
    if (page_ != Page::Setup) return;
    message_.clear();
    const std::vector<TitleRow> rs = rows();
    if (row < 0 || row >= static_cast<int>(rs.size()) || !rs[static_cast<std::size_t>(row)].setting)
        return;
    const std::string& label = rs[static_cast<std::size_t>(row)].label;
    if (label == "Track") {
        track_ = wrap(track_ + by, static_cast<int>(setup_tracks().size()));
    } else if (label == "Car") {
        car_ = wrap(car_ + by, static_cast<int>(cars_.size()));
        choice_.car = cars_[static_cast<std::size_t>(car_)];
    } else if (label == "Opponents") {
        choice_.opponents = std::clamp(choice_.opponents + by, 1, kMaxOpponents);
    } else if (label == "Laps") {
        choice_.laps = std::clamp(choice_.laps + by, 1, kMaxLaps);
    } else if (label == "Difficulty") {
        choice_.level = kLevels[wrap(level_index(choice_.level) + by, kLevelCount)];
    }
}

TitleStart TitleModel::start_setup() {
    const std::string& car = cars_[static_cast<std::size_t>(car_)];
    if (const std::string lock = car_lock(progress_, car); !lock.empty()) {
        message_ = car_locked_message(car, lock);
        return {};
    }
    TitleStart s = choice_;
    s.kind = TitleStart::Kind::Mode;
    s.mode = mode_;
    s.car = car;
    const std::vector<std::string> ts = setup_tracks();
    s.track = ts[static_cast<std::size_t>(wrap(track_, static_cast<int>(ts.size())))];
    return s;
}

TitleStart TitleModel::select() {
    message_.clear();
    if (page_ == Page::Main) {
        switch (cursor_) {
            case kRace:
            case kTimeTrial:
            case kDrift: {
                mode_ = cursor_ == kRace ? "race" : cursor_ == kDrift ? "drift" : "time-trial";
                // The club circuit first on a track mode; drift starts on the arena.
                const std::vector<std::string> ts = setup_tracks();
                const auto club = std::find(ts.begin(), ts.end(), "club");
                track_ =
                    mode_ == "drift" || club == ts.end() ? 0 : static_cast<int>(club - ts.begin());
                go(Page::Setup);
                cursor_ = static_cast<int>(rows().size()) - 2;  // on Start
                return {};
            }
            case kFree:
            case kSandbox: {
                TitleStart s;
                s.kind = TitleStart::Kind::Mode;
                s.mode = cursor_ == kFree ? "free" : "sandbox";
                s.car = cars_[static_cast<std::size_t>(car_)];
                return s;
            }
            case kCups:
                go(Page::Cups);
                return {};
            case kEditor:
                return start_of(TitleStart::Kind::Editor);
            case kSettings:
                return start_of(TitleStart::Kind::Settings);
            case kQuit:
                return start_of(TitleStart::Kind::Quit);
            default:
                return {};
        }
    }
    const std::vector<TitleRow> rs = rows();
    const TitleRow& r = rs[static_cast<std::size_t>(wrap(cursor_, static_cast<int>(rs.size())))];
    if (r.label == "Back") {
        back();
        return {};
    }
    if (page_ == Page::Cups) {
        if (r.locked) {
            message_ = r.label + " is locked: " + r.why;
            return {};
        }
        TitleStart s;
        s.kind = TitleStart::Kind::Cup;
        s.cup = cursor_;
        s.car = cars_[static_cast<std::size_t>(car_)];
        return s;
    }
    if (r.label == "Start") return start_setup();
    change(cursor_, +1);  // a setting row: Enter steps to its next value
    return {};
}

bool TitleModel::back() {
    if (page_ == Page::Main) return false;
    const int row = page_ == Page::Cups ? kCups
                    : mode_ == "race"   ? kRace
                    : mode_ == "drift"  ? kDrift
                                        : kTimeTrial;
    go(Page::Main, row);
    return true;
}

}  // namespace skidpad::app
