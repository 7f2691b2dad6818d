// `skidpad lab EXPERIMENT [OPTIONS] [--preset FILE] [--set key=value]...`
// Named headless experiments. Each prints one line per result of space-separated
// key=value pairs (plain decimal numbers). Names, flags and printed fields are a
// contract that scripts rely on: add fields freely, never rename or drop one.
#pragma once

#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "option_table.hpp"
#include "skidpad/settings.hpp"
#include "util_text.hpp"

namespace skidpad::lab {

// The option table, the key=value line and the number format are the utility library's.
using util::Line;
using util::Option;  ///< an experiment's options: name, meta and help (kinds unused)
using util::plain_number;
using util::printable;

/// What an experiment's run function receives.
struct Context {
    Settings settings;                          ///< defaults + --preset + --set
    std::map<std::string, std::string> values;  ///< parsed --options
    std::ostream* out = nullptr;
    std::ostream* err = nullptr;

    bool has(const std::string& name) const { return values.count(name) != 0; }
    /// The option as a number, or `fallback` when absent. Throws UsageError when malformed.
    double number(const std::string& name, double fallback) const;
    std::string text(const std::string& name, const std::string& fallback) const;
    void print(const Line& line) const { *out << line.str() << "\n"; }
    /// Prints every tunable of the given key prefixes (e.g. "car.") as one line.
    void print_params(const std::vector<std::string>& prefixes) const;
};

/// Thrown for bad command lines; run_lab turns it into usage on stderr and exit 2.
struct UsageError {
    std::string message;
};

struct Experiment {
    std::string name;
    std::string summary;
    std::vector<Option> options;
    std::function<int(Context&)> run;  ///< returns the exit code
};

class Registry {
public:
    void add(Experiment e) { experiments_.push_back(std::move(e)); }
    const Experiment* find(const std::string& name) const;
    const std::vector<Experiment>& all() const { return experiments_; }

private:
    std::vector<Experiment> experiments_;
};

/// Every experiment (built once).
const Registry& registry();

// Each module adds its experiments (called once by registry()).
void register_shell_experiments(Registry& r);
void register_car_experiments(Registry& r);
void register_limit_experiments(Registry& r);
void register_soft_experiments(Registry& r);
void register_soft_bound_experiments(Registry& r);
void register_plan_experiments(Registry& r);
void register_audio_experiments(Registry& r);
void register_race_experiments(Registry& r);
void register_loudness_experiment(Registry& r);

/// A `--track` value (the window, --screenshot, `lab lap`) names a shipped track
/// (tracks/NAME.json in the data folder) when it holds no '/' and no '.', else a file path
/// (`--track my.json`, `--track ./oval`).
bool track_arg_is_path(const std::string& value);
/// The file a `--track` value stands for.
std::string track_arg_file(const std::string& value);

/// Applies the `--preset FILE` options in order from args, then every `--set key=value`
/// (a --set wins over any preset wherever it stands)
/// (removing them). Returns false and writes the error on a bad preset or value.
bool apply_settings_args(std::vector<std::string>& args, Settings& settings, std::ostream& err);

/// Checks `skidpad lab ...` (args after "lab") without running it or reading a file: the
/// experiment exists and its options parse. "" or the message. --preset/--set values are
/// not applied (run_lab checks them).
std::string check_lab_args(const std::vector<std::string>& args);

/// Entry point for `skidpad lab ...` (args after "lab"). Exit 0 ok, 2 usage/bad input.
int run_lab(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `skidpad params [--markdown]`.
int run_params(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace skidpad::lab
