// The UI font: DejaVu Sans (Debian's fonts-dejavu-core, installed by scripts/deps.sh),
// found through fontconfig, has the Greek and unit glyphs the overlay uses; a missing font
// file, or none found, keeps the built-in font with a message.
#include <imgui.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fonts.hpp"
#include "support/temp_dir.hpp"

using namespace skidpad::app;

TEST_CASE("the UI font draws mu, omega, alpha, superscript two and the middle dot", "[app][font]") {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    REQUIRE(load_ui_font(io) == "");
    unsigned char* px = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    REQUIRE(io.Fonts->Fonts.Size == 1);
    ImFont* font = io.Fonts->Fonts[0];
    CHECK(font->FontSize == kUiFontPixels);
    for (const ImWchar c : {ImWchar(0x03BC), ImWchar(0x03C9), ImWchar(0x03B1), ImWchar(0x00B2),
                            ImWchar(0x00B7), ImWchar(0x2013), ImWchar(0x2026)}) {
        INFO("U+" << std::hex << static_cast<int>(c));
        CHECK(font->FindGlyphNoFallback(c) != nullptr);
    }
    ImGui::DestroyContext();
}

TEST_CASE("a missing UI font is named and the built-in font stays", "[app][font]") {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    const std::string msg = load_ui_font(io, "/nonexistent/NoSuchFont.ttf");
    CHECK(msg.find("/nonexistent/NoSuchFont.ttf") != std::string::npos);
    CHECK(io.Fonts->Fonts.Size == 0);  // the atlas adds the built-in font when it is built
    ImGui::DestroyContext();
}

TEST_CASE("fontconfig finds DejaVu Sans for the UI", "[app][font]") {
    const std::string file = find_ui_font();
    INFO(file);
    CHECK(std::filesystem::is_regular_file(file));
    CHECK(std::filesystem::path(file).filename() == "DejaVuSans.ttf");
}

TEST_CASE("no font found through fontconfig keeps the built-in font with a message",
          "[app][font]") {
    // A fontconfig configuration that lists no font folder.
    const skidpad::test::TempDir dir;
    const std::string conf = dir.file("fonts.conf");
    std::ofstream(conf) << "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n";
    ::setenv("FONTCONFIG_FILE", conf.c_str(), 1);
    CHECK(find_ui_font().empty());
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    const std::string msg = load_ui_font(io);
    ::unsetenv("FONTCONFIG_FILE");
    CHECK(msg ==
          "no UI font with the overlay's symbols found through fontconfig (DejaVu Sans: install "
          "fonts-dejavu-core); using ImGui's built-in font");
    CHECK(io.Fonts->Fonts.Size == 0);
    ImGui::DestroyContext();
}
