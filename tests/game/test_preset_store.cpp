// The presets window's file side: user presets in the pref dir, shipped ones read-only.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "preset_store.hpp"
#include "skidpad/tune/params.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;
namespace fs = std::filesystem;

TEST_CASE("every shipped preset loads without errors or warnings", "[presets]") {
    const std::string dir = std::string(SKIDPAD_SOURCE_DIR) + "/assets/presets";
    PresetStore store("", dir);
    const auto list = store.list();
    REQUIRE_FALSE(list.empty());
    for (const PresetEntry& e : list) {
        INFO(e.path);
        CHECK(e.shipped);
        Settings s;
        const PresetResult r = load_preset_file(e.path, s);
        CHECK(r.ok);
        CHECK(r.error.empty());
        CHECK(r.warnings.empty());
        CHECK(r.name == e.name);
        CHECK(r.keys_applied > 0);
    }
}

TEST_CASE("user presets save and rename and delete while shipped presets stay read-only",
          "[presets]") {
    test::TempDir tmp("skidpad_presets_");
    const fs::path shipped = tmp.path / "shipped";
    fs::create_directories(shipped);
    {
        std::ofstream(shipped / "stock.json")
            << R"({"format":"skidpad-preset","version":1,"name":"stock","values":{"car.mass":1300}})";
    }
    const std::string shipped_bytes = test::read_file(shipped / "stock.json");
    PresetStore store((tmp.path / "pref" / "presets").string(), shipped.string());

    // Saving under the shipped name writes a user copy; the shipped file is untouched.
    Settings s;
    s.car.mass = 1777.0;
    std::string written;
    REQUIRE(store.save("stock", s, true, &written).ok);
    CHECK(written == store.user_path("stock"));
    CHECK(test::read_file(shipped / "stock.json") == shipped_bytes);
    auto list = store.list();
    REQUIRE(list.size() == 2);
    CHECK(list[0].shipped);
    CHECK_FALSE(list[1].shipped);

    // Only changed keys are written; loading onto other settings keeps the rest.
    Settings t;
    t.sim.substeps = 6;
    REQUIRE(load_preset_file(written, t).ok);
    CHECK(t.car.mass == 1777.0);
    CHECK(t.sim.substeps == 6);

    REQUIRE(store.rename("stock", "my car").ok);
    CHECK_FALSE(fs::exists(store.user_path("stock")));
    Settings u;
    const PresetResult r = load_preset_file(store.user_path("my car"), u);
    REQUIRE(r.ok);
    CHECK(r.name == "my car");
    CHECK(u.car.mass == 1777.0);

    CHECK_FALSE(store.rename("stock", "x").ok);  // only the shipped one is left under that name
    CHECK_FALSE(store.remove("stock").ok);
    CHECK(fs::exists(shipped / "stock.json"));
    CHECK_FALSE(store.save("../escape", s, true).ok);
    CHECK_FALSE(store.save("", s, true).ok);
    CHECK_FALSE(store.save(".hidden", s, true).ok);

    REQUIRE(store.remember_last(store.user_path("my car")).ok);
    CHECK(store.last() == store.user_path("my car"));
    REQUIRE(store.remove("my car").ok);
    CHECK(store.last().empty());  // forgotten with the file
    CHECK(store.list().size() == 1);
}
