// SIGINT and SIGTERM end a --headless run cleanly: what ran is written (telemetry, a
// replay that plays to its hash), no temporary file stays, the exit status is 128 + the
// signal as a shell expects.
#include <catch2/catch.hpp>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/run_skidpad.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace {

/// Files in `dir` whose name holds ".tmp" (the atomic writer's temporary files).
int temp_files_in(const fs::path& dir) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir))
        n += e.path().filename().string().find(".tmp") != std::string::npos ? 1 : 0;
    return n;
}

int csv_rows(const fs::path& path) {
    std::ifstream in(path);
    int n = 0;
    for (std::string line; std::getline(in, line);)
        ++n;
    return n - 1;  // the header
}

/// Starts a --headless run long enough to be interrupted, waits (bounded) until its
/// telemetry is being written, sends `signal`, and returns the exit status.
int interrupted_run(const fs::path& dir, int signal) {
    const std::string csv = (dir / "run.csv").string(), rec = (dir / "run.replay").string();
    std::vector<std::string> args = {SKIDPAD_EXE,   "--headless", "--seconds", "86400",
                                     "--telemetry", csv,          "--record",  rec};
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, SKIDPAD_EXE, nullptr, nullptr, argv.data(), environ) != 0) return -1;
    // The temporary telemetry file appears once the run has opened its outputs (after the
    // handlers are in place); then rows accumulate. At most 30 s of polling.
    for (int i = 0; i < 3000 && temp_files_in(dir) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    kill(pid, signal);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

}  // namespace

TEST_CASE("SIGINT or SIGTERM end --headless with its files written and exit 128 + signal",
          "[cli]") {
    for (const int sig : {SIGINT, SIGTERM}) {
        INFO("signal " << sig);
        const fs::path dir = skidpad::test::temp_path("stop_" + std::to_string(sig));
        fs::remove_all(dir);
        fs::create_directories(dir);
        CHECK(interrupted_run(dir, sig) == 128 + sig);
        CHECK(temp_files_in(dir) == 0);
        // The telemetry holds what ran; the replay plays back to the hash it was saved with.
        CHECK(csv_rows(dir / "run.csv") > 10);
        const skidpad::test::Run back = skidpad::test::run_skidpad(
            "--replay '" + (dir / "run.replay").string() + "' --headless");
        INFO(back.output);
        CHECK(back.code == 0);
        CHECK(back.output.find("hash_match=true") != std::string::npos);
        fs::remove_all(dir);
    }
}
