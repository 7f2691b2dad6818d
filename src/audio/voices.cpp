// The synthesised voices (engine, squeal, scrape, tyres on the ground, impact): their oscillators
// and envelopes.
#include "audio/voices.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "audio/engine_voice.hpp"
#include "skidpad/soft/body_kinds.hpp"

namespace skidpad::audio {

namespace {

constexpr float kFs = static_cast<float>(kSampleRate);
constexpr float kTwoPi = 6.28318530717958647692f;
constexpr float kFade = 1.0f / (0.008f * kFs);  ///< start/stop ramp: 8 ms
constexpr float kGlide = 0.25f;                 ///< per chunk (32 samples): ~3 ms

float clamp01(double x) {
    return static_cast<float>(std::clamp(x, 0.0, 1.0));
}

/// One-pole low-pass coefficient for a cutoff in Hz.
float lp_coef(float hz) {
    return 1.0f - std::exp(-kTwoPi * std::clamp(hz, 10.0f, 20000.0f) / kFs);
}

/// A resonance at f Hz decaying to 1/e in tau seconds, starting at amplitude a.
Mode mode(float f, float tau, float a) {
    Mode m;
    const float w = kTwoPi * std::min(f, 0.45f * kFs) / kFs;
    m.c = std::cos(w);
    m.s = std::sin(w);
    m.re = 0.0f;
    m.im = a;
    m.decay = std::exp(-1.0f / (tau * kFs));
    return m;
}

struct ModeSpec {
    float f, tau, a;
};
struct MaterialSound {
    std::array<ModeSpec, 5> modes;
    int count;
    float noise, noise_tau, noise_hz;  ///< noise burst level, decay, low-pass
};

/// Each material's resonances: wood knocks, metal rings, rubber thuds, plastic clacks.
/// A body sounds as its kind row's SoftEffect (skidpad/soft/body_kinds.hpp).
const MaterialSound& material_sound(ContactMaterial m) {
    // car body: a low, short thud of sheet metal
    static const MaterialSound car = {
        {{{62, 0.09f, 1.0f}, {131, 0.06f, 0.5f}, {245, 0.04f, 0.25f}}}, 3, 0.5f, 0.02f, 900};
    static const MaterialSound table[kSoftEffectCount] = {
        // wood (crate): a few quickly damped modes
        {{{{190, 0.05f, 1.0f}, {430, 0.035f, 0.6f}, {810, 0.022f, 0.4f}, {1480, 0.012f, 0.25f}}},
         4,
         0.6f,
         0.012f,
         3500},
        // concrete (barrier): metal, inharmonic and ringing
        {{{{310, 0.35f, 1.0f},
           {757, 0.3f, 0.7f},
           {1372, 0.24f, 0.5f},
           {2231, 0.18f, 0.4f},
           {3607, 0.12f, 0.25f}}},
         5,
         0.3f,
         0.008f,
         7000},
        // rubber (tyre stack): a low dull bump
        {{{{74, 0.08f, 1.0f}, {139, 0.05f, 0.4f}}}, 2, 0.5f, 0.03f, 500},
        // plastic (cone): thin
        {{{{520, 0.035f, 1.0f}, {1190, 0.025f, 0.6f}, {2310, 0.015f, 0.3f}}},
         3,
         0.4f,
         0.008f,
         5000},
        // splinter (shard): wood, high and mostly noise
        {{{{1650, 0.02f, 1.0f}, {3900, 0.01f, 0.5f}}}, 2, 1.0f, 0.01f, 9000},
    };
    if (m == ContactMaterial::CarBody) return car;
    return table[static_cast<int>(body_kind_row(body_kind_of(m)).effect)];
}

}  // namespace

float rolling_loudness(const CarVoice& c) {
    const double v = std::clamp(c.roll_speed, 0.0, 120.0);
    const double on_road = std::clamp(1.0 - c.gravel - c.grass - c.kerb, 0.0, 1.0);
    // Each surface's level at 30 m/s: road 0.06, grass 0.22, gravel 0.4, kerb 0.35.
    const double mix = 0.06 * on_road + 0.22 * std::clamp(c.grass, 0.0, 1.0) +
                       0.4 * std::clamp(c.gravel, 0.0, 1.0) + 0.35 * std::clamp(c.kerb, 0.0, 1.0);
    return clamp01(mix * std::min(1.0, std::pow(v / 30.0, 0.8)));
}

void voice_control(Voice& v, const RenderContext& ctx) {
    const MixFrame& f = *ctx.frame;
    const CarVoice& t = v.target;
    const float pitch = ctx.pitch * static_cast<float>(std::clamp(t.doppler, 0.5, 2.0));
    float amp = 0.0f, freq = 0.0f;
    switch (v.kind) {
        case VoiceKind::Engine: {
            const double load = std::clamp(t.load, -1.0, 1.0);
            const double drive = std::max(load, 0.0);
            double a = 0.35 + 0.45 * drive + 0.2 * std::clamp(t.rpm_frac, 0.0, 1.2);
            if (t.shifting) a *= 0.55;
            amp = 0.3f * clamp01(a) * clamp01(f.engine);
            freq = static_cast<float>(std::clamp(t.firing_hz, 0.0, 4000.0)) * pitch;
            const int cyl = std::clamp(t.cylinders, 1, 16);
            const int firing = std::clamp(t.firing, 0, kEngineFirings - 1);
            if (v.layout != cyl * 4 + firing) {
                v.layout = cyl * 4 + firing;
                v.pulse_count = engine_pulse_spectrum(cyl, firing, v.pulse_mag.data(),
                                                      v.pulse_phase.data(), kMaxEngineHarmonics);
                v.unit_per_firing = firing == 0 || cyl == 1 ? 1 : cyl;
                if (v.unit_per_firing > 1) engine_upper_orders(cyl, firing, v.upper_mag.data());
            }
            const float bright =
                clamp01(0.2 + 0.5 * t.timbre + 0.35 * drive - (t.shifting ? 0.2 : 0.0));
            v.bright += kGlide * (bright - v.bright);
            // Firing order k has amplitude k^−p: p 2.4 (dull, nearly a sine) .. 0.9 (raspy);
            // an uneven layout adds the cycle's orders between them (|P_m|, its phase).
            const float p = 2.4f - 1.5f * v.bright;
            const float unit = std::max(freq, 1.0f) / static_cast<float>(v.unit_per_firing);
            const float per = 1.0f / static_cast<float>(v.unit_per_firing);
            float sum = 0.0f;
            v.harmonics = 0;
            for (int n = 1; n <= v.pulse_count; ++n) {
                if (static_cast<float>(n) * unit > 0.45f * kFs) break;
                const float order = static_cast<float>(n) * per;  // in firing orders
                const float env = order >= 1.0f ? std::pow(order, -p) : 1.0f;
                const float m = env * v.pulse_mag[static_cast<std::size_t>(n - 1)];
                const float ph = v.pulse_phase[static_cast<std::size_t>(n - 1)];
                v.harm[static_cast<std::size_t>(n - 1)] = m * std::cos(ph);
                v.harm_q[static_cast<std::size_t>(n - 1)] = m * std::sin(ph);
                sum += m;
                v.harmonics = n;
            }
            v.uppers = 0;
            for (int k = 4; v.unit_per_firing > 1 && k <= 12; ++k) {
                if (static_cast<float>(k) * std::max(freq, 1.0f) > 0.45f * kFs) break;
                const float m = std::pow(static_cast<float>(k), -p) *
                                v.upper_mag[static_cast<std::size_t>(k - 4)];
                v.upper[static_cast<std::size_t>(k - 4)] = m;
                sum += m;
                v.uppers = k - 3;
            }
            const float norm = 1.0f / std::max(sum, 1e-6f);
            for (int k = 0; k < v.harmonics; ++k) {
                v.harm[static_cast<std::size_t>(k)] *= norm;
                v.harm_q[static_cast<std::size_t>(k)] *= norm;
            }
            for (int k = 0; k < v.uppers; ++k)
                v.upper[static_cast<std::size_t>(k)] *= norm;
            break;
        }
        case VoiceKind::Squeal:
            amp = 0.22f * clamp01(t.squeal) * clamp01(f.tyres);
            freq = static_cast<float>((t.lockup ? 560.0 : 820.0) *
                                      std::clamp(t.squeal_pitch, 0.5, 2.0)) *
                   pitch;
            break;
        case VoiceKind::Scrape:
            amp = 0.5f * clamp01(t.scrape) * clamp01(f.impacts);
            freq = (220.0f + 45.0f * static_cast<float>(std::clamp(t.scrape_speed, 0.0, 40.0))) *
                   pitch;
            break;
        case VoiceKind::Rolling:
            amp = rolling_loudness(t) * clamp01(f.ground);
            freq = static_cast<float>(std::clamp(t.roll_speed, 0.0, 120.0));  // m/s, not Hz
            break;
        default:
            return;
    }
    amp *= clamp01(t.gain);
    if (v.age == 0) {  // a new voice starts at its target (its fade-in is the env)
        v.amp = amp;
        v.freq = freq;
    }
    v.amp0 = v.amp;
    v.freq0 = v.freq;
    v.amp += kGlide * (amp - v.amp);
    v.freq += kGlide * (freq - v.freq);
    const float pan = static_cast<float>(std::clamp(t.pan, -1.0, 1.0));
    const float gl = std::cos((pan + 1.0f) * 0.25f * 3.14159265f);
    const float gr = std::sin((pan + 1.0f) * 0.25f * 3.14159265f);
    v.gl += kGlide * (gl - v.gl);
    v.gr += kGlide * (gr - v.gr);
    if (v.age == 0) {
        v.gl = gl;
        v.gr = gr;
    }
}

namespace {

float engine_sample(Voice& v, float freq) {
    // The partials ride the unit phase; the intake and exhaust noise the firing phase.
    v.phase += freq / static_cast<float>(v.unit_per_firing) / kFs;
    if (v.phase >= 1.0) v.phase -= std::floor(v.phase);
    v.phase2 += freq / kFs;
    if (v.phase2 >= 1.0) v.phase2 -= std::floor(v.phase2);
    const float x = kTwoPi * static_cast<float>(v.phase);
    const float s1 = std::sin(x), c1 = std::cos(x);
    // sin(nx) and cos(nx) by the Chebyshev recurrence: one sin/cos per sample for all.
    float sp = 0.0f, sc = s1, cp = 1.0f, cc = c1, out = 0.0f;
    for (int k = 0; k < v.harmonics; ++k) {
        out +=
            v.harm[static_cast<std::size_t>(k)] * sc + v.harm_q[static_cast<std::size_t>(k)] * cc;
        const float sn = 2.0f * c1 * sc - sp;
        const float cn = 2.0f * c1 * cc - cp;
        sp = sc;
        sc = sn;
        cp = cc;
        cc = cn;
    }
    // An uneven layout's upper firing orders, by the same recurrence on the firing phase.
    const float x2 = kTwoPi * static_cast<float>(v.phase2);
    const float c2 = v.unit_per_firing == 1 ? c1 : std::cos(x2);
    if (v.uppers > 0) {
        float p2 = 0.0f, s2 = std::sin(x2);
        for (int k = 1; k < 4 + v.uppers; ++k) {
            if (k >= 4) out += v.upper[static_cast<std::size_t>(k - 4)] * s2;
            const float n2 = 2.0f * c2 * s2 - p2;
            p2 = s2;
            s2 = n2;
        }
    }
    const CarVoice& t = v.target;
    const float drive = static_cast<float>(std::max(t.load, 0.0));
    const float exhaust = clamp01(t.exhaust);
    // Intake/exhaust: noise in bursts at the firing frequency, louder and brighter on load
    // and with an open exhaust.
    const float pulse = 0.5f + 0.5f * c2;
    const float n = v.noise.next() * pulse * pulse * pulse;
    v.lp += lp_coef((900.0f + 2500.0f * drive) * (0.7f + 0.6f * exhaust)) * (n - v.lp);
    out += (0.15f + 0.45f * drive) * (0.4f + 1.2f * exhaust) * v.lp;
    // Over-run: lifting off at high rpm pops and crackles in the exhaust.
    const auto crackle = static_cast<std::uint32_t>(40.0f * (0.25f + 1.5f * exhaust));
    if (t.load < -0.02 && t.rpm_frac > 0.45 && (v.noise.state & 0xffffu) < crackle) {
        v.pop = 0.4f + 0.6f * std::fabs(v.noise.next());
    }
    out += v.pop * v.noise.next();
    v.pop *= 0.985f;
    // Limiter: the ignition cut stutters the sound at ~16 Hz.
    v.lfo += 16.0 / kFs;
    if (v.lfo >= 1.0) v.lfo -= 1.0;
    const float gate = t.limiter && v.lfo < 0.45 ? 0.2f : 1.0f;
    v.gate += 0.02f * (gate - v.gate);
    return out * v.gate;
}

float squeal_sample(Voice& v, float freq) {
    v.lfo += 6.5 / kFs;
    if (v.lfo >= 1.0) v.lfo -= 1.0;
    const float wob = 1.0f + 0.025f * std::sin(kTwoPi * static_cast<float>(v.lfo));
    v.phase += freq * wob / kFs;
    v.phase2 += freq * 1.47f * wob / kFs;
    v.phase -= std::floor(v.phase);
    v.phase2 -= std::floor(v.phase2);
    const float tone = std::sin(kTwoPi * static_cast<float>(v.phase)) +
                       0.4f * std::sin(kTwoPi * static_cast<float>(v.phase2));
    const float n = v.noise.next();
    v.lp += lp_coef(freq * 2.0f) * (n - v.lp);
    v.hp += lp_coef(freq * 0.5f) * (v.lp - v.hp);
    const float hiss = (v.lp - v.hp) * (v.target.lockup ? 1.6f : 0.8f);
    return 0.6f * tone + hiss;
}

float noise_band_sample(Voice& v, float freq, float grit) {
    const float n = v.noise.next();
    v.lp += lp_coef(freq * 2.0f) * (n - v.lp);
    v.hp += lp_coef(freq * 0.5f) * (v.lp - v.hp);
    float out = (v.lp - v.hp) * 2.0f;
    if (grit > 0.0f) {  // a scrape chatters: random amplitude steps
        if ((v.noise.state & 0x3ffu) < 8u) v.lp2 = 0.3f + 0.7f * std::fabs(v.noise.next());
        out *= 1.0f - grit + grit * v.lp2;
    }
    return out;
}

/// Tyres on the ground at `speed` m/s: road roar, grass swish, gravel grains and the
/// kerb ridges' buzz, mixed by the share of wheels on each.
float rolling_sample(Voice& v, float speed) {
    const CarVoice& t = v.target;
    const float grass = clamp01(t.grass), gravel = clamp01(t.gravel), kerb = clamp01(t.kerb);
    const float road = clamp01(1.0 - t.grass - t.gravel - t.kerb);
    const float n = v.noise.next();
    // Road: a low roar, band-passed 60 Hz .. 300 Hz + 12 Hz per m/s.
    v.lp += lp_coef(300.0f + 12.0f * speed) * (n - v.lp);
    v.hp += lp_coef(60.0f) * (v.lp - v.hp);
    float out = road * 3.0f * (v.lp - v.hp);
    // Grass: a soft swish, noise low-passed at 1.4 kHz, swaying at 3 Hz.
    v.lfo += 3.0 / kFs;
    if (v.lfo >= 1.0) v.lfo -= 1.0;
    v.lp2 += lp_coef(1400.0f) * (n - v.lp2);
    out += grass * 2.2f * v.lp2 * (0.7f + 0.3f * std::sin(kTwoPi * static_cast<float>(v.lfo)));
    // Gravel: stones struck at a rate rising with speed, each a bright click (the first
    // difference of noise) decaying in about a millisecond, over a low crunch.
    if (gravel > 0.0f) {
        const float rate = (60.0f + 30.0f * speed) / kFs;  // grains per sample
        if (static_cast<float>(v.noise.state & 0xffffu) < rate * 65536.0f)
            v.crack = 0.4f + 0.6f * std::fabs(v.noise.next());
        v.burst_lp += lp_coef(2500.0f) * (n - v.burst_lp);
        out += gravel * (2.5f * v.crack * (n - v.hp) + 1.2f * v.burst_lp);
        v.crack *= 0.975f;
    }
    // Kerb: a ridge every 0.45 m: a pulse train at speed / 0.45 Hz, its edges softened.
    if (kerb > 0.0f) {
        v.phase2 += speed / 0.45f / kFs;
        v.phase2 -= std::floor(v.phase2);
        const float c = 0.5f - 0.5f * std::cos(kTwoPi * static_cast<float>(v.phase2));
        const float bump = c * c * c * c - 0.27f;  // about zero mean
        v.burst += lp_coef(900.0f) * (bump + 0.15f * n - v.burst);
        out += kerb * 3.0f * v.burst;
    }
    return out;
}

float impact_sample(Voice& v) {
    float out = 0.0f;
    for (int k = 0; k < v.mode_count; ++k) {
        Mode& m = v.modes[static_cast<std::size_t>(k)];
        const float re = (m.re * m.c - m.im * m.s) * m.decay;
        const float im = (m.re * m.s + m.im * m.c) * m.decay;
        m.re = re;
        m.im = im;
        out += im;
    }
    const float n = v.noise.next();
    v.lp += v.burst_lp * (n - v.lp);
    out += v.burst * v.lp;
    v.burst *= v.burst_decay;
    // The crack: bright noise (first difference of white noise).
    out += v.crack * (n - v.hp) * 0.5f;
    v.hp = n;
    v.crack *= v.crack_decay;
    return out;
}

}  // namespace

namespace {

/// An engine's pulses: each cylinder's time in the cycle (0..1) and strength.
struct Pulses {
    int cyl = 1;
    bool even = true;
    std::array<double, 16> at{}, strength{};
    double total = 0.0;

