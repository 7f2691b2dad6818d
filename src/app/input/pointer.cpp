// The mouse pointer from SDL's motion events (pointer.hpp).
#include "pointer.hpp"

namespace skidpad::app {

namespace {
struct Pointer {
    bool seen = false;
    dvec2 at{0.0, 0.0};
};
Pointer g_pointer;
}  // namespace

void pointer_moved(int x, int y) {
    g_pointer.seen = true;
    g_pointer.at = dvec2(x, y);
}

dvec2 pointer_at(dvec2 fallback) {
    return g_pointer.seen ? g_pointer.at : fallback;
}

void pointer_forget() {
    g_pointer = Pointer{};
}

}  // namespace skidpad::app
