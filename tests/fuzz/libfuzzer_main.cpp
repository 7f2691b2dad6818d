// libFuzzer's entry point for one parser (SKIDPAD_FUZZ_TARGET names it; see
// tests/fuzz/CMakeLists.txt). A broken property aborts, so libFuzzer keeps the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const skidpad::fuzz::Target* target = skidpad::fuzz::find_target(SKIDPAD_FUZZ_TARGET);
    if (!target) {
        std::fprintf(stderr, "no fuzz target named %s\n", SKIDPAD_FUZZ_TARGET);
        std::abort();
    }
    const skidpad::fuzz::Outcome o =
        target->run(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!o.violation.empty()) {
        std::fprintf(stderr, "fuzz %s: %s\n", target->name, o.violation.c_str());
        std::abort();
    }
    return 0;
}
