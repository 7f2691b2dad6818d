// Levels: JSON files of soft bodies and the car's start (assets/levels/*.json).
//   { "format": "skidpad-level", "version": 1, "name": "arena", "author": "...",
//     "car_start": { "x": 0, "y": -30, "heading": 1.5708 },
//     "bodies": [ { "type": "barrier", "x": 0, "y": 40, "w": 82, "h": 1 }, ... ] }
// Body types and their fields (m, rad, kg; optional ones default to the SoftDef). A
// type is a kind's level name or its group name (the kind table,
// skidpad/soft/body_kinds.hpp):
//   barrier      x y w h [angle] [pinned=true] [mass]
//   crate        x y [angle] [size] [mass]
//   crate_stack  x y cols rows [angle] [gap=0.05] [size] [mass]
//   tyre         x y [radius]
//   tyre_wall    x0 y0 x1 y1 count [radius]     (tyres evenly along a segment)
//   cone         x y [angle]
//   cone_line    x0 y0 x1 y1 count
// Optional "patches": [{"surface": "ice", "x": 0, "y": 0, "w": 10, "h": 6, "angle": 0}]
// lay friction patches (asphalt|kerb|grass|gravel|ice) on the asphalt ground.
// Loading is all-or-nothing: any error names the file, the element and the field
// and leaves the caller's level untouched. A key a level does not read (a typo such
// as "sise") is ignored with a warning naming the file, the element and the key, and
// the closest known key when it is within two edits.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "skidpad/draw.hpp"
#include "skidpad/math.hpp"
#include "skidpad/soft/body_kinds.hpp"
#include "skidpad/surface.hpp"

namespace skidpad {

class World;
class SoftWorld;
struct SoftDef;
struct CarDef;

inline constexpr int kLevelVersion = 1;
inline constexpr std::size_t kMaxLevelBytes = 8 * 1024 * 1024;  ///< larger files are refused
inline constexpr int kMaxLevelBodies = 50000;  ///< after expanding stacks and lines
inline constexpr int kMaxLevelLineCount = 1000;
/// Friction patches of one level ("patches": [{surface, x, y, w, h, angle}, ...]).
inline constexpr int kMaxLevelPatches = 256;
/// JSON objects and arrays in a level file (one per body element, the document's own and
/// a few spare), and JSON values (20 per body). Counted on the text before parsing: the
/// parser's tree of 8 MiB of nested arrays or of empty strings would take 150-250 MB.
inline constexpr int kMaxLevelContainers = kMaxLevelBodies + 16;
inline constexpr int kMaxLevelValues = 20 * kMaxLevelBodies;
/// m: two bodies (other than pinned barriers) whose centres are closer are on top of
/// each other, and the level is refused. Below half of the smallest body size (0.2 m).
inline constexpr double kMinLevelBodyDistance = 0.1;

struct LevelBody {
    BodyKind kind = BodyKind::Crate;
    /// None: one body (the kind's level_name); Grid or Line: the kind's level_group_name.
    LevelGroup group = LevelGroup::None;
    double x = 0.0, y = 0.0;                   ///< m (x0/y0 for lines)
    double x1 = 0.0, y1 = 0.0;                 ///< m, line end (tyre_wall, cone_line)
    double w = 1.0, h = 1.0;                   ///< m, barrier size
    double angle = 0.0;                        ///< rad
    int cols = 1, rows = 1;                    ///< crate_stack
    int count = 1;                             ///< tyre_wall, cone_line
    double gap = 0.05;                         ///< m, crate_stack spacing
    bool pinned = true;                        ///< barrier
    std::optional<double> size, mass, radius;  ///< defaults from SoftDef when absent
    friend bool operator==(const LevelBody&, const LevelBody&) = default;
};

struct Level {
    std::string name;
    std::string author;         ///< who made it ("" when the file has none; the editor writes it)
    dvec2 car_start{0.0, 0.0};  ///< m
    double car_heading = 0.0;   ///< rad
    std::vector<LevelBody> bodies;
    std::vector<SurfacePatch> patches;  ///< optional friction patches on the asphalt
    friend bool operator==(const Level&, const Level&) = default;
};

struct LevelResult {
    bool ok = true;
    bool used_builtin = false;  ///< the file was missing and the built-in copy was used
    std::string error;          ///< "file: bodies[3] (crate_stack): field 'cols': ..."
    /// "file: bodies[3] (crate): unknown key 'sise' ignored (did you mean 'size'?)", at
    /// most 20 and then "file: and N more unknown keys ignored"; also beside an error
    /// (a misspelt "bodeis" explains "field 'bodies' is missing").
    std::vector<std::string> warnings;
};

/// Parses level text; `out` is only written on success.
LevelResult parse_level_text(std::string_view text, std::string_view source, Level& out);
/// Reads and parses the file it is handed (size-capped); `out` only written on success.
LevelResult load_level_file(const std::string& path, Level& out);
/// Like load_level_file, but a missing file gives the built-in arena (used_builtin).
LevelResult load_level_or_builtin(const std::string& path, Level& out);

/// The built-in copy of assets/levels/arena.json.
std::string_view builtin_arena_json();
Level builtin_arena_level();

/// Replaces the world's contents by the level: bodies and the player car (built from
/// `car`) at its start.
void build_level(World& world, const Level& level, const CarDef& car);
/// The level's ground: asphalt with its patches painted on.
SurfaceMap level_surfaces(const Level& level);
/// Draws the level's patches (layer 0).
void level_draw_patches(const Level& level, DrawList& out);
/// Replaces only the soft bodies by the level's (cars untouched).
void build_level_bodies(SoftWorld& soft, const SoftDef& def, const Level& level);
/// How many bodies an element places (a stack's cols × rows, a line's count, else 1).
long long level_body_count(const LevelBody& b);
/// The element's type as a level file names it ("crate_stack").
const char* level_type_name(const LevelBody& b);

}  // namespace skidpad
