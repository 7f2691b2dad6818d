// Track thumbnails for the menus: a track's outline (its smoothed centre line, thinned and
// fitted into a unit square) and its length, read once per file and kept.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "skidpad/math.hpp"

namespace skidpad {

struct TrackThumb {
    bool ok = false;
    std::string error;         ///< why there is no outline (the loader's message)
    std::vector<vec2> points;  ///< the closed outline in [0, 1]², y up, aspect kept, centred
    double length_m = 0.0;     ///< m, the centre line's length
    float width = 0.0f;        ///< the road's width in the square's units
};

/// The thumbnail of the track text `text` (`source` names it in errors): at most
/// `max_points` points of the outline. The surface raster is not built.
TrackThumb make_track_thumb(const std::string& text, const std::string& source,
                            int max_points = 96);

/// Thumbnails by track name: each file is read the first time its thumbnail is asked
/// for, then kept (a missing or bad file is kept as a thumbnail that is not ok).
class TrackThumbs {
public:
    /// The files by track name (a menu's list); keeps the thumbnails already made.
    void set_paths(std::map<std::string, std::string> paths) { paths_ = std::move(paths); }
    /// The thumbnail of track `name`, or nullptr when no file is known by that name.
    const TrackThumb* get(const std::string& name);

private:
    std::map<std::string, std::string> paths_;
    std::map<std::string, TrackThumb> made_;  ///< by path
};

}  // namespace skidpad
