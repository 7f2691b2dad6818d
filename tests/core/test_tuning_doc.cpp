#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "lab.hpp"
#include "skidpad/tune/params.hpp"

using namespace skidpad;

TEST_CASE("docs/tuning.md matches skidpad params --markdown", "[params][docs]") {
    std::ostringstream out, err;
    REQUIRE(lab::run_params({"--markdown"}, out, err) == 0);
    const std::string path = std::string(SKIDPAD_SOURCE_DIR) + "/docs/tuning.md";
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    std::stringstream doc;
    doc << in.rdbuf();
    INFO(
        "docs/tuning.md is stale: regenerate it with `./build/skidpad params --markdown > "
        "docs/tuning.md` (or scripts/gen-tuning-doc)");
    CHECK(doc.str() == out.str());
    // Every tunable appears in it.
    for (const ParamDesc& p : param_registry().all()) {
        INFO(p.key);
        CHECK(doc.str().find("`" + p.key + "`") != std::string::npos);
    }
}

TEST_CASE("skidpad params prints every tunable with unit and range", "[params]") {
    std::ostringstream out, err;
    REQUIRE(lab::run_params({}, out, err) == 0);
    const std::string text = out.str();
    CHECK(text.rfind("key", 0) == 0);
    for (const ParamDesc& p : param_registry().all()) {
        INFO(p.key);
        CHECK(text.find(p.key + " ") != std::string::npos);
    }
    CHECK(lab::run_params({"--bogus"}, out, err) == 2);
}
