// Counts heap work through a replaced global operator new/delete and file reads through
// /proc/self/io's rchar: deterministic bounds for tests that would otherwise time code.
#include "support/work_count.hpp"

#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

#include <catch2/catch.hpp>

namespace {

std::atomic<std::uint64_t> g_allocations{0};
std::atomic<std::uint64_t> g_bytes{0};
std::atomic<std::uint64_t> g_live{0};
std::atomic<std::uint64_t> g_peak{0};

void* counted(void* p, std::size_t size) {
    if (p == nullptr) return nullptr;
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    g_bytes.fetch_add(size, std::memory_order_relaxed);
    const std::uint64_t live =
        g_live.fetch_add(malloc_usable_size(p), std::memory_order_relaxed) + malloc_usable_size(p);
    std::uint64_t peak = g_peak.load(std::memory_order_relaxed);
    while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
    }
    return p;
}

void* allocate(std::size_t size) {
    return counted(std::malloc(size == 0 ? 1 : size), size);
}

void* allocate_aligned(std::size_t size, std::align_val_t align) {
    const auto a = static_cast<std::size_t>(align);
    const std::size_t rounded = (size + a - 1) / a * a;
    return counted(std::aligned_alloc(a, rounded == 0 ? a : rounded), size);
}

void release(void* p) noexcept {
    if (p == nullptr) return;
    g_live.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
    std::free(p);
}

/// rchar of /proc/self/io, and how many bytes reading it took (-1: not available).
long long read_chars(long long& cost) {
    char buf[512];
    const int fd = ::open("/proc/self/io", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) return -1;
    buf[n] = '\0';
    cost = n;
    const char* at = std::strstr(buf, "rchar: ");
    return at ? std::atoll(at + 7) : -1;
}

}  // namespace

void* operator new(std::size_t size) {
    if (void* p = allocate(size)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
    return operator new(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    return allocate(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    return allocate(size);
}
void* operator new(std::size_t size, std::align_val_t a) {
    if (void* p = allocate_aligned(size, a)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t a) {
    return operator new(size, a);
}
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate_aligned(size, a);
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate_aligned(size, a);
}
void operator delete(void* p) noexcept {
    release(p);
}
void operator delete[](void* p) noexcept {
    release(p);
}
void operator delete(void* p, std::size_t) noexcept {
    release(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    release(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
    release(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
    release(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
    release(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
    release(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
    release(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
    release(p);
}

namespace skidpad::test {

Work count_work(const std::function<void()>& f) {
    long long cost = 0, unused = 0;
    const long long read0 = read_chars(cost);
    REQUIRE(read0 >= 0);  // /proc/self/io: the kernel's count of bytes this process read
    const std::uint64_t allocations0 = g_allocations.load();
    const std::uint64_t bytes0 = g_bytes.load();
    const std::uint64_t live0 = g_live.load();
    g_peak.store(live0);
    f();
    Work w;
    w.allocations = g_allocations.load() - allocations0;
    w.bytes_allocated = g_bytes.load() - bytes0;
    const std::uint64_t peak = g_peak.load();
    w.peak_heap = peak > live0 ? peak - live0 : 0;
    const long long read1 = read_chars(unused);
    REQUIRE(read1 >= read0 + cost);
    w.bytes_read = static_cast<std::uint64_t>(read1 - read0 - cost);
    return w;
}

}  // namespace skidpad::test
