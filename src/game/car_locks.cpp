// Which cars a player may drive (car_locks.hpp).
#include "car_locks.hpp"

namespace skidpad::app {

std::string car_lock(const Progress& p, const std::string& car) {
    if (car != "rally-awd" && car != "drift-rwd") return "";
    if (preset_unlocked(p, car)) return "";
    return car == "rally-awd" ? "unlocked by any silver medal or a podium in a cup"
                              : "unlocked by any gold medal or a cup won";
}

std::string car_locked_message(const std::string& car, const std::string& why) {
    return "The " + car + " is locked: " + why;
}

std::string preset_car_name(const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0)
        name.resize(name.size() - 5);
    return name;
}

std::string preset_file_lock(const Progress& p, const std::string& path) {
    const std::string car = preset_car_name(path);
    const std::string why = car_lock(p, car);
    return why.empty() ? "" : car_locked_message(car, why);
}

Progress peek_progress(const std::string& path) {
    Progress p;
    std::string text;
    if (path.empty() || !read_file_capped(path, kMaxProgressBytes, text).ok) return p;
    if (!parse_progress(text, path, p).empty()) return Progress{};
    return p;
}

std::string preset_args_lock(const Progress& p, const std::vector<std::string>& settings_args) {
    for (std::size_t i = 0; i + 1 < settings_args.size(); i += 2) {
        if (settings_args[i] != "--preset") continue;
        if (std::string why = preset_file_lock(p, settings_args[i + 1]); !why.empty()) return why;
    }
    return "";
}

}  // namespace skidpad::app
