// The sandbox's scene as a level: its soft bodies as they stand and the player car's pose
// as the start, handed to the arena editor ("Save as level").
#pragma once

#include <string>
#include <vector>

#include "skidpad/scene/level.hpp"

namespace skidpad {

class World;

struct SceneLevel {
    Level level;
    /// Bodies a level cannot hold: broken pieces, shards and bodies of added materials.
    int skipped = 0;
};

/// The world's soft bodies as level elements, one each (a stack's crates and a line's
/// tyres come back as single crates and tyres): each kind, its centre (the mean of its
/// particles, to the millimetre), its turn (a box's first side) and its size where it
/// differs from the soft world's defaults by more than a millimetre; a barrier is pinned
/// when it does not move (no mass, or the pinned barriers' density). The player car's
/// position and heading are the car's start (the origin when there is no car);
/// `patches` and `name` are copied.
SceneLevel level_from_world(const World& world, const std::string& name,
                            const std::vector<SurfacePatch>& patches);

}  // namespace skidpad
