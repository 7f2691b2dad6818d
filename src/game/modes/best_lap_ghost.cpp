// A best lap's ghost file, and its one-off making from an older best lap's replay.
#include "best_lap_ghost.hpp"

#include <cmath>
#include <sstream>

#include "util_text.hpp"

namespace skidpad::app {

namespace {
constexpr const char* kMagic = "skidpad-ghost-lap 1";
constexpr double kMarkM = 5.0;  ///< m of lap progress between two marks

/// "%.*g" in the C locale, whatever the process's locale.
std::string fmt(double v, int digits) {
    return util::general_number(v, digits);
}

/// Reads a "NAME COUNT" line; false when it is not one.
bool count_line(const std::string& line, const char* name, std::size_t limit, std::size_t& n) {
    std::istringstream in(line);
    std::string word;
    long long v = -1;
    std::string rest;
    if (!(in >> word >> v) || word != name || (in >> rest) || v < 0 ||
        static_cast<unsigned long long>(v) > limit)
        return false;
    n = static_cast<std::size_t>(v);
    return true;
}
}  // namespace

std::string ghost_lap_text(const GhostLapFile& lap) {
    std::string out = std::string(kMagic) + "\n";
    out += "marks " + std::to_string(lap.marks.size()) + "\n";
    for (std::size_t i = 0; i < lap.marks.size(); ++i)
        out += (i ? " " : "") + fmt(lap.marks[i], 9);
    out += "\nframes " + std::to_string(lap.frames.size()) + "\n";
    for (const GhostFrame& f : lap.frames) {
        out += fmt(f.position.x, 17) + " " + fmt(f.position.y, 17) + " " + fmt(f.heading, 17);
        for (double s : f.steer)
            out += " " + fmt(s, 17);
        out += " " + std::to_string((f.braking ? 1 : 0) | (f.reversing ? 2 : 0)) + "\n";
    }
    return out;
}

GhostLapLoad parse_ghost_lap(std::string_view text, std::string_view source) {
    GhostLapLoad out;
    std::size_t line_no = 0;
    auto fail = [&](const std::string& what) {
        out.lap = {};
        out.error = std::string(source) + ":" + std::to_string(line_no) + ": " + what;
        return out;
    };
    if (text.size() > kMaxGhostLapBytes) return fail("larger than 64 MiB");
    std::istringstream in{std::string(text)};
    std::string line;
    auto next = [&]() {
        ++line_no;
        return static_cast<bool>(std::getline(in, line));
    };
    if (!next() || line != kMagic)
        return fail("not a ghost lap (first line is not 'skidpad-ghost-lap 1')");
    std::size_t n = 0;
    if (!next() || !count_line(line, "marks", kMaxGhostLapFrames, n))
        return fail("expected 'marks COUNT'");
    if (!next()) return fail("the marks line is missing");
    {
        std::istringstream m(line);
        double v = 0.0;
        while (m >> v) {
            if (!std::isfinite(v) || v < 0.0) return fail("a mark is not a time >= 0");
            out.lap.marks.push_back(static_cast<float>(v));
        }
        if (!m.eof() || out.lap.marks.size() != n)
            return fail("expected " + std::to_string(n) + " marks");
    }
    if (!next() || !count_line(line, "frames", kMaxGhostLapFrames, n) || n == 0)
        return fail("expected 'frames COUNT' (at least 1)");
    out.lap.frames.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!next()) return fail("frame " + std::to_string(i) + " is missing");
        std::istringstream f(line);
        GhostFrame g;
        int flags = -1;
        std::string rest;
        if (!(f >> g.position.x >> g.position.y >> g.heading >> g.steer[0] >> g.steer[1] >>
              g.steer[2] >> g.steer[3] >> flags) ||
            (f >> rest))
            return fail("expected 'x y heading steer*4 flags'");
        bool finite =
            std::isfinite(g.position.x) && std::isfinite(g.position.y) && std::isfinite(g.heading);
        for (double s : g.steer)
            finite = finite && std::isfinite(s);
        if (!finite) return fail("a value is not a finite number");
        if (flags < 0 || flags > 3) return fail("flags are not 0..3");
        g.braking = (flags & 1) != 0;
        g.reversing = (flags & 2) != 0;
        out.lap.frames.push_back(g);
    }
    if (next() && !line.empty()) return fail("text after the last frame");
    return out;
}

GhostLapLoad load_ghost_lap(const std::string& path) {
    std::string text;
    const FileResult r = read_file_capped(path, kMaxGhostLapBytes, text);
    if (!r.ok) {
        GhostLapLoad out;
        out.error = r.error;
        return out;
    }
    return parse_ghost_lap(text, path);
}

FileResult save_ghost_lap(const std::string& path, const GhostLapFile& lap) {
    return write_file_atomic(path, ghost_lap_text(lap));
}

std::string ghost_lap_file_name(std::string_view replay_file) {
    std::string s(replay_file);
    const std::string ext = ".replay";
    if (s.size() > ext.size() && s.compare(s.size() - ext.size(), ext.size(), ext) == 0)
        s.resize(s.size() - ext.size());
    return s + ".lap";
}

std::string ghost_conversion_open(GhostLapConversion& c, Replay replay, std::uint64_t start,
                                  std::uint64_t end) {
    c = GhostLapConversion();
    if (end > replay.steps || end <= start) return "its replay is shorter than the lap";
    if (std::string why = replay_open(c.player, c.scene, std::move(replay)); !why.empty())
        return why;
    c.start = start;
    c.end = end;
    c.active = true;
    const World& w = c.scene.world;
    if (start == 0 && w.valid(w.player())) {
        c.car = ghost_template(w.car(w.player()));
        c.def = w.car_def(w.player());
        c.lap.frames.push_back(ghost_frame(w.car(w.player())));
    }
    return "";
}

int ghost_conversion_steps(GhostLapConversion& c, int steps) {
    int taken = 0;
    for (; taken < steps && c.active && c.player.cursor.step < c.end; ++taken) {
        replay_step(c.player, c.scene);
        const World& w = c.scene.world;
        const std::uint64_t at = c.player.cursor.step;
        if (at < c.start || !w.valid(w.player())) continue;
        const Car& car = w.car(w.player());
        if (at == c.start) {
            c.car = ghost_template(car);
            c.def = w.car_def(w.player());
        }
        c.lap.frames.push_back(ghost_frame(car));
        const RaceEntry* e = c.scene.race.entry(w.player());
        if (!e || !e->timer.timing || at == c.start) continue;
        const double lap_t = static_cast<double>(at - c.start) * replay_dt(c.scene);
        while (static_cast<double>(c.lap.marks.size()) * kMarkM <= e->timer.progress)
            c.lap.marks.push_back(static_cast<float>(lap_t));
    }
    return taken;
}

}  // namespace skidpad::app
