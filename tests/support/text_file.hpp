// A test's input file written and a written file read back, byte for byte (a file that
// cannot be opened reads as empty).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace skidpad::test {

inline void write_file(const std::filesystem::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace skidpad::test
