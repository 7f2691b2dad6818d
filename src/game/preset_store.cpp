// The shipped and user presets listed, saved, renamed and deleted (see preset_store.hpp).
#include "preset_store.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>

namespace skidpad::app {

namespace fs = std::filesystem;

std::string preset_name_error(const std::string& name) {
    if (name.empty()) return "a preset needs a name";
    if (name.size() > 64) return "a preset name has at most 64 characters";
    if (name.front() == '.') return "a preset name may not start with '.'";
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == ' ' || c == '-' || c == '_' || c == '.';
        if (!ok) {
            return "'" + name +
                   "': a preset name may hold letters, digits, space, '-', '_' and '.'";
        }
    }
    return "";
}

PresetStore::PresetStore(std::string user_dir, std::string shipped_dir)
    : user_dir_(std::move(user_dir)), shipped_dir_(std::move(shipped_dir)) {
    if (!user_dir_.empty()) {
        const fs::path parent = fs::path(user_dir_).parent_path();
        last_file_ = (parent / "last_preset.txt").string();
    }
}

std::string PresetStore::user_path(const std::string& name) const {
    return (fs::path(user_dir_) / (name + ".json")).string();
}

std::vector<PresetEntry> PresetStore::list() const {
    std::vector<PresetEntry> out;
    for (int pass = 0; pass < 2; ++pass) {
        const std::string& dir = pass == 0 ? shipped_dir_ : user_dir_;
        if (dir.empty()) continue;
        std::vector<PresetEntry> found;
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            const fs::path& p = it->path();
            if (p.extension() != ".json" || !it->is_regular_file(ec)) continue;
            found.push_back({p.stem().string(), p.string(), pass == 0});
        }
        std::sort(found.begin(), found.end(),
                  [](const PresetEntry& a, const PresetEntry& b) { return a.name < b.name; });
        out.insert(out.end(), found.begin(), found.end());
    }
    return out;
}

FileResult PresetStore::save(const std::string& name, const Settings& settings, bool only_changed,
                             std::string* path_out) const {
    if (const std::string e = preset_name_error(name); !e.empty()) return {false, e};
    if (user_dir_.empty()) return {false, "no user preference directory; cannot save presets"};
    std::error_code ec;
    fs::create_directories(user_dir_, ec);
    if (ec) return {false, user_dir_ + ": cannot create the directory (" + ec.message() + ")"};
    const std::string path = user_path(name);
    if (path_out) *path_out = path;
    return save_preset_file(path, settings, name, only_changed);
}

FileResult PresetStore::rename(const std::string& from, const std::string& to) const {
    if (const std::string e = preset_name_error(to); !e.empty()) return {false, e};
    const std::string src = user_path(from);
    const std::string dst = user_path(to);
    std::error_code ec;
    if (!fs::is_regular_file(src, ec)) {
        return {false, "'" + from + "' is not a user preset (shipped presets are read-only)"};
    }
    if (fs::exists(dst, ec)) return {false, "a user preset named '" + to + "' already exists"};
    // Validate first, then rewrite only the "name" field so the keys stay exactly as saved.
    Settings probe;
    if (const PresetResult r = load_preset_file(src, probe); !r.ok) return {false, r.error};
    std::string text;
    if (const FileResult rd = read_file_capped(src, kMaxPresetBytes, text); !rd.ok) return rd;
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object()) return {false, src + ": not a preset object"};
    doc["name"] = to;
    const std::string rewritten = doc.dump(2) + "\n";
    if (FileResult w = write_file_atomic(dst, rewritten); !w.ok) return w;
    fs::remove(src, ec);
    if (ec)
        return {false,
                src + ": renamed copy written but the old file stays (" + ec.message() + ")"};
    if (last() == src) remember_last(dst);
    return {};
}

FileResult PresetStore::remove(const std::string& name) const {
    const std::string path = user_path(name);
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        return {false, "'" + name + "' is not a user preset (shipped presets are read-only)"};
    }
    if (!fs::remove(path, ec) || ec)
        return {false, path + ": cannot delete (" + ec.message() + ")"};
    if (last() == path) remember_last("");
    return {};
}

FileResult PresetStore::remember_last(const std::string& path) const {
    if (last_file_.empty()) return {false, "no user preference directory"};
    std::error_code ec;
    fs::create_directories(fs::path(last_file_).parent_path(), ec);
    return write_file_atomic(last_file_, path.empty() ? std::string() : path + "\n");
}

std::string PresetStore::last() const {
    if (last_file_.empty()) return "";
    std::string text;
    if (!read_file_capped(last_file_, 4096, text).ok) return "";
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    std::error_code ec;
    if (text.empty() || !fs::is_regular_file(text, ec)) return "";
    return text;
}

}  // namespace skidpad::app
