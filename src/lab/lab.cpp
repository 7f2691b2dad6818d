#include "lab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "data_dir.hpp"
#include "skidpad/scene/preset.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::lab {

std::string plain_number(double value, int decimals) {
    if (!std::isfinite(value)) return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    char buf[128];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0') s.pop_back();
        if (!s.empty() && s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

Line& Line::kv(const std::string& key, double value, int decimals) {
    return kv(key, plain_number(value, decimals));
}
Line& Line::kv(const std::string& key, long long value) { return kv(key, std::to_string(value)); }
Line& Line::kv(const std::string& key, const std::string& value) {
    if (!text_.empty()) text_ += ' ';
    text_ += key + '=' + value;
    return *this;
}

double Context::number(const std::string& name, double fallback) const {
    auto it = values.find(name);
    if (it == values.end()) return fallback;
    const std::string& t = it->second;
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(v)) {
        throw UsageError{"--" + name + ": '" + t + "' is not a finite number"};
    }
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
        register_soft_experiments(r);
        register_plan_experiments(r);
        register_audio_experiments(r);
        return r;
    }();
    return reg;
}

std::string printable(std::string text) {
    for (char& c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = '?';
    }
    return text;
}

bool track_arg_is_path(const std::string& value) {
    return value.find_first_of("/.") != std::string::npos;
}

std::string track_arg_file(const std::string& value) {
    if (track_arg_is_path(value)) return value;
    return util::data_path("tracks/" + value + ".json");
}

bool apply_settings_args(std::vector<std::string>& args, Settings& settings, std::ostream& err) {
    std::vector<std::string> rest;
    Settings next = settings;
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
        if (is_preset) {
            PresetResult r = load_preset_file(value, next);
            for (const std::string& w : r.warnings)
                err << "skidpad: warning: " << printable(w) << "\n";
            if (!r.ok) {
                err << "skidpad: " << printable(r.error) << "\n";
                return false;
            }
        } else {
            // An unknown key is a typo on the command line (presets only warn: they may
            // come from another version); a bad value is an error.
            ParamResult r = param_registry().apply_assignment(next, value);
            if (!r.ok) {
                err << "skidpad: --set " << printable(r.error) << "\n";
                return false;
            }
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
        os << " [--" << o.name << (o.meta.empty() ? "" : " ") << o.meta << "]";
    os << " [--preset FILE] [--set key=value]... [--data DIR]\n  " << e.summary << "\n";
    for (const Option& o : e.options)
        os << "  --" << o.name << (o.meta.empty() ? "" : " ") << o.meta << "  " << o.help << "\n";
}
}  // namespace

int run_lab(const std::vector<std::string>& args_in, std::ostream& out, std::ostream& err) {
    if (args_in.empty()) {
        print_lab_usage(err);
        return 2;
    }
    const Registry& reg = registry();
    const std::string name = args_in[0];
    if (name == "list") {
        for (const Experiment& e : reg.all()) out << "experiment=" << e.name << "  # " << e.summary << "\n";
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
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            print_experiment_usage(*e, out);
            return 0;
        }
        if (a.rfind("--", 0) != 0) {
            err << "skidpad: lab " << name << ": unexpected argument '" << a << "'\n";
            print_experiment_usage(*e, err);
            return 2;
        }
        std::string key = a.substr(2);
        std::string value;
        const auto eq = key.find('=');
        bool inline_value = eq != std::string::npos;
        if (inline_value) {
            value = key.substr(eq + 1);
            key = key.substr(0, eq);
        }
        const Option* opt = nullptr;
        for (const Option& o : e->options)
            if (o.name == key) opt = &o;
        if (opt == nullptr) {
            err << "skidpad: lab " << name << ": unknown option '--" << key << "'\n";
            print_experiment_usage(*e, err);
            return 2;
        }
        if (!inline_value && opt->meta.empty()) {
            value = "1";  // a switch: present means on
        } else if (!inline_value) {
            if (i + 1 >= args.size()) {
                err << "skidpad: lab " << name << ": --" << key << " needs a value\n";
                return 2;
            }
            value = args[++i];
        }
        ctx.values[key] = value;
    }
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
            err << "skidpad: params: unknown option '" << a << "'\nusage: skidpad params [--markdown]\n";
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
                for (const std::string& o : p.options) help += " `" + o + "`";
                help += ".";
            }
            if (p.rebuild) help += " Changing it rebuilds the car in place.";
            // A '|' would end the table cell.
            for (std::size_t at = help.find('|'); at != std::string::npos; at = help.find('|', at + 2)) {
                help.replace(at, 1, "\\|");
            }
            out << "| `" << p.key << "` | " << p.unit << " | " << reg.format(p, p.def) << " | "
                << range_min << " | " << range_max << " | " << help << " |\n";
        }
        return 0;
    }
    char buf[512];
    std::snprintf(buf, sizeof buf, "%-32s %-8s %12s %12s %12s  %s\n", "key", "unit", "default", "min",
                  "max", "help");
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
