// Limits shared by every JSON format: nesting depth, quoted values, exact versions.
#include "skidpad/scene/json_limits.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace skidpad {

using nlohmann::json;

namespace {

/// Cuts `s` to at most `max` bytes without splitting a UTF-8 sequence; appends "...".
std::string cut(std::string s, std::size_t max) {
    if (s.size() <= max) return s;
    std::size_t n = max - 3;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
        --n;
    s.resize(n);
    return s + "...";
}

void append_string(const std::string& s, std::string& out) {
    // Only the part that can still show is escaped: a 10 MB string costs 80 bytes.
    const std::size_t room =
        kMaxQuotedChars + 1 > out.size() ? kMaxQuotedChars + 1 - out.size() : 1;
    out += json(s.substr(0, room)).dump(-1, ' ', false, json::error_handler_t::replace);
}

/// Depth is bounded by the depth check every format makes before parsing.
void quote_into(const json& v, std::string& out) {
    if (out.size() > kMaxQuotedChars) return;
    if (v.is_object()) {
        out += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end() && out.size() <= kMaxQuotedChars; ++it) {
            if (!first) out += ',';
            first = false;
            append_string(it.key(), out);
            out += ':';
            quote_into(it.value(), out);
        }
        out += '}';
    } else if (v.is_array()) {
        out += '[';
        bool first = true;
        for (auto it = v.begin(); it != v.end() && out.size() <= kMaxQuotedChars; ++it) {
            if (!first) out += ',';
            first = false;
            quote_into(*it, out);
        }
        out += ']';
    } else if (v.is_string()) {
        append_string(v.get_ref<const std::string&>(), out);
    } else {
        out += v.dump();  // a number, true, false or null: short
    }
}

/// The byte of the closing quote of the string whose opening quote is at `open`
/// (escapes skipped), or text.size() when it is not closed.
std::size_t string_end(std::string_view text, std::size_t open) {
    std::size_t i = open + 1;
    while (i < text.size() && text[i] != '"')
        i += text[i] == '\\' ? 2 : 1;
    return std::min(i, text.size());
}

}  // namespace

std::size_t json_too_deep_at(std::string_view text, int max_depth) {
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            i = string_end(text, i);
        } else if (c == '[' || c == '{') {
            if (++depth > max_depth) return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::string_view::npos;
}

JsonCounts json_counts(std::string_view text) {
    JsonCounts n;
    std::size_t commas = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            i = string_end(text, i);
        } else if (c == '[' || c == '{') {
            ++n.containers;
        } else if (c == ',') {
            ++commas;
        }
    }
    n.values = text.empty() ? 0 : commas + n.containers + 1;
    return n;
}

std::string json_duplicate_key_error(std::string_view text) {
    // The keys of the open objects, innermost last; each open container remembers where
    // its keys begin (arrays have none). An object's keys are compared when it closes,
    // sorted in place: no allocation per object, O(k log k) for k keys.
    struct Key {
        std::string_view name;
        std::size_t at;  ///< byte of its opening quote
    };
    std::vector<Key> keys;
    std::vector<std::size_t> starts;  ///< per open container; npos: an array
    constexpr std::size_t kArray = std::string_view::npos;
    std::size_t dup = kArray;  // the earliest second naming found
    const auto close_object = [&](std::size_t start) {
        std::sort(keys.begin() + static_cast<std::ptrdiff_t>(start), keys.end(),
                  [](const Key& x, const Key& y) {
                      return x.name < y.name || (x.name == y.name && x.at < y.at);
                  });
        for (std::size_t i = start + 1; i < keys.size(); ++i) {
            if (keys[i].name == keys[i - 1].name) dup = std::min(dup, keys[i].at);
        }
        keys.resize(start);
    };
    for (std::size_t i = 0; i < text.size() && dup == kArray; ++i) {
        const char c = text[i];
        if (c == '{' || c == '[') {
            starts.push_back(c == '{' ? keys.size() : kArray);
        } else if (c == '}' || c == ']') {
            if (starts.empty()) continue;
            if (starts.back() != kArray) close_object(starts.back());
            starts.pop_back();
        } else if (c == '"') {
            const std::size_t open = i;
            i = string_end(text, i);
            if (i >= text.size()) break;  // unterminated: the parser names it
            std::size_t next = i + 1;
            while (next < text.size() && (text[next] == ' ' || text[next] == '\t' ||
                                          text[next] == '\r' || text[next] == '\n'))
                ++next;
            if (starts.empty() || starts.back() == kArray || next >= text.size() ||
                text[next] != ':')
                continue;
            keys.push_back({text.substr(open + 1, i - open - 1), open});
        }
    }
    if (dup == kArray) return {};
    const std::size_t end = string_end(text, dup);
    const std::string_view name = text.substr(dup + 1, std::min(end, text.size()) - dup - 1);
    return "duplicate key \"" + text_quote(name) + "\" at " + text_position(text, dup) +
           " (an object may name a key once); refused";
}

std::string text_position(std::string_view text, std::size_t byte) {
    long long line = 1, col = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

std::string json_depth_error(std::string_view text, int max_depth) {
    const std::size_t at = json_too_deep_at(text, max_depth);
    if (at == std::string_view::npos) return {};
    return "nesting deeper than " + std::to_string(max_depth) + " levels at " +
           text_position(text, at) + "; refused";
}

std::string json_quote(const json& v) {
    std::string out;
    quote_into(v, out);
    return cut(std::move(out), kMaxQuotedChars);
}

std::string text_quote(std::string_view s) {
    std::string out(s.substr(0, kMaxQuotedChars + 1));
    for (char& c : out) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';  // keep the terminal sane
    }
    return cut(std::move(out), kMaxQuotedChars);
}

std::string json_error_text(const char* what) {
    const std::string w(what);
    const std::string mark = "last read: '";
    const auto at = w.find(mark);
    if (at == std::string::npos) return cut(w, 2 * kMaxQuotedChars + 80);
    const std::size_t from = at + mark.size();
    std::size_t to = w.rfind("'; expected");
    if (to == std::string::npos || to < from) to = w.size() - (w.back() == '\'' ? 1 : 0);
    return w.substr(0, from) + text_quote(std::string_view(w).substr(from, to - from)) +
           cut(w.substr(to), kMaxQuotedChars);
}

std::string json_version_error(const json& v, long long supported) {
    if (!v.is_number_integer()) {
        return "must be the whole number " + std::to_string(supported) + ", got " + json_quote(v);
    }
    // Compare in the type nlohmann stored, so 2^64-1 is not read as -1.
    const bool newer = v.is_number_unsigned()
                           ? v.get<std::uint64_t>() > static_cast<std::uint64_t>(supported)
                           : v.get<std::int64_t>() > supported;
    const bool same = v.is_number_unsigned()
                          ? v.get<std::uint64_t>() == static_cast<std::uint64_t>(supported)
                          : v.get<std::int64_t>() == supported;
    if (same) return {};
    if (newer) return v.dump() + " is newer than this game (" + std::to_string(supported) + ")";
    return v.dump() + " is not a valid version (this game reads version " +
           std::to_string(supported) + ")";
}

}  // namespace skidpad
