// Where the overlay windows go, so that none covers another or the road. Two columns
// are docked to the screen edges: down the left edge the windows docked there stack
// in the order they are drawn (Skidpad, Presets, Planner, Sandbox), each placed below
// the previous one's height this frame; down the right edge the Tuning window. The
// bottom band is left to the HUD boxes and the middle to the road. Docked positions
// come from the display size every frame, so a layout restored from imgui.ini (sizes,
// collapsed state) cannot pile windows up, and a resize or fullscreen toggle lays them
// out again. A docked window keeps the height the player gave it (at least
// kMinDockedHeight): a full column only shows it shorter for the moment, and that is
// never what imgui.ini saves. Free windows (telemetry, g-g, friction circles) can be moved by hand
// but are kept on the screen. All sizes are ImGui points.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

struct ImVec2;

namespace skidpad::app {

/// A window rectangle: top-left corner and size, points.
struct Box {
    float x = 0.0f;
    float y = 0.0f;
    float w = 0.0f;
    float h = 0.0f;
};

/// `b` shrunk to fit and moved inside [0, display_w] x [top, display_h] (the menu bar
/// above `top`). Pure, for tests.
Box fit_box(Box b, float display_w, float display_h, float top);

enum class Dock { Left, Right };

/// Gap between windows and from the screen edges.
inline constexpr float kLayoutMargin = 8.0f;
/// Least height a docked window that is not auto-sized keeps (and imgui.ini saves): a
/// collapsed first use or a squeeze by a tall HUD panel never makes it a title bar.
inline constexpr float kMinDockedHeight = 200.0f;

/// Widest a docked column may be, as a fraction of the display width: together they
/// leave at least a third of the screen to the road.
inline constexpr float kLeftColumnFrac = 0.36f;
inline constexpr float kRightColumnFrac = 0.30f;

/// Before ImGui::Begin of a docked window: its position (below the windows docked to
/// that edge earlier this frame) and its size limits (the column's width, no lower than
/// the HUD band). `default_size` is the first-use size (0 = fit the contents);
/// `fill_height` makes it reach down to the HUD band.
void dock_next_window(Dock edge, const ImVec2& default_size, bool fill_height = false);
/// Right after ImGui::Begin of that window, whatever Begin returned: its height moves
/// the edge's next window down.
void dock_window_placed(Dock edge);
/// Flags a docked window adds: it is placed by the layout, not dragged.
int dock_window_flags();

/// Before ImGui::Begin of a free window: first-use position and size, and, when the
/// window (as left last frame, restored from imgui.ini, or after a resize) does not
/// lie on the screen, a position and size that do.
void free_next_window(const char* name, const ImVec2& default_pos, const ImVec2& default_size);

/// Where a box of size w x h goes so that it leaves `keep` (the player's car on the
/// screen) in view: centred across the display, right above `keep` or right below it
/// (the side with more room), else beside it, else the display's centre; never above
/// `top`. Returns the box. Pure, for tests.
Box clear_of(float w, float h, const Box& keep, float display_w, float display_h, float top);
/// This frame's rectangle that windows in the middle of the screen leave in view (the
/// game sets the player's car, in points, before drawing its windows).
void layout_keep_clear(const Box& keep);
/// Before ImGui::Begin of the auto-sized window `name` that belongs mid-screen (the
/// results, the pause menu): placed by clear_of() with its size of the last frame; at
/// the display's centre when nothing is to be kept clear or its size is not known yet.
void place_clear_next_window(const char* name);

/// Called by the HUD boxes anchored to the bottom edge after their Begin: docked
/// windows end above the highest of them.
void layout_reserve_bottom(float top_of_box);
/// Called by what sits at the top of a column (the mode's HUD panel at the top left, the
/// minimap at the top right) before the overlay is drawn: that column's docked windows
/// start below it, so the panel and the map stay in view with the overlay open.
void layout_reserve_top(Dock edge, float bottom_of_box);
/// Largest width for tooltips and wrapped text: `em` font heights, at most half the display.
float layout_wrap_width(float em = 28.0f);
/// ImGui::SameLine() when a checkbox labelled `next_label` still fits on this line of
/// the window; otherwise the checkbox starts a new line instead of being cut.
void same_line_if_checkbox_fits(const char* next_label);
/// A float in [lo, hi] as a drag box (the whole range in about 300 points of mouse
/// travel): unlike a slider there is no handle to cover the number.
bool drag_value(const char* label, float* value, float lo, float hi, const char* format,
                int flags = 0);
/// A tooltip for the last item, wrapped at layout_wrap_width() so it fits the screen.
void wrapped_tooltip(const char* text);
/// `text` as lines no wider than `width` by `measure` (the width of a piece of text):
/// broken at spaces, and a word wider than a line (a file path) after its '/' or '\\'. A
/// piece between them (a file name) is never cut unless it is wider than `hard_width`:
/// it gets a line of its own, wider than `width`. Joining the lines, each break a space
/// or nothing, gives the text back.
std::vector<std::string> wrap_lines(std::string_view text, float width, float hard_width,
                                    const std::function<float(std::string_view)>& measure);

}  // namespace skidpad::app
