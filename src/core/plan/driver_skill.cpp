// Difficulty levels, personalities and the named AI drivers (docs/modes.md, "Rivals").
#include "skidpad/plan/driver_skill.hpp"

namespace skidpad {

DriverSkill driver_skill(Difficulty level, Personality personality) {
    DriverSkill s;
    switch (level) {
        case Difficulty::Novice:
            s.pace = 0.84;
            s.brake_error = 0.35;
            s.reaction_s = 0.6;
            s.mistake_rate = 0.6;
            break;
        case Difficulty::Club:
            s.pace = 0.91;
            s.brake_error = 0.2;
            s.reaction_s = 0.35;
            s.mistake_rate = 0.3;
            break;
        case Difficulty::Pro:
            s.pace = 0.97;
            s.brake_error = 0.08;
            s.reaction_s = 0.2;
            s.mistake_rate = 0.1;
            break;
    }
    switch (personality) {
        case Personality::Careful:
            // A little slower and tidier, leaves more room, commits late.
            s.pace -= 0.015;
            s.mistake_rate *= 0.6;
            s.aggression = 0.15;
            break;
        case Personality::Steady:
            s.aggression = 0.5;
            break;
        case Personality::Aggressive:
            // On the limit more often: quicker, brakes less evenly, errs more, commits early.
            s.pace += 0.01;
            s.brake_error *= 1.3;
            s.mistake_rate *= 1.5;
            s.aggression = 0.9;
            break;
    }
    if (s.pace > 1.0) s.pace = 1.0;
    return s;
}

const char* difficulty_name(Difficulty level) {
    switch (level) {
        case Difficulty::Novice:
            return "novice";
        case Difficulty::Club:
            return "club";
        case Difficulty::Pro:
            return "pro";
    }
    return "club";
}

bool parse_difficulty(const std::string& text, Difficulty& level) {
    for (const Difficulty d : {Difficulty::Novice, Difficulty::Club, Difficulty::Pro}) {
        if (text == difficulty_name(d)) {
            level = d;
            return true;
        }
    }
    return false;
}

const char* personality_name(Personality p) {
    switch (p) {
        case Personality::Careful:
            return "careful";
        case Personality::Steady:
            return "steady";
        case Personality::Aggressive:
            return "aggressive";
    }
    return "steady";
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
