// Telemetry: the per-step ring buffer and the CSV export.
#include "skidpad/telemetry.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "skidpad/scene/file_io.hpp"
#include "util_text.hpp"

namespace skidpad {

namespace {

std::vector<TelemetryChannel> make_channels() {
    std::vector<TelemetryChannel> c;
    using S = const TelemetrySample&;
    c.push_back({"speed_mps", "speed", "m/s", [](S s, int) { return s.speed; }});
    c.push_back({"rpm", "rpm", "rpm", [](S s, int) { return s.rpm; }});
    c.push_back({"gear", "gear", "", [](S s, int) { return static_cast<double>(s.gear); }});
    c.push_back({"throttle", "throttle", "", [](S s, int) { return s.throttle; }});
    c.push_back({"brake", "brake", "", [](S s, int) { return s.brake; }});
    c.push_back({"steer", "steer", "", [](S s, int) { return s.steer; }});
    c.push_back({"g_long", "long g", "g", [](S s, int) { return s.g_long; }});
    c.push_back({"g_lat", "lat g", "g", [](S s, int) { return s.g_lat; }});
    c.push_back({"yaw_rate_radps", "yaw rate", "rad/s", [](S s, int) { return s.yaw_rate; }});
    c.push_back({"x_m", "x", "m", [](S s, int) { return s.x; }});
    c.push_back({"y_m", "y", "m", [](S s, int) { return s.y; }});
    c.push_back({"heading_rad", "heading", "rad", [](S s, int) { return s.heading; }});
    const char* wheel_names[4] = {"fl", "fr", "rl", "rr"};
    const char* wheel_labels[4] = {"FL", "FR", "RL", "RR"};
    for (int w = 0; w < 4; ++w) {
        const std::string n = wheel_names[w];
        const std::string l = wheel_labels[w];
        c.push_back({n + "_slip_ratio", l + " slip ratio", "",
                     [](S s, int i) { return s.wheels[i].slip_ratio; }, w});
        c.push_back({n + "_slip_angle_rad", l + " slip angle", "rad",
                     [](S s, int i) { return s.wheels[i].slip_angle; }, w});
        c.push_back(
            {n + "_load_n", l + " load", "N", [](S s, int i) { return s.wheels[i].load; }, w});
        c.push_back({n + "_force_long_n", l + " long force", "N",
                     [](S s, int i) { return s.wheels[i].force_long; }, w});
        c.push_back({n + "_force_lat_n", l + " lat force", "N",
                     [](S s, int i) { return s.wheels[i].force_lat; }, w});
        c.push_back({n + "_grip_limit_n", l + " grip limit", "N",
                     [](S s, int i) { return s.wheels[i].grip_limit; }, w});
    }
    return c;
}

/// Plain decimal with up to 6 places, trailing zeros trimmed (no exponent, as the lab prints).
void append_number(std::string& out, double v) {
    out += util::plain_number(v, 6);
}

}  // namespace

std::string telemetry_csv_header() {
    std::string line = "time_s,tick";
    for (const TelemetryChannel& c : telemetry_channels())
        line += "," + c.name;
    return line;
}

void append_telemetry_csv_row(std::string& line, const TelemetrySample& s) {
    append_number(line, s.time);
    line += "," + std::to_string(s.tick);
    for (const TelemetryChannel& c : telemetry_channels()) {
        line += ',';
        append_number(line, c.value(s));
    }
}

const std::vector<TelemetryChannel>& telemetry_channels() {
    static const std::vector<TelemetryChannel> channels = make_channels();
    return channels;
}

TelemetrySample telemetry_sample(const World& world, CarId id) {
    TelemetrySample s;
    s.time = world.time();
    s.tick = world.step_count();
    if (!world.valid(id)) return s;
    const Car& car = world.car(id);
    const InputState& in = world.input(id);
    s.speed = std::sqrt(car.velocity.x * car.velocity.x + car.velocity.y * car.velocity.y);
    s.rpm = car.rpm;
    s.gear = car.gear;
    s.throttle = in.throttle;
    s.brake = in.brake;
    s.steer = in.steer;
    s.g_long = car.accel_long / kGravity;
    s.g_lat = car.accel_lat / kGravity;
    s.yaw_rate = car.yaw_rate;
    s.x = car.position.x;
    s.y = car.position.y;
    s.heading = car.heading;
    for (int i = 0; i < 4; ++i) {
        const Wheel& w = car.wheels[i];
        s.wheels[i] = {w.slip_ratio, w.slip_angle, w.load, w.force_long, w.force_lat, w.grip_limit};
    }
    return s;
}

Telemetry::Telemetry(std::size_t capacity) : buf_(capacity < 1 ? 1 : capacity) {}

std::size_t Telemetry::capacity_for(double seconds, double physics_hz) {
    const double n = std::ceil(seconds * physics_hz);
    if (!(n >= 1.0)) return 1;
    return n > 1e8 ? 100000000u : static_cast<std::size_t>(n);
}

void Telemetry::push(const TelemetrySample& s) {
    if (count_ < buf_.size()) {
        buf_[(head_ + count_) % buf_.size()] = s;
        ++count_;
    } else {
        buf_[head_] = s;  // overwrite the oldest
        head_ = (head_ + 1) % buf_.size();
    }
    ++total_;
}

void Telemetry::clear() {
    head_ = 0;
    count_ = 0;
    total_ = 0;
}

const TelemetrySample& Telemetry::at(std::size_t i) const {
    return buf_[(head_ + i) % buf_.size()];
}

void Telemetry::write_csv(std::ostream& out) const {
    std::string line = telemetry_csv_header();
    out << line << "\n";
    for (std::size_t i = 0; i < count_; ++i) {
        line.clear();
        append_telemetry_csv_row(line, at(i));
        out << line << "\n";
    }
}

std::string Telemetry::csv() const {
    std::ostringstream os;
    write_csv(os);
    return os.str();
}

bool Telemetry::save_csv(const std::string& path, std::string& error) const {
    const FileResult r = write_file_atomic(path, csv());
    error = r.error;
    return r.ok;
}

}  // namespace skidpad
