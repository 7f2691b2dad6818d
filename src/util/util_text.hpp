// Text helpers shared by the core, the lab and the app: terminal-safe echoes, plain
// decimal numbers, whole-text number parsing and the lab's key=value lines.
#pragma once

#include <string>

namespace skidpad::util {

/// `text` with control characters (below 0x20 and DEL) shown as '?': file names and keys
/// from the command line or a file are echoed to a terminal.
std::string printable(std::string text);

/// A number as plain decimal with up to `decimals` places, trailing zeros trimmed, no
/// exponent; "-0" prints as "0" and non-finite values as nan, inf or -inf.
std::string plain_number(double value, int decimals = 6);

/// The whole of `text` as a finite number: false (and `out` unchanged) when it is empty,
/// has anything after the number, or is not finite.
bool parse_number(const std::string& text, double& out);

/// A key=value output line. Numbers print in plain decimal (no exponent).
class Line {
public:
    Line& kv(const std::string& key, double value, int decimals = 6);
    Line& kv(const std::string& key, long long value);
    Line& kv(const std::string& key, int value) { return kv(key, static_cast<long long>(value)); }
    Line& kv(const std::string& key, const std::string& value);
    Line& kv(const std::string& key, const char* value) { return kv(key, std::string(value)); }
    std::string str() const { return text_; }

private:
    std::string text_;
};

}  // namespace skidpad::util
