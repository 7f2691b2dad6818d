// Ground materials by colour and the light of each time of day (see look.hpp).
#include "look.hpp"

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
    switch (t) {
        case TimeOfDay::Day:
            look.ambient[0] = look.ambient[1] = look.ambient[2] = 1.0f;
            look.shadow = 1.0f;
            break;
        case TimeOfDay::Dusk:
            look.ambient[0] = 0.78f;
            look.ambient[1] = 0.6f;
            look.ambient[2] = 0.55f;
            look.shadow = 0.55f;
            break;
        case TimeOfDay::Night:
            look.ambient[0] = 0.2f;
            look.ambient[1] = 0.25f;
            look.ambient[2] = 0.38f;
            look.shadow = 0.0f;
            break;
    }
}

}  // namespace skidpad::app
