// F5 on a draft with problems drives nothing and says why in the editor's status line.
#include <catch2/catch.hpp>

#include <cmath>
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

TEST_CASE("the editor's status line lights up again when the same text is said twice",
          "[app][editor]") {
    EditorState ed;
    editor_say(ed, "Saved /tmp/x.json");
    CHECK(ed.said == 1);
    editor_say(ed, "Saved /tmp/x.json");  // a second save of the same file
    CHECK(ed.said == 2);                  // a new saying: the line glows again
    CHECK(ed.status == "Saved /tmp/x.json");
    CHECK_FALSE(editor_may_drive(ed, true, 2));
    CHECK(ed.said == 3);
    // The glow: full at once, half way at half the time, gone after kStatusGlowS.
    CHECK(editor_status_glow(0.0) == Approx(1.0).margin(1e-12));
    CHECK(editor_status_glow(0.5 * kStatusGlowS) == Approx(0.5).margin(1e-12));
    CHECK(editor_status_glow(kStatusGlowS) == 0.0);
    CHECK(editor_status_glow(-0.1) == 0.0);
    CHECK(editor_status_glow(std::nan("")) == 0.0);
}
