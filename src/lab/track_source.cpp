// Track values resolved to files and loaded (see track_source.hpp).
#include "track_source.hpp"

#include <filesystem>

#include "data_dir.hpp"
#include "lab.hpp"

namespace skidpad::lab {

namespace fs = std::filesystem;

std::string track_source_path(const std::string& value, const std::string& user_dir) {
    if (track_arg_is_path(value)) return value;
    const std::string shipped = track_arg_file(value);
    std::error_code ec;
    if (!user_dir.empty() && !fs::exists(shipped, ec)) {
        const std::string own = (fs::path(user_dir) / (value + ".json")).string();
        if (fs::exists(own, ec)) return own;
    }
    return shipped;
}

TrackResult load_track_source(const std::string& value, const std::string& user_dir) {
    TrackResult r;
    if (value.empty()) {
        r.error = "no track named (a track name or a track file path)";
        return r;
    }
    const std::string path = track_source_path(value, user_dir);
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (!fs::exists(st)) {
        if (track_arg_is_path(value)) {
            r.error = "'" + path + "' not found";
        } else {
            r.error = "track '" + value + "': no tracks/" + value + ".json in the data folder (" +
                      util::data_dir() + ")" + (user_dir.empty() ? "" : " nor in " + user_dir);
        }
        return r;
    }
    if (fs::is_directory(st)) {
        r.error = "'" + path + "' is a directory, not a track file";
        return r;
    }
    return load_track_file(path);
}

}  // namespace skidpad::lab
