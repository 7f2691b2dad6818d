// Lock-free hand-over between the game thread (one writer) and the audio callback (one
// reader): a triple buffer for the latest frame, a bounded ring for one-shot triggers.
// Neither side ever blocks or allocates.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>

namespace skidpad::audio {

/// The writer fills back(), publish()es it; the reader takes the newest with acquire().
template <typename T>
class TripleBuffer {
public:
    T& back() { return buf_[back_]; }
    void publish() { back_ = middle_.exchange(back_ | kFresh, std::memory_order_acq_rel) & 3; }
    /// The newest published value (the previous one when nothing new was published).
    const T& acquire() {
        if (middle_.load(std::memory_order_acquire) & kFresh)
            front_ = middle_.exchange(front_, std::memory_order_acq_rel) & 3;
        return buf_[front_];
    }

private:
    static constexpr int kFresh = 4;
    std::array<T, 3> buf_{};
    std::atomic<int> middle_{1};
    int front_ = 0;  ///< reader's
    int back_ = 2;   ///< writer's
};

/// Single-producer single-consumer ring of N − 1 items; a push to a full ring is dropped.
template <typename T, std::size_t N>
class SpscRing {
public:
    bool push(const T& v) {
        const std::size_t h = head_.load(std::memory_order_relaxed);
        const std::size_t next = (h + 1) % N;
        if (next == tail_.load(std::memory_order_acquire)) return false;
        items_[h] = v;
        head_.store(next, std::memory_order_release);
        return true;
    }
    bool pop(T& v) {
        const std::size_t t = tail_.load(std::memory_order_relaxed);
        if (t == head_.load(std::memory_order_acquire)) return false;
        v = items_[t];
        tail_.store((t + 1) % N, std::memory_order_release);
        return true;
    }

private:
    std::array<T, N> items_{};
    std::atomic<std::size_t> head_{0};
    std::atomic<std::size_t> tail_{0};
};

}  // namespace skidpad::audio