    /// P_m, the pulse train's complex amplitude at cycle order m.
    void at_order(int m, double& re, double& im) const {
        re = im = 0.0;
        for (int i = 0; i < cyl; ++i) {
            const double w = 2.0 * std::numbers::pi * m * at[static_cast<std::size_t>(i)];
            re += strength[static_cast<std::size_t>(i)] * std::cos(w);
            im -= strength[static_cast<std::size_t>(i)] * std::sin(w);
        }
        re /= total;
        im /= total;
    }
};

Pulses pulses_of(int cylinders, int firing) {
    Pulses p;
    const int cyl = std::clamp(cylinders, 1, 16);
    const auto layout = static_cast<EngineFiring>(std::clamp(firing, 0, kEngineFirings - 1));
    // Each cylinder's pulse: when in the cycle (0..1) and how strong at the tailpipe.
    // A cross-plane V8's bank order (firing order 1-8-4-3-6-5-7-2, banks 1-4 and 5-8):
    // the nearer bank's pulses come L R L L R R R L; the far bank is heard at 55 %.
    static constexpr int kBank[8] = {0, 1, 0, 0, 1, 1, 1, 0};
    // Unequal-length headers: each pulse early or late by a share of its interval.
    static constexpr double kLate[4] = {0.0, 0.14, -0.06, 0.09};
    for (int i = 0; i < cyl; ++i) {
        double t = static_cast<double>(i), a = 1.0;
        switch (layout) {
            case EngineFiring::Even:
                break;
            case EngineFiring::CrossPlane:
                a = kBank[i % 8] ? 0.55 : 1.0;
                break;
            case EngineFiring::UnequalPipes:
                t += kLate[i % 4];
                a = 1.0 - 0.06 * (i % 4);
                break;
            case EngineFiring::BigBang:
                t = 2.0 * (i / 2) + (i % 2 ? 0.3 : 0.0);
                break;
        }
        p.at[static_cast<std::size_t>(i)] = t / cyl;
        p.strength[static_cast<std::size_t>(i)] = a;
    }
    p.cyl = cyl;
    p.even = layout == EngineFiring::Even || cyl == 1;
    for (int i = 0; i < cyl; ++i)
        p.total += p.strength[static_cast<std::size_t>(i)];
    return p;
}

}  // namespace

int engine_pulse_spectrum(int cylinders, int firing, float* mag, float* phase, int max) {
    const Pulses p = pulses_of(cylinders, firing);
    const bool even = p.even;
    const int cyl = p.cyl;
    // Even: only the firing orders (multiples of `cyl` in the cycle) are there, all equal;
    // uneven: the cycle orders up to the 3rd firing order (engine_upper_orders above).
    const int count = even ? std::min(12, max) : std::min(3 * cyl, max);
    for (int n = 1; n <= count; ++n) {
        double re = 0.0, im = 0.0;
        p.at_order(even ? n * cyl : n, re, im);  // the cycle order
        mag[n - 1] = static_cast<float>(std::hypot(re, im));
        phase[n - 1] = even ? 0.0f : static_cast<float>(std::atan2(im, re));
    }
    return count;
}

void engine_upper_orders(int cylinders, int firing, float* mag) {
    const Pulses p = pulses_of(cylinders, firing);
    for (int k = 4; k <= 12; ++k) {
        double re = 0.0, im = 0.0;
        p.at_order(k * p.cyl, re, im);
        mag[k - 4] = static_cast<float>(std::hypot(re, im));
    }
}

void voice_start_impact(Voice& v, const ImpactTrigger& t, float pitch, float volume,
                        std::uint32_t seed) {
    v = Voice{};
    v.kind = VoiceKind::Impact;
    v.noise.state = seed | 1u;
    v.peak = clamp01(t.amplitude);
    const float a = 0.6f * v.peak * volume;
    const MaterialSound& body = material_sound(t.material);
    const MaterialSound& car = material_sound(ContactMaterial::CarBody);
    // The body's modes, then the car's own thud at a quarter strength.
    const float sum_body = 1.0f + 0.25f;
    for (int k = 0; k < body.count && v.mode_count < kMaxModes; ++k) {
        const ModeSpec& m = body.modes[static_cast<std::size_t>(k)];
        v.modes[static_cast<std::size_t>(v.mode_count++)] =
            mode(m.f * pitch, m.tau / pitch, a * m.a / sum_body);
    }
    for (int k = 0; k < car.count && v.mode_count < kMaxModes; ++k) {
        const ModeSpec& m = car.modes[static_cast<std::size_t>(k)];
        v.modes[static_cast<std::size_t>(v.mode_count++)] =
            mode(m.f * pitch, m.tau / pitch, 0.25f * a * m.a / sum_body);
    }
    v.burst = a * body.noise;
    v.burst_decay = std::exp(-1.0f / (body.noise_tau / pitch * kFs));
    v.burst_lp = lp_coef(body.noise_hz * pitch);
    if (t.broken) {
        v.crack = a * 1.2f;
        v.crack_decay = std::exp(-1.0f / (0.03f / pitch * kFs));
    } else if (t.dented) {
        v.burst *= 1.6f;  // a dent crunches: more of the noise, longer
        v.burst_decay = std::exp(-1.0f / (2.0f * body.noise_tau / pitch * kFs));
    }
    const float pan = static_cast<float>(std::clamp(t.pan, -1.0, 1.0));
    v.gl = std::cos((pan + 1.0f) * 0.25f * 3.14159265f);
    v.gr = std::sin((pan + 1.0f) * 0.25f * 3.14159265f);
}

void voice_render(Voice& v, float* stereo, int n) {
    if (v.kind == VoiceKind::Free) return;
    if (v.kind == VoiceKind::Impact) {
        // Attack over 1.5 ms so the resonances do not start with a step.
        constexpr float kAttack = 1.0f / (0.0015f * kFs);
        float level = 0.0f;
        for (int i = 0; i < n; ++i) {
            v.env = std::min(1.0f, v.env + kAttack);
            const float s = impact_sample(v) * v.env;
            stereo[2 * i] += s * v.gl;
            stereo[2 * i + 1] += s * v.gr;
            level = std::max(level, std::fabs(s));
        }
        v.age += static_cast<std::uint32_t>(n);
        float rest = v.burst + v.crack;
        for (int k = 0; k < v.mode_count; ++k)
            rest += std::fabs(v.modes[static_cast<std::size_t>(k)].re) +
                    std::fabs(v.modes[static_cast<std::size_t>(k)].im);
        v.peak = rest;
        if (v.age > 480 && rest < 1e-4f) v.kind = VoiceKind::Free;
        return;
    }
    const float inv = 1.0f / static_cast<float>(n);
    for (int i = 0; i < n; ++i) {
        const float t = static_cast<float>(i) * inv;
        const float amp = v.amp0 + (v.amp - v.amp0) * t;
        const float freq = v.freq0 + (v.freq - v.freq0) * t;
        v.env = v.releasing ? std::max(0.0f, v.env - kFade) : std::min(1.0f, v.env + kFade);
        float s = 0.0f;
        switch (v.kind) {
            case VoiceKind::Engine:
                s = engine_sample(v, freq);
                break;
            case VoiceKind::Squeal:
                s = squeal_sample(v, freq);
                break;
            case VoiceKind::Scrape:
                s = noise_band_sample(v, freq, 0.7f);
                break;
            case VoiceKind::Rolling:
                s = rolling_sample(v, freq);
                break;
            default:
                break;
        }
        s *= amp * v.env;
        stereo[2 * i] += s * v.gl;
        stereo[2 * i + 1] += s * v.gr;
    }
    v.age += static_cast<std::uint32_t>(n);
    if (v.releasing && v.env <= 0.0f) v.kind = VoiceKind::Free;
}

}  // namespace skidpad::audio
