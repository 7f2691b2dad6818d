// Key and pad bindings: names, defaults, conflicts and the bindings file.
#include "input_bindings.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "skidpad/math.hpp"
#include "skidpad/scene/json_keys.hpp"
#include "skidpad/scene/json_limits.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad {

namespace {

using json = nlohmann::json;

struct ActionInfo {
    const char* key;
    const char* label;
};
constexpr ActionInfo kActions[kActionCount] = {
    {"throttle", "Throttle"},
    {"brake", "Brake / reverse"},
    {"steer_left", "Steer left"},
    {"steer_right", "Steer right"},
    {"handbrake", "Handbrake"},
    {"shift_up", "Gear up"},
    {"shift_down", "Gear down"},
    {"toggle_manual", "Manual / automatic"},
    {"reset", "Reset car"},
    {"pause", "Pause"},
    {"camera", "Camera follow"},
    {"mute", "Sound on/off"},
    {"menu", "Menu"},
    {"zoom_in", "Zoom in"},
    {"zoom_out", "Zoom out"},
};

struct KeyInfo {
    int code;
    const char* name;
};
// USB HID usage codes (SDL's scancodes) and SDL's names for them.
constexpr KeyInfo kKeys[] = {
    {4, "A"},
    {5, "B"},
    {6, "C"},
    {7, "D"},
    {8, "E"},
    {9, "F"},
    {10, "G"},
    {11, "H"},
    {12, "I"},
    {13, "J"},
    {14, "K"},
    {15, "L"},
    {16, "M"},
    {17, "N"},
    {18, "O"},
    {19, "P"},
    {20, "Q"},
    {21, "R"},
    {22, "S"},
    {23, "T"},
    {24, "U"},
    {25, "V"},
    {26, "W"},
    {27, "X"},
    {28, "Y"},
    {29, "Z"},
    {30, "1"},
    {31, "2"},
    {32, "3"},
    {33, "4"},
    {34, "5"},
    {35, "6"},
    {36, "7"},
    {37, "8"},
    {38, "9"},
    {39, "0"},
    {40, "Return"},
    {41, "Escape"},
    {42, "Backspace"},
    {43, "Tab"},
    {44, "Space"},
    {45, "-"},
    {46, "="},
    {47, "["},
    {48, "]"},
    {49, "\\"},
    {51, ";"},
    {52, "'"},
    {53, "`"},
    {54, ","},
    {55, "."},
    {56, "/"},
    {57, "CapsLock"},
    {58, "F1"},
    {59, "F2"},
    {60, "F3"},
    {61, "F4"},
    {62, "F5"},
    {63, "F6"},
    {64, "F7"},
    {65, "F8"},
    {66, "F9"},
    {67, "F10"},
    {68, "F11"},
    {69, "F12"},
    {73, "Insert"},
    {74, "Home"},
    {75, "PageUp"},
    {76, "Delete"},
    {77, "End"},
    {78, "PageDown"},
    {79, "Right"},
    {80, "Left"},
    {81, "Down"},
    {82, "Up"},
    {84, "Keypad /"},
    {85, "Keypad *"},
    {86, "Keypad -"},
    {87, "Keypad +"},
    {88, "Keypad Enter"},
    {89, "Keypad 1"},
    {90, "Keypad 2"},
    {91, "Keypad 3"},
    {92, "Keypad 4"},
    {93, "Keypad 5"},
    {94, "Keypad 6"},
    {95, "Keypad 7"},
    {96, "Keypad 8"},
    {97, "Keypad 9"},
    {98, "Keypad 0"},
    {99, "Keypad ."},
    {224, "Left Ctrl"},
    {225, "Left Shift"},
    {226, "Left Alt"},
    {228, "Right Ctrl"},
    {229, "Right Shift"},
    {230, "Right Alt"},
};

struct Reserved {
    int code;
    const char* job;
};
constexpr Reserved kReserved[] = {
    {58, "the tuning overlay"},   {59, "the autopilot"},
    {62, "saving a replay"},      {68, "fullscreen"},
    {69, "screenshots"},          {55, "single-stepping"},
    {99, "single-stepping"},      {54, "the replay's step back"},
    {47, "the replay's slower"},  {48, "the replay's faster"},
    {23, "taking over a replay"}, {43, "the minimap"},
};

// SDL_GameControllerGetStringForButton / ForAxis, and labels a player reads.
constexpr const char* kButtonNames[kPadButtons] = {"a",
                                                   "b",
                                                   "x",
                                                   "y",
                                                   "back",
                                                   "guide",
                                                   "start",
                                                   "leftstick",
                                                   "rightstick",
                                                   "leftshoulder",
                                                   "rightshoulder",
                                                   "dpup",
                                                   "dpdown",
                                                   "dpleft",
                                                   "dpright",
                                                   "misc1",
                                                   "paddle1",
                                                   "paddle2",
                                                   "paddle3",
                                                   "paddle4",
                                                   "touchpad"};
constexpr const char* kButtonLabels[kPadButtons] = {"A",
                                                    "B",
                                                    "X",
                                                    "Y",
                                                    "Back",
                                                    "Guide",
                                                    "Start",
                                                    "Left stick click",
                                                    "Right stick click",
                                                    "LB",
                                                    "RB",
                                                    "D-pad up",
                                                    "D-pad down",
                                                    "D-pad left",
                                                    "D-pad right",
                                                    "Misc",
                                                    "Paddle 1",
                                                    "Paddle 2",
                                                    "Paddle 3",
                                                    "Paddle 4",
                                                    "Touchpad"};
constexpr const char* kAxisNames[kPadAxes] = {"leftx",  "lefty",       "rightx",
                                              "righty", "lefttrigger", "righttrigger"};
constexpr const char* kAxisMinus[kPadAxes] = {
    "Left stick left", "Left stick up", "Right stick left", "Right stick up", "", ""};
constexpr const char* kAxisPlus[kPadAxes] = {
    "Left stick right", "Left stick down", "Right stick right", "Right stick down", "LT", "RT"};

constexpr const char* kFeelKeys[4] = {"key_sensitivity", "key_linearity", "stick_sensitivity",
                                      "stick_linearity"};
constexpr const char* kFeelParams[4] = {"input.key_steer_sensitivity", "input.key_steer_linearity",
                                        "input.stick_steer_sensitivity",
                                        "input.stick_steer_linearity"};
double& feel_field(SteerFeel& f, int i) {
    return i == 0   ? f.key_sensitivity
           : i == 1 ? f.key_linearity
           : i == 2 ? f.stick_sensitivity
                    : f.stick_linearity;
}

int action_index(std::string_view key) {
    for (int i = 0; i < kActionCount; ++i) {
        if (key == kActions[i].key) return i;
    }
    return -1;
}

std::string key_text(int code) {
    const std::string_view n = key_name(code);
    return n.empty() ? "key " + std::to_string(code) : std::string(n);
}

}  // namespace

