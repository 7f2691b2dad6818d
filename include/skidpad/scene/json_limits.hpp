// Limits shared by every JSON file format (presets, levels, tracks): the nesting depth,
// checked on the raw text before parsing so that neither the parser nor a destructor can
// recurse deeply, and values quoted in messages at a bounded length so that a refusal
// stays one short line whatever the file holds.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace skidpad {

/// Most characters of a value a message quotes.
inline constexpr std::size_t kMaxQuotedChars = 80;

/// Longest "name" of a level or track, in bytes: the window prints a track's name in
/// its panels every frame (a 1 MB name took the width of the screen and 5x the frame time).
inline constexpr std::size_t kMaxNameBytes = 64;

/// Byte offset of the first [ or { (outside strings) that opens a level deeper than
/// max_depth, or npos when the text stays within it. O(size), no allocation.
std::size_t json_too_deep_at(std::string_view text, int max_depth);

/// What a JSON text would cost the parser's tree, counted on the raw text: each container
/// ([ or {) is some 64 bytes for two bytes of text, each value up to some 100. O(size),
/// no allocation.
struct JsonCounts {
    std::size_t containers = 0;  ///< [ and { outside strings
    std::size_t values = 0;      ///< an upper bound of the values: commas + containers + 1
};
JsonCounts json_counts(std::string_view text);

/// "nesting deeper than 16 levels at line 1, column 17; refused", or "" within the limit.
std::string json_depth_error(std::string_view text, int max_depth);

/// "duplicate key \"x\" at line 4, column 5 (an object may name a key once); refused",
/// or "" when no object repeats a key. Keys compare as written (escapes not decoded).
/// Call after json_depth_error: O(size), memory at most a view per key.
std::string json_duplicate_key_error(std::string_view text);

/// Line and column (from 1) of a byte offset: "line 3, column 7".
std::string text_position(std::string_view text, std::size_t byte);

/// A value as JSON text, cut to kMaxQuotedChars characters ("..." marks a cut). Builds
/// at most that much text, whatever the size of the value.
std::string json_quote(const nlohmann::json& v);

/// Raw text cut to kMaxQuotedChars characters ("..." marks a cut).
std::string text_quote(std::string_view s);

/// nlohmann's exception text with its "last read: '...'" token cut to kMaxQuotedChars.
std::string json_error_text(const char* what);

/// Checks a file's "version" against the one version this build reads. Only that
/// exact integer is accepted (no wrap-around for huge or negative values). Returns ""
/// when accepted, else the reason (quoting the value).
std::string json_version_error(const nlohmann::json& v, long long supported);

}  // namespace skidpad
