// Text helpers shared by the core, the lab and the app: terminal-safe echoes, plain
// decimal numbers, whole-text number parsing and the lab's key=value lines.
#pragma once

#include <string>
#include <string_view>

namespace skidpad::util {

/// `text` with control characters (below 0x20 and DEL) shown as '?': file names and keys
/// from the command line or a file are echoed to a terminal.
std::string printable(std::string text);

// Numbers are read and written with std::from_chars / std::to_chars: '.' is the decimal
// point whatever the locale (setlocale changes none of them).

/// A number as plain decimal with up to `decimals` places, trailing zeros trimmed, no
/// exponent; "-0" prints as "0" and non-finite values as nan, inf or -inf.
std::string plain_number(double value, int decimals = 6);

/// `value` as printf's "%.*g" would print it in the C locale ("1200", "0.35", "1e+30").
std::string general_number(double value, int precision);

enum class NumberRead {
    Ok,          ///< a number (inf and nan included)
    NotNumber,   ///< empty, not a number, or something after it
    OutOfRange,  ///< too large (`out` = ±inf) or too small (`out` = ±0) for a double
};
/// The whole of `text` as a double, as strtod reads it in the C locale: leading white
/// space, an optional sign, decimal digits with '.', an optional exponent; inf and nan.
/// Hexadecimal is not read. `out` is unchanged when NotNumber.
NumberRead read_number(std::string_view text, double& out);

/// The whole of `text` as a finite number: false (and `out` unchanged) when it is empty,
/// has anything after the number, or is not finite (too large for a double included; too
/// small reads as 0, as strtod gave).
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
