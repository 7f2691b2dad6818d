// Gamepad rumble: impacts on the heavy motor, tyre slip and the limiter on the light one.
#include "audio/rumble.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::audio {

Rumble rumble_step(RumbleState& st, const StepEvents& ev, const Listener& l, const SoundDef& sound,
                   double dt) {
    st.impact *= std::exp(-std::max(dt, 0.0) / 0.15);
    Rumble r;
    if (!l.has_car) return r;
    for (const ContactEvent& e : ev.contacts) {
        if (e.car != l.car || (e.kind != ContactKind::Impact && !e.broken)) continue;
        st.impact = std::max(st.impact, impact_amplitude(e.impulse));
    }
    double slip = 0.0;
    bool limiter = false;
    for (const CarSignals& c : ev.cars) {
        if (c.car != l.car) continue;
        for (const WheelSignal& w : c.wheels)
            slip = std::max(slip, squeal_of_slip(w.slip_over_peak));
        if (glm::length(c.velocity) < 1.0) slip = 0.0;  // no buzz while crawling
        limiter = c.limiter;
    }
    if (!sound.rumble || !sound.enabled) {
        return r;
    }
    const double k = std::clamp(sound.rumble_strength, 0.0, 1.0);
    r.low = std::clamp(st.impact, 0.0, 1.0) * k;
    r.high = std::clamp(std::max(0.5 * slip, limiter ? 0.35 : 0.0), 0.0, 1.0) * k;
    return r;
}

unsigned short rumble_motor(double x) {
    return static_cast<unsigned short>(std::lround(std::clamp(x, 0.0, 1.0) * 65535.0));
}

}  // namespace skidpad::audio
