// The rigs as the player sees them: markings on the ground (world shapes, layers 0–1),
// labels on the ground and the rig's panel, top left.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "drift_rig_hud.hpp"
#include "key_hints.hpp"
#include "overlay.hpp"
#include "overlay_layout.hpp"
#include "skidpad/car/car.hpp"

namespace skidpad::app {

namespace {

const Color kAsphalt = rgba(62, 64, 68);
const Color kLine = rgba(235, 235, 235);
const Color kCentre = rgba(240, 200, 60);
const Color kCone = rgba(245, 130, 30);
const Color kPredicted = rgba(255, 190, 40);
const Color kStart = rgba(120, 190, 255);
const Color kStop = rgba(255, 80, 70);

/// m/s: below this the braking rig shows no live stop (the car is parked or creeping).
constexpr double kMinLiveSpeed = 3.0;

const ImVec4 kGold(1.0f, 0.78f, 0.2f, 1.0f);
const ImVec4 kDim(0.65f, 0.65f, 0.65f, 1.0f);
const ImVec4 kGood(0.45f, 0.9f, 0.45f, 1.0f);
const ImVec4 kWarn(1.0f, 0.55f, 0.3f, 1.0f);

vec2 f(dvec2 p) {
    return vec2(static_cast<float>(p.x), static_cast<float>(p.y));
}

/// A bar across the strip at `p`, perpendicular to `dir`.
void bar(DrawList& out, dvec2 p, dvec2 dir, Color c, float thickness) {
    const dvec2 n(-dir.y * kStripHalfWidth, dir.x * kStripHalfWidth);
    out.segment(f(p + n), f(p - n), c, thickness, 1);
}

/// A straight strip along +x from x0 to x1: asphalt, edge lines and a tick every `tick` m.
void strip(DrawList& out, double x0, double x1, double tick) {
    const float w = static_cast<float>(kStripHalfWidth);
    // In slabs: the renderer culls by shape, so a 4 km strip is not one huge polygon.
    for (double x = x0; x < x1; x += 50.0) {
        const float a = static_cast<float>(x), b = static_cast<float>(std::min(x + 50.0, x1));
        const vec2 q[4] = {{a, -w}, {b, -w}, {b, w}, {a, w}};
        out.polygon(q, kAsphalt, 0, 0.0f, 0);
        out.segment({a, -w + 0.3f}, {b, -w + 0.3f}, kLine, 0.15f, 1);
        out.segment({a, w - 0.3f}, {b, w - 0.3f}, kLine, 0.15f, 1);
    }
    for (double x = 0.0; x <= x1; x += tick) {
        const float a = static_cast<float>(x);
        const bool major = std::fmod(x, 5.0 * tick) < 1e-6;
        const float len = major ? w - 0.3f : 1.2f;
        out.segment({a, w - 0.3f}, {a, w - 0.3f - len}, kLine, major ? 0.12f : 0.08f, 1);
        out.segment({a, -w + 0.3f}, {a, -w + 0.3f + len}, kLine, major ? 0.12f : 0.08f, 1);
    }
}

void skidpad_ground(DrawList& out) {
    constexpr int kSegments = 144;
    const double r_in = kSkidpadRadius - kSkidpadLane - 2.0;
    const double r_out = kSkidpadRadius + kSkidpadLane + 2.0;
    for (int i = 0; i < kSegments; ++i) {
        const double a0 = 2.0 * kPi * i / kSegments, a1 = 2.0 * kPi * (i + 1) / kSegments;
        const dvec2 d0(std::cos(a0), std::sin(a0)), d1(std::cos(a1), std::sin(a1));
        const vec2 q[4] = {f(d0 * r_in), f(d1 * r_in), f(d1 * r_out), f(d0 * r_out)};
        out.polygon(q, kAsphalt, 0, 0.0f, 0);
        // Lane edges, a dashed centre line and cones painted every 10°.
        out.segment(f(d0 * (kSkidpadRadius - kSkidpadLane)),
                    f(d1 * (kSkidpadRadius - kSkidpadLane)), kLine, 0.15f, 1);
        out.segment(f(d0 * (kSkidpadRadius + kSkidpadLane)),
                    f(d1 * (kSkidpadRadius + kSkidpadLane)), kLine, 0.15f, 1);
        if (i % 2 == 0)
            out.segment(f(d0 * kSkidpadRadius), f(d1 * kSkidpadRadius), kCentre, 0.2f, 1);
        if (i % 4 == 0) {
            out.circle(f(d0 * (r_in + 0.6)), 0.3f, kCone, 0, 0.0f, 1);
            out.circle(f(d0 * (r_out - 0.6)), 0.3f, kCone, 0, 0.0f, 1);
        }
    }
    // The start line across the lane at the lowest point.
    out.segment(f(dvec2(0.0, -kSkidpadRadius + kSkidpadLane)),
                f(dvec2(0.0, -kSkidpadRadius - kSkidpadLane)), kLine, 0.5f, 1);
}

/// Text on the ground at a world point, whole on the screen (nothing when off screen).
void label(const View& view, dvec2 world, ImU32 colour, const char* text) {
    const ImVec2 ts = ImGui::CalcTextSize(text);
    Box b;
    if (!rig_label_box(view, world, ts.x + 8.0f, ts.y + 4.0f, b)) return;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->AddRectFilled(ImVec2(b.x, b.y), ImVec2(b.x + b.w, b.y + b.h), IM_COL32(0, 0, 0, 170), 3.0f);
    dl->AddText(ImVec2(b.x + 4.0f, b.y + 2.0f), colour, text);
}

double kmh(double mps) {
    return mps * 3.6;
}

void pct_bar(double value, double of, const char* text) {
    const float frac = of > 0.0 ? static_cast<float>(std::clamp(value / of, 0.0, 1.0)) : 0.0f;
    ImGui::ProgressBar(frac, ImVec2(300.0f, 0.0f), text);
}

void skidpad_hud(const RigState& r, const Car& car, const CarDef& def) {
    const double limit = rig_limit_speed(def, kSkidpadRadius);
    const double v = std::sqrt(car.velocity.x * car.velocity.x + car.velocity.y * car.velocity.y);
    ImGui::TextColored(kGold, "SKIDPAD RIG");
    ImGui::SameLine();
    ImGui::TextColored(kDim, "circle R = %.0f m, counter-clockwise", kSkidpadRadius);
    ImGui::Separator();
    ImGui::Text("predicted limit  %5.1f km/h", kmh(limit));
    ImGui::TextColored(kDim, "v = sqrt(μ g R / (1 − μ k_L R / m)),  μ = %.2f", def.tyre.mu);
    char text[64];
    std::snprintf(text, sizeof text, "you %.1f km/h (%.0f %%)", kmh(v),
                  limit > 0 ? 100 * v / limit : 0);
    pct_bar(v, limit, text);
    if (r.on_circle) {
        ImGui::TextColored(kGood, "on the circle (r = %.1f m)", r.radius_now);
    } else {
        ImGui::TextColored(kWarn, "off the circle (r = %.1f m)", r.radius_now);
    }
    ImGui::Text("best held 1 s   %5.1f km/h (%.1f %% of the limit)", kmh(r.best_held_mps),
                limit > 0 ? 100 * r.best_held_mps / limit : 0.0);
    ImGui::Text("lateral  %.2f g", std::fabs(car.accel_lat) / kGravity);
}

void braking_hud(const RigState& r, const Car& car, const CarDef& def) {
    ImGui::TextColored(kGold, "BRAKING RIG");
    ImGui::SameLine();
    ImGui::TextColored(kDim, "build speed, then brake hard in a straight line");
    ImGui::Separator();
    const double v = std::max(car_forward_speed(car), 0.0);
    if (r.phase == BrakePhase::Braking) {
        ImGui::Text("braking from %.1f km/h: predicted stop %.1f m", kmh(r.brake_speed),
                    r.predicted_m);
    } else if (v < kMinLiveSpeed) {
        ImGui::Text("drive on, then brake hard: the stop is measured from the brake point");
    } else {
        ImGui::Text("brake now at %.1f km/h: stop in %.1f m", kmh(v), r.live_stop_m);
    }
    ImGui::TextColored(kDim, "friction limit, μ = %.2f, with drag and downforce (%s)", def.tyre.mu,
                       def.brakes.abs ? "ABS on" : "ABS off");
    if (r.has_result) {
        const double err = rig_stop_error_pct(r);
        ImGui::TextColored(std::fabs(err) <= 3.0 ? kGood : kWarn,
                           "from %.1f km/h: predicted %.1f m, stopped in %.1f m (%+.1f %%)",
                           kmh(r.brake_speed), r.predicted_m, r.measured_m, err);
    } else {
        ImGui::TextColored(kDim, "no stop measured yet");
    }
}

void topspeed_hud(const RigState& r, const Car& car, const CarDef& def) {
    const double top = rig_top_speed(def);
    ImGui::TextColored(kGold, "TOP-SPEED RIG");
    ImGui::SameLine();
    ImGui::TextColored(kDim, "full throttle down the %.0f km straight", kStraightLength / 1000.0);
    ImGui::Separator();
    ImGui::Text("predicted top speed  %5.1f km/h", kmh(top));
    ImGui::TextColored(kDim, "drive force = drag + rolling resistance");
    char text[64];
    const double v = std::max(car_forward_speed(car), 0.0);
    std::snprintf(text, sizeof text, "now %.1f km/h", kmh(v));
    pct_bar(v, top, text);
    ImGui::Text("your best  %5.1f km/h (%.1f %% of predicted)", kmh(r.max_mps),
                top > 0 ? 100 * r.max_mps / top : 0.0);
}

}  // namespace

bool rig_label_box(const View& view, dvec2 world, float w, float h, Box& out) {
    const dvec2 s = view.to_screen(world);
    if (s.x < 0.0 || s.y < 0.0 || s.x > view.size.x || s.y > view.size.y) return false;
    const Box centred{static_cast<float>(s.x) - 0.5f * w, static_cast<float>(s.y) - 0.5f * h, w, h};
    out = fit_box(centred, static_cast<float>(view.size.x), static_cast<float>(view.size.y), 0.0f);
    return true;
}

void rig_draw_ground(const RigState& r, const World& world, DrawList& out) {
    if (!world.valid(world.player())) return;
    const Car& car = world.car(world.player());
    switch (r.kind) {
        case RigKind::Skidpad:
            skidpad_ground(out);
            break;
        case RigKind::Braking:
            strip(out, -20.0, kBrakingLength, 10.0);
            if (r.phase == BrakePhase::Braking || r.has_result) {
                bar(out, r.brake_start, r.brake_dir, kStart, 0.4f);
                bar(out, r.brake_start + r.brake_dir * r.predicted_m, r.brake_dir, kPredicted,
                    0.6f);
            }
            if (r.has_result) bar(out, r.stop_point, r.brake_dir, kStop, 0.4f);
            if (r.phase != BrakePhase::Braking && car_forward_speed(car) >= kMinLiveSpeed)
                bar(out, r.live_stop, dvec2(1.0, 0.0), rgba(255, 190, 40, 140), 0.3f);
            break;
        case RigKind::TopSpeed:
            strip(out, -20.0, kStraightLength, 20.0);
            if (r.max_mps > 1.0)
                bar(out, dvec2(r.max_at_m, 0.0), dvec2(1.0, 0.0), kPredicted, 0.4f);
            break;
    }
}

void rig_draw_hud(const DriftRigMode& m, const World& world, const View& view, bool overlay_shown,
                  const Bindings& keys) {
    const CarId id = world.player();
    if (!world.valid(id)) return;
    const Car& car = world.car(id);
    const CarDef& def = world.car_def(id);
    const RigState& r = m.rig;
    char text[96];
    // Labels on the ground first (behind the panels).
    switch (r.kind) {
        case RigKind::Skidpad: {
            std::snprintf(text, sizeof text, "limit %.0f km/h",
                          kmh(rig_limit_speed(def, kSkidpadRadius)));
            for (double a : {0.0, 0.5 * kPi, kPi, 1.5 * kPi})
                label(view, dvec2(std::cos(a), std::sin(a)) * (kSkidpadRadius - kSkidpadLane - 4.0),
                      IM_COL32(255, 200, 60, 255), text);
            break;
        }
        case RigKind::Braking:
            for (double x = 50.0; x <= kBrakingLength; x += 50.0) {
                std::snprintf(text, sizeof text, "%.0f m", x);
                label(view, dvec2(x, kStripHalfWidth + 1.5), IM_COL32(220, 220, 220, 255), text);
            }
            if (r.phase == BrakePhase::Braking || r.has_result) {
                std::snprintf(text, sizeof text, "predicted stop %.1f m", r.predicted_m);
                label(view,
                      r.brake_start + r.brake_dir * r.predicted_m +
                          dvec2(0.0, -kStripHalfWidth - 1.5),
                      IM_COL32(255, 190, 40, 255), text);
            }
            if (r.phase == BrakePhase::Braking || r.has_result) {
                std::snprintf(text, sizeof text, "brake on at %.0f km/h", kmh(r.brake_speed));
                label(view, r.brake_start + dvec2(0.0, -kStripHalfWidth - 1.5),
                      IM_COL32(140, 200, 255, 255), text);
            }
            if (r.has_result) {
                std::snprintf(text, sizeof text, "stopped %.1f m", r.measured_m);
                label(view, r.stop_point + dvec2(0.0, -kStripHalfWidth - 3.5),
                      IM_COL32(255, 110, 100, 255), text);
            } else if (r.phase != BrakePhase::Braking && car_forward_speed(car) >= kMinLiveSpeed) {
                label(view, r.live_stop + dvec2(0.0, -kStripHalfWidth - 1.5),
                      IM_COL32(255, 190, 40, 200), "stop if you brake now");
            }
            break;
        case RigKind::TopSpeed:
            for (double x = 100.0; x <= kStraightLength; x += 100.0) {
                std::snprintf(text, sizeof text, "%.0f m", x);
                label(view, dvec2(x, kStripHalfWidth + 1.5), IM_COL32(220, 220, 220, 255), text);
            }
            if (r.max_mps > 1.0 && car_forward_speed(car) < r.max_mps - 0.5) {
                std::snprintf(text, sizeof text, "best %.1f km/h", kmh(r.max_mps));
                label(view, dvec2(r.max_at_m, -kStripHalfWidth - 1.5), IM_COL32(255, 190, 40, 255),
                      text);
            }
            break;
    }
    if (!begin_mode_panel(overlay_shown, "##rig_hud")) {
        ImGui::End();
        return;
    }
    switch (r.kind) {
        case RigKind::Skidpad:
            skidpad_hud(r, car, def);
            break;
        case RigKind::Braking:
            braking_hud(r, car, def);
            break;
        case RigKind::TopSpeed:
            topspeed_hud(r, car, def);
            break;
    }
    ImGui::TextColored(kDim, "%s or Backspace puts the car back at the start",
                       action_keys(keys, Action::Reset).c_str());
    ImGui::End();
}

}  // namespace skidpad::app
