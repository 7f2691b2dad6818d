// Per-step CSV telemetry of the player car for --telemetry OUT.csv, in every mode
// (headless, screenshot, windowed). Columns and number format are the telemetry
// module's (include/skidpad/telemetry.hpp): the same as the overlay's CSV export.
// Rows stream to a temporary file that replaces OUT.csv only when the run ends
// cleanly (atomic), so a long run never holds its telemetry in memory.
#pragma once

#include <string>

#include "skidpad/scene/file_io.hpp"
#include "skidpad/telemetry.hpp"
#include "skidpad/world.hpp"

namespace skidpad::app {

class TelemetryCsv {
public:
    /// Starts the file (header line). False with a message naming the path.
    bool open(const std::string& path, std::string& error);
    /// One row: the car's state after the step just taken.
    void record(const World& world, CarId car);
    /// Flushes, fsyncs and renames into place. False with a message.
    bool finish(std::string& error);
    bool is_open() const { return out_.is_open(); }
    long long rows() const { return rows_; }

private:
    AtomicFileWriter out_;
    std::string line_;
    long long rows_ = 0;
};

}  // namespace skidpad::app
