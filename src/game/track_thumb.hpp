// Track thumbnails for the menus: a track's outline (its smoothed centre line, thinned and
// fitted into a unit square) and its length, read once per file and kept until the file
// changes.
#pragma once

#include <cstdint>
#include <filesystem>
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

/// A file's size and modification time, as a thumbnail was made from it.
struct FileStamp {
    bool exists = false;
    std::uintmax_t size = 0;
    std::filesystem::file_time_type modified{};
    bool operator==(const FileStamp&) const = default;
};
FileStamp file_stamp(const std::string& path);

/// Thumbnails by track name: each file is read the first time its thumbnail is asked
/// for, then kept while the file's size and modification time stay the same (a missing
/// or bad file is kept as a thumbnail that is not ok, until it appears or changes).
class TrackThumbs {
public:
    /// The files by track name (a menu's list); keeps the thumbnails already made.
    void set_paths(std::map<std::string, std::string> paths) { paths_ = std::move(paths); }
    /// The thumbnail of track `name`, or nullptr when no file is known by that name. The
    /// pointer holds until the next get or forget.
    const TrackThumb* get(const std::string& name);
    /// The file `path` was written (an editor saved it): its thumbnail is made again on
    /// the next get even when a coarse clock left its stamp as it was.
    void forget(const std::string& path);

private:
    struct Made {
        FileStamp stamp;
        TrackThumb thumb;
    };
    std::map<std::string, std::string> paths_;
    std::map<std::string, Made> made_;  ///< by path
};

}  // namespace skidpad
