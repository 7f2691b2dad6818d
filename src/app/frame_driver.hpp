// What differs between playing, a screenshot run and a render benchmark, at the few
// points of the frame where they differ: the frame's clock, whether hands drive,
// what happens once the frame is rendered (a screenshot) and presented (the frame
// cap, timing samples), when the run ends and what it prints then.
#pragma once

#include <memory>

namespace skidpad::app {

struct Game;
struct GameOptions;
struct AppCommands;
class Platform;

/// Wall times of one frame, ms.
struct FrameTimes {
    double frame = 0.0;    ///< the whole frame so far
    double draw = 0.0;     ///< DrawList -> triangle batch
    double render = 0.0;   ///< ImGui + GL submit
    double present = 0.0;  ///< swap
};

class FrameDriver {
public:
    virtual ~FrameDriver() = default;
    /// Real seconds this frame covers, from the measured time since the last frame.
    virtual double frame_seconds(double measured_s, bool first_frame) const {
        return first_frame ? 1.0 / 60.0 : measured_s;
    }
    /// Keyboard, mouse and pad drive, the display settings apply, imgui.ini is kept
    /// (false: a screenshot or benchmark run, the same on every machine).
    virtual bool interactive() const { return false; }
    /// The frame is rendered, not yet presented (the back buffer holds it).
    virtual void rendered(Game& game, Platform& platform, const AppCommands& commands) = 0;
    /// The frame is presented.
    virtual void presented(Game& game, const FrameTimes& times) = 0;
    /// The run is over (the screenshot is written, the benchmark has its frames).
    virtual bool done() const = 0;
    /// After the last frame: the report on stdout; the exit code.
    virtual int finish(const Game& game, const Platform& platform) = 0;
};

/// Playing, `--screenshot` or `--bench-frames`/`--bench-render`, as the options ask.
std::unique_ptr<FrameDriver> make_frame_driver(const GameOptions& options);

}  // namespace skidpad::app
