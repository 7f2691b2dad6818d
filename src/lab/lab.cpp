// `skidpad lab`: the experiment list, their options and the shared --preset/--set handling.
#include "lab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "data_dir.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/params.hpp"
#include "user_dirs.hpp"

namespace skidpad::lab {

double Context::number(const std::string& name, double fallback) const {
    auto it = values.find(name);
    if (it == values.end()) return fallback;
    const std::string& t = it->second;
    double v = 0.0;
    if (!util::parse_number(t, v))
        throw UsageError{"--" + name + ": '" + t + "' is not a finite number"};
    return v;
}

std::string Context::text(const std::string& name, const std::string& fallback) const {
    auto it = values.find(name);
    return it == values.end() ? fallback : it->second;
}

void Context::print_params(const std::vector<std::string>& prefixes) const {
    const ParamRegistry& reg = param_registry();
    Line line;
    line.kv("params", "used");
    for (const ParamDesc& p : reg.all()) {
        for (const std::string& pre : prefixes) {
            if (p.key.rfind(pre, 0) == 0) {
                const double v = p.get(settings);
                line.kv(p.key, p.type == ParamType::Real ? plain_number(v, 6) : reg.format(p, v));
                break;
            }
        }
    }
    print(line);
}

const Experiment* Registry::find(const std::string& name) const {
    for (const Experiment& e : experiments_) {
        if (e.name == name) return &e;
    }
    return nullptr;
}

const Registry& registry() {
    static const Registry reg = [] {
        Registry r;
        register_shell_experiments(r);
        register_car_experiments(r);
        register_limit_experiments(r);
        register_soft_experiments(r);
        register_plan_experiments(r);
        register_audio_experiments(r);
        register_race_experiments(r);
        register_loudness_experiment(r);
        return r;
    }();
    return reg;
}

bool track_arg_is_path(const std::string& value) {
    return value.find_first_of("/.") != std::string::npos;
}

std::string track_arg_file(const std::string& value) {
    if (track_arg_is_path(value)) return value;
    const std::string shipped = util::data_path("tracks/" + value + ".json");
    // Not shipped: a track of the player's own of that name (the editor saves them in the
    // data folder's tracks/), else the shipped path, which the loader reports missing.
    std::error_code ec;
    if (std::filesystem::exists(shipped, ec)) return shipped;
    const util::UserDirs dirs = util::user_dirs(util::user_dirs_env_here());
    if (!dirs.data.empty()) {
        const std::string own = dirs.data + "tracks/" + value + ".json";
        if (std::filesystem::is_regular_file(own, ec)) return own;
    }
    return shipped;
}

bool apply_settings_args(std::vector<std::string>& args, Settings& settings, std::ostream& err) {
    // Presets first (in their order), then every --set (in its order): a --set wins over
    // any preset wherever it stands on the command line.
    std::vector<std::string> rest;
    std::vector<std::string> presets;
    std::vector<std::string> sets;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        std::string value;
        const bool is_set = a == "--set" || a.rfind("--set=", 0) == 0;
        const bool is_preset = a == "--preset" || a.rfind("--preset=", 0) == 0;
        if (!is_set && !is_preset) {
            rest.push_back(a);
            continue;
        }
        if (a == "--set" || a == "--preset") {
            if (i + 1 >= args.size()) {
                err << "skidpad: " << a << " needs a value\n";
                return false;
            }
            value = args[++i];
        } else {
            value = a.substr(a.find('=') + 1);  // --set=key=value or --preset=FILE
        }
        (is_preset ? presets : sets).push_back(value);
    }
    Settings next = settings;
    for (const std::string& value : presets) {
        PresetResult r = load_preset_file(value, next);
        for (const std::string& w : r.warnings)
            err << "skidpad: warning: " << printable(w) << "\n";
        if (!r.ok) {
            err << "skidpad: " << printable(r.error) << "\n";
            return false;
        }
    }
    for (const std::string& value : sets) {
        // An unknown key is a typo on the command line (presets only warn: they may
        // come from another version); a bad value is an error.
        ParamResult r = param_registry().apply_assignment(next, value);
        if (!r.ok) {
            err << "skidpad: --set " << printable(r.error) << "\n";
            return false;
        }
    }
    settings = next;
    args = rest;
    return true;
}

namespace {
void print_lab_usage(std::ostream& os) {
    os << "usage: skidpad lab EXPERIMENT [OPTIONS] [--preset FILE] [--set key=value]... "
          "[--data DIR]\n"
          "       skidpad lab list\n";
}

void print_experiment_usage(const Experiment& e, std::ostream& os) {
    os << "usage: skidpad lab " << e.name;
    for (const Option& o : e.options)
        os << " [" << util::option_synopsis(o) << "]";
    os << " [--preset FILE] [--set key=value]... [--data DIR]\n  " << e.summary << "\n";
    for (const Option& o : e.options)
        os << "  " << util::option_synopsis(o) << "  " << o.help << "\n";
}
}  // namespace