const char* action_key(Action a) {
    return kActions[static_cast<int>(a)].key;
}
const char* action_label(Action a) {
    return kActions[static_cast<int>(a)].label;
}

std::string_view key_name(int code) {
    for (const KeyInfo& k : kKeys) {
        if (k.code == code) return k.name;
    }
    return {};
}

int key_from_name(std::string_view name) {
    for (const KeyInfo& k : kKeys) {
        if (name == k.name) return k.code;
    }
    return 0;
}

std::string_view reserved_key(int code) {
    for (const Reserved& r : kReserved) {
        if (r.code == code) return r.job;
    }
    return {};
}

PadInput pad_button(int button) {
    PadInput p;
    if (button < 0 || button >= kPadButtons) return p;
    p.kind = PadInput::Kind::Button;
    p.index = static_cast<std::uint8_t>(button);
    return p;
}

PadInput pad_axis(int axis, bool plus) {
    PadInput p;
    if (axis < 0 || axis >= kPadAxes) return p;
    if (!plus && (axis == kPadTriggerLeft || axis == kPadTriggerRight)) return p;
    p.kind = plus ? PadInput::Kind::AxisPlus : PadInput::Kind::AxisMinus;
    p.index = static_cast<std::uint8_t>(axis);
    return p;
}

std::string pad_input_name(PadInput p) {
    switch (p.kind) {
        case PadInput::Kind::Button:
            return kButtonNames[p.index];
        case PadInput::Kind::AxisPlus:
            return std::string("+") + kAxisNames[p.index];
        case PadInput::Kind::AxisMinus:
            return std::string("-") + kAxisNames[p.index];
        case PadInput::Kind::None:
            break;
    }
    return "";
}

