// Private: a small persistent worker pool and a fork-join split of [0, n) over
// up to soft.threads threads (at most the machine's cores). Work items must be
// independent (each writes only its own data), so the result is bit-identical for
// any thread count; only the wall time changes.
//
// Why a pool: a soft step forks a dozen times; starting std::threads each time
// costs tens of microseconds per fork, a large part of a small step.
//
// Giving way: a fork's chunks are claimed from a shared counter by whichever
// thread comes first, the forking thread included, so a pool thread that is
// asleep or preempted (the machine's cores busy with other work) never holds
// the fork up: the forking thread does the chunks nobody took. Pool threads
// spin briefly after a fork (the next one usually follows within microseconds)
// and then sleep on an atomic wait; a thread that sleeps often keeps the
// scheduler's favour, and an idle world costs no CPU.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include "skidpad/soft/soft_def.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace skidpad {

/// The most workers a fork may use (soft.threads' maximum; the pool also stops at the
/// machine's cores). The claim word holds 16 bits of chunk count.
inline constexpr int kMaxWorkers = kMaxSoftThreads;
static_assert(kMaxWorkers < (1 << 16), "WorkerPool::pack keeps 16 bits of chunks");
inline constexpr std::size_t kMinParallelItems = 4096;  ///< below this one thread is faster

class WorkerPool {
public:
    WorkerPool() {
        const unsigned hw = std::thread::hardware_concurrency();
        cores_ = hw == 0 ? 1 : static_cast<int>(hw);
    }
    /// Threads beyond the core count only fight each other.
    int cores() const { return cores_; }
    /// Lets forks use up to n workers whatever the machine has (tests: the chunkings
    /// of a 16-core machine on any machine).
    void allow_cores(int n) { cores_ = n < 1 ? 1 : n; }
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;
    ~WorkerPool() {
        stop_.store(true, std::memory_order_relaxed);
        gen_.fetch_add(1, std::memory_order_release);
        gen_.notify_all();
        for (std::thread& t : threads_)
            t.join();
    }

    /// Calls fn(k) once for each k in [0, chunks), on the calling thread and the
    /// pool's `chunks − 1` threads, whichever claims k first; returns when all
    /// are done. Not reentrant: one thread forks.
    template <typename F>
    void run(int chunks, F& fn) {
        if (chunks <= 1) {
            fn(0);
            return;
        }
        while (static_cast<int>(threads_.size()) < chunks - 1) {
            const std::uint32_t now = gen_.load(std::memory_order_relaxed);
            threads_.emplace_back([this, now] { loop(now); });
        }
        job_ = &fn;
        call_ = [](void* f, int k) { (*static_cast<F*>(f))(k); };
        done_.store(0, std::memory_order_relaxed);
        const std::uint32_t g = gen_.load(std::memory_order_relaxed) + 1;
        claim_.store(pack(g, chunks, 0), std::memory_order_release);
        gen_.store(g, std::memory_order_release);
        gen_.notify_all();
        work(g);
        for (int spin = 0;; ++spin) {
            const int finished = done_.load(std::memory_order_acquire);
            if (finished == chunks) break;
            if (spin < kWaitSpins) {
                pause();
            } else {
                done_.wait(finished, std::memory_order_acquire);
            }
        }
    }

private:
    /// Pauses a pool thread spins for the next fork (tens of microseconds: the
    /// forks of a step mostly follow each other closely), then it yields its
    /// core kIdleYields times (on an idle core a yield returns at once, so the
    /// thread stays ready through the serial stretches of a step; on a busy one
    /// the other work runs), then it sleeps. A late wake only costs
    /// parallelism, not a stall: the forking thread does the chunks itself.
    static constexpr int kIdleSpins = 2000;
    static constexpr int kIdleYields = 2000;
    /// Pauses the forking thread spins for the chunks others hold before it sleeps.
    static constexpr int kWaitSpins = 4000;

    static void pause() {
#if defined(__SSE2__)
        _mm_pause();
#else
        std::this_thread::yield();
#endif
    }

