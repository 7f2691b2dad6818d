// Track thumbnails: the outline of a track file fitted into a unit square (track_thumb.hpp).
#include "track_thumb.hpp"

#include <algorithm>

#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/track.hpp"

namespace skidpad {

TrackThumb make_track_thumb(const std::string& text, const std::string& source, int max_points) {
    TrackThumb out;
    const TrackResult r = parse_track_text(text, source, false);
    if (!r.ok) {
        out.error = r.error;
        return out;
    }
    const ClosedPath& c = r.track.centre;
    if (c.size() < 3) {
        out.error = source + ": centre_line: too short for an outline";
        return out;
    }
    out.length_m = c.length;
    dvec2 lo(1e300), hi(-1e300);
    for (const dvec2& p : c.points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    const dvec2 span = hi - lo;
    const double side = std::max({span.x, span.y, 1.0});
    const dvec2 shift = 0.5 * (dvec2(side) - span);  // centred in the square
    const std::size_t n = c.size();
    const std::size_t step =
        std::max<std::size_t>(1, (n + static_cast<std::size_t>(std::max(max_points, 3)) - 1) /
                                     static_cast<std::size_t>(std::max(max_points, 3)));
    for (std::size_t i = 0; i < n; i += step) {
        const dvec2 q = (c.points[i] - lo + shift) / side;
        out.points.emplace_back(static_cast<float>(q.x), static_cast<float>(q.y));
    }
    out.width = static_cast<float>(r.track.width / side);
    out.ok = true;
    return out;
}

FileStamp file_stamp(const std::string& path) {
    namespace fs = std::filesystem;
    FileStamp s;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::is_regular_file(st)) return s;
    s.size = fs::file_size(path, ec);
    if (ec) return FileStamp{};
    s.modified = fs::last_write_time(path, ec);
    if (ec) return FileStamp{};
    s.exists = true;
    return s;
}

const TrackThumb* TrackThumbs::get(const std::string& name) {
    const auto p = paths_.find(name);
    if (p == paths_.end()) return nullptr;
    // A stat per call: the menus ask each frame, so a file changed behind the game's
    // back (another program, a copy) shows at once.
    const FileStamp stamp = file_stamp(p->second);
    const auto made = made_.find(p->second);
    if (made != made_.end() && made->second.stamp == stamp) return &made->second.thumb;
    std::string text;
    TrackThumb t;
    if (const FileResult read = read_file_capped(p->second, kMaxTrackBytes, text); !read.ok) {
        t.error = read.error;
    } else {
        t = make_track_thumb(text, p->second);
    }
    Made& m = made_[p->second];
    m.stamp = stamp;
    m.thumb = std::move(t);
    return &m.thumb;
}

void TrackThumbs::forget(const std::string& path) {
    made_.erase(path);
}

}  // namespace skidpad
