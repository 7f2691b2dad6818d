#include "stale_temps.hpp"

#include <filesystem>

#include "skidpad/scene/file_io.hpp"

namespace skidpad::app {

int remove_stale_temp_files(const std::string& dir, std::chrono::seconds min_age) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return 0;
    const auto now = fs::file_time_type::clock::now();
    int removed = 0;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fe;
        if (!it->is_regular_file(fe) || !is_atomic_temp_name(it->path().filename().string()))
            continue;
        const auto written = it->last_write_time(fe);
        if (fe || now - written < min_age) continue;  // a writer may still own a young one
        if (fs::remove(it->path(), fe)) removed += 1;
    }
    return removed;
}

}  // namespace skidpad::app
