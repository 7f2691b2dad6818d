#include "app.hpp"

#include <iostream>

#include "lab.hpp"
#include "skidpad/version.hpp"

namespace skidpad::app {

namespace {
void print_usage(std::ostream& os) {
    os << "usage: skidpad [--preset FILE] [--set key=value]...            play in a window\n"
          "       skidpad --headless --seconds S [--input FILE] [--telemetry OUT.csv]\n"
          "       skidpad --screenshot OUT.png --seconds S [--input FILE] [--size WxH]\n"
          "       skidpad lab EXPERIMENT [OPTIONS]    (skidpad lab list)\n"
          "       skidpad params [--markdown]\n"
          "       skidpad --help | --version\n";
}
}  // namespace

int app_main(const std::vector<std::string>& args) {
    if (!args.empty() && args[0] == "lab") {
        return lab::run_lab({args.begin() + 1, args.end()}, std::cout, std::cerr);
    }
    if (!args.empty() && args[0] == "params") {
        return lab::run_params({args.begin() + 1, args.end()}, std::cout, std::cerr);
    }
    for (const std::string& a : args) {
        if (a == "--help" || a == "-h") {
            print_usage(std::cout);
            return 0;
        }
        if (a == "--version") {
            std::cout << "skidpad " << SKIDPAD_VERSION << "\n";
            return 0;
        }
    }
    std::cerr << "skidpad: the windowed game is not built yet\n";
    return 1;
}

}  // namespace skidpad::app
