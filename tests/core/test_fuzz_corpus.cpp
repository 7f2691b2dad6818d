// The fuzzers' seed corpus (tests/fuzz/TARGET/) replayed through the same parser entry
// points the libFuzzer executables drive, without libFuzzer: every file of the corpus,
// including the inputs the fuzzers found, runs in the normal suite and under ASan+UBSan.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "fuzz/fuzz_entries.hpp"
#include "support/text_file.hpp"

namespace fs = std::filesystem;
using namespace skidpad;


TEST_CASE("every file of each fuzz target's seed corpus keeps the parser's properties", "[fuzz]") {
    REQUIRE(fuzz::targets().size() == 7);  // preset, level, track, input_script, set, replay,
                                           // bindings
    for (const fuzz::Target& t : fuzz::targets()) {
        const fs::path dir = fs::path(SKIDPAD_SOURCE_DIR) / "tests" / "fuzz" / t.name;
        INFO("target " << t.name << ", corpus " << dir.string());
        REQUIRE(fs::is_directory(dir));
        int accepted = 0, refused = 0;
        for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
            if (!e.is_regular_file()) continue;
            INFO("input " << e.path().filename().string());
            const fuzz::Outcome o = t.run(test::read_file(e.path()));
            CHECK(o.violation == "");
            (o.accepted ? accepted : refused) += 1;
        }
        // The corpus reaches both sides of the parser: at least 2 accepted and 3 refused.
        CHECK(accepted >= 2);
        CHECK(refused >= 3);
    }
}

TEST_CASE("the fuzz targets are found by name and an unknown name is not", "[fuzz]") {
    for (const char* name : {"preset", "level", "track", "input_script", "set", "bindings"}) {
        const fuzz::Target* t = fuzz::find_target(name);
        REQUIRE(t != nullptr);
        CHECK(std::string(t->name) == name);
    }
    CHECK(fuzz::find_target("keymap") == nullptr);
}
