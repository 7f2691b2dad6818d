// make_man: writes the man page skidpad(6) from the app's option table (run by the build).
#include <fstream>
#include <iostream>

#include "build_info.hpp"
#include "command_line.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: skidpad_make_man OUT.6\n";
        return 2;
    }
    std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
    if (!out) {
        std::cerr << "skidpad_make_man: cannot write '" << argv[1] << "'\n";
        return 1;
    }
    skidpad::app::print_man_page(out, SKIDPAD_VERSION);
    out.flush();
    if (!out) {
        std::cerr << "skidpad_make_man: writing '" << argv[1] << "' failed\n";
        return 1;
    }
    return 0;
}
