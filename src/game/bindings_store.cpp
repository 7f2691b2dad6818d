// The player's bindings file, read and written (see bindings_store.hpp).
#include "bindings_store.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

namespace skidpad::app {

namespace {
using json = nlohmann::json;

/// Nested deeper than a bindings file may be (then parse_bindings_text refuses it, and it
/// is never parsed here): brackets counted outside strings.
bool too_deep(const std::string& text) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (const char c : text) {
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxBindingsDepth) return true;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return false;
}

std::string seat_field(std::size_t k) {
    return "seats[" + std::to_string(k) + "] (player " + std::to_string(k + 1) + ")";
}
}  // namespace

std::string bindings_path(const std::string& pref_dir) {
    return pref_dir.empty() ? "" : pref_dir + "bindings.json";
}

std::string split_seat_keys(const std::string& text, const std::string& source,
                            std::vector<SeatKeys>& out, std::string& rest) {
    out.clear();
    rest = text;
    if (too_deep(text)) return "";
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::exception&) {
        return "";  // parse_bindings_text says what is wrong with it
    }
    if (!doc.is_object()) return "";
    const auto v = doc.find("version");
    const bool v2 = v != doc.end() && v->is_number_integer() && v->get<int>() == 2;
    const auto s = doc.find("seats");
    if (s == doc.end() && !v2) return "";
    if (s != doc.end()) {
        if (!s->is_array() || s->size() > static_cast<std::size_t>(kMaxSeatKeyLists))
            return source + ": seats: must be a list of at most " +
                   std::to_string(kMaxSeatKeyLists) + " seats";
        for (std::size_t k = 0; k < s->size(); ++k) {
            const json& seat = (*s)[k];
            if (!seat.is_object())
                return source + ": " + seat_field(k) + ": must be an object of action: key";
            SeatKeys keys{};
            for (const auto& [name, value] : seat.items()) {
                int action = -1;
                for (int a = 0; a < kSeatKeyActions; ++a)
                    if (name == action_key(static_cast<Action>(a))) action = a;
                if (action < 0)
                    return source + ": " + seat_field(k) + ": unknown action \"" + name +
                           "\" (a seat has throttle .. reset)";
                const std::string at = source + ": " + seat_field(k) + "." + name;
                if (!value.is_string()) return at + ": must be a key name (\"\" for none)";
                const std::string key = value.get<std::string>();
                const int code = key.empty() ? 0 : key_from_name(key);
                if (!key.empty() && code == 0) return at + ": unknown key \"" + key + "\"";
                keys[static_cast<std::size_t>(action)] = code;
            }
            out.push_back(keys);
        }
        doc.erase("seats");
    }
    if (v2) doc["version"] = 1;  // the rest is version 1's format
    rest = doc.dump(2);
    return "";
}

BindingsLoad load_bindings_file(const std::string& path) {
    BindingsLoad r;
    std::error_code ec;
    if (path.empty() || !std::filesystem::exists(path, ec)) return r;
    r.found = true;
    std::string text;
    const FileResult read = read_file_capped(path, kMaxBindingsBytes, text);
    BindingsResult parsed;
    std::string rest;
    if (!read.ok) {
        parsed.error = read.error;
    } else if (std::string bad = split_seat_keys(text, path, r.seats, rest); !bad.empty()) {
        parsed.error = bad;
    } else {
        parsed = parse_bindings_text(rest, path, r.bindings);
    }
    r.warnings = parsed.warnings;
    if (read.ok && parsed.ok) return r;
    r.ok = false;
    r.bindings = default_bindings();
    r.seats.clear();
    r.message = parsed.error +
                " -- using the default controls; the file is kept until you "
                "save from Controls";
    return r;
}

FileResult save_bindings_file(const std::string& path, const Bindings& b,
                              const std::vector<SeatKeys>& seats) {
    if (path.empty()) return {false, "no settings folder to save the bindings in"};
    if (seats.empty()) return write_file_atomic(path, bindings_to_text(b));
    json doc = json::parse(bindings_to_text(b));
    doc["version"] = kBindingsFileVersion;
    json list = json::array();
    for (const SeatKeys& keys : seats) {
        json seat = json::object();
        for (int a = 0; a < kSeatKeyActions; ++a)
            seat[action_key(static_cast<Action>(a))] =
                std::string(key_name(keys[static_cast<std::size_t>(a)]));
        list.push_back(seat);
    }
    doc["seats"] = list;
    return write_file_atomic(path, doc.dump(2) + "\n");
}

}  // namespace skidpad::app
