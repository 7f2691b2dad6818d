// Text helpers shared by the core, the lab and the app (util_text.hpp).
#include "util_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

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
    char buf[128];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

bool parse_number(const std::string& text, double& out) {
    if (text.empty()) return false;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v)) return false;
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
