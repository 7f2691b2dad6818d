// Difficulty levels, personalities and the named AI drivers (docs/modes.md, "Rivals").
#include "skidpad/plan/driver_skill.hpp"

namespace skidpad {

namespace {

/// One row per difficulty level (the table in docs/modes.md).
struct LevelRow {
    Difficulty level;
    const char* name;
    double pace, brake_error, reaction_s, mistake_rate;
};
constexpr LevelRow kLevels[] = {
    {Difficulty::Novice, "novice", 0.84, 0.35, 0.6, 0.6},
    {Difficulty::Club, "club", 0.91, 0.2, 0.35, 0.3},
    {Difficulty::Pro, "pro", 0.97, 0.08, 0.2, 0.1},
};

/// What a personality does to its level's skill: careful is a little slower and tidier,
/// leaves more room and commits late; aggressive is on the limit more often: quicker,
/// brakes less evenly, errs more and commits early.
struct PersonalityRow {
    Personality personality;
    const char* name;
    double pace_delta, brake_error_k, mistake_k, aggression;
};
constexpr PersonalityRow kPersonalities[] = {
    {Personality::Careful, "careful", -0.015, 1.0, 0.6, 0.15},
    {Personality::Steady, "steady", 0.0, 1.0, 1.0, 0.5},
    {Personality::Aggressive, "aggressive", 0.01, 1.3, 1.5, 0.9},
};

const LevelRow& level_row(Difficulty level) {
    for (const LevelRow& r : kLevels) {
        if (r.level == level) return r;
    }
    return kLevels[1];  // club
}

const PersonalityRow& personality_row(Personality p) {
    for (const PersonalityRow& r : kPersonalities) {
        if (r.personality == p) return r;
    }
    return kPersonalities[1];  // steady
}

}  // namespace

DriverSkill driver_skill(Difficulty level, Personality personality) {
    const LevelRow& l = level_row(level);
    const PersonalityRow& p = personality_row(personality);
    DriverSkill s;
    s.pace = l.pace + p.pace_delta;
    s.brake_error = l.brake_error * p.brake_error_k;
    s.reaction_s = l.reaction_s;
    s.mistake_rate = l.mistake_rate * p.mistake_k;
    s.aggression = p.aggression;
    if (s.pace > 1.0) s.pace = 1.0;
    return s;
}

const char* difficulty_name(Difficulty level) {
    return level_row(level).name;
}

bool parse_difficulty(const std::string& text, Difficulty& level) {
    for (const LevelRow& r : kLevels) {
        if (text == r.name) {
            level = r.level;
            return true;
        }
    }
    return false;
}

const char* personality_name(Personality p) {
    return personality_row(p).name;
}

const std::vector<RaceDriver>& race_drivers() {
    static const std::vector<RaceDriver> roster = {
        {"Vera Lind", "sports-rwd", Personality::Aggressive},
        {"Tomas Okafor", "hatch-fwd", Personality::Careful},
        {"Mika Sato", "rally-awd", Personality::Steady},
        {"Jo Brennan", "drift-rwd", Personality::Aggressive},
        {"Ines Duarte", "sports-rwd", Personality::Careful},
        {"Arvid Holm", "hatch-fwd", Personality::Aggressive},
        {"Lena Petrova", "rally-awd", Personality::Careful},
        {"Sam Achebe", "drift-rwd", Personality::Steady},
        {"Nour Haddad", "sports-rwd", Personality::Steady},
        {"Ruben Vos", "hatch-fwd", Personality::Steady},
    };
    return roster;
}

std::uint64_t RaceRandom::next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double RaceRandom::uniform() {
    return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace skidpad
