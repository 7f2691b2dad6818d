// Little-endian byte writing and bounds-checked reading for the replay format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace skidpad::detail {

/// Seats records (each a join screen's choices) a replay holds, and the car tunables they
/// hold in all: a file at the other limits and these still parses within 256 MB.
inline constexpr std::size_t kReplayMaxSeatRecords = 1000;
inline constexpr std::size_t kReplayMaxSeatTunables = 100'000;

class ByteWriter {
public:
    std::string bytes;
    void u8(std::uint8_t v) { bytes.push_back(static_cast<char>(v)); }
    void u16(std::uint16_t v) {
        for (int i = 0; i < 2; ++i)
            u8(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            u8(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i)
            u8(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void varint(std::uint64_t v) {
        while (v >= 0x80) {
            u8(static_cast<std::uint8_t>(v | 0x80));
            v >>= 7;
        }
        u8(static_cast<std::uint8_t>(v));
    }
    void f64(double v) {
        std::uint64_t b = 0;
        std::memcpy(&b, &v, 8);
        u64(b);
    }
    void f32(float v) {
        std::uint32_t b = 0;
        std::memcpy(&b, &v, 4);
        for (int i = 0; i < 4; ++i)
            u8(static_cast<std::uint8_t>(b >> (8 * i)));
    }
    void str(std::string_view s) {
        varint(s.size());
        bytes.append(s);
    }
};

/// Reads from a byte range; the first failure is kept (what, and the byte offset where
/// the item started) and every later read returns zeros.
class ByteReader {
public:
    explicit ByteReader(std::string_view b) : b_(b) {}
    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    std::size_t offset() const { return pos_; }
    std::size_t left() const { return b_.size() - pos_; }
    /// Records the first error: "`what` at byte `at`".
    void fail(const std::string& what, std::size_t at) {
        if (error_.empty()) error_ = what + " at byte " + std::to_string(at);
    }
    bool need(std::size_t n, const char* what) {
        if (!ok()) return false;
        if (left() < n) {
            fail(std::string("file ends inside ") + what, pos_);
            return false;
        }
        return true;
    }
    std::uint8_t u8(const char* what) {
        if (!need(1, what)) return 0;
        return static_cast<std::uint8_t>(b_[pos_++]);
    }
    std::uint16_t u16(const char* what) {
        if (!need(2, what)) return 0;
        std::uint16_t v = 0;
        for (int i = 0; i < 2; ++i)
            v = static_cast<std::uint16_t>(v | (static_cast<std::uint8_t>(b_[pos_++]) << (8 * i)));
        return v;
    }
    std::uint64_t u64(const char* what) {
        if (!need(8, what)) return 0;
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(b_[pos_++])) << (8 * i);
        return v;
    }
    std::uint32_t u32(const char* what) {
        if (!need(4, what)) return 0;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i)
            v |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(b_[pos_++])) << (8 * i);
        return v;
    }
    /// At most 10 bytes; a value above `max` fails naming `what`.
    std::uint64_t varint(const char* what, std::uint64_t max) {
        const std::size_t at = pos_;
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint8_t c = u8(what);
            if (!ok()) return 0;
            v |= static_cast<std::uint64_t>(c & 0x7f) << shift;
            if (!(c & 0x80)) {
                if (v > max) {
                    fail(std::string(what) + " " + std::to_string(v) + " above the limit " +
                             std::to_string(max),
                         at);
                    return 0;
                }
                return v;
            }
        }
        fail(std::string("over-long number for ") + what, at);
        return 0;
    }
    double f64(const char* what) {
        const std::uint64_t b = u64(what);
        double v = 0.0;
        std::memcpy(&v, &b, 8);
        return v;
    }
    float f32(const char* what) {
        const std::uint32_t b = u32(what);
        float v = 0.0f;
        std::memcpy(&v, &b, 4);
        return v;
    }
    std::string str(const char* what, std::size_t max) {
        const std::size_t n = static_cast<std::size_t>(varint(what, max));
        if (!need(n, what)) return {};
        std::string s(b_.substr(pos_, n));
        pos_ += n;
        return s;
    }

private:
    std::string_view b_;
    std::size_t pos_ = 0;
    std::string error_;
};

}  // namespace skidpad::detail
