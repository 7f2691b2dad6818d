// The optional fields of a track file (surface, runoff, runoff_zones, kerbs, barriers,
// patches, grid): parsed after the centre line, whose control points they refer to.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "skidpad/scene/json_keys.hpp"
#include "skidpad/scene/track.hpp"

namespace skidpad {

struct TrackExtras {
    bool derive_kerbs = true;  ///< no "kerbs" array: kerbs at the apexes
    bool derive_zones = true;  ///< no "runoff_zones" array: gravel outside the corners
    int grid_slots = 8;
};

/// Reads the optional fields into `t` (cp_s: arc length of each control point on the
/// rotated centre line). Returns "" or "ELEMENT: problem"; an unknown key inside one of
/// the optional objects goes to `unknown` (ignored with a warning).
std::string parse_track_extras(const nlohmann::json& doc, const std::vector<double>& cp_s, Track& t,
                               TrackExtras& out, UnknownKeys& unknown);

}  // namespace skidpad
