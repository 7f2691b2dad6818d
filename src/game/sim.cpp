// The game layer's run state: the messages over the picture (see sim.hpp).
#include "sim.hpp"

namespace skidpad::app {

void add_toast(std::vector<Toast>& toasts, double clock, std::string text, double seconds) {
    toasts.push_back({std::move(text), clock + seconds});
    if (toasts.size() > 6) toasts.erase(toasts.begin());
}

}  // namespace skidpad::app