std::string pad_input_label(PadInput p) {
    switch (p.kind) {
        case PadInput::Kind::Button:
            return kButtonLabels[p.index];
        case PadInput::Kind::AxisPlus:
            return kAxisPlus[p.index];
        case PadInput::Kind::AxisMinus:
            return kAxisMinus[p.index];
        case PadInput::Kind::None:
            break;
    }
    return "";
}

PadInput pad_input_from_name(std::string_view name) {
    for (int b = 0; b < kPadButtons; ++b) {
        if (name == kButtonNames[b]) return pad_button(b);
    }
    if (name.size() < 2 || (name[0] != '+' && name[0] != '-')) return {};
    for (int a = 0; a < kPadAxes; ++a) {
        if (name.substr(1) == kAxisNames[a]) return pad_axis(a, name[0] == '+');
    }
    return {};
}

double shape_steer(double v, double sensitivity, double linearity) {
    if (!std::isfinite(v)) return 0.0;
    v = clamp(v, -1.0, 1.0);
    const double shaped = linearity == 1.0 ? v : sign(v) * std::pow(std::fabs(v), linearity);
    return sensitivity == 1.0 ? shaped : clamp(shaped * sensitivity, -1.0, 1.0);
}

Bindings default_bindings() {
    Bindings b;
    auto keys = [&](Action a, const char* k1, const char* k2 = "") {
        b.keys[static_cast<int>(a)] = {key_from_name(k1), key_from_name(k2)};
    };
    auto pad = [&](Action a, const char* p1, const char* p2 = "") {
        b.pad[static_cast<int>(a)] = {pad_input_from_name(p1), pad_input_from_name(p2)};
    };
    keys(Action::Throttle, "Up", "W");
    keys(Action::Brake, "Down", "S");
    keys(Action::SteerLeft, "Left", "A");
    keys(Action::SteerRight, "Right", "D");
    keys(Action::Handbrake, "Space");
    keys(Action::ShiftUp, "E");
    keys(Action::ShiftDown, "Q");
    keys(Action::ToggleManual, "M");
    keys(Action::Reset, "R");
    keys(Action::Pause, "P");
    keys(Action::Camera, "C");
    keys(Action::Mute, "N");
    keys(Action::Menu, "Escape");
    keys(Action::ZoomIn, "=", "Keypad +");
    keys(Action::ZoomOut, "-", "Keypad -");
    pad(Action::Throttle, "+righttrigger");
    pad(Action::Brake, "+lefttrigger");
    pad(Action::SteerLeft, "-leftx");
    pad(Action::SteerRight, "+leftx");
    pad(Action::Handbrake, "a");
    pad(Action::ShiftUp, "rightshoulder");
    pad(Action::ShiftDown, "leftshoulder");
    pad(Action::ToggleManual, "y");
    pad(Action::Reset, "back");
    pad(Action::Camera, "rightstick");
    pad(Action::Menu, "start");
    pad(Action::ZoomIn, "-righty");
    pad(Action::ZoomOut, "+righty");
    return b;
}

int key_holder(const Bindings& b, int code, int except) {
    if (code == 0) return -1;
    for (int a = 0; a < kActionCount; ++a) {
        if (a == except) continue;
        for (int k : b.keys[static_cast<std::size_t>(a)]) {
            if (k == code) return a;
        }
    }
    return -1;
}

int pad_holder(const Bindings& b, PadInput p, int except) {
    if (p.none()) return -1;
    for (int a = 0; a < kActionCount; ++a) {
        if (a == except) continue;
        for (PadInput q : b.pad[static_cast<std::size_t>(a)]) {
            if (q == p) return a;
        }
    }
    return -1;
}

