// make_icons: writes the game's icon (src/app/render/icon_art.cpp) as PNGs of the sizes
// the desktop's hicolor theme uses and as SVG (run by the build for `cmake --install`).
#include <stb_image_write.h>

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "icon_art.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: skidpad_make_icons OUT_DIR  (writes skidpad-SIZE.png, skidpad.svg)\n";
        return 2;
    }
    const std::string dir = argv[1];
    for (const int size : {48, 128, 256}) {
        const std::vector<unsigned char> px = skidpad::app::icon_rgba(size);
        const std::string path = dir + "/skidpad-" + std::to_string(size) + ".png";
        if (stbi_write_png(path.c_str(), size, size, 4, px.data(), size * 4) == 0) {
            std::cerr << "skidpad_make_icons: cannot write '" << path << "'\n";
            return 1;
        }
    }
    const std::string svg = dir + "/skidpad.svg";
    std::ofstream out(svg, std::ios::binary | std::ios::trunc);
    out << skidpad::app::icon_svg();
    out.flush();
    if (!out) {
        std::cerr << "skidpad_make_icons: cannot write '" << svg << "'\n";
        return 1;
    }
    return 0;
}
