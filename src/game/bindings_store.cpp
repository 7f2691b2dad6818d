// The player's bindings file, read and written (see bindings_store.hpp).
#include "bindings_store.hpp"

#include <filesystem>

namespace skidpad::app {

std::string bindings_path(const std::string& pref_dir) {
    return pref_dir.empty() ? "" : pref_dir + "bindings.json";
}

BindingsLoad load_bindings_file(const std::string& path) {
    BindingsLoad r;
    std::error_code ec;
    if (path.empty() || !std::filesystem::exists(path, ec)) return r;
    r.found = true;
    std::string text;
    const FileResult read = read_file_capped(path, kMaxBindingsBytes, text);
    BindingsResult parsed;
    if (read.ok) {
        parsed = parse_bindings_text(text, path, r.bindings);
    } else {
        parsed.error = read.error;
    }
    r.warnings = parsed.warnings;
    if (read.ok && parsed.ok) return r;
    r.ok = false;
    r.bindings = default_bindings();
    r.message = parsed.error +
                " -- using the default controls; the file is kept until you "
                "save from Controls";
    return r;
}

FileResult save_bindings_file(const std::string& path, const Bindings& b) {
    if (path.empty()) return {false, "no settings folder to save the bindings in"};
    return write_file_atomic(path, bindings_to_text(b));
}

}  // namespace skidpad::app
