// The option table: one row per command-line flag (name, value name, help, which run
// kinds and modes take it). The app and every lab experiment parse with it, and their
// usage text is written from it.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace skidpad::util {

/// Every kind (or mode): the default of Option::kinds and Option::modes.
constexpr std::uint32_t kAll = ~std::uint32_t{0};

/// One flag: `--name VALUE`, or a switch `--name` (empty meta; its value is then "1").
struct Option {
    std::string name;            ///< without dashes, e.g. "gear"
    std::string meta{};          ///< value name, e.g. "G" ("" = a switch)
    std::string help{};          ///< one line; includes the default where there is one
    std::uint32_t kinds = kAll;  ///< the run kinds that take it: bit i = OptionTable::kinds[i]
    std::uint32_t modes = kAll;  ///< the modes that take it: bit i = OptionTable::modes[i]
    std::string kinds_hint{};    ///< said when a kind refuses it ("" = the kinds that take it)
    std::string modes_hint{};    ///< said when a mode refuses it ("" = the modes that take it)
    bool repeat = false;         ///< every value given counts, in order (else the last one)
};

/// The rows and the names of the kinds and modes their bit masks refer to.
struct OptionTable {
    std::vector<Option> rows;
    std::vector<std::string> kinds;  ///< e.g. "the window", "--headless"
    std::vector<std::string> modes;  ///< e.g. "--mode race" (may be empty)

    const Option* find(const std::string& name) const;
    /// The names of the kinds (or modes) in `mask`, joined with ", ".
    std::string kind_list(std::uint32_t mask) const;
    std::string mode_list(std::uint32_t mask) const;
};

/// What a command line gave: (name, value) in order; a switch's value is "1".
struct ParsedOptions {
    std::vector<std::pair<std::string, std::string>> given;

    bool has(const std::string& name) const;
    /// The last value given, or `fallback`.
    std::string value(const std::string& name, const std::string& fallback = "") const;
    /// Every value given, in order (repeatable options).
    std::vector<std::string> values(const std::string& name) const;
};

/// Parses `args` (`--name VALUE`, `--name=VALUE`, `--switch`) against `rows` into `out`.
/// "" or the message: an unknown option, an argument that is no option or a missing value.
/// An option given twice keeps both; ParsedOptions::value reads the last.
std::string parse_options(const std::vector<Option>& rows, const std::vector<std::string>& args,
                          ParsedOptions& out);

/// "" or, for the first option in `given` that run kind `kind` (an index into
/// table.kinds) or mode `mode` (an index into table.modes; < 0: none) does not take,
/// the message naming the option and the kind or mode.
std::string check_taken(const OptionTable& table, const ParsedOptions& given, int kind, int mode);

/// `--name META` (or `--name`).
std::string option_synopsis(const Option& o);

/// Walks the rows (for the usage text and generated references).
void for_each_option(const OptionTable& table, const std::function<void(const Option&)>& visit);

/// One paragraph per row: `  --name META  help`, then, when not every kind takes it,
/// `      taken by: …` (and the modes the same way).
void print_options(const OptionTable& table, std::ostream& os);

/// `text` escaped for roff (man pages): backslashes, hyphens and a leading dot or quote.
std::string roff_escape(const std::string& text);

/// The same rows as print_options, as man-page paragraphs (`.TP`, bold names, italic
/// values; "taken by" and "modes" lines where not every kind or mode takes a row).
void print_man_options(const OptionTable& table, std::ostream& os);

}  // namespace skidpad::util
