// The UI's fonts (see fonts.hpp).
#include "fonts.hpp"

#include <fontconfig/fontconfig.h>
#include <imgui.h>

#include <filesystem>
#include <system_error>

namespace skidpad::app {

std::string find_ui_font(const std::string& family) {
    FcConfig* config = FcInitLoadConfigAndFonts();
    if (!config) return "";
    std::string file;
    FcPattern* pattern = FcPatternCreate();
    FcCharSet* glyphs = FcCharSetCreate();
    for (const FcChar32 c : {0x03BCu, 0x03C9u, 0x03B1u, 0x00B2u, 0x00B7u})
        FcCharSetAddChar(glyphs, c);
    FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(family.c_str()));
    FcPatternAddCharSet(pattern, FC_CHARSET, glyphs);
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    if (FcPattern* match = FcFontMatch(config, pattern, &result)) {
        FcCharSet* has = nullptr;
        FcChar8* path = nullptr;
        // A match is fontconfig's nearest font: used only when it has the glyphs.
        if (FcPatternGetCharSet(match, FC_CHARSET, 0, &has) == FcResultMatch &&
            FcCharSetIsSubset(glyphs, has) &&
            FcPatternGetString(match, FC_FILE, 0, &path) == FcResultMatch && path) {
            file = reinterpret_cast<const char*>(path);
        }
        FcPatternDestroy(match);
    }
    FcCharSetDestroy(glyphs);
    FcPatternDestroy(pattern);
    FcConfigDestroy(config);
    return file;
}

std::string load_ui_font(ImGuiIO& io, const std::string& path, float pixels) {
    // Basic Latin + Latin-1, Greek, general punctuation, superscripts, arrows, maths.
    static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2070,
                                      0x209F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};
    const std::string file = path.empty() ? find_ui_font() : path;
    if (file.empty()) {
        return std::string("no UI font with the overlay's symbols found through fontconfig (") +
               kUiFontFamily + ": install fonts-dejavu-core); using ImGui's built-in font";
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return "UI font " + file +
               " not found (install fonts-dejavu-core); using the built-in font";
    }
    ImFontConfig config;
    config.OversampleH = 2;
    config.OversampleV = 1;
    if (io.Fonts->AddFontFromFileTTF(file.c_str(), pixels, &config, kRanges) == nullptr) {
        return "UI font " + file + " could not be read; using the built-in font";
    }
    return "";
}

}  // namespace skidpad::app
