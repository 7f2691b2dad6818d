#include "telemetry_csv.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace skidpad::app {

bool TelemetryCsv::open(const std::string& path, std::string& error) {
    path_ = path;
    tmp_ = path + ".tmp";
    out_.open(tmp_, std::ios::out | std::ios::trunc);
    if (!out_) {
        error = "cannot write telemetry file '" + tmp_ + "'";
        return false;
    }
    out_ << "t,x,y,speed,heading,throttle,brake,steer\n";
    rows_ = 0;
    return true;
}

void TelemetryCsv::record(double t, const Car& car, const InputState& in) {
    const double speed =
        std::sqrt(car.velocity.x * car.velocity.x + car.velocity.y * car.velocity.y);
    char buf[256];
    std::snprintf(buf, sizeof buf, "%.4f,%.5f,%.5f,%.5f,%.6f,%.3f,%.3f,%.3f\n", t, car.position.x,
                  car.position.y, speed, car.heading, in.throttle, in.brake, in.steer);
    out_ << buf;
    rows_ += 1;
}

bool TelemetryCsv::finish(std::string& error) {
    out_.close();
    if (!out_) {
        error = "cannot write telemetry file '" + tmp_ + "'";
        std::remove(tmp_.c_str());
        return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp_, path_, ec);
    if (ec) {
        error = "cannot rename '" + tmp_ + "' to '" + path_ + "': " + ec.message();
        std::remove(tmp_.c_str());
        return false;
    }
    return true;
}

}  // namespace skidpad::app
