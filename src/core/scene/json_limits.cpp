#include "json_limits.hpp"

#include <cstdint>
#include <unordered_set>
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

}  // namespace

std::size_t json_too_deep_at(std::string_view text, int max_depth) {
    int depth = 0;
    bool in_string = false;
    bool escape = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (escape) {
                escape = false;
            } else if (c == '\\') {
                escape = true;
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        if (c == '"') {
            in_string = true;
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
    bool in_string = false;
    bool escape = false;
    for (const char c : text) {
        if (in_string) {
            if (escape) {
                escape = false;
            } else if (c == '\\') {
                escape = true;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
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
    // One frame per open container: an object's keys seen so far (views into text).
    struct Frame {
        bool object = false;
        std::unordered_set<std::string_view> keys;
    };
    std::vector<Frame> stack;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '{' || c == '[') {
            stack.push_back({c == '{', {}});
        } else if (c == '}' || c == ']') {
            if (!stack.empty()) stack.pop_back();
        } else if (c == '"') {
            const std::size_t start = i + 1;
            bool escape = false;
            for (++i; i < text.size(); ++i) {
                if (escape) {
                    escape = false;
                } else if (text[i] == '\\') {
                    escape = true;
                } else if (text[i] == '"') {
                    break;
                }
            }
            if (i >= text.size()) break;  // unterminated: the parser names it
            std::size_t next = i + 1;
            while (next < text.size() && (text[next] == ' ' || text[next] == '\t' ||
                                          text[next] == '\r' || text[next] == '\n'))
                ++next;
            if (stack.empty() || !stack.back().object || next >= text.size() || text[next] != ':')
                continue;
            const std::string_view key = text.substr(start, i - start);
            if (!stack.back().keys.insert(key).second) {
                return "duplicate key \"" + text_quote(key) + "\" at " +
                       text_position(text, start - 1) + " (an object may name a key once); refused";
            }
        }
    }
    return {};
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
