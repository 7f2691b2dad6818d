// Ground materials by colour and the light of each time of day (see look.hpp).
#include "look.hpp"

#include <iterator>

#include "skidpad/surface.hpp"

namespace skidpad::app {

namespace {
// The track drawing's kerb and line paints (src/core/scene/track_draw.cpp).
constexpr Color kKerbRed = rgba(204, 38, 34);
constexpr Color kKerbWhite = rgba(240, 240, 240);
constexpr Color kLinePaint = rgba(236, 236, 230);
}  // namespace

Material ground_material(Color fill) {
    if (fill == kKerbRed || fill == kKerbWhite) return Material::Kerb;
    if (fill == kLinePaint) return Material::Paint;
    for (const SurfaceRow& r : kSurfaces) {
        if (fill != r.colour && (r.road == 0 || fill != r.road)) continue;
        switch (r.kind) {
            case SurfaceKind::Asphalt:
                return Material::Asphalt;
            case SurfaceKind::Kerb:
                return Material::Kerb;
            case SurfaceKind::Grass:
                return Material::Grass;
            case SurfaceKind::Gravel:
                return Material::Gravel;
            case SurfaceKind::Ice:
                return Material::Ice;
        }
    }
    return Material::Plain;
}

Material shape_material(int layer, Color fill) {
    if (layer == 0) return ground_material(fill);
    if (layer == 3 && (fill == rgba(255, 244, 190) || fill == rgba(255, 45, 40) ||
                       fill == rgba(255, 40, 30, 70) || fill == rgba(245, 245, 240)))
        return Material::Light;
    return Material::Plain;
}

void set_time_of_day(Look& look, TimeOfDay t) {
    // The light's red, green and blue and the sun's shadow strength: noon is white, dusk
    // dim and warm, night dark and blue with no sun.
    struct Light {
        float ambient[3];
        float shadow;
    };
    static constexpr Light kLight[] = {
        {{1.0f, 1.0f, 1.0f}, 1.0f},     // day
        {{0.78f, 0.6f, 0.55f}, 0.55f},  // dusk
        {{0.2f, 0.25f, 0.38f}, 0.0f},   // night
    };
    const auto i = static_cast<std::size_t>(t);
    if (i >= std::size(kLight)) return;
    for (int c = 0; c < 3; ++c)
        look.ambient[c] = kLight[i].ambient[c];
    look.shadow = kLight[i].shadow;
}

}  // namespace skidpad::app
