// How the window runs: playing, a screenshot or a benchmark (see frame_driver.hpp).
#include "frame_driver.hpp"

#include <SDL.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>

#include "game.hpp"
#include "modes/drift_rig.hpp"
#include "platform.hpp"
#include "util_text.hpp"

namespace skidpad::app {

namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string timestamp_name() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "skidpad-%Y%m%d-%H%M%S.png", &tm);
    return buf;
}

/// Resident memory of this process in MB (Linux /proc/self/statm), or -1 where the
/// system does not say.
double resident_mb() {
    std::ifstream statm("/proc/self/statm");
    long long pages_total = 0, pages_resident = 0;
    if (!(statm >> pages_total >> pages_resident)) return -1.0;
    const long page = sysconf(_SC_PAGESIZE);
    return static_cast<double>(pages_resident) * static_cast<double>(page) / (1024.0 * 1024.0);
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

/// Reads the back buffer and writes it as PNG; "" or the reason it failed.
std::string save_frame(Platform& platform, const std::string& path, Image& img) {
    std::string err;
    if (!platform.read_pixels(img)) return "cannot read the frame back";
    if (!write_png(path, img, err)) return err;
    return "";
}

/// Playing: F12 saves a screenshot to the preferences directory; frames are capped.
class PlayDriver final : public FrameDriver {
public:
    bool interactive() const override { return true; }
    void rendered(Game& game, Platform& platform, const AppCommands& commands) override {
        if (!commands.screenshot) return;
        const std::string path = game.session.pref_dir + timestamp_name();
        Image img;
        const std::string err = game.session.pref_dir.empty() ? "no writable preferences directory"
                                                              : save_frame(platform, path, img);
        game.toast(err.empty() ? "Screenshot saved: " + path : "Screenshot failed: " + err, 5.0);
    }
    void presented(Game& game, const FrameTimes& times) override {
        // Frame cap: without it a driver that ignores vsync (Xvfb, some compositors)
        // renders flat out and burns a core. Sleep out the rest of the frame.
        const unsigned sleep_ms = frame_cap_sleep_ms(times.frame, game.settings().display.max_fps);
        if (sleep_ms > 0) SDL_Delay(sleep_ms);
    }
    bool done() const override { return false; }
    int finish(const Game&, const Platform&) override { return 0; }
};

/// `--screenshot PATH --seconds S`: fixed 60 Hz frames (the same picture on every
/// machine) until S simulated seconds have passed, then the PNG and one summary line.
class ScreenshotDriver final : public FrameDriver {
public:
    explicit ScreenshotDriver(const GameOptions& o)
        : path_(o.screenshot), telemetry_(o.telemetry), seconds_(std::max(o.seconds, 0.0)) {}
    double frame_seconds(double, bool) const override { return 1.0 / 60.0; }
    void rendered(Game& game, Platform& platform, const AppCommands&) override {
        const World& world = game.session.sim.scene.world;
        // The track editor, the join screen, the title screen and the pause menu (--show
        // display) do not step the world: they count frames (enough for a panel to take its
        // size and its place: the menu is placed from its size of the frame before).
        if ((game.editor.open && !game.editor.driving) ||
            (game.level_editor.open && !game.level_editor.driving) || game.ui.join.open ||
            game.ui.title.open || game.ui.menu.open) {
            if (++editor_frames_ < std::max(game.ui.menu.open ? 10.0 : 3.0, seconds_ * 60.0))
                return;
        } else if (world.time() + 1e-9 < seconds_) {
            return;
        }
        done_ = true;
        Image img;
        const std::string err = save_frame(platform, path_, img);
        if (!err.empty()) {
            std::cerr << "skidpad: screenshot failed: " << err << "\n";
            exit_code_ = 1;
            return;
        }
        const Car& c = world.car(world.player());
        util::Line line;
        line.kv("screenshot", path_).kv("width", img.width).kv("height", img.height);
        line.kv("seconds", world.time()).kv("steps", static_cast<long long>(world.step_count()));
        line.kv("x", c.position.x).kv("y", c.position.y);
        // A drift battle: every seat's points, the time left and the winner (0: none yet
        // or a tie).
        const Mode* mode = game.session.mode.get();
        if (const DriftRigMode* d = mode ? drift_rig_state(*mode) : nullptr; d && d->battle.on) {
            const DriftBattle& b = d->battle;
            for (std::size_t k = 0; k < b.seats.size(); ++k)
                line.kv("p" + std::to_string(k + 1) + "_drift",
                        drift_battle_points(b, static_cast<int>(k)), 1);
            line.kv("drift_left", drift_battle_left(b, world.time()), 3);
            line.kv("drift_winner", static_cast<long long>(b.over ? b.winner + 1 : 0));
        }
        if (game.session.telemetry_csv.is_open()) {
            line.kv("telemetry", telemetry_)
                .kv("telemetry_rows", game.session.telemetry_csv.rows());
        }
        report_ = line.str();
    }
    void presented(Game&, const FrameTimes&) override {}
    bool done() const override { return done_; }
    int finish(const Game&, const Platform&) override {
        if (exit_code_ == 0) std::cout << report_ << "\n";
        return exit_code_;
    }

private:
    std::string path_, telemetry_, report_;
    double seconds_ = 0.0;
    bool done_ = false;
    int exit_code_ = 0;
    int editor_frames_ = 0;
};

/// `--bench-frames N` / `--bench-render`: N timed frames after the first (which
/// measures start-up), then the medians; and resident memory once the first fifth
/// of the frames has run (start-up allocations done) and at the end, so a leak per
/// frame shows as `rss_growth_mb`.
class BenchDriver final : public FrameDriver {
public:
    explicit BenchDriver(const GameOptions& o) : o_(o) {}
    void rendered(Game&, Platform&, const AppCommands&) override {}
    void presented(Game&, const FrameTimes& t) override {
        if (frames_++ == 0) {
            startup_ms_ = ms_since(o_.start);
            return;
        }
        if (frames_ == std::max(o_.bench_frames / 5, 1)) rss_warm_mb_ = resident_mb();
        frame_.push_back(t.frame);
        draw_.push_back(t.draw);
        render_.push_back(t.render);
        present_.push_back(t.present);
    }
    bool done() const override { return frames_ > o_.bench_frames; }
    int finish(const Game& game, const Platform& platform) override {
        util::Line line;
        line.kv("bench", "frames").kv("startup_ms", startup_ms_, 3);
        line.kv("frames", static_cast<long long>(frame_.size()));
        line.kv("idle_frame_ms_median", median(frame_), 4);
        line.kv("idle_frame_ms_p95", percentile(frame_, 0.95), 4);
        line.kv("world_draw_ms_median", median(draw_), 4);
        line.kv("render_ms_median", median(render_), 4);
        line.kv("present_ms_median", median(present_), 4);
        line.kv("overlay", o_.overlay ? 1LL : 0LL)
            .kv("shapes_drawn", game.picture.stats.render.drawn);
        line.kv("width", o_.width).kv("height", o_.height);
        line.kv("players", o_.players);  // viewports drawn (split screen above 1)
        line.kv("ground_detail", game.settings().display.ground_detail);
        std::string gl = platform.gl_version();
        std::replace(gl.begin(), gl.end(), ' ', '_');  // one token per key=value
        line.kv("gl", gl);
        if (o_.bench_particles) {
            line.kv("particles", game.picture.effects.alive());
            line.kv("particle_budget", game.settings().display.effects.budget);
        }
        if (o_.bench_crates > 0) {
            line.kv("crates", o_.bench_crates);
            line.kv("fps_median", 1000.0 / std::max(median(frame_), 1e-6), 2);
        }
        const double rss_end = resident_mb();
        line.kv("rss_warm_mb", rss_warm_mb_, 1).kv("rss_end_mb", rss_end, 1);
        line.kv("rss_growth_mb", rss_end - rss_warm_mb_, 1);
        std::cout << line.str() << "\n";
        return 0;
    }

private:
    const GameOptions& o_;
    long long frames_ = 0;
    double rss_warm_mb_ = -1.0;
    double startup_ms_ = 0.0;
    std::vector<double> frame_, draw_, render_, present_;
};

}  // namespace

std::unique_ptr<FrameDriver> make_frame_driver(const GameOptions& options) {
    if (!options.screenshot.empty()) return std::make_unique<ScreenshotDriver>(options);
    if (options.bench_frames > 0) return std::make_unique<BenchDriver>(options);
    return std::make_unique<PlayDriver>();
}

}  // namespace skidpad::app
