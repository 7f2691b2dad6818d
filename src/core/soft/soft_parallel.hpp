// Private: a fork-join split of [0, n) over up to kMaxWorkers std::threads. Work
// items must be independent (each writes only its own data), so the result is
// bit-identical for any thread count; only the wall time changes.
#pragma once

#include <cstddef>
#include <thread>

namespace skidpad {

inline constexpr int kMaxWorkers = 4;
inline constexpr std::size_t kMinParallelItems = 4096;  ///< below this one thread is faster

template <typename F>
void parallel_for_indexed(int threads, std::size_t n, F&& fn) {
    int t = threads < 1 ? 1 : (threads > kMaxWorkers ? kMaxWorkers : threads);
    if (n < kMinParallelItems) t = 1;
    if (t == 1) {
        fn(0, std::size_t{0}, n);
        return;
    }
    std::thread workers[kMaxWorkers];
    const std::size_t chunk = (n + static_cast<std::size_t>(t) - 1) / static_cast<std::size_t>(t);
    for (int k = 1; k < t; ++k) {
        const std::size_t b = chunk * static_cast<std::size_t>(k);
        const std::size_t e = b + chunk < n ? b + chunk : n;
        workers[k] = std::thread([&fn, k, b, e] { fn(k, b, e); });
    }
    fn(0, std::size_t{0}, chunk < n ? chunk : n);
    for (int k = 1; k < t; ++k)
        workers[k].join();
}

template <typename F>
void parallel_for(int threads, std::size_t n, F&& fn) {
    parallel_for_indexed(threads, n, [&fn](int, std::size_t b, std::size_t e) { fn(b, e); });
}

}  // namespace skidpad