std::string check_lab_args(const std::vector<std::string>& args) {
    if (args.empty()) return "lab needs an experiment (skidpad lab list)";
    if (args[0] == "list") return args.size() == 1 ? "" : "lab list takes no options";
    const Experiment* e = registry().find(args[0]);
    if (e == nullptr) return "unknown experiment '" + args[0] + "' (see `skidpad lab list`)";
    std::vector<Option> rows = e->options;
    rows.push_back({"preset", "FILE", "settings from a preset file"});
    rows.push_back({"set", "key=value", "one tunable"});
    rows.push_back({"help", "", "this text"});
    util::ParsedOptions given;
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    const std::string why = util::parse_options(rows, rest, given);
    return why.empty() ? "" : "lab " + args[0] + ": " + why;
}

int run_lab(const std::vector<std::string>& args_in, std::ostream& out, std::ostream& err) {
    if (args_in.empty()) {
        print_lab_usage(err);
        return 2;
    }
    const Registry& reg = registry();
    const std::string name = args_in[0];
    if (name == "list") {
        for (const Experiment& e : reg.all())
            out << "experiment=" << e.name << "  # " << e.summary << "\n";
        return 0;
    }
    const Experiment* e = reg.find(name);
    if (!e) {
        err << "skidpad: unknown experiment '" << name << "' (see `skidpad lab list`)\n";
        print_lab_usage(err);
        return 2;
    }
    std::vector<std::string> args(args_in.begin() + 1, args_in.end());
    Context ctx;
    ctx.out = &out;
    ctx.err = &err;
    // The data folder (tracks by name, presets) is found before the experiment runs.
    std::string data;
    if (!util::take_data_arg(args, data, err)) return 2;
    const bool help = std::find(args.begin(), args.end(), "--help") != args.end() ||
                      std::find(args.begin(), args.end(), "-h") != args.end();
    if (!help && !util::data_dir_init(data, err)) return 2;
    if (!apply_settings_args(args, ctx.settings, err)) return 2;
    for (const std::string& a : args) {
        if (a == "--help" || a == "-h") {
            print_experiment_usage(*e, out);
            return 0;
        }
    }
    util::ParsedOptions given;
    if (const std::string why = util::parse_options(e->options, args, given); !why.empty()) {
        err << "skidpad: lab " << name << ": " << printable(why) << "\n";
        if (why.find("needs a value") == std::string::npos) print_experiment_usage(*e, err);
        return 2;
    }
    for (const auto& [key, value] : given.given)
        ctx.values[key] = value;
    try {
        return e->run(ctx);
    } catch (const UsageError& u) {
        err << "skidpad: lab " << name << ": " << u.message << "\n";
        print_experiment_usage(*e, err);
        return 2;
    }
}

int run_params(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    bool markdown = false;
    for (const std::string& a : args) {
        if (a == "--markdown") {
            markdown = true;
        } else {
            err << "skidpad: params: unknown option '" << a
                << "'\nusage: skidpad params [--markdown]\n";
            return 2;
        }
    }
    const ParamRegistry& reg = param_registry();
    if (markdown) {
        out << "# Tuning reference\n\n"
               "Generated by `skidpad params --markdown > docs/tuning.md`; do not edit by hand\n"
               "(a test fails when this file is stale).\n";
        std::string group;
        for (const ParamDesc& p : reg.all()) {
            if (p.group != group) {
                group = p.group;
                out << "\n## " << group << "\n\n| key | unit | default | min | max | help |\n"
                    << "|---|---|---|---|---|---|\n";
            }
            std::string range_min = reg.format(p, p.min), range_max = reg.format(p, p.max);
            if (p.type == ParamType::Enum) {
                range_min = p.options.front();
                range_max = p.options.back();
            }
            std::string help = p.help;
            if (p.type == ParamType::Enum) {
                help += " Options:";
                for (const std::string& o : p.options)
                    help += " `" + o + "`";
                help += ".";
            }
            if (p.rebuild) help += " Changing it rebuilds the car in place.";
            // A '|' would end the table cell.
            for (std::size_t at = help.find('|'); at != std::string::npos;
                 at = help.find('|', at + 2)) {
                help.replace(at, 1, "\\|");
            }
            out << "| `" << p.key << "` | " << p.unit << " | " << reg.format(p, p.def) << " | "
                << range_min << " | " << range_max << " | " << help << " |\n";
        }
        return 0;
    }
    char buf[512];
    std::snprintf(buf, sizeof buf, "%-32s %-8s %12s %12s %12s  %s\n", "key", "unit", "default",
                  "min", "max", "help");
    out << buf;
    for (const ParamDesc& p : reg.all()) {
        std::snprintf(buf, sizeof buf, "%-32s %-8s %12s %12s %12s  ", p.key.c_str(), p.unit.c_str(),
                      reg.format(p, p.def).c_str(), reg.format(p, p.min).c_str(),
                      reg.format(p, p.max).c_str());
        out << buf << p.help << "\n";
    }
    return 0;
}

}  // namespace skidpad::lab
