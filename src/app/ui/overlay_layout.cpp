// Where the overlay's windows and HUD boxes go on the screen (see overlay_layout.hpp).
#include "overlay_layout.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <unordered_map>

namespace skidpad::app {

namespace {
/// The layout of the frame being drawn; starts afresh at each new ImGui frame.
struct FrameLayout {
    const ImGuiContext* context = nullptr;
    int frame = -1;
    float cursor[2] = {0.0f, 0.0f};  ///< next y of the left and right columns
    int placed[2] = {0, 0};          ///< windows docked to each column so far
    int expected[2] = {0, 0};        ///< windows each column held last frame
    static constexpr int kSlots = 8;
    float height[2][kSlots] = {};       ///< height of each docked window, this frame
    float last_height[2][kSlots] = {};  ///< the same, last frame
    float hud_top = 0.0f;               ///< top of the bottom HUD boxes drawn so far
    float last_max_h = 0.0f;            ///< the height limit of the last docked window
    bool has_keep = false;              ///< keep: what mid-screen windows leave in view
    Box keep;
};

FrameLayout& frame_layout() {
    static FrameLayout layout;
    const ImGuiContext* ctx = ImGui::GetCurrentContext();
    const int frame = ImGui::GetFrameCount();
    if (layout.context != ctx || layout.frame != frame) {
        const bool same_context = layout.context == ctx;
        const FrameLayout last = layout;
        layout = FrameLayout{};
        layout.context = ctx;
        layout.frame = frame;
        for (int c = 0; c < 2; ++c) {
            layout.expected[c] = same_context ? last.placed[c] : 0;
            for (int i = 0; i < FrameLayout::kSlots; ++i)
                layout.last_height[c][i] = same_context ? last.height[c][i] : 0.0f;
        }
        const float top = ImGui::GetFrameHeight() + kLayoutMargin;  // below the menu bar
        layout.cursor[0] = layout.cursor[1] = top;
        layout.hud_top = ImGui::GetIO().DisplaySize.y;
    }
    return layout;
}

float menu_bottom() {
    return ImGui::GetFrameHeight();
}

/// The height a docked window that is not auto-sized asks for, by window (points).
std::unordered_map<ImGuiID, float>& wanted_heights() {
    static std::unordered_map<ImGuiID, float> heights;
    return heights;
}

/// After Begin of a docked window: the full height it keeps (and imgui.ini saves) is
/// what the player gave it, at least kMinDockedHeight — not a transient: the title bar's
/// height of a window first shown collapsed, nor the squeeze of a full column, which
/// only shows it shorter for now (the size limits set before Begin cut it each frame).
void keep_usable_height(ImGuiWindow& w) {
    if (w.Flags & ImGuiWindowFlags_AlwaysAutoResize) return;
    float& wanted = wanted_heights()[w.ID];
    const bool squeezed = w.SizeFull.y >= frame_layout().last_max_h - 0.5f;
    // Resized by hand (open, below the column's limit): that is the player's height.
    if (wanted <= 0.0f || (!w.Collapsed && !squeezed)) wanted = w.SizeFull.y;
    wanted = std::max(wanted, kMinDockedHeight);
    w.SizeFull.y = wanted;
}
}  // namespace

Box fit_box(Box b, float display_w, float display_h, float top) {
    const float room_w = std::max(display_w, 1.0f);
    const float room_h = std::max(display_h - top, 1.0f);
    b.w = std::clamp(b.w, 1.0f, room_w);
    b.h = std::clamp(b.h, 1.0f, room_h);
    b.x = std::clamp(b.x, 0.0f, room_w - b.w);
    b.y = std::clamp(b.y, top, top + room_h - b.h);
    return b;
}

void dock_next_window(Dock edge, const ImVec2& default_size, bool fill_height) {
    FrameLayout& l = frame_layout();
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const int col = edge == Dock::Left ? 0 : 1;
    // The HUD band at the bottom, unless the display is too short to spare it.
    const float floor = std::max(l.hud_top - kLayoutMargin, ds.y * 0.6f);
    const float y = std::min(l.cursor[col], std::max(floor - ImGui::GetFrameHeight(), 0.0f));
    const float max_w =
        std::max(160.0f, ds.x * (edge == Dock::Left ? kLeftColumnFrac : kRightColumnFrac));
    // Room for the windows still to come in this column (as many as last frame), each
    // as small as it can be (a title bar when collapsed, ImGui's smallest window when
    // open), so that a full column squeezes the tall windows instead of piling the
    // later ones on top of them.
    const float smallest = std::max(ImGui::GetStyle().WindowMinSize.y, ImGui::GetFrameHeight());
    float later = 0.0f;
    for (int i = l.placed[col] + 1; i < l.expected[col]; ++i) {
        const float h = i < FrameLayout::kSlots ? l.last_height[col][i] : 0.0f;
        later += (h > 0.0f ? std::min(h, smallest) : smallest) + kLayoutMargin;
    }
    l.placed[col] += 1;
    const float max_h = std::max(floor - y - later, ImGui::GetFrameHeight());
    l.last_max_h = max_h;
    if (edge == Dock::Left) {
        ImGui::SetNextWindowPos(ImVec2(kLayoutMargin, y), ImGuiCond_Always);
    } else {
        ImGui::SetNextWindowPos(ImVec2(ds.x - kLayoutMargin, y), ImGuiCond_Always,
                                ImVec2(1.0f, 0.0f));
    }
    if (default_size.x > 0.0f || default_size.y > 0.0f) {
        ImGui::SetNextWindowSize(
            ImVec2(std::min(default_size.x, max_w), std::min(default_size.y, max_h)),
            ImGuiCond_FirstUseEver);
    }
    // No narrower than its first-use width unless the column is: a window squeezed on a
    // small display widens again when the display grows (F11, a larger window).
    const float min_w = std::min(std::max(default_size.x, 160.0f), max_w);
    ImGui::SetNextWindowSizeConstraints(ImVec2(min_w, fill_height ? max_h : 0.0f),
                                        ImVec2(max_w, max_h));
}

void dock_window_placed(Dock edge) {
    FrameLayout& l = frame_layout();
    const int col = edge == Dock::Left ? 0 : 1;
    const float h = ImGui::GetWindowSize().y;
    keep_usable_height(*ImGui::GetCurrentWindow());
    l.cursor[col] = ImGui::GetWindowPos().y + h + kLayoutMargin;
    const int slot = l.placed[col] - 1;  // dock_next_window counted this window
    if (slot >= 0 && slot < FrameLayout::kSlots) l.height[col][slot] = h;
}

int dock_window_flags() {
    return ImGuiWindowFlags_NoMove;
}

void free_next_window(const char* name, const ImVec2& default_pos, const ImVec2& default_size) {
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const float top = menu_bottom();
    const Box first =
        fit_box({default_pos.x, default_pos.y, default_size.x, default_size.y}, ds.x, ds.y, top);
    ImGui::SetNextWindowPos(ImVec2(first.x, first.y), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(first.w, first.h), ImGuiCond_FirstUseEver);
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (!w) return;
    // The full size, also when collapsed, so that expanding it keeps it on screen.
    const Box now{w->Pos.x, w->Pos.y, w->SizeFull.x, w->SizeFull.y};
    const Box fit = fit_box(now, ds.x, ds.y, top);
    if (fit.x != now.x || fit.y != now.y) {
        ImGui::SetNextWindowPos(ImVec2(fit.x, fit.y), ImGuiCond_Always);
    }
    if (fit.w != now.w || fit.h != now.h) {
        ImGui::SetNextWindowSize(ImVec2(fit.w, fit.h), ImGuiCond_Always);
    }
}

Box clear_of(float w, float h, const Box& keep, float display_w, float display_h, float top) {
    const float gap = 2.0f * kLayoutMargin;
    const float cx = 0.5f * (display_w - w);
    const float room_above = keep.y - gap - top;
    const float room_below = display_h - (keep.y + keep.h + gap);
    const Box above{cx, keep.y - gap - h, w, h};
    const Box below{cx, keep.y + keep.h + gap, w, h};
    if (room_above >= h && (room_above >= room_below || room_below < h)) return above;
    if (room_below >= h) return below;
    const float cy = std::clamp(keep.y + 0.5f * keep.h - 0.5f * h, top, display_h - h);
    const Box left{keep.x - gap - w, cy, w, h};
    const Box right{keep.x + keep.w + gap, cy, w, h};
    if (left.x >= 0.0f && left.x >= display_w - (right.x + w)) return left;
    if (right.x + w <= display_w) return right;
    return fit_box({cx, 0.5f * (display_h - h), w, h}, display_w, display_h, top);
}

void layout_keep_clear(const Box& keep) {
    FrameLayout& l = frame_layout();
    l.has_keep = true;
    l.keep = keep;
}

void place_clear_next_window(const char* name) {
    const FrameLayout& l = frame_layout();
    const ImVec2 ds = ImGui::GetIO().DisplaySize;
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (!l.has_keep || !w || !(w->Size.x > 1.0f && w->Size.y > 1.0f)) {
        ImGui::SetNextWindowPos(ImVec2(ds.x * 0.5f, ds.y * 0.5f), ImGuiCond_Always,
                                ImVec2(0.5f, 0.5f));
        return;
    }
    const Box b = clear_of(w->Size.x, w->Size.y, l.keep, ds.x, ds.y, menu_bottom());
    ImGui::SetNextWindowPos(ImVec2(b.x, b.y), ImGuiCond_Always);
}

void layout_reserve_top(Dock edge, float bottom_of_box) {
    FrameLayout& l = frame_layout();
    float& cursor = l.cursor[edge == Dock::Left ? 0 : 1];
    cursor = std::max(cursor, bottom_of_box + kLayoutMargin);
}

void layout_reserve_bottom(float top_of_box) {
    FrameLayout& l = frame_layout();
    l.hud_top = std::min(l.hud_top, top_of_box);
}

float layout_wrap_width(float em) {
    return std::min(ImGui::GetFontSize() * em, ImGui::GetIO().DisplaySize.x * 0.5f);
}

void same_line_if_checkbox_fits(const char* next_label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                        ImGui::CalcTextSize(next_label, nullptr, true).x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
}

bool drag_value(const char* label, float* value, float lo, float hi, const char* format,
                int flags) {
    // Logarithmic drags divide the speed by the range themselves (ImGui 1.86), so the
    // same speed spans the range in the same travel either way.
    const float speed = (hi - lo) / 300.0f;
    return ImGui::DragFloat(label, value, speed, lo, hi, format,
                            flags | ImGuiSliderFlags_AlwaysClamp);
}

void wrapped_tooltip(const char* text) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(layout_wrap_width());
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

namespace {
/// Pieces of a word too wide for a line: after each path separator, and a piece wider
/// than `width` cut where it fills it.
std::vector<std::string_view> word_pieces(std::string_view word, float width,
                                          const std::function<float(std::string_view)>& measure) {
    std::vector<std::string_view> out;
    std::size_t from = 0;
    while (from < word.size()) {
        std::size_t end = word.find_first_of("/\\", from);
        end = end == std::string_view::npos ? word.size() : end + 1;
        std::string_view piece = word.substr(from, end - from);
        while (piece.size() > 1 && measure(piece) > width) {
            std::size_t n = 1;  // at least one character per line
            while (n < piece.size() && measure(piece.substr(0, n + 1)) <= width)
                ++n;
            out.push_back(piece.substr(0, n));
            piece.remove_prefix(n);
        }
        if (!piece.empty()) out.push_back(piece);
        from = end;
    }
    return out;
}
}  // namespace

std::vector<std::string> wrap_lines(std::string_view text, float width, float hard_width,
                                    const std::function<float(std::string_view)>& measure) {
    std::vector<std::string> lines;
    std::string line;
    bool fresh = true;  // nothing on the line yet
    auto put = [&](std::string_view piece, bool after_space) {
        std::string joined = line;
        if (!fresh && after_space) joined += ' ';
        joined += piece;
        if (!fresh && measure(joined) > width) {
            lines.push_back(line);
            line = std::string(piece);
        } else {
            line = std::move(joined);
        }
        fresh = false;
    };
    std::size_t from = 0;
    while (from <= text.size()) {
        std::size_t end = text.find(' ', from);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(from, end - from);
        if (measure(word) <= width) {
            put(word, true);
        } else {
            bool first = true;
            for (std::string_view piece : word_pieces(word, std::max(width, hard_width), measure)) {
                put(piece, first);
                first = false;
            }
        }
        from = end + 1;
    }
    if (!fresh) lines.push_back(line);
    return lines;
}

}  // namespace skidpad::app
