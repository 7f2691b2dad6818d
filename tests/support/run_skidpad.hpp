// Runs the built `skidpad` executable (SKIDPAD_EXE) as a player's shell would and
// captures its exit status and output, for the command-line tests.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace skidpad::test {

struct Run {
    int code = -1;
    std::string output;  ///< stdout and stderr together
};

/// Runs `env exe args` through the shell (args are pasted as they are).
inline Run run_exe(const std::string& exe, const std::string& args, const std::string& env = "") {
    const std::string cmd = env + (env.empty() ? "" : " ") + "'" + exe + "' " + args + " 2>&1";
    Run r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0)
        r.output.append(buf, n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

/// Runs `env skidpad args` (the built executable) through the shell.
inline Run run_skidpad(const std::string& args, const std::string& env = "") {
    return run_exe(SKIDPAD_EXE, args, env);
}

/// `s` split at white space (a command line as a test writes it, without quotes).
inline std::vector<std::string> split_words(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

/// A path in the temp directory, prefixed so test files are recognisable.
inline std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("skidpad_test_" + name)).string();
}

}  // namespace skidpad::test
