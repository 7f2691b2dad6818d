// Telemetry: a ring buffer of one sample per physics tick of one car, plots and
// CSV export are generated from the channel table below.
//
// Size note: a sample is 38 doubles (304 bytes); 60 s at 120 Hz is 7,200 samples
// (about 2.2 MB), allocated once at construction.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "skidpad/world.hpp"

namespace skidpad {

inline constexpr double kTelemetrySeconds = 60.0;  ///< s kept by default

struct WheelSample {
    double slip_ratio = 0.0;  ///< dimensionless
    double slip_angle = 0.0;  ///< rad
    double load = 0.0;        ///< N
    double force_long = 0.0;  ///< N, tyre frame
    double force_lat = 0.0;   ///< N, tyre frame
    double grip_limit = 0.0;  ///< N, mu * load
};

struct TelemetrySample {
    double time = 0.0;                    ///< s, World::time() after the tick
    std::uint64_t tick = 0;               ///< World::step_count() after the tick
    double speed = 0.0;                   ///< m/s, magnitude of the velocity
    double rpm = 0.0;                     ///< rev/min
    int gear = 0;                         ///< -1 R, 0 N, 1..n
    double throttle = 0.0;                ///< 0..1
    double brake = 0.0;                   ///< 0..1
    double steer = 0.0;                   ///< -1..1
    double g_long = 0.0;                  ///< g, body frame (+ accelerating)
    double g_lat = 0.0;                   ///< g, body frame (+ left)
    double yaw_rate = 0.0;                ///< rad/s
    double x = 0.0;                       ///< m, CG world position
    double y = 0.0;                       ///< m
    double heading = 0.0;                 ///< rad, CCW from +x
    std::array<WheelSample, 4> wheels{};  ///< FL, FR, RL, RR
};

/// One column of the CSV / one plottable channel.
struct TelemetryChannel {
    std::string name;   ///< CSV header, e.g. "speed_mps", "fl_load_n"
    std::string label;  ///< for plots, e.g. "speed", "FL load"
    std::string unit;   ///< "m/s", "N", "" ...
    double (*get)(const TelemetrySample&, int wheel) = nullptr;
    int wheel = -1;  ///< 0..3 for per-wheel channels
    double value(const TelemetrySample& s) const { return get(s, wheel); }
};

/// Every channel in CSV column order (time_s and tick come first).
const std::vector<TelemetryChannel>& telemetry_channels();

/// "time_s,tick,speed_mps,...": the CSV header line (no newline).
std::string telemetry_csv_header();
/// Appends one CSV row (no newline) in the header's column order.
void append_telemetry_csv_row(std::string& out, const TelemetrySample& s);

/// Reads one sample of a car's state (and the input it drives with).
TelemetrySample telemetry_sample(const World& world, CarId car);

class Telemetry {
public:
    /// Keeps the newest `capacity` samples (at least 1).
    explicit Telemetry(std::size_t capacity);
    /// Capacity for `seconds` of samples at `physics_hz`.
    static std::size_t capacity_for(double seconds, double physics_hz);

    void push(const TelemetrySample& s);
    /// Samples the car now (call once after each World::step).
    void record(const World& world, CarId car) { push(telemetry_sample(world, car)); }
    void clear();

    std::size_t size() const { return count_; }
    std::size_t capacity() const { return buf_.size(); }
    bool empty() const { return count_ == 0; }
    /// Samples ever pushed (size() once the ring has wrapped is capacity()).
    std::uint64_t total() const { return total_; }
    /// i-th kept sample, 0 = oldest.
    const TelemetrySample& at(std::size_t i) const;
    const TelemetrySample& newest() const { return at(count_ - 1); }

    /// Header line then one line per kept sample, oldest first.
    void write_csv(std::ostream& out) const;
    std::string csv() const;
    /// Writes the CSV to `path` atomically; error names the path.
    bool save_csv(const std::string& path, std::string& error) const;

private:
    std::vector<TelemetrySample> buf_;
    std::size_t head_ = 0;  ///< index of the oldest sample
    std::size_t count_ = 0;
    std::uint64_t total_ = 0;
};

}  // namespace skidpad
