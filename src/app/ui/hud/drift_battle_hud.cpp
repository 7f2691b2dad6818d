// The drift battle's HUD on the split screen (see drift_battle_hud.hpp).
#include "drift_battle_hud.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "game.hpp"
#include "modes/drift_rig.hpp"
#include "players.hpp"

namespace skidpad::app {

namespace {
ImU32 paint_of(Color c, int alpha = 255) {
    return IM_COL32(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, alpha);
}

/// Text of `size` pixels centred on x at y, on a dark band; returns the band.
ScreenRect centred(ImDrawList* dl, float size, float x, float y, ImU32 col, const char* text) {
    ImFont* font = ImGui::GetFont();
    const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0.0f, text);
    const ImVec2 at(x - ts.x * 0.5f, y);
    dl->AddRectFilled(ImVec2(at.x - 8.0f, at.y - 3.0f),
                      ImVec2(at.x + ts.x + 8.0f, at.y + ts.y + 3.0f), IM_COL32(0, 0, 0, 160), 5.0f);
    dl->AddText(font, size, at, col, text);
    return ScreenRect{at.x - 8.0f, at.y - 3.0f, ts.x + 16.0f, ts.y + 6.0f};
}

/// `box` into the list of every viewport it covers.
void keep_box(const SplitLayout& layout, const ScreenRect& box,
              std::vector<std::vector<ScreenRect>>* boxes) {
    if (!boxes) return;
    for (std::size_t k = 0; k < layout.views.size() && k < boxes->size(); ++k) {
        const ScreenRect& r = layout.views[k];
        if (box.x < r.x + r.w && box.x + box.w > r.x && box.y < r.y + r.h && box.y + box.h > r.y)
            (*boxes)[k].push_back(box);
    }
}
}  // namespace

std::string battle_clock_text(double seconds) {
    const int s = static_cast<int>(std::ceil(std::max(seconds, 0.0) - 1e-9));
    char out[16];
    std::snprintf(out, sizeof out, "%d:%02d", s / 60, s % 60);
    return out;
}

void drift_battle_draw(ImDrawList* dl, const Game& game,
                       std::vector<std::vector<ScreenRect>>* boxes) {
    const Mode* mode = game.session.mode.get();
    const DriftRigMode* d = mode ? drift_rig_state(*mode) : nullptr;
    if (!d || !d->battle.on) return;
    const DriftBattle& b = d->battle;
    const Scene& sc = game.session.sim.scene;
    const SplitScreen& sp = game.picture.split;
    const double now = sc.world.time();
    const float base = ImGui::GetFontSize();
    // Each viewport: its own points, and the combo under way.
    for (std::size_t k = 0; k < b.seats.size() && k < sp.layout.views.size(); ++k) {
        const ScreenRect& r = sp.layout.views[k];
        const DriftScorer& s = b.seats[k];
        const ImU32 col = paint_of(seat_paint(sc, k));
        char text[96];
        std::snprintf(text, sizeof text, "%.0f", s.state().total);
        const float cx = r.x + r.w * 0.5f;
        keep_box(sp.layout, centred(dl, base * 2.0f, cx, r.y + 44.0f, col, text), boxes);
        if (!b.over && s.state().in_combo) {
            std::snprintf(text, sizeof text, "+%.0f  x%d", s.combo_value(), s.state().multiplier);
            keep_box(sp.layout,
                     centred(dl, base * 1.3f, cx, r.y + 44.0f + base * 2.3f,
                             IM_COL32(255, 220, 120, 255), text),
                     boxes);
        }
        if (b.over) {
            const bool won = b.winner == static_cast<int>(k);
            std::snprintf(text, sizeof text, "%s", b.winner < 0 ? "A tie!" : won ? "You win!" : "");
            if (!won && b.winner >= 0) std::snprintf(text, sizeof text, "P%d wins", b.winner + 1);
            keep_box(
                sp.layout,
                centred(dl, base * 2.4f, cx, r.y + r.h * 0.4f,
                        won ? IM_COL32(120, 240, 140, 255) : IM_COL32(240, 240, 240, 255), text),
                boxes);
        }
    }
    // The top centre: every seat's score side by side, and the clock.
    std::string strip;
    for (std::size_t k = 0; k < b.seats.size(); ++k) {
        char part[48];
        std::snprintf(part, sizeof part, "%sP%zu %.0f", k ? "   " : "", k + 1,
                      drift_battle_points(b, static_cast<int>(k)));
        strip += part;
    }
    strip += b.over ? "   final" : "   " + battle_clock_text(drift_battle_left(b, now));
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    keep_box(
        sp.layout,
        centred(dl, base * 1.2f, ds.x * 0.5f, 6.0f, IM_COL32(240, 240, 240, 255), strip.c_str()),
        boxes);
}

}  // namespace skidpad::app