    // The claim word: fork generation (32 bits), chunk count (16), next chunk (16).
    static std::uint64_t pack(std::uint32_t gen, int chunks, int next) {
        return (std::uint64_t{gen} << 32) | (static_cast<std::uint64_t>(chunks) << 16) |
               static_cast<std::uint64_t>(next);
    }

    // Runs the chunks of fork `g` this thread can claim (none once the fork has
    // moved on or every chunk is taken).
    void work(std::uint32_t g) {
        std::uint64_t c = claim_.load(std::memory_order_acquire);
        for (;;) {
            const int chunks = static_cast<int>((c >> 16) & 0xffffu);
            const int next = static_cast<int>(c & 0xffffu);
            if (static_cast<std::uint32_t>(c >> 32) != g || next >= chunks) return;
            if (!claim_.compare_exchange_weak(c, c + 1, std::memory_order_acq_rel,
                                              std::memory_order_acquire)) {
                continue;
            }
            call_(job_, next);
            if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == chunks) done_.notify_one();
            c = claim_.load(std::memory_order_acquire);
        }
    }

    // `seen` starts at the generation current when the thread was made, so a new
    // thread waits for the next fork.
    void loop(std::uint32_t seen) {
        for (;;) {
            std::uint32_t g = gen_.load(std::memory_order_acquire);
            for (int spin = 0; g == seen; ++spin) {
                if (spin < kIdleSpins) {
                    pause();
                } else if (spin < kIdleSpins + kIdleYields) {
                    std::this_thread::yield();
                } else {
                    gen_.wait(seen, std::memory_order_acquire);
                }
                g = gen_.load(std::memory_order_acquire);
            }
            seen = g;
            if (stop_.load(std::memory_order_relaxed)) return;
            work(g);
        }
    }

    std::vector<std::thread> threads_;
    std::atomic<std::uint32_t> gen_{0};    ///< bumped per fork; pool threads wait on it
    std::atomic<std::uint64_t> claim_{0};  ///< see pack()
    std::atomic<int> done_{0};             ///< chunks finished in the current fork
    std::atomic<bool> stop_{false};
    void* job_ = nullptr;
    void (*call_)(void*, int) = nullptr;
    int cores_ = 1;
};

/// Worker count for n items with the `threads` setting.
inline int worker_count(int threads, std::size_t n, std::size_t min_items = kMinParallelItems) {
    int t = threads < 1 ? 1 : (threads > kMaxWorkers ? kMaxWorkers : threads);
    if (n < min_items) t = 1;
    return t;
}

/// The workers a fork with the `threads` setting runs on this machine: what the
/// per-worker slots of a fork's scratch must hold.
inline int worker_slots(WorkerPool& pool, int threads) {
    int t = threads < 1 ? 1 : (threads > kMaxWorkers ? kMaxWorkers : threads);
    return t > pool.cores() ? pool.cores() : t;
}

/// Splits items 0..n (weights w[k] ≥ 0) into `parts` contiguous ranges of about
/// equal weight: part k is [bounds[k], bounds[k+1]). Which part an item lands in
/// is a matter of speed only: work split this way must not depend on it.
inline void balance_ranges(const std::size_t* w, std::size_t n, int parts,
                           std::vector<std::size_t>& bounds) {
    bounds.assign(static_cast<std::size_t>(parts) + 1, n);
    bounds[0] = 0;
    std::size_t total = 0;
    for (std::size_t k = 0; k < n; ++k)
        total += w[k] + 1;  // + 1: empty items still cost a visit
    std::size_t acc = 0, k = 0;
    for (int p = 1; p < parts; ++p) {
        const std::size_t goal =
            total / static_cast<std::size_t>(parts) * static_cast<std::size_t>(p);
        while (k < n && acc + w[k] + 1 <= goal) {
            acc += w[k] + 1;
            ++k;
        }
        bounds[static_cast<std::size_t>(p)] = k;
    }
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
