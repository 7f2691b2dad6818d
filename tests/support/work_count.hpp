// Deterministic measures of the work a piece of code does: heap allocations, bytes
// allocated, the most heap it held at once, and bytes it read from files.
#pragma once

#include <cstdint>
#include <functional>

namespace skidpad::test {

struct Work {
    std::uint64_t allocations = 0;      ///< calls of operator new
    std::uint64_t bytes_allocated = 0;  ///< bytes those calls asked for, in all
    std::uint64_t peak_heap = 0;        ///< most bytes held at once above those held before
    std::uint64_t bytes_read = 0;       ///< bytes read by read(2) and friends (/proc/self/io)
};

/// Runs f() and counts its work. Counts every thread's allocations: call it while only
/// this thread allocates.
Work count_work(const std::function<void()>& f);

}  // namespace skidpad::test
