// A track's thumbnail on screen (thumb_view.hpp).
#include "thumb_view.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace skidpad::app {

void draw_thumb(ImDrawList* dl, ImVec2 at, float box, const TrackThumb& t) {
    dl->AddRectFilled(at, ImVec2(at.x + box, at.y + box), IM_COL32(46, 84, 44, 255),
                      std::min(4.0f, 0.08f * box));
    if (!t.ok || t.points.size() < 3) return;
    const float pad = std::max(2.0f, box / 15.0f);
    std::vector<ImVec2> pts;
    pts.reserve(t.points.size());
    for (const vec2& p : t.points)  // y up in the thumbnail, down on the screen
        pts.emplace_back(at.x + pad + p.x * (box - 2 * pad),
                         at.y + box - pad - p.y * (box - 2 * pad));
    const float road = std::max(2.0f, t.width * (box - 2 * pad));
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), IM_COL32(70, 70, 74, 255),
                    ImDrawFlags_Closed, road);
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), IM_COL32(220, 220, 210, 255),
                    ImDrawFlags_Closed, 1.0f);
    dl->AddCircleFilled(pts[0], std::clamp(box / 34.0f, 2.0f, 3.5f), IM_COL32(240, 60, 50, 255));
}

void track_thumb_block(TrackThumbs& thumbs, const std::string& name, float wrap_x) {
    const TrackThumb* t = thumbs.get(name);
    if (!t) return;
    const float box = 120.0f * ImGui::GetFontSize() / 13.0f;
    ImGui::Spacing();
    draw_thumb(ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), box, *t);
    ImGui::Dummy(ImVec2(box, box));
    ImGui::SameLine();
    ImGui::BeginGroup();
    if (t->ok) {
        ImGui::Text("%s", name.c_str());
        ImGui::TextColored(ImVec4(0.55f, 0.55f, 0.55f, 1.0f), "%.2f km a lap",
                           t->length_m / 1000.0);
    } else {
        ImGui::PushTextWrapPos(wrap_x);
        ImGui::TextColored(ImVec4(0.95f, 0.55f, 0.35f, 1.0f), "%s", t->error.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::EndGroup();
}

bool thumb_row(const char* label, const TrackThumb* t, bool selected, float box) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushID(label);
    const bool clicked = ImGui::Selectable("##thumb_row", selected, 0, ImVec2(0.0f, box));
    ImGui::PopID();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (t) {
        draw_thumb(dl, at, box, *t);
    } else {
        dl->AddRect(at, ImVec2(at.x + box, at.y + box), IM_COL32(120, 120, 120, 160), 3.0f);
    }
    const float text_y = at.y + 0.5f * (box - ImGui::GetFontSize());
    dl->AddText(ImVec2(at.x + box + 8.0f, text_y), ImGui::GetColorU32(ImGuiCol_Text), label);
    return clicked;
}

}  // namespace skidpad::app
