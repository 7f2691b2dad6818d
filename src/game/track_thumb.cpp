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

const TrackThumb* TrackThumbs::get(const std::string& name) {
    const auto p = paths_.find(name);
    if (p == paths_.end()) return nullptr;
    const auto made = made_.find(p->second);
    if (made != made_.end()) return &made->second;
    std::string text;
    TrackThumb t;
    if (const FileResult read = read_file_capped(p->second, kMaxTrackBytes, text); !read.ok) {
        t.error = read.error;
    } else {
        t = make_track_thumb(text, p->second);
    }
    return &made_.emplace(p->second, std::move(t)).first->second;
}

}  // namespace skidpad
