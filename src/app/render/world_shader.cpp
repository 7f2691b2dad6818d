// The world program's GLSL source, its per-material figures and its noise texture (see
// world_shader.hpp).
#include "world_shader.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace skidpad::app {

namespace {

// Position in metres; clip = position * scale + offset (u_xform = scale.xy, offset.xy).
// The material's figures are looked up here, per vertex, and handed on flat: a software
// rasteriser would otherwise gather them from the arrays for every pixel.
constexpr const char* kVertex = R"(#version 330 core
uniform vec4 u_xform;
uniform vec4 u_fine[14];
uniform vec4 u_coarse[14];
uniform vec4 u_misc[14];
uniform vec4 u_kind[14];
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_col;
layout(location = 2) in float a_mat;
out vec4 v_col;
out vec2 v_pos;
flat out vec4 v_fine;
flat out vec4 v_coarse;
flat out vec4 v_misc;
flat out vec4 v_kind;
void main() {
    int m = clamp(int(a_mat + 0.5), 0, 13);
    v_col = a_col;
    v_pos = a_pos;
    v_fine = u_fine[m];
    v_coarse = u_coarse[m];
    v_misc = u_misc[m];
    v_kind = u_kind[m];
    gl_Position = vec4(a_pos * u_xform.xy + u_xform.zw, 0.0, 1.0);
}
)";

// One path for every material (a software rasteriser runs both sides of a branch, so
// there are none; FINE, display.ground_detail 2, adds the fine sample): two bilinear samples of the
// noise texture at two world scales, each at the mip level the pixel footprint asks for (the same
// over the whole view, from the CPU), weighted per material; stripes as a triangle wave softened by
// the footprint. u_look: x wetness 0..1, y metres per pixel, z detail (0, 1, 2), w shadow strength.
// u_lod: the mip levels of the fine and the coarse sample.
constexpr const char* kFragment = R"(
uniform vec4 u_look;
uniform vec4 u_ambient;
uniform vec4 u_lod;
uniform sampler2D u_noise;
in vec4 v_col;
in vec2 v_pos;
flat in vec4 v_fine;
flat in vec4 v_coarse;
flat in vec4 v_misc;
flat in vec4 v_kind;
out vec4 o_col;

void main() {
    vec3 c = v_col.rgb;
    vec2 p = v_pos;
    vec4 kind = v_kind;  // x unused, y faded by the sun, z unlit, w wet sheen
    vec4 misc = v_misc;  // x stripe strength, y stripe period m, z darkening when wet
#ifdef FINE
    vec4 n1 = textureLod(u_noise, p * (1.0 / 7.3), u_lod.x);
#else
    vec4 n1 = vec4(0.5);
#endif
    vec4 n2 = textureLod(u_noise, vec2(p.y, -p.x) * (1.0 / 61.0) + vec2(0.37, 0.61), u_lod.y);
    // Stripes: a triangle wave of the period, its edges as soft as a pixel, gone as the
    // period nears a few pixels (u_lod.z: 1 while stripes are wide enough, else 0).
    float k = u_look.y / misc.y;
    float tri = abs(fract(p.x / misc.y) - 0.5) - 0.25;
    float stripe = clamp(tri / max(k * 1.5, 0.04), -1.0, 1.0) * clamp(2.5 - 8.0 * k, 0.0, 1.0);
    float detail = dot(n1 - 0.5, v_fine) * u_lod.w + dot(n2 - 0.5, v_coarse) +
                   misc.x * stripe;
    c *= 1.0 + detail * u_lod.z;
    float wet = u_look.x;
    c *= 1.0 - misc.z * wet;
    float puddle = smoothstep(0.55, 0.7, n2.a + (n1.a - 0.5) * 0.3);
    c += kind.w * wet * (0.035 + 0.11 * puddle) * vec3(0.72, 0.78, 0.9);
    c *= mix(u_ambient.rgb, vec3(1.0), kind.z);
    o_col = vec4(c, v_col.a * mix(1.0, u_look.w, kind.y));
}
)";

// display.ground_detail 0: the colours as given, darkened when wet and lit by the time of
// day, with no texture.
constexpr const char* kFlatFragment = R"(#version 330 core
uniform vec4 u_look;
uniform vec4 u_ambient;
in vec4 v_col;
flat in vec4 v_misc;
flat in vec4 v_kind;
out vec4 o_col;
void main() {
    vec4 kind = v_kind;
    vec3 c = v_col.rgb * (1.0 - v_misc.z * u_look.x);
    c *= mix(u_ambient.rgb, vec3(1.0), kind.z);
    o_col = vec4(c, v_col.a * mix(1.0, u_look.w, kind.y));
}
)";

