// FNV-1a over the raw bytes of plain values: the determinism hashes of the world
// (World::state_hash, SoftWorld::state_hash). Bytes, not values, so -0.0 and 0.0 or two
// NaN payloads count as different states, as they would diverge later.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

namespace skidpad {

struct StateHash {
    static constexpr std::uint64_t kOffset = 1469598103934665603ull;
    std::uint64_t h = kOffset;

    template <typename T>
    void add(const T& v) {
        static_assert(std::is_trivially_copyable_v<T>, "hash plain values only");
        unsigned char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        for (unsigned char c : b)
            h = (h ^ c) * 1099511628211ull;
    }
    template <typename T>
    void add_all(std::span<const T> values) {
        for (const T& v : values)
            add(v);
    }
};

}  // namespace skidpad
