// The parser entry points the fuzzers drive, shared by the libFuzzer executables
// (libfuzzer_main.cpp, built with -DSKIDPAD_FUZZ=ON) and the plain corpus replay test
// (tests/core/test_fuzz_corpus.cpp) so the seed corpus runs in every build of the suite.
//
// Each entry feeds arbitrary bytes to one parser and checks what must hold whatever the
// bytes are: a refusal leaves the caller's data untouched and names the problem in one
// short message; an accepted file holds only values within the format's limits and
// survives a round trip or a first use. A broken property comes back as text.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace skidpad::fuzz {

struct Outcome {
    bool accepted = false;  ///< the parser took the input
    std::string violation;  ///< "" when every property held
};

struct Target {
    const char* name;  ///< also the seed corpus directory: tests/fuzz/NAME/
    Outcome (*run)(std::string_view data);
};

/// preset, level, track, input_script, set, replay, bindings.
std::span<const Target> targets();
/// nullptr when there is no target of that name.
const Target* find_target(std::string_view name);

/// The longest error or warning line an entry accepts: a few quotes of at most
/// 80 characters plus the fixed text around them.
inline constexpr std::size_t kMaxMessageBytes = 1024;

}  // namespace skidpad::fuzz
