// The UI's fonts (see fonts.hpp).
#include "fonts.hpp"

#include <imgui.h>

#include <filesystem>
#include <system_error>

namespace skidpad::app {

std::string load_ui_font(ImGuiIO& io, const std::string& path, float pixels) {
    // Basic Latin + Latin-1, Greek, general punctuation, superscripts, arrows, maths.
    static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2070,
                                      0x209F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        return "UI font " + path +
               " not found (install fonts-dejavu-core); using the built-in font";
    }
    ImFontConfig config;
    config.OversampleH = 2;
    config.OversampleV = 1;
    if (io.Fonts->AddFontFromFileTTF(path.c_str(), pixels, &config, kRanges) == nullptr) {
        return "UI font " + path + " could not be read; using the built-in font";
    }
    return "";
}

}  // namespace skidpad::app
