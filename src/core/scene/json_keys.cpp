// Unknown keys in player-edited files: one warning each, with the nearest known key.
#include "skidpad/scene/json_keys.hpp"

#include <algorithm>

#include "skidpad/scene/json_limits.hpp"

namespace skidpad {

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t cap) {
    const std::size_t longer = std::max(a.size(), b.size());
    if (longer - std::min(a.size(), b.size()) > cap) return cap + 1;
    // One row of the dynamic-programming table: row[j] is the distance between the
    // first i bytes of a and the first j bytes of b.
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];  // the row above, one column left
        row[0] = i;
        std::size_t best = row[0];
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t replace = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
            row[j] = std::min({above + 1, row[j - 1] + 1, replace});
            diagonal = above;
            best = std::min(best, row[j]);
        }
        if (best > cap) return cap + 1;  // every path through this row is already too long
    }
    return std::min(row[b.size()], cap + 1);
}

std::string closest_key(std::string_view key, const std::vector<std::string_view>& known) {
    std::string_view best;
    std::size_t best_distance = kMaxSuggestDistance + 1;
    for (std::string_view k : known) {
        const std::size_t d = edit_distance(key, k, kMaxSuggestDistance);
        // Fewer edits than the known key has bytes: "k0" is not a typo of "x".
        if (d < best_distance && d < k.size()) {
            best_distance = d;
            best = k;
        }
    }
    return std::string(best);
}

void UnknownKeys::check(const nlohmann::json& object, const std::string& path,
                        const std::vector<std::string_view>& known) {
    if (!object.is_object()) return;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string& key = it.key();
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        add(path, key, listing() ? closest_key(key, known) : std::string());
    }
}

void UnknownKeys::add(const std::string& path, std::string_view key, const std::string& suggestion,
                      std::string_view otherwise) {
    count_ += 1;
    if (!listing()) return;
    std::string w = file_ + ": " +
                    (path.empty() ? std::string("unknown top-level key") : path + ": unknown key") +
                    " '" + text_quote(key) + "' ignored";
    if (!suggestion.empty()) {
        w += " (did you mean '" + suggestion + "'?)";
    } else if (!otherwise.empty()) {
        w += " (" + std::string(otherwise) + ")";
    }
    listed_.push_back(std::move(w));
}

std::vector<std::string> UnknownKeys::warnings() const {
    std::vector<std::string> out = listed_;
    if (count_ > listed_.size()) {
        out.push_back(file_ + ": and " + std::to_string(count_ - listed_.size()) +
                      " more unknown keys ignored");
    }
    return out;
}

}  // namespace skidpad
