// F5 on a draft with problems drives nothing and says why in the editor's status line.
#include <catch2/catch.hpp>

#include <string>

#include "editor_common.hpp"

using namespace skidpad::app;

TEST_CASE("a draft with problems is not driven and the status says why", "[app][editor]") {
    EditorState ed;
    ed.status = "Saved /tmp/x.json";
    CHECK_FALSE(editor_may_drive(ed, false, 2));  // not asked: the status stays
    CHECK(ed.status == "Saved /tmp/x.json");
    CHECK(editor_may_drive(ed, true, 0));
    CHECK(ed.status == "Saved /tmp/x.json");
    CHECK_FALSE(editor_may_drive(ed, true, 1));
    CHECK(ed.status == "Not driven: a problem to fix first (listed below, marked on the map)");
    CHECK_FALSE(editor_may_drive(ed, true, 3));
    CHECK(ed.status == "Not driven: 3 problems to fix first (listed below, marked on the map)");
}
