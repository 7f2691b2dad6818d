// Private: a small persistent worker pool and a fork-join split of [0, n) over
// up to kMaxWorkers threads. Work items must be independent (each writes only
// its own data), so the result is bit-identical for any thread count; only the
// wall time changes.
//
// Why a pool: a soft step forks a dozen times; starting std::threads each time
// cost ~30-60 µs per fork, most of a 10,000-crate step's budget. Pool threads
// spin a while after a job (the next fork usually comes within a millisecond;
// waking a sleeping thread cost 0.5-2 ms on this VM),
// then sleep on an atomic wait, so an idle world costs no CPU.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace skidpad {

inline constexpr int kMaxWorkers = 4;
inline constexpr std::size_t kMinParallelItems = 4096;  ///< below this one thread is faster

class WorkerPool {
public:
    WorkerPool() {
        const unsigned hw = std::thread::hardware_concurrency();
        cores_ = hw == 0 ? 1 : static_cast<int>(hw);
    }
    /// Spinning threads beyond the core count only fight each other.
    int cores() const { return cores_; }
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;
    ~WorkerPool() {
        stop_.store(true, std::memory_order_relaxed);
        gen_.fetch_add(1, std::memory_order_release);
        gen_.notify_all();
        for (std::thread& t : threads_)
            t.join();
    }

    /// Calls fn(k) for k in [0, workers): k = 0 on the calling thread, the others
    /// on pool threads; returns when all are done.
    template <typename F>
    void run(int workers, F& fn) {
        if (workers <= 1) {
            fn(0);
            return;
        }
        while (static_cast<int>(threads_.size()) < workers - 1) {
            const int k = static_cast<int>(threads_.size()) + 1;
            const std::uint64_t now = gen_.load(std::memory_order_relaxed);
            threads_.emplace_back([this, k, now] { loop(k, now); });
        }
        job_ = &fn;
        call_ = [](void* f, int k) { (*static_cast<F*>(f))(k); };
        workers_ = workers;
        remaining_.store(static_cast<int>(threads_.size()), std::memory_order_relaxed);
        gen_.fetch_add(1, std::memory_order_release);
        gen_.notify_all();
        fn(0);
        for (int spin = 0;; ++spin) {
            const int left = remaining_.load(std::memory_order_acquire);
            if (left == 0) break;
            if (spin < kSpins) {
                pause();
            } else {
                remaining_.wait(left, std::memory_order_acquire);
            }
        }
    }

private:
    /// Pauses before sleeping: ~2 ms on Zen 5 (20 ns each), ~4 ms on Zen 3 (43 ns).
    /// Spinning must outlast the longest serial stretch of a step (the broad
    /// phase's counting sort, ~1 ms at 100,000 bodies), or the workers fall asleep
    /// mid-step and each wake costs 0.5-2 ms on this VM.
    static constexpr int kSpins = 100000;

    static void pause() {
#if defined(__SSE2__)
        _mm_pause();
#else
        std::this_thread::yield();
#endif
    }

    // `seen` starts at the generation current when the thread was made, so a new
    // thread never runs the previous fork's job.
    void loop(int k, std::uint64_t seen) {
        for (;;) {
            std::uint64_t g = gen_.load(std::memory_order_acquire);
            for (int spin = 0; g == seen; ++spin) {
                if (spin < kSpins) {
                    pause();
                } else {
                    gen_.wait(seen, std::memory_order_acquire);
                }
                g = gen_.load(std::memory_order_acquire);
            }
            seen = g;
            if (stop_.load(std::memory_order_relaxed)) return;
            if (k < workers_) call_(job_, k);
            if (remaining_.fetch_sub(1, std::memory_order_acq_rel) == 1) remaining_.notify_one();
        }
    }

    std::vector<std::thread> threads_;
    std::atomic<std::uint64_t> gen_{0};
    std::atomic<int> remaining_{0};
    std::atomic<bool> stop_{false};
    void* job_ = nullptr;
    void (*call_)(void*, int) = nullptr;
    int workers_ = 1;
    int cores_ = 1;
};

/// Worker count for n items with the `threads` setting.
inline int worker_count(int threads, std::size_t n, std::size_t min_items = kMinParallelItems) {
    int t = threads < 1 ? 1 : (threads > kMaxWorkers ? kMaxWorkers : threads);
    if (n < min_items) t = 1;
    return t;
}

/// The chunk length parallel_split(pool, workers, n, …) uses: chunk k covers
/// [k·chunk, min((k+1)·chunk, n)).
inline std::size_t split_chunk(WorkerPool& pool, int workers, std::size_t n) {
    int t = workers < 1 ? 1 : (workers > kMaxWorkers ? kMaxWorkers : workers);
    t = t > pool.cores() ? pool.cores() : t;
    if (t == 1 || n <= 1) return n;
    return (n + static_cast<std::size_t>(t) - 1) / static_cast<std::size_t>(t);
}

/// fn(worker, begin, end) over `workers` contiguous chunks of [0, n) (every
/// item in exactly one chunk; empty chunks are skipped; `worker` is the
/// chunk's number, see split_chunk).
template <typename F>
void parallel_split(WorkerPool& pool, int workers, std::size_t n, F&& fn) {
    const std::size_t chunk = split_chunk(pool, workers, n);
    if (chunk >= n) {
        if (n > 0) fn(0, std::size_t{0}, n);
        return;
    }
    const int t = static_cast<int>((n + chunk - 1) / chunk);
    auto job = [&fn, chunk, n](int k) {
        const std::size_t b = chunk * static_cast<std::size_t>(k);
        const std::size_t e = b + chunk < n ? b + chunk : n;
        if (b < e) fn(k, b, e);
    };
    pool.run(t, job);
}

/// fn(worker, begin, end) over [0, n), on one thread when n is small.
template <typename F>
void parallel_for_indexed(WorkerPool& pool, int threads, std::size_t n, F&& fn) {
    parallel_split(pool, worker_count(threads, n), n, fn);
}

template <typename F>
void parallel_for(WorkerPool& pool, int threads, std::size_t n, F&& fn) {
    parallel_for_indexed(pool, threads, n, [&fn](int, std::size_t b, std::size_t e) { fn(b, e); });
}

}  // namespace skidpad