std::string bind_key(Bindings& b, Action action, int slot, int code) {
    const int a = static_cast<int>(action);
    if (a < 0 || a >= kActionCount || slot < 0 || slot >= kBindingSlots) return "no such binding";
    auto& mine = b.keys[static_cast<std::size_t>(a)];
    if (code != 0) {
        if (key_name(code).empty()) return "that key cannot be bound";
        if (const std::string_view job = reserved_key(code); !job.empty())
            return key_text(code) + " is kept for " + std::string(job) + "; not bound";
        if (const int h = key_holder(b, code, a); h >= 0) {
            return key_text(code) + " is already bound to " + action_label(static_cast<Action>(h)) +
                   "; clear it there first";
        }
        if (mine[static_cast<std::size_t>(1 - slot)] == code)
            return key_text(code) + " is already bound to " + action_label(action);
    }
    if (code == 0 && action == Action::Menu && mine[static_cast<std::size_t>(1 - slot)] == 0)
        return "Menu needs a key (the way back to this menu)";
    mine[static_cast<std::size_t>(slot)] = code;
    if (mine[0] == 0) std::swap(mine[0], mine[1]);  // the first slot fills first
    return "";
}

std::string bind_pad(Bindings& b, Action action, int slot, PadInput p) {
    const int a = static_cast<int>(action);
    if (a < 0 || a >= kActionCount || slot < 0 || slot >= kBindingSlots) return "no such binding";
    auto& mine = b.pad[static_cast<std::size_t>(a)];
    if (!p.none()) {
        if (const int h = pad_holder(b, p, a); h >= 0) {
            return "pad " + pad_input_label(p) + " is already bound to " +
                   action_label(static_cast<Action>(h)) + "; clear it there first";
        }
        if (mine[static_cast<std::size_t>(1 - slot)] == p)
            return "pad " + pad_input_label(p) + " is already bound to " + action_label(action);
    }
    mine[static_cast<std::size_t>(slot)] = p;
    if (mine[0].none()) std::swap(mine[0], mine[1]);  // the first slot fills first
    return "";
}

