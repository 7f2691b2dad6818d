#include "app.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "game.hpp"
#include "headless.hpp"
#include "lab.hpp"
#include "skidpad/input_script.hpp"
#include "skidpad/version.hpp"

namespace skidpad::app {

namespace {
void print_usage(std::ostream& os) {
    os << "usage: skidpad [--preset FILE] [--set key=value]...            play in a window\n"
          "       skidpad --headless --seconds S [--input FILE] [--telemetry OUT.csv]\n"
          "       skidpad --screenshot OUT.png --seconds S [--input FILE] [--size WxH] "
          "[--overlay]\n"
          "       skidpad --bench-frames N [--size WxH] [--overlay]   startup + idle frame cost\n"
          "       skidpad lab EXPERIMENT [OPTIONS]    (skidpad lab list)\n"
          "       skidpad params [--markdown]\n"
          "       skidpad --help | --version\n"
          "every mode also takes --preset FILE, --set key=value and --level FILE.\n"
          "input scripts: CSV with header t,throttle,brake,steer,handbrake,gear (see README).\n";
}

constexpr std::size_t kMaxScriptBytes = 16u * 1024u * 1024u;

bool load_script(const std::string& path, InputScript& out, std::string& error) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        error = path + ": cannot open the input script";
        return false;
    }
    std::ostringstream ss;
    ss << f.rdbuf();
    const std::string text = ss.str();
    if (text.size() > kMaxScriptBytes) {
        error = path + ": input script is larger than 16 MiB";
        return false;
    }
    InputScriptResult r = parse_input_script(text, path);
    if (!r.ok) {
        error = r.error;
        return false;
    }
    out = std::move(r.script);
    return true;
}

bool parse_number(const std::string& text, double& out) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v)) return false;
    out = v;
    return true;
}

bool parse_size(const std::string& text, int& w, int& h) {
    const auto x = text.find('x');
    if (x == std::string::npos) return false;
    double a = 0.0, b = 0.0;
    if (!parse_number(text.substr(0, x), a) || !parse_number(text.substr(x + 1), b)) return false;
    if (a != std::floor(a) || b != std::floor(b) || a < 64 || b < 64 || a > 8192 || b > 8192) {
        return false;
    }
    w = static_cast<int>(a);
    h = static_cast<int>(b);
    return true;
}

int usage_error(const std::string& message) {
    std::cerr << "skidpad: " << message << "\n";
    print_usage(std::cerr);
    return 2;
}
}  // namespace

int app_main(const std::vector<std::string>& args) {
    const auto start = std::chrono::steady_clock::now();
    if (!args.empty() && args[0] == "lab") {
        return lab::run_lab({args.begin() + 1, args.end()}, std::cout, std::cerr);
    }
    if (!args.empty() && args[0] == "params") {
        return lab::run_params({args.begin() + 1, args.end()}, std::cout, std::cerr);
    }
    for (const std::string& a : args) {
        if (a == "--help" || a == "-h") {
            print_usage(std::cout);
            return 0;
        }
        if (a == "--version") {
            std::cout << "skidpad " << SKIDPAD_VERSION << "\n";
            return 0;
        }
    }

    // --preset / --set first: a bad value stops everything before anything runs.
    Settings settings;
    std::vector<std::string> rest = args;
    if (!lab::apply_settings_args(rest, settings, std::cerr)) return 2;

    bool headless = false, overlay = false, overlay_given = false;
    std::string seconds_text, input, telemetry, screenshot, size, level, bench_text;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string& a = rest[i];
        auto value = [&](std::string& into) {
            if (i + 1 >= rest.size()) return false;
            into = rest[++i];
            return true;
        };
        bool ok = true;
        if (a == "--headless")
            headless = true;
        else if (a == "--overlay")
            overlay = overlay_given = true;
        else if (a == "--no-overlay")
            overlay = false, overlay_given = true;
        else if (a == "--seconds")
            ok = value(seconds_text);
        else if (a == "--input")
            ok = value(input);
        else if (a == "--telemetry")
            ok = value(telemetry);
        else if (a == "--screenshot")
            ok = value(screenshot);
        else if (a == "--size")
            ok = value(size);
        else if (a == "--level")
            ok = value(level);
        else if (a == "--bench-frames")
            ok = value(bench_text);
        else
            return usage_error("unknown option '" + a + "'");
        if (!ok) return usage_error(a + " needs a value");
    }

    double seconds = 0.0;
    if (!seconds_text.empty() &&
        (!parse_number(seconds_text, seconds) || seconds < 0.0 || seconds > 86400.0)) {
        return usage_error("--seconds: '" + seconds_text + "' is not a number in [0, 86400]");
    }
    if (headless && !screenshot.empty())
        return usage_error("--headless and --screenshot exclude each other");
    if ((headless || !screenshot.empty()) && seconds_text.empty()) {
        return usage_error(std::string(headless ? "--headless" : "--screenshot") +
                           " needs --seconds S");
    }
    if (!headless && !seconds_text.empty() && screenshot.empty()) {
        return usage_error("--seconds only applies to --headless and --screenshot");
    }
    if (!telemetry.empty() && !headless)
        return usage_error("--telemetry only applies to --headless");
    int width = 1280, height = 720;
    if (!size.empty() && !parse_size(size, width, height)) {
        return usage_error("--size: '" + size + "' is not WxH with 64..8192 each (e.g. 1280x720)");
    }
    double bench = 0.0;
    if (!bench_text.empty() && (!parse_number(bench_text, bench) || bench != std::floor(bench) ||
                                bench < 1.0 || bench > 1e6)) {
        return usage_error("--bench-frames: '" + bench_text +
                           "' is not a whole number in [1, 1000000]");
    }
    if (bench > 0.0 && (headless || !screenshot.empty())) {
        return usage_error("--bench-frames runs on its own (not with --headless or --screenshot)");
    }
    std::optional<InputScript> script;
    if (!input.empty()) {
        InputScript s;
        std::string error;
        if (!load_script(input, s, error)) {
            std::cerr << "skidpad: " << error << "\n";
            return 2;
        }
        script = std::move(s);
    }

    if (headless) {
        HeadlessOptions o;
        o.settings = settings;
        o.seconds = seconds;
        o.script = script;
        o.telemetry = telemetry;
        o.level = level;
        return run_headless(o, std::cout, std::cerr);
    }
    GameOptions o;
    o.settings = settings;
    o.script = script;
    o.level = level;
    o.width = width;
    o.height = height;
    o.screenshot = screenshot;
    o.seconds = seconds;
    o.bench_frames = static_cast<int>(bench);
    // Screenshots and benchmarks show the bare world unless --overlay asks for it.
    o.overlay = overlay_given ? overlay : (screenshot.empty() && o.bench_frames == 0);
    o.start = start;
    return run_window(o);
}

}  // namespace skidpad::app
