// --telemetry OUT.csv: one row per physics step (see telemetry_csv.hpp).
#include "telemetry_csv.hpp"

namespace skidpad::app {

bool TelemetryCsv::open(const std::string& path, std::string& error) {
    const FileResult r = out_.open(path);
    if (!r.ok) {
        error = "cannot write telemetry: " + r.error;
        return false;
    }
    out_.append(telemetry_csv_header() + "\n");
    rows_ = 0;
    return true;
}

void TelemetryCsv::record(const World& world, CarId car) {
    line_.clear();
    append_telemetry_csv_row(line_, telemetry_sample(world, car));
    line_ += '\n';
    out_.append(line_);
    rows_ += 1;
}

bool TelemetryCsv::finish(std::string& error) {
    const FileResult r = out_.commit();
    if (!r.ok) error = "cannot write telemetry: " + r.error;
    return r.ok;
}

}  // namespace skidpad::app
