// Text helpers shared by the core, the lab and the app (util_text.hpp).
#include "util_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>
#include <vector>

namespace skidpad::util {

std::string printable(std::string text) {
    for (char& c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = '?';
    }
    return text;
}

std::string plain_number(double value, int decimals) {
    if (!std::isfinite(value)) return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    decimals = std::clamp(decimals, 0, 400);
    // 309 digits before the point at most, the sign, the point and the decimals.
    std::vector<char> buf(static_cast<std::size_t>(decimals) + 320);
    const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), value,
                                 std::chars_format::fixed, decimals);
    std::string s(buf.data(), r.ptr);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

std::string general_number(double value, int precision) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general,
                                 std::clamp(precision, 1, 40));
    return std::string(buf, r.ptr);
}

namespace {
/// For a decimal number that from_chars found out of range: whether it is too large
/// (rather than too small), from the place of its first non-zero digit and its exponent.
bool too_large(std::string_view s) {
    long long first = 0;  // the power of ten of the first non-zero digit
    bool found = false;
    long long point = -1;  // digits before the point
    std::size_t i = 0;
    long long digits = 0;
    for (; i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'); ++i) {
        if (s[i] == '.') {
            point = digits;
            continue;
        }
        if (!found && s[i] != '0') found = true, first = digits;
        ++digits;
    }
    if (point < 0) point = digits;
    long long exp = 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        const bool neg = i < s.size() && s[i] == '-';
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i)
            exp = std::min(exp * 10 + (s[i] - '0'), 1000000000LL);
        if (neg) exp = -exp;
    }
    return found && point - first - 1 + exp > 0;
}
}  // namespace

NumberRead read_number(std::string_view text, double& out) {
    std::string_view s = text;
    while (!s.empty() && (s.front() == ' ' || (s.front() >= '\t' && s.front() <= '\r')))
        s.remove_prefix(1);
    bool minus = false;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        minus = s.front() == '-';
        s.remove_prefix(1);
        if (!s.empty() && (s.front() == '+' || s.front() == '-')) return NumberRead::NotNumber;
    }
    if (s.empty()) return NumberRead::NotNumber;
    double v = 0.0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::general);
    if (r.ptr != s.data() + s.size()) return NumberRead::NotNumber;
    if (r.ec == std::errc::result_out_of_range) {
        v = too_large(s) ? HUGE_VAL : 0.0;
        out = minus ? -v : v;
        return NumberRead::OutOfRange;
    }
    if (r.ec != std::errc()) return NumberRead::NotNumber;
    out = minus ? -v : v;
    return NumberRead::Ok;
}

bool parse_number(const std::string& text, double& out) {
    double v = 0.0;
    // Too small reads as 0, as strtod gave; too large is not finite.
    if (read_number(text, v) == NumberRead::NotNumber || !std::isfinite(v)) return false;
    out = v;
    return true;
}

Line& Line::kv(const std::string& key, double value, int decimals) {
    return kv(key, plain_number(value, decimals));
}
Line& Line::kv(const std::string& key, long long value) {
    return kv(key, std::to_string(value));
}
Line& Line::kv(const std::string& key, const std::string& value) {
    if (!text_.empty()) text_ += ' ';
    text_ += key + '=' + value;
    return *this;
}

}  // namespace skidpad::util
