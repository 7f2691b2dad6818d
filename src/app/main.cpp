// A thin shell: everything lives in the app library so that it is testable.
#include <string>
#include <vector>

#include "app.hpp"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    return skidpad::app::app_main(args);
}
