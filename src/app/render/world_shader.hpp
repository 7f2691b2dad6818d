// The world picture's GL programs: per-vertex world position, colour and Material
// (look.hpp). The fragment stage shades every material by one path (a software rasteriser
// runs both sides of a branch, so there are none): two samples of a tiling noise texture
// made here in code, at two world scales, weighted by the material's figures (uniform
// arrays), plus stripes (mowing, crop rows, furrows), wetness and the time of day's
// light. The texture is mipmapped and sampled at the level the pixel footprint asks for,
// so the ground does not shimmer at any zoom, and being in world coordinates it does not
// swim. A flat program (no texture) serves display.ground_detail 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace skidpad::app {

const char* world_vertex_shader();
/// The textured program; `fine` (display.ground_detail 2) adds the fine sample.
std::string world_fragment_shader(bool fine);
/// The program of display.ground_detail 0: colours, wetness and light, no texture.
const char* world_flat_fragment_shader();

/// How many materials the program knows (Material values 0..kMaterials-1).
inline constexpr int kMaterials = 14;

/// One material's uniforms.
struct MaterialFigures {
    float fine[4];    ///< weights of the fine sample's grain, blotches, speckle, patches
    float coarse[4];  ///< the same for the coarse sample (7.3 m and 61 m tiles)
    float misc[4];    ///< stripe strength, stripe period (m), darkening when wet, unused
    float kind[4];    ///< unused, faded by the sun (shadows), unlit, wet sheen
};
/// The figures of a material (Plain's for a value out of range).
const MaterialFigures& material_figures(int material);

/// The noise texture, `size` x `size` RGBA8, tiling: r grain, g blotches, b speckle (one
/// value per texel), a broad patches; every channel 0..255 around a middle grey.
std::vector<std::uint8_t> make_noise_texture(int size);

}  // namespace skidpad::app
