// Per-step CSV telemetry of the player car for --telemetry OUT.csv:
//   t,x,y,speed,heading,throttle,brake,steer      (s, m, m, m/s, rad, 0..1, 0..1, -1..1)
// Kept behind this one class so that the tuning issue's telemetry ring buffer
// (include/skidpad/telemetry.hpp) can replace it without touching the callers.
#pragma once

#include <fstream>
#include <string>

#include "skidpad/car/car.hpp"
#include "skidpad/input.hpp"

namespace skidpad::app {

class TelemetryCsv {
public:
    /// Opens `path` + ".tmp" for writing; the file appears at `path` on finish().
    bool open(const std::string& path, std::string& error);
    void record(double t, const Car& car, const InputState& input);
    /// Flushes, closes and renames into place (atomic). Returns false with a message.
    bool finish(std::string& error);
    long long rows() const { return rows_; }

private:
    std::string path_;
    std::string tmp_;
    std::ofstream out_;
    long long rows_ = 0;
};

}  // namespace skidpad::app