// Per material (Material order): the fine sample's weights (r grain, g blotches, b
// speckle, a patches), the coarse sample's, then stripes and wet darkening, then the kind.
// clang-format off
constexpr MaterialFigures kFigures[kMaterials] = {
    // Plain
    {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}},
    // Asphalt: grain and speckle, blotches, large repairs; darker and shiny when wet
    {{0.22f, 0.1f, 0.18f, 0.08f}, {0.06f, 0.1f, 0, 0.16f}, {0, 1, 0.42f, 0}, {0, 0, 0, 1}},
    // Grass: blades and clumps, mowing stripes 10 m apart, broad variation
    {{0.18f, 0.16f, 0.1f, 0.1f}, {0.1f, 0.22f, 0, 0.3f}, {0.07f, 10, 0.25f, 0}, {0, 0, 0, 0}},
    // Gravel: strong speckle of stones
    {{0.2f, 0.12f, 0.5f, 0.05f}, {0.05f, 0.1f, 0, 0.12f}, {0, 1, 0.3f, 0}, {0, 0, 0, 0}},
    // Kerb: worn paint
    {{0.12f, 0.25f, 0.12f, 0.2f}, {0, 0.05f, 0, 0}, {0, 1, 0.2f, 0}, {0, 0, 0, 0.3f}},
    // Ice
    {{0.05f, 0.08f, 0.04f, 0.1f}, {0, 0.1f, 0, 0.1f}, {0, 1, 0, 0}, {0, 0, 0, 0}},
    // Paint (road lines): worn like the kerbs
    {{0.1f, 0.2f, 0.1f, 0.15f}, {0, 0.05f, 0, 0}, {0, 1, 0.2f, 0}, {0, 0, 0, 0.3f}},
    // Field (meadow and pasture beyond the track)
    {{0.14f, 0.16f, 0.08f, 0.1f}, {0.1f, 0.2f, 0, 0.28f}, {0.05f, 9, 0.2f, 0}, {0, 0, 0, 0}},
    // Concrete (an arena's slabs)
    {{0.06f, 0.06f, 0.1f, 0.05f}, {0, 0.06f, 0, 0.06f}, {0, 1, 0.3f, 0}, {0, 0, 0, 0.5f}},
    // Shadow: faded by the sun's strength, not lit twice
    {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 1, 0, 0}, {0, 1, 1, 0}},
    // Light
    {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}},
    // Crop: rows 1.4 m apart
    {{0.1f, 0.12f, 0.1f, 0.08f}, {0.05f, 0.15f, 0, 0.2f}, {0.12f, 1.4f, 0.2f, 0}, {0, 0, 0, 0}},
    // Earth: ploughed furrows 0.9 m apart
    {{0.14f, 0.1f, 0.16f, 0.06f}, {0.05f, 0.15f, 0, 0.15f}, {0.16f, 0.9f, 0.35f, 0}, {0, 0, 0, 0.4f}},
    // Hedge
    {{0.3f, 0.35f, 0.1f, 0.1f}, {0.1f, 0.2f, 0, 0.2f}, {0, 1, 0.15f, 0}, {0, 0, 0, 0}},
};
// clang-format on

/// A wrapping value-noise image of `cells` cells across `size` texels, 0..1.
float wrap_noise(int x, int y, int size, int cells, std::uint32_t seed) {
    const float fx = static_cast<float>(x) * static_cast<float>(cells) / static_cast<float>(size);
    const float fy = static_cast<float>(y) * static_cast<float>(cells) / static_cast<float>(size);
    const int ix = static_cast<int>(std::floor(fx)), iy = static_cast<int>(std::floor(fy));
    float tx = fx - static_cast<float>(ix), ty = fy - static_cast<float>(iy);
    tx = tx * tx * (3.0f - 2.0f * tx);
    ty = ty * ty * (3.0f - 2.0f * ty);
    auto h = [&](int cx, int cy) {
        std::uint32_t v = static_cast<std::uint32_t>(((cx % cells) + cells) % cells) * 0x8DA6B343u ^
                          static_cast<std::uint32_t>(((cy % cells) + cells) % cells) * 0xD8163841u ^
                          seed * 0x9E3779B1u;
        v = (v ^ (v >> 13)) * 0x5BD1E995u;
        v ^= v >> 15;
        return static_cast<float>(v & 0xFFFFu) / 65535.0f;
    };
    const float a = h(ix, iy) + (h(ix + 1, iy) - h(ix, iy)) * tx;
    const float b = h(ix, iy + 1) + (h(ix + 1, iy + 1) - h(ix, iy + 1)) * tx;
    return a + (b - a) * ty;
}

}  // namespace

const char* world_vertex_shader() {
    return kVertex;
}

std::string world_fragment_shader(bool fine) {
    return std::string("#version 330 core\n") + (fine ? "#define FINE 1\n" : "") + kFragment;
}

const char* world_flat_fragment_shader() {
    return kFlatFragment;
}

const MaterialFigures& material_figures(int material) {
    return kFigures[std::clamp(material, 0, kMaterials - 1)];
}

std::vector<std::uint8_t> make_noise_texture(int size) {
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(size) * static_cast<std::size_t>(size) *
                                   4u);
    // r: grain (64 cells), g: blotches (16), b: speckle (one value per texel), a: patches (4).
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const float r = wrap_noise(x, y, size, std::max(size / 4, 1), 1u);
            const float g = 0.65f * wrap_noise(x, y, size, std::max(size / 16, 1), 2u) +
                            0.35f * wrap_noise(x, y, size, std::max(size / 8, 1), 5u);
            const float b = wrap_noise(x, y, size, size, 3u);
            const float a =
                0.7f * wrap_noise(x, y, size, 4, 4u) + 0.3f * wrap_noise(x, y, size, 8, 6u);
            const std::size_t at = (static_cast<std::size_t>(y) * static_cast<std::size_t>(size) +
                                    static_cast<std::size_t>(x)) *
                                   4u;
            const float v[4] = {r, g, b, a};
            for (int k = 0; k < 4; ++k)
                rgba[at + static_cast<std::size_t>(k)] =
                    static_cast<std::uint8_t>(std::clamp(v[k] * 255.0f + 0.5f, 0.0f, 255.0f));
        }
    }
    return rgba;
}

}  // namespace skidpad::app
