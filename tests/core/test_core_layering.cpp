// The core (include/skidpad, src/core) includes nothing of the layers above it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Source {
    fs::path path;
    std::string text;
};

/// Every .hpp and .cpp under the core's two folders.
std::vector<Source> core_sources() {
    const fs::path root(SKIDPAD_SOURCE_DIR);
    std::vector<Source> out;
    for (const char* dir : {"include/skidpad", "src/core"}) {
        for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
            const std::string ext = e.path().extension().string();
            if (!e.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
            std::ifstream in(e.path());
            std::ostringstream text;
            text << in.rdbuf();
            out.push_back({e.path(), text.str()});
        }
    }
    return out;
}

/// The names in `#include <NAME>` or `#include "NAME"` lines (quote gives which kind).
std::vector<std::string> includes(const std::string& text, char quote) {
    std::vector<std::string> out;
    const char close = quote == '<' ? '>' : '"';
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto at = line.find("#include ");
        if (at != 0) continue;
        const auto open = line.find(quote, at);
        const auto end = line.find(close, open + 1);
        if (open == std::string::npos || end == std::string::npos) continue;
        out.push_back(line.substr(open + 1, end - open - 1));
    }
    return out;
}

/// Checks that no core source mentions any of `names` (what moved to a layer above).
void check_never_mentioned(std::initializer_list<const char*> names) {
    for (const Source& s : core_sources()) {
        for (const char* m : names) {
            INFO(s.path.string() << " mentions " << m);
            CHECK(s.text.find(m) == std::string::npos);
        }
    }
}

}  // namespace

TEST_CASE("the core's own includes resolve inside the core or the utility library below it",
          "[layering]") {
    const fs::path root(SKIDPAD_SOURCE_DIR);
    const std::vector<Source> sources = core_sources();
    REQUIRE(sources.size() > 100);
    for (const Source& s : sources) {
        for (const std::string& name : includes(s.text, '"')) {
            // skidpad/version.hpp is written by the build (src/core/version.hpp.in).
            const bool found =
                name == "skidpad/version.hpp" || fs::exists(s.path.parent_path() / name) ||
                fs::exists(root / "include" / name) || fs::exists(root / "src/core" / name) ||
                fs::exists(root / "src/util" / name);
            INFO(s.path.string() << " includes \"" << name << "\"");
            CHECK(found);
        }
    }
}

TEST_CASE("the core includes no window, graphics, interface or clock library", "[layering]") {
    const char* const banned[] = {"SDL", "GL/", "imgui", "chrono", "ctime", "sys/time"};
    for (const Source& s : core_sources()) {
        for (const std::string& name : includes(s.text, '<')) {
            for (const char* b : banned) {
                INFO(s.path.string() << " includes <" << name << ">");
                CHECK(name.find(b) == std::string::npos);
            }
        }
    }
}

TEST_CASE("the core names none of the key and pad bindings, which the game owns", "[layering]") {
    // The bindings file and the key-name tables (src/game/input_bindings.hpp).
    check_never_mentioned({"input_bindings", "key_name(", "key_from_name", "reserved_key",
                           "parse_bindings_text", "struct Bindings", "PadInput"});
}

TEST_CASE("the core names none of the live settings' holders, which the game owns", "[layering]") {
    // The Tuner and its undo history (src/game/tuner.hpp, src/game/tune_history.hpp): the
    // core knows the parameters and the events they make, not who holds the settings.
    check_never_mentioned(
        {"class Tuner", "class TuneHistory", "tune/tuner.hpp", "tune/history.hpp", "tune_history"});
}

TEST_CASE("the core names none of the engine voice's types, which the audio library owns",
          "[layering]") {
    // audio/engine_voice.hpp: the firing layouts and a car's engine voice; the core keeps
    // only the sound.* values a preset sets.
    // (kEngineFirings, the range of sound.firing, is the core's: it goes with the value.)
    check_never_mentioned(
        {"enum class EngineFiring", "EngineFiring::", "EngineVoice", "engine_voice("});
}
