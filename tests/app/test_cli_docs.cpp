// Every command line the README and docs/*.md show parses (a dry parse: nothing runs and
// no file is read), and the usage text lists every row of the option table.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "lab.hpp"
#include "modes/mode.hpp"
#include "replay_lab.hpp"
#include "support/run_skidpad.hpp"
#include "track_tool.hpp"

namespace {

using skidpad::app::CommandLine;

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// "skidpad …" as the docs write it: an environment assignment and build/ dropped.
bool command_text(std::string s, std::string& out) {
    // Leading blanks, then any number of `NAME=value ` assignments, then `build/`.
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    std::size_t i = 0;
    while (i < s.size() && blank(s[i]))
        ++i;
    for (;;) {
        std::size_t j = i;
        while (j < s.size() && ((s[j] >= 'A' && s[j] <= 'Z') || s[j] == '_'))
            ++j;
        if (j == i || j >= s.size() || s[j] != '=') break;
        std::size_t k = j + 1;
        while (k < s.size() && !blank(s[k]))
            ++k;
        if (k == j + 1 || k >= s.size()) break;
        while (k < s.size() && blank(s[k]))
            ++k;
        i = k;
    }
    s = s.substr(i);
    if (s.rfind("build/", 0) == 0) s = s.substr(6);
    if (s.rfind("skidpad ", 0) != 0) return false;
    out = s;
    return true;
}

/// Every `skidpad …` line of the fenced blocks and every `skidpad …` code span of `text`
/// (a span may run over a line break; a block line may go on after a backslash).
std::vector<std::string> doc_commands(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string line, prose, pending;
    bool block = false;
    while (std::getline(in, line)) {
        if (line.find("```") != std::string::npos) {
            block = !block;
            prose += "\n";
            continue;
        }
        if (!block) {
            prose += line + " ";
            if (line.empty()) prose += "\n";
            continue;
        }
        line = pending + line;
        pending.clear();
        if (!line.empty() && line.back() == '\\') {
            pending = line.substr(0, line.size() - 1);
            continue;
        }
        std::string c;
        if (command_text(line, c)) out.push_back(c);
    }
    // Code spans: text between two backticks on one line.
    for (std::size_t p = prose.find('`'); p != std::string::npos;) {
        const std::size_t q = prose.find('`', p + 1);
        if (q == std::string::npos) break;
        const std::string inner = prose.substr(p + 1, q - p - 1);
        if (inner.empty() || inner.find('\n') != std::string::npos) {
            p = q;  // not a span: the closing backtick may open the next one
            continue;
        }
        std::string c;
        if (command_text(inner, c)) out.push_back(c);
        p = prose.find('`', q + 1);
    }
    return out;
}

/// The command without what follows it on its line: a `#` comment, a description after
/// three spaces, a shell redirection.
std::string strip_tail(std::string s) {
    for (const std::string& cut : {std::string(" #"), std::string("   "), std::string(" > ")}) {
        const auto at = s.find(cut);
        if (at != std::string::npos) s = s.substr(0, at);
    }
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    return s;
}

/// Synopses that name alternatives (`a|b`, `( … | … )`, `…`): the concrete command
/// lines they stand for. Empty: not a command line (a diagram's label).
const std::map<std::string, std::vector<std::string>>& expansions() {
    static const std::map<std::string, std::vector<std::string>> m = {
        {"skidpad [--headless | --screenshot OUT.png] … --record FILE",
         {"--record r", "--headless --seconds 3 --record r",
          "--screenshot o.png --seconds 3 --record r"}},
        {"skidpad --mode free|time-trial|race [--track NAME] [--opponents N]",
         {"--mode free", "--mode free --track club", "--mode time-trial --track oval",
          "--mode race", "--mode race --track club --opponents 7"}},
        {"skidpad --mode rig [--rig skidpad|braking|topspeed]",
         {"--mode rig", "--mode rig --rig skidpad", "--mode rig --rig braking",
          "--mode rig --rig topspeed"}},
        {"skidpad --mode NAME [--track NAME|FILE] [--opponents N] [--rig NAME]",
         {"--mode drift --track my.json", "--mode race --opponents 2", "--mode rig --rig braking",
          "--mode rig"}},
        {"skidpad --mode race [--laps N] [--difficulty LEVEL]",
         {"--mode race", "--mode race --laps 1", "--mode race --laps 10 --difficulty novice",
          "--mode race --difficulty mixed"}},
        {"skidpad lab EXPERIMENT [OPTIONS]", {"lab list", "lab topspeed --gear 3"}},
        {"skidpad lab NAME …", {"lab list"}},
        {"skidpad lab …", {"lab list"}},
        {"skidpad --help | --version", {"--help", "--version"}},
        {"skidpad lab skidpad|brake|topspeed", {"lab skidpad", "lab brake", "lab topspeed"}},
        {"skidpad lab compare --replay FILE --preset/--set",
         {"lab compare --replay r --preset p", "lab compare --replay r --set car.mass=1500"}},
        {"skidpad --replay FILE (--compare-preset FILE | --compare-set key=value)...",
         {"--replay r --compare-preset p",
          "--replay r --compare-set car.mass=1700 --compare-preset p"}},
        {"skidpad lab compare --replay FILE (--preset FILE | --set key=value)... [--segment S]",
         {"lab compare --replay r --set car.mass=1700 --segment 5"}},
        {"skidpad (src/app/main.cpp: forwards argv to app_main)", {}},
    };
    return m;
}

/// A value for each placeholder the docs use.
std::string sample(const std::string& flag, const std::string& meta) {
    static const std::map<std::string, std::string> values = {
        {"FILE", "f.json"},       {"OUT.png", "o.png"},  {"OUT.wav", "o.wav"},
        {"OUT.csv", "o.csv"},     {"WxH", "640x480"},    {"key=value", "car.mass=1500"},
        {"k=v", "car.mass=1500"}, {"NAME|FILE", "club"}, {"DIR", "d"},
        {"KIND", "gravel"}};
    if (const auto it = values.find(meta); it != values.end()) return it->second;
    if (meta == "NAME") return flag == "--rig" ? "braking" : flag == "--mode" ? "drift" : "club";
    const bool letters =
        !meta.empty() && meta.size() <= 2 &&
        std::all_of(meta.begin(), meta.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    if (letters) return "5";  // S, N, M, F, V, R, K, T
    return meta;
}

/// The command with its optional groups all left out (`with_optional` false) or all in.
std::vector<std::string> concrete(const std::string& synopsis, bool with_optional) {
    std::vector<std::string> out;
    std::stringstream in(synopsis);
    std::string word, flag;
    int depth = 0;
    in >> word;  // skidpad
    while (in >> word) {
        const bool opens = word.front() == '[';
        if (opens) ++depth;
        const bool closes = word.find(']') != std::string::npos;
        std::string w = word;
        w.erase(std::remove(w.begin(), w.end(), '['), w.end());
        if (closes) w = w.substr(0, w.find(']'));
        if ((depth == 0 || with_optional) && !w.empty()) {
            const bool experiment = out.size() == 1 && out.front() == "lab";
            if (w.rfind("--", 0) == 0 || w == "lab" || w == "params" || out.empty() || experiment) {
                out.push_back(w);
            } else {
                out.push_back(sample(flag, w));
            }
            if (w.rfind("--", 0) == 0) flag = w;
        }
        if (closes) --depth;
    }
    return out;
}

/// "" when `args` (after "skidpad") parses as the app, `lab` or `params` would take it.
std::string dry_parse(const std::vector<std::string>& args) {
    if (!args.empty() && args[0] == "lab") {
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        if (skidpad::app::is_replay_lab(rest)) return "";
        return skidpad::lab::check_lab_args(rest);
    }
    if (!args.empty() && args[0] == "params") {
        for (std::size_t i = 1; i < args.size(); ++i)
            if (args[i] != "--markdown") return "params: unknown option '" + args[i] + "'";
        return "";
    }
    if (!args.empty() && args[0] == "track") {
        // `track new --points "x,y;..."`: the shell's quotes are not part of the value.
        std::vector<std::string> rest;
        for (std::size_t i = 1; i < args.size(); ++i) {
            std::string a = args[i];
            a.erase(std::remove(a.begin(), a.end(), '"'), a.end());
            rest.push_back(a);
        }
        return skidpad::app::check_track_tool_args(rest);
    }
    // The experiment lists name the lab's `skidpad` experiment as `skidpad --radius R`.
    if (!args.empty() && args[0] == "--radius") {
        std::vector<std::string> lab = {"skidpad"};
        lab.insert(lab.end(), args.begin(), args.end());
        return skidpad::lab::check_lab_args(lab);
    }
    CommandLine cl;
    std::string error;
    return skidpad::app::parse_command_line(args, cl, error) == 0 ? "" : error;
}

}  // namespace

TEST_CASE("every command line in the README and docs parses", "[cli][docs]") {
    const std::string root = SKIDPAD_SOURCE_DIR;
    std::vector<std::string> files = {root + "/README.md"};
    for (const auto& e : std::filesystem::directory_iterator(root + "/docs"))
        if (e.path().extension() == ".md") files.push_back(e.path().string());
    int commands = 0, parsed = 0;
    for (const std::string& file : files) {
        for (const std::string& raw : doc_commands(read_text(file))) {
            const std::string cmd = strip_tail(raw);
            ++commands;
            INFO(file << ": " << cmd);
            std::vector<std::vector<std::string>> forms;
            if (const auto it = expansions().find(cmd); it != expansions().end()) {
                for (const std::string& e : it->second)
                    forms.push_back(skidpad::test::split_words(e));
            } else {
                // Anything else is one command with optional groups and placeholders.
                std::string bare = cmd;  // "NAME|FILE" is a placeholder, not alternatives
                for (auto at = bare.find("NAME|FILE"); at != std::string::npos;
                     at = bare.find("NAME|FILE"))
                    bare.erase(at, 9);
                CHECK(bare.find('|') == std::string::npos);
                CHECK(cmd.find("…") == std::string::npos);
                forms.push_back(concrete(cmd, false));
                forms.push_back(concrete(cmd, true));
            }
            for (const std::vector<std::string>& args : forms) {
                std::string shown;
                for (const std::string& a : args)
                    shown += " " + a;
                INFO("as:" << shown);
                CHECK(dry_parse(args) == "");
                ++parsed;
            }
        }
    }
    // The README's command-line block alone holds 16 lines; the docs many more.
    CHECK(commands > 60);
    CHECK(parsed > 100);
}

TEST_CASE("the usage text lists every option of the table and every run kind", "[cli]") {
    std::ostringstream usage;
    skidpad::app::print_usage(usage);
    const skidpad::util::OptionTable& table = skidpad::app::app_options();
    for (const skidpad::util::Option& o : table.rows) {
        INFO(o.name);
        CHECK(usage.str().find("  --" + o.name + " ") != std::string::npos);
    }
    CHECK(usage.str().find("skidpad --replay FILE --headless") != std::string::npos);
    CHECK(usage.str().find("taken by: --render-audio") != std::string::npos);
    // The modes the table names are the game's, in its order.
    REQUIRE(table.modes.size() == skidpad::app::mode_table().size());
    for (std::size_t i = 0; i < table.modes.size(); ++i)
        CHECK(table.modes[i] == std::string("--mode ") + skidpad::app::mode_table()[i].name);
}
