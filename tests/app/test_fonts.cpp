// The UI font: DejaVu Sans (Debian's fonts-dejavu-core, installed by scripts/deps.sh) has
// the Greek and unit glyphs the overlay uses; a missing font file keeps the built-in font
// with a message naming the file.
#include <imgui.h>
#include <catch2/catch.hpp>

#include "fonts.hpp"

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
