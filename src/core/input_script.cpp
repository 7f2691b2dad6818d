// Input scripts: the CSV reader (with its limits) and sampling a script at a time.
#include "skidpad/input_script.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/json_limits.hpp"
#include "util_text.hpp"

namespace skidpad {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        out.push_back(
            trim(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start)));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return out;
}

bool parse_number(std::string_view text, double& out) {
    return util::parse_number(std::string(text), out);
}

/// A value in a message: plain decimal, up to 6 places.
std::string fmt(double v) {
    return util::plain_number(v, 6);
}

constexpr const char* kHeader = "t,throttle,brake,steer,handbrake,gear";
constexpr const char* kColumns[6] = {"t", "throttle", "brake", "steer", "handbrake", "gear"};

}  // namespace

InputState InputScript::at(double t) const {
    InputState in;
    // Last row with row.t <= t.
    auto it = std::upper_bound(rows.begin(), rows.end(), t,
                               [](double v, const InputScriptRow& r) { return v < r.t; });
    if (it == rows.begin()) return in;
    const InputScriptRow& r = *(it - 1);
    in.throttle = r.throttle;
    in.brake = r.brake;
    in.steer = r.steer;
    in.handbrake = r.handbrake;
    in.gear_request = r.gear;
    return in;
}

InputScriptResult parse_input_script(std::string_view text, std::string_view source) {
    InputScriptResult res;
    const std::string src(source);
    auto fail = [&](int line, const std::string& what) {
        res.ok = false;
        res.error = src + ":" + std::to_string(line) + ": " + what;
        res.script.rows.clear();
        return res;
    };
    if (text.size() > kMaxInputScriptBytes) {
        res.ok = false;
        res.error = src + ": input script is " + std::to_string(text.size()) +
                    " bytes, larger than the limit of " + std::to_string(kMaxInputScriptBytes) +
                    " bytes; refused";
        return res;
    }
    bool header_seen = false;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t nl = text.find('\n', pos);
        std::string_view line =
            text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        line_no += 1;
        const std::size_t hash = line.find('#');
        if (hash != std::string_view::npos) line = line.substr(0, hash);
        line = trim(line);
        if (line.empty()) continue;
        const std::vector<std::string_view> cells = split(line);
        if (!header_seen) {
            bool match = cells.size() == 6;
            for (std::size_t i = 0; match && i < 6; ++i)
                match = cells[i] == kColumns[i];
            if (!match) {
                return fail(line_no, "the first line must be the header '" + std::string(kHeader) +
                                         "', found '" + text_quote(line) + "'");
            }
            header_seen = true;
            continue;
        }
        if (cells.size() != 6) {
            return fail(line_no, "expected 6 columns (" + std::string(kHeader) + "), found " +
                                     std::to_string(cells.size()));
        }
        InputScriptRow row;
        double* fields[5] = {&row.t, &row.throttle, &row.brake, &row.steer, &row.handbrake};
        for (int i = 0; i < 5; ++i) {
            if (!parse_number(cells[i], *fields[i])) {
                return fail(line_no, std::string(kColumns[i]) + ": '" + text_quote(cells[i]) +
                                         "' is not a finite number");
            }
        }
        const struct {
            int col;
            double lo, hi;
        } ranges[4] = {{1, 0.0, 1.0}, {2, 0.0, 1.0}, {3, -1.0, 1.0}, {4, 0.0, 1.0}};
        for (const auto& rg : ranges) {
            const double v = *fields[rg.col];
            if (v < rg.lo || v > rg.hi) {
                return fail(line_no, std::string(kColumns[rg.col]) + " " + fmt(v) +
                                         " is outside [" + fmt(rg.lo) + ", " + fmt(rg.hi) + "]");
            }
        }
        if (row.t < 0.0) return fail(line_no, "t " + fmt(row.t) + " is negative");
        if (!res.script.rows.empty() && !(row.t > res.script.rows.back().t)) {
            return fail(line_no, "t " + fmt(row.t) + " is not after the previous row's t " +
                                     fmt(res.script.rows.back().t) + " (times must ascend)");
        }
        if (!cells[5].empty()) {
            double g = 0.0;
            if (!parse_number(cells[5], g) || g != std::floor(g) || g < -1.0 || g > 9.0) {
                return fail(line_no, "gear: '" + text_quote(cells[5]) +
                                         "' is not a whole number in [-1, 9] (or empty)");
            }
            row.gear = static_cast<int>(g);
        }
        res.script.rows.push_back(row);
    }
    if (!header_seen)
        return fail(line_no, "empty script: expected the header '" + std::string(kHeader) + "'");
    if (res.script.rows.empty()) return fail(line_no, "no input rows after the header");
    return res;
}

InputScriptResult load_input_script_file(const std::string& path) {
    std::string text;
    const FileResult read = read_file_capped(path, kMaxInputScriptBytes, text);
    if (read.ok) return parse_input_script(text, path);
    InputScriptResult refused;
    refused.ok = false;
    refused.error = read.error;
    return refused;
}

}  // namespace skidpad