BindingsResult parse_bindings_text(std::string_view text, std::string_view source, Bindings& out) {
    BindingsResult res;
    const std::string where(source);
    auto fail = [&](std::string msg) {
        res.ok = false;
        res.error = where + ": " + std::move(msg);
        return res;
    };
    if (text.size() > kMaxBindingsBytes) {
        return fail("is " + std::to_string(text.size()) + " bytes, larger than the limit of " +
                    std::to_string(kMaxBindingsBytes) + " bytes");
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return fail("the file is empty (expected a JSON object)");
    if (std::string deep = json_depth_error(text, kMaxBindingsDepth); !deep.empty())
        return fail(std::move(deep));
    if (std::string dup = json_duplicate_key_error(text); !dup.empty()) return fail(std::move(dup));
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        return fail("not valid JSON: " + json_error_text(e.what()));
    }
    if (!doc.is_object()) return fail("the top level must be a JSON object");
    // Unknown keys are ignored with a warning each, as in every file the player edits.
    UnknownKeys unknown(where);
    unknown.check(doc, "", {"format", "version", "keyboard", "pad", "steering"});
    std::vector<std::string_view> action_keys;
    for (int i = 0; i < kActionCount; ++i)
        action_keys.emplace_back(kActions[i].key);
    const auto f = doc.find("format");
    if (f == doc.end() || !f->is_string() || f->get<std::string>() != "skidpad-bindings")
        return fail("\"format\" must be \"skidpad-bindings\"");
    const auto v = doc.find("version");
    if (v == doc.end())
        return fail("no \"version\" (expected " + std::to_string(kBindingsVersion) + ")");
    if (std::string bad = json_version_error(*v, kBindingsVersion); !bad.empty())
        return fail("\"version\": " + bad);

    Bindings b = default_bindings();
    for (const char* section : {"keyboard", "pad"}) {
        const auto s = doc.find(section);
        if (s == doc.end()) continue;
        const bool kb = section[0] == 'k';
        if (!s->is_object()) return fail("\"" + std::string(section) + "\" must be an object");
        // First the names, then the binding: an input the file moves from its default
        // action to another one is not a conflict, and an action the file leaves out
        // keeps its defaults except the inputs the file gives to others.
        struct Entry {
            int action;
            int code;
            PadInput pad;
            std::string at;
        };
        std::vector<Entry> entries;
        std::array<bool, kActionCount> listed{};
        for (auto it = s->begin(); it != s->end(); ++it) {
            const std::string at = std::string(section) + "." + text_quote(it.key());
            const int a = action_index(it.key());
            if (a < 0) {
                unknown.add(section, it.key(), closest_key(it.key(), action_keys));
                continue;
            }
            listed[static_cast<std::size_t>(a)] = true;
            const json& list = it.value();
            if (!list.is_array() || list.size() > static_cast<std::size_t>(kBindingSlots)) {
                return fail(at + " must be a list of at most " + std::to_string(kBindingSlots) +
                            " names");
            }
            for (const json& item : list) {
                if (!item.is_string())
                    return fail(at + " holds " + json_quote(item) + ", not a name");
                const std::string name = item.get<std::string>();
                Entry e{a, 0, {}, at};
                if (kb) {
                    e.code = key_from_name(name);
                    if (e.code == 0) return fail(at + ": unknown key \"" + text_quote(name) + "\"");
                } else {
                    e.pad = pad_input_from_name(name);
                    if (e.pad.none())
                        return fail(at + ": unknown pad input \"" + text_quote(name) + "\"");
                }
                entries.push_back(std::move(e));
            }
        }
        for (std::size_t ai = 0; ai < static_cast<std::size_t>(kActionCount); ++ai) {
            for (std::size_t i = 0; i < static_cast<std::size_t>(kBindingSlots); ++i) {
                bool drop = listed[ai];
                for (const Entry& e : entries)
                    drop = drop || (kb ? b.keys[ai][i] == e.code : b.pad[ai][i] == e.pad);
                if (drop && kb) b.keys[ai][i] = 0;
                if (drop && !kb) b.pad[ai][i] = PadInput{};
            }
        }
        std::array<int, kActionCount> used{};
        for (const Entry& e : entries) {
            int& slot = used[static_cast<std::size_t>(e.action)];
            const auto act = static_cast<Action>(e.action);
            const std::string why =
                kb ? bind_key(b, act, slot, e.code) : bind_pad(b, act, slot, e.pad);
            if (!why.empty()) return fail(e.at + ": " + why);
            ++slot;
        }
    }
    if (b.keys[static_cast<std::size_t>(Action::Menu)][0] == 0)
        return fail("keyboard.menu needs a key (the way back to this menu)");
    if (const auto s = doc.find("steering"); s != doc.end()) {
        if (!s->is_object()) return fail("\"steering\" must be an object");
        const ParamRegistry& reg = param_registry();
        for (auto it = s->begin(); it != s->end(); ++it) {
            int i = 0;
            while (i < 4 && it.key() != kFeelKeys[i])
                ++i;
            if (i == 4) {
                unknown.add("steering", it.key(),
                            closest_key(it.key(),
                                        {kFeelKeys[0], kFeelKeys[1], kFeelKeys[2], kFeelKeys[3]}));
                continue;
            }
            if (!it->is_number()) return fail("steering." + it.key() + " must be a number");
            const double x = it->get<double>();
            const ParamDesc* p = reg.find(kFeelParams[i]);
            if (p == nullptr) return fail("steering." + it.key() + " has no tunable");
            if (const ParamResult r = reg.check(*p, x); !r.ok)
                return fail("steering." + it.key() + ": " + r.error);
            feel_field(b.steer, i) = x;
        }
    }
    out = b;
    res.ok = true;
    res.warnings = unknown.warnings();
    return res;
}

std::string bindings_to_text(const Bindings& b) {
    json doc = json::object();
    doc["format"] = "skidpad-bindings";
    doc["version"] = kBindingsVersion;
    json kb = json::object(), pad = json::object();
    for (int a = 0; a < kActionCount; ++a) {
        const auto ai = static_cast<std::size_t>(a);
        json keys = json::array(), pads = json::array();
        for (int code : b.keys[ai]) {
            if (code != 0) keys.push_back(std::string(key_name(code)));
        }
        for (PadInput p : b.pad[ai]) {
            if (!p.none()) pads.push_back(pad_input_name(p));
        }
        kb[kActions[a].key] = keys;
        pad[kActions[a].key] = pads;
    }
    doc["keyboard"] = kb;
    doc["pad"] = pad;
    json steer = json::object();
    SteerFeel f = b.steer;
    for (int i = 0; i < 4; ++i)
        steer[kFeelKeys[i]] = feel_field(f, i);
    doc["steering"] = steer;
    return doc.dump(2) + "\n";
}

}  // namespace skidpad
