// Sets (or, with a null value, unsets) an environment variable for one scope and puts back
// what it was: tests of the XDG folders and of what reads them.
#pragma once

#include <cstdlib>
#include <string>

namespace skidpad::test {

struct ScopedEnv {
    std::string name;
    std::string saved;
    bool had = false;
    ScopedEnv(std::string n, const char* value) : name(std::move(n)) {
        if (const char* v = std::getenv(name.c_str())) saved = v, had = true;
        if (value) {
            ::setenv(name.c_str(), value, 1);
        } else {
            ::unsetenv(name.c_str());
        }
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;
    ~ScopedEnv() {
        if (had) {
            ::setenv(name.c_str(), saved.c_str(), 1);
        } else {
            ::unsetenv(name.c_str());
        }
    }
};

}  // namespace skidpad::test
