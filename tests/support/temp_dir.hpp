// A scratch directory for one test, removed with everything in it at the end.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

namespace skidpad::test {

struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& prefix = "skidpad_test_") {
        path = std::filesystem::temp_directory_path() /
               (prefix + std::to_string(::getpid()) + "_" +
                std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        std::filesystem::create_directories(path);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace skidpad::test
