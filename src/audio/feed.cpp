// From a physics step's signals and contacts to the mixer's voices and levels.
#include "audio/feed.hpp"

#include <algorithm>
#include <cmath>

namespace skidpad::audio {

namespace {
constexpr double kSpeedOfSound = 343.0;  ///< m/s
constexpr double kPanWidth = 20.0;       ///< m left/right of the listener for a full pan
constexpr double kFalloff = 20.0;        ///< m at which a sound is at half gain

double pan_of(dvec2 at, const Listener& l) {
    return std::clamp((at.x - l.position.x) / kPanWidth, -1.0, 1.0);
}
double gain_of(dvec2 at, const Listener& l) {
    return 1.0 / (1.0 + glm::length(at - l.position) / kFalloff);
}
}  // namespace

double viewport_pan(double x, double w, double screen_w) {
    if (!(screen_w > 0.0) || !std::isfinite(x) || !std::isfinite(w)) return 0.0;
    const double centre = (x + 0.5 * w) / screen_w;
    return std::clamp(4.0 * kSeatPan * (centre - 0.5), -kSeatPan, kSeatPan);
}

const SeatEar* seat_ear(const Listener& l, std::uint32_t car) {
    for (int i = 0; i < std::min(l.seat_count, kMaxSeatEars); ++i)
        if (l.seats[static_cast<std::size_t>(i)].car == car)
            return &l.seats[static_cast<std::size_t>(i)];
    return nullptr;
}

double squeal_of_slip(double s) {
    if (!(s > 1.0)) return 0.0;
    return 1.0 - std::exp(-1.2 * std::min(s - 1.0, 20.0));
}

double impact_amplitude(double impulse) {
    if (!(impulse > 0.0)) return 0.0;
    return std::clamp(std::log1p(impulse / 2.0) / std::log1p(10000.0), 0.0, 1.0);
}

MixFrame mix_frame(const StepEvents& ev, const Listener& l, const SoundDef& sound, double dt,
                   double time_scale, bool paused, std::span<const EngineVoice> voices) {
    MixFrame f;
    f.master = sound.enabled ? sound.master : 0.0;
    f.engine = sound.engine;
    f.tyres = sound.tyres;
    f.impacts = sound.impacts;
    f.wind = sound.wind;
    f.ground = sound.ground;
    f.music_level = sound.music;
    f.pitch = time_scale;
    f.paused = paused || !(time_scale > 0.0);
    // The nearest cars (the listener's own first).
    std::array<const CarSignals*, kMaxCarsHeard> heard{};
    std::array<double, kMaxCarsHeard> dist{};
    int n = 0;
    for (const CarSignals& c : ev.cars) {
        // The listener's car first, then the other seats' cars, then the nearest.
        const double d = l.has_car && c.car == l.car ? -2.0
                         : seat_ear(l, c.car)        ? -1.0
                                                     : glm::length(c.position - l.position);
        int at = n < kMaxCarsHeard ? n++ : kMaxCarsHeard;
        if (at == kMaxCarsHeard) {
            if (d >= dist[kMaxCarsHeard - 1]) continue;
            at = kMaxCarsHeard - 1;
        }
        while (at > 0 && dist[static_cast<std::size_t>(at - 1)] > d) {
            heard[static_cast<std::size_t>(at)] = heard[static_cast<std::size_t>(at - 1)];
            dist[static_cast<std::size_t>(at)] = dist[static_cast<std::size_t>(at - 1)];
            --at;
        }
        heard[static_cast<std::size_t>(at)] = &c;
        dist[static_cast<std::size_t>(at)] = d;
    }
    for (int i = 0; i < n; ++i) {
        const CarSignals& c = *heard[static_cast<std::size_t>(i)];
        CarVoice& v = f.cars[static_cast<std::size_t>(i)];
        const bool own = l.has_car && c.car == l.car;
        const bool listed = !own && c.car < voices.size() && voices[c.car].cylinders > 0;
        const EngineVoice ev_voice = listed ? voices[c.car] : engine_voice(sound);
        const int cyl = std::clamp(ev_voice.cylinders, 1, 16);
        v.id = c.car;
        v.cylinders = cyl;
        v.firing = std::clamp(ev_voice.firing, 0, kEngineFirings - 1);
        v.timbre = std::clamp(ev_voice.timbre, 0.0, 1.0);
        v.exhaust = std::clamp(ev_voice.exhaust, 0.0, 1.0);
        v.firing_hz = std::max(c.rpm, 0.0) / 60.0 * cyl / 2.0;
        v.load = c.load;
        v.throttle = c.throttle;
        v.rpm_frac = c.redline_rpm > 0.0 ? c.rpm / c.redline_rpm : 0.0;
        v.limiter = c.limiter;
        v.shifting = c.shifting;
        const double speed = glm::length(c.velocity);
        double sq = 0.0, worst = 0.0, mean_load = 0.0;
        for (const WheelSignal& w : c.wheels)
            mean_load += w.load / 4.0;
        for (const WheelSignal& w : c.wheels) {
            const double share = mean_load > 0.0 ? std::clamp(w.load / mean_load, 0.0, 2.0) : 1.0;
            sq += squeal_of_slip(w.slip_over_peak) * share / 4.0;
            worst = std::max(worst, w.slip_over_peak);
            v.lockup = v.lockup || (w.locked && speed > 2.0);
        }
        v.squeal = std::clamp(sq * std::clamp(speed / 3.0, 0.0, 1.0), 0.0, 1.0);
        v.roll_speed = speed;
        for (const WheelSignal& w : c.wheels) {
            v.gravel += w.surface == SurfaceKind::Gravel ? 0.25 : 0.0;
            v.grass += w.surface == SurfaceKind::Grass ? 0.25 : 0.0;
            v.kerb += w.surface == SurfaceKind::Kerb ? 0.25 : 0.0;
        }
        v.squeal_pitch = 1.0 + 0.12 * std::clamp(worst - 1.0, 0.0, 3.0);
        // Scrapes: the step's sliding contacts on this car, by force and sliding speed.
        double force = 0.0, slide = 0.0;
        for (const ContactEvent& e : ev.contacts) {
            if (e.car != c.car || e.kind != ContactKind::Scrape) continue;
            force += dt > 0.0 ? e.impulse / dt : 0.0;
            slide = std::max(slide, e.slide_speed);
        }
        v.scrape = std::clamp(std::log1p(force / 200.0) / std::log1p(100.0), 0.0, 1.0) *
                   std::clamp(slide / 3.0, 0.0, 1.0);
        v.scrape_speed = slide;
        v.wind = own ? std::clamp(speed * speed / (60.0 * 60.0), 0.0, 1.0) : 0.0;
        const SeatEar* ear = seat_ear(l, c.car);
        v.gain = own || ear ? 1.0 : gain_of(c.position, l);
        v.pan = ear ? ear->pan : own ? 0.0 : pan_of(c.position, l);
        if (!own && !ear) {
            const dvec2 d = c.position - l.position;
            const double len = glm::length(d);
            const double vr = len > 1e-6 ? glm::dot(c.velocity - l.velocity, d / len) : 0.0;
            v.doppler = std::clamp(kSpeedOfSound / (kSpeedOfSound + vr), 0.5, 2.0);
        }
    }
    f.car_count = n;
    return f;
}

double rain_of(Weather weather) {
    return weather == Weather::Wet ? 1.0 : 0.0;
}

int impact_triggers(const StepEvents& ev, const Listener& l, ImpactTrigger* out, int max) {
    int n = 0;
    for (const ContactEvent& e : ev.contacts) {
        if (e.kind != ContactKind::Impact && !e.broken) continue;
        // A car-car hit is one sound: each car has an event, the lower slot's plays it.
        if (e.other_car != ContactEvent::kNoCar && e.car > e.other_car) continue;
        ImpactTrigger t;
        t.material = e.b;
        // A seat's car hit: as loud as the listener's own, from its viewport's side.
        const SeatEar* ear = seat_ear(l, e.car);
        t.amplitude = impact_amplitude(e.impulse) * (ear ? 1.0 : gain_of(e.position, l));
        t.pan = ear ? ear->pan : pan_of(e.position, l);
        t.dented = e.dented;
        t.broken = e.broken;
        if (t.amplitude <= 0.0 && !t.broken) continue;
        // Keep the loudest `max`: insertion into a list sorted loudest first.
        int at = n < max ? n++ : max;
        if (at == max) {
            if (max == 0 || t.amplitude <= out[max - 1].amplitude) continue;
            at = max - 1;
        }
        while (at > 0 && out[at - 1].amplitude < t.amplitude) {
            out[at] = out[at - 1];
            --at;
        }
        out[at] = t;
    }
    return n;
}

}  // namespace skidpad::audio
