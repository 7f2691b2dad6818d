// Unknown keys in a file the player edits (level, track, preset, bindings, player.txt):
// the file still loads and each unknown key becomes one warning naming the file, the
// JSON path and the key, with "did you mean ...?" when a known key is a small typo
// away. At most kMaxUnknownKeyWarnings are kept per file; the rest are counted in one
// last line.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace skidpad {

/// Most unknown-key warnings listed per file; the rest are summed up as "and N more".
inline constexpr std::size_t kMaxUnknownKeyWarnings = 20;

/// Largest edit distance at which a known key is suggested for an unknown one.
inline constexpr std::size_t kMaxSuggestDistance = 2;

/// Levenshtein distance (insertions, deletions, substitutions of bytes) between a and b,
/// or cap + 1 when it is above cap. Keys whose lengths differ by more than cap cost
/// nothing to compare, whatever their size; otherwise O(|a| |b|) time and O(|b|) memory
/// (the callers compare against known keys of a few dozen bytes).
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t cap);

/// The known key closest to `key` within kMaxSuggestDistance edits and fewer edits than
/// it has bytes ("k0" is not a typo of "x"); the first listed wins a tie; "" when none.
std::string closest_key(std::string_view key, const std::vector<std::string_view>& known);

/// Collects the unknown-key warnings of one file.
class UnknownKeys {
public:
    explicit UnknownKeys(std::string file) : file_(std::move(file)) {}

    /// Warns for each key of `object` not in `known`. `path` names the object
    /// ("bodies[3] (crate)"); an empty path is the top level.
    void check(const nlohmann::json& object, const std::string& path,
               const std::vector<std::string_view>& known);

    /// True while a further warning would still be listed (a caller looking up its own
    /// suggestion need only do so then).
    bool listing() const { return listed_.size() < kMaxUnknownKeyWarnings; }

    /// One unknown key at `path`, with the known key to suggest ("" for none) and what
    /// to say instead when there is none ("see `skidpad params`").
    void add(const std::string& path, std::string_view key, const std::string& suggestion,
             std::string_view otherwise = {});

    /// The warnings, at most kMaxUnknownKeyWarnings and then "FILE: and N more unknown
    /// keys ignored".
    std::vector<std::string> warnings() const;

    std::size_t count() const { return count_; }

private:
    std::string file_;
    std::vector<std::string> listed_;
    std::size_t count_ = 0;
};

}  // namespace skidpad
