// The option table's parser, checks and usage text (option_table.hpp).
#include "option_table.hpp"

namespace skidpad::util {

namespace {
std::string list(const std::vector<std::string>& names, std::uint32_t mask) {
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < 32; ++i) {
        if ((mask >> i & 1u) == 0) continue;
        if (!out.empty()) out += ", ";
        out += names[i];
    }
    return out;
}

/// Every bit of the `n` names set in `mask`.
bool covers(std::uint32_t mask, std::size_t n) {
    for (std::size_t i = 0; i < n && i < 32; ++i)
        if ((mask >> i & 1u) == 0) return false;
    return true;
}
/// `text` indented by 28 columns, broken after a ", " to stay within 96 columns.
void wrap(std::ostream& os, const std::string& text) {
    constexpr std::size_t kIndent = 28, kWidth = 96;
    std::size_t from = 0;
    std::string indent(kIndent, ' ');
    while (text.size() - from > kWidth - kIndent) {
        std::size_t cut = text.rfind(", ", from + kWidth - kIndent - 1);
        if (cut == std::string::npos || cut <= from) break;
        os << indent << text.substr(from, cut + 1 - from) << "\n";
        from = cut + 2;
        indent = std::string(kIndent + 2, ' ');
    }
    os << indent << text.substr(from) << "\n";
}
}  // namespace

const Option* OptionTable::find(const std::string& name) const {
    for (const Option& o : rows)
        if (o.name == name) return &o;
    return nullptr;
}

std::string OptionTable::kind_list(std::uint32_t mask) const {
    return list(kinds, mask);
}
std::string OptionTable::mode_list(std::uint32_t mask) const {
    return list(modes, mask);
}

bool ParsedOptions::has(const std::string& name) const {
    for (const auto& [n, v] : given)
        if (n == name) return true;
    return false;
}

std::string ParsedOptions::value(const std::string& name, const std::string& fallback) const {
    std::string out = fallback;
    for (const auto& [n, v] : given)
        if (n == name) out = v;
    return out;
}

std::vector<std::string> ParsedOptions::values(const std::string& name) const {
    std::vector<std::string> out;
    for (const auto& [n, v] : given)
        if (n == name) out.push_back(v);
    return out;
}

std::string parse_options(const std::vector<Option>& rows, const std::vector<std::string>& args,
                          ParsedOptions& out) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0 || a.size() == 2) return "unexpected argument '" + a + "'";
        std::string key = a.substr(2), value;
        const auto eq = key.find('=');
        const bool inline_value = eq != std::string::npos;
        if (inline_value) {
            value = key.substr(eq + 1);
            key = key.substr(0, eq);
        }
        const Option* opt = nullptr;
        for (const Option& o : rows)
            if (o.name == key) opt = &o;
        if (opt == nullptr) return "unknown option '--" + key + "'";
        if (!inline_value && opt->meta.empty()) {
            value = "1";  // a switch: present means on
        } else if (!inline_value) {
            if (i + 1 >= args.size()) return "--" + key + " needs a value";
            value = args[++i];
        }
        out.given.emplace_back(key, value);
    }
    return "";
}

std::string check_taken(const OptionTable& table, const ParsedOptions& given, int kind, int mode) {
    // "" or why the kind (or mode) at `index` of `names` does not take option `o`.
    auto refused = [](const Option& o, std::uint32_t mask, int index,
                      const std::vector<std::string>& names, const std::string& hint) {
        if (index < 0 || (mask >> index & 1u) != 0) return std::string();
        return "--" + o.name + " is not taken by " + names[static_cast<std::size_t>(index)] +
               (hint.empty() ? " (it goes with " + list(names, mask) + ")" : ": " + hint);
    };
    for (const auto& [name, value] : given.given) {
        const Option* o = table.find(name);
        if (o == nullptr) continue;
        std::string why = refused(*o, o->kinds, kind, table.kinds, o->kinds_hint);
        if (why.empty()) why = refused(*o, o->modes, mode, table.modes, o->modes_hint);
        if (!why.empty()) return why;
    }
    return "";
}

std::string option_synopsis(const Option& o) {
    return "--" + o.name + (o.meta.empty() ? "" : " " + o.meta);
}

void for_each_option(const OptionTable& table, const std::function<void(const Option&)>& visit) {
    for (const Option& o : table.rows)
        visit(o);
}

void print_options(const OptionTable& table, std::ostream& os) {
    for_each_option(table, [&](const Option& o) {
        std::string head = "  " + option_synopsis(o);
        if (o.repeat) head += " ...";
        os << head;
        if (head.size() < 26) {
            os << std::string(26 - head.size(), ' ');
        } else {
            os << "\n" << std::string(26, ' ');
        }
        os << o.help << "\n";
        if (!table.kinds.empty() && !covers(o.kinds, table.kinds.size()))
            wrap(os, "taken by: " + table.kind_list(o.kinds));
        if (!table.modes.empty() && !covers(o.modes, table.modes.size()))
            wrap(os, "modes: " + table.mode_list(o.modes));
    });
}

std::string roff_escape(const std::string& text) {
    std::string out;
    out.reserve(text.size() + 8);
    for (const char c : text) {
        if (c == '\\') {
            out += "\\e";
        } else if (c == '-') {
            out += "\\-";
        } else {
            out += c;
        }
    }
    // A line that starts with a dot or a quote would be read as a request.
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
    return out;
}

void print_man_options(const OptionTable& table, std::ostream& os) {
    for_each_option(table, [&](const Option& o) {
        os << ".TP\n\\fB\\-\\-" << roff_escape(o.name) << "\\fR";
        if (!o.meta.empty()) os << " \\fI" << roff_escape(o.meta) << "\\fR";
        if (o.repeat) os << " ...";
        os << "\n" << roff_escape(o.help) << "\n";
        if (!table.kinds.empty() && !covers(o.kinds, table.kinds.size()))
            os << ".br\nTaken by: " << roff_escape(table.kind_list(o.kinds)) << ".\n";
        if (!table.modes.empty() && !covers(o.modes, table.modes.size()))
            os << ".br\nModes: " << roff_escape(table.mode_list(o.modes)) << ".\n";
    });
}

}  // namespace skidpad::util
