// The body-kind and surface tables: each row sits at its own index, names and file codes
// are unique, and the codes the replay format fixed stay what they were.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "skidpad/scene/level.hpp"
#include "skidpad/soft/body_kinds.hpp"
#include "skidpad/sound_events.hpp"
#include "skidpad/surface.hpp"

using namespace skidpad;

TEST_CASE("each body-kind row sits at its kind's index with unique names and codes",
          "[soft][kinds]") {
    std::set<std::string> level_names;
    std::set<int> codes;
    for (std::size_t i = 0; i < kBodyKinds.size(); ++i) {
        const BodyKindRow& r = kBodyKinds[i];
        INFO("row " << i << " " << r.name);
        CHECK(static_cast<std::size_t>(r.kind) == i);
        CHECK(std::string(contact_material_name(contact_material_of(r.kind))) == r.name);
        CHECK(body_kind_of(contact_material_of(r.kind)) == r.kind);
        for (const char* n : {r.level_name, r.level_group_name}) {
            if (n != nullptr) CHECK(level_names.insert(n).second);
        }
        CHECK((r.level_group_name == nullptr) == (r.level_group == LevelGroup::None));
        if (r.replay_code >= 0) {
            CHECK(codes.insert(r.replay_code).second);
            CHECK(body_kind_by_replay_code(r.replay_code) == &r);
        }
        CHECK((r.sandbox_label != nullptr) == (r.replay_code >= 0));
        const SoftBodyDef d = soft_kind_def(r.kind, SoftDef{});
        CHECK(d.material == SoftMaterialId::of(r.kind));
    }
    CHECK(std::string(contact_material_name(ContactMaterial::CarBody)) == "car");
}

TEST_CASE("replay spawn codes and the sandbox menu keep the order the file format fixed",
          "[soft][kinds][replay]") {
    // Replays recorded before the kind table store crate 0, tyre 1, cone 2, barrier 3.
    CHECK(body_kind_row(BodyKind::Crate).replay_code == 0);
    CHECK(body_kind_row(BodyKind::Tyre).replay_code == 1);
    CHECK(body_kind_row(BodyKind::Cone).replay_code == 2);
    CHECK(body_kind_row(BodyKind::Barrier).replay_code == 3);
    CHECK(body_kind_by_replay_code(4) == nullptr);
    CHECK(body_kind_by_replay_code(-1) == nullptr);
    const std::vector<BodyKind> menu = sandbox_kinds();
    REQUIRE(menu.size() == 4);
    CHECK(menu[0] == BodyKind::Crate);
    CHECK(menu[1] == BodyKind::Tyre);
    CHECK(menu[2] == BodyKind::Cone);
    CHECK(menu[3] == BodyKind::Barrier);
    // The sandbox's barrier: a pinned 4 m × 1 m box.
    const SoftBodyDef b = soft_kind_def(BodyKind::Barrier, SoftDef{});
    CHECK(b.size.x == 4.0f);
    CHECK(b.size.y == 1.0f);
    CHECK(b.mass == 0.0f);
}

TEST_CASE("every level body type name parses to its kind and group", "[level][kinds]") {
    for (const BodyKindRow& r : kBodyKinds) {
        for (const char* n : {r.level_name, r.level_group_name}) {
            if (n == nullptr) continue;
            INFO(n);
            LevelBody b;
            b.kind = r.kind;
            b.group = n == r.level_name ? LevelGroup::None : r.level_group;
            CHECK(std::string(level_type_name(b)) == n);
        }
    }
    LevelBody stack;
    stack.group = LevelGroup::Grid;
    stack.cols = 3;
    stack.rows = 4;
    CHECK(level_body_count(stack) == 12);
}

TEST_CASE("each surface row sits at its kind's index and names its own tunables",
          "[surface][kinds]") {
    SurfaceDef def;
    for (std::size_t i = 0; i < kSurfaces.size(); ++i) {
        const SurfaceRow& r = kSurfaces[i];
        INFO(r.name);
        CHECK(static_cast<std::size_t>(r.kind) == i);
        SurfaceKind back = SurfaceKind::Asphalt;
        CHECK(surface_from_name(r.name, back));
        CHECK(back == r.kind);
        CHECK(&def.of(r.kind) == &(def.*r.props));
        CHECK(r.colour != 0);
    }
    // Loose ground throws dust; paved ground and ice do not.
    CHECK(surface_row(SurfaceKind::Grass).dust != 0);
    CHECK(surface_row(SurfaceKind::Gravel).dust != 0);
    CHECK(surface_row(SurfaceKind::Asphalt).dust == 0);
    CHECK(surface_row(SurfaceKind::Ice).dust == 0);
}
