// Temporary files left by an interrupted atomic write, removed (see stale_temps.hpp).
#include "stale_temps.hpp"

#include <filesystem>

#include "skidpad/scene/file_io.hpp"

namespace skidpad::app {

namespace {
/// Removes the atomic-write temp files in `dir` that are `min_age` old and whose names
/// start with `prefix` ("" = any).
int remove_stale(const std::string& dir, const std::string& prefix, std::chrono::seconds min_age) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return 0;
    const auto now = fs::file_time_type::clock::now();
    int removed = 0;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fe;
        const std::string name = it->path().filename().string();
        if (!it->is_regular_file(fe) || !is_atomic_temp_name(name)) continue;
        // NAME.tmp.XXXXXX of this NAME exactly: ".tmp." and six characters after it.
        if (!prefix.empty() && (name.size() != prefix.size() + 11 || name.rfind(prefix, 0) != 0))
            continue;
        const auto written = it->last_write_time(fe);
        if (fe || now - written < min_age) continue;  // a writer may still own a young one
        if (fs::remove(it->path(), fe)) removed += 1;
    }
    return removed;
}
}  // namespace

int remove_stale_temp_files(const std::string& dir, std::chrono::seconds min_age) {
    return remove_stale(dir, "", min_age);
}

int remove_stale_temps_of(const std::string& target, std::chrono::seconds min_age) {
    const std::filesystem::path p(target);
    const std::string name = p.filename().string();
    if (name.empty()) return 0;
    const std::string dir = p.parent_path().empty() ? "." : p.parent_path().string();
    return remove_stale(dir, name, min_age);
}

}  // namespace skidpad::app
