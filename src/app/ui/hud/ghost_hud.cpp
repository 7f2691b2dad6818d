// The live gap to the ghost car, drawn top centre over the world.
#include "ghost_hud.hpp"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "skidpad/draw.hpp"

namespace skidpad::app {

void draw_ghost_hud(const Ghost& ghost, const World& world) {
    const GhostGap g = ghost_gap(ghost, world);
    if (!g.valid) return;
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const char* label = ghost.label.c_str();
    const bool ended = ghost_ended(ghost);
    char text[128];
    std::snprintf(text, sizeof text, "%s %s %.1f m  (%+.2f s)%s%s%s", label,
                  g.metres >= 0.0 ? "ahead" : "behind", std::fabs(g.metres), g.seconds,
                  ended ? "  (" : "", ended ? label : "", ended ? " ended)" : "");
    const ImVec2 size = ImGui::CalcTextSize(text);
    const Color c = ghost.paint != 0 ? ghost.paint : rgba(230, 230, 255);
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const ImVec2 at((ds.x - size.x) * 0.5f, 8.0f);
    // A dark band behind the text keeps it readable over anything the world draws.
    dl->AddRectFilled(ImVec2(at.x - 8.0f, at.y - 3.0f),
                      ImVec2(at.x + size.x + 8.0f, at.y + size.y + 3.0f), IM_COL32(0, 0, 0, 150),
                      4.0f);
    dl->AddText(at, IM_COL32(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, 230), text);
}

}  // namespace skidpad::app
