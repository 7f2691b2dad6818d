// The synthesised voices (engine, squeal, scrape, wind, impact): their oscillators and envelopes.
#include "audio/voices.hpp"

#include <algorithm>
#include <cmath>

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
            const float bright =
                clamp01(0.2 + 0.5 * f.timbre + 0.35 * drive - (t.shifting ? 0.2 : 0.0));
            v.bright += kGlide * (bright - v.bright);
            // Harmonic k has amplitude k^−p: p 2.4 (dull, nearly a sine) .. 0.9 (raspy).
            const float p = 2.4f - 1.5f * v.bright;
            float sum = 0.0f;
            v.harmonics = 0;
            for (int k = 1; k <= static_cast<int>(v.harm.size()); ++k) {
                if (k * std::max(freq, 1.0f) > 0.45f * kFs) break;
                v.harm[static_cast<std::size_t>(k - 1)] = std::pow(static_cast<float>(k), -p);
                sum += v.harm[static_cast<std::size_t>(k - 1)];
                v.harmonics = k;
            }
            for (int k = 0; k < v.harmonics; ++k)
                v.harm[static_cast<std::size_t>(k)] /= sum;
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
        case VoiceKind::Wind:
            amp = 0.35f * clamp01(t.wind) * clamp01(f.wind);
            freq = (250.0f + 1200.0f * clamp01(t.wind)) * pitch;
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
    v.phase += freq / kFs;
    if (v.phase >= 1.0) v.phase -= std::floor(v.phase);
    const float x = kTwoPi * static_cast<float>(v.phase);
    const float s1 = std::sin(x), c1 = std::cos(x);
    // sin(kx) by the Chebyshev recurrence: one sin/cos per sample for all harmonics.
    float prev = 0.0f, cur = s1, out = 0.0f;
    for (int k = 0; k < v.harmonics; ++k) {
        out += v.harm[static_cast<std::size_t>(k)] * cur;
        const float next = 2.0f * c1 * cur - prev;
        prev = cur;
        cur = next;
    }
    const CarVoice& t = v.target;
    const float drive = static_cast<float>(std::max(t.load, 0.0));
    // Intake/exhaust: noise in bursts at the firing frequency, louder and brighter on load.
    const float pulse = 0.5f + 0.5f * c1;
    const float n = v.noise.next() * pulse * pulse * pulse;
    v.lp += lp_coef(900.0f + 2500.0f * drive) * (n - v.lp);
    out += (0.15f + 0.45f * drive) * v.lp;
    // Over-run: lifting off at high rpm pops and crackles in the exhaust.
    if (t.load < -0.02 && t.rpm_frac > 0.45 && (v.noise.state & 0xffffu) < 40u) {
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
            case VoiceKind::Wind:
                s = noise_band_sample(v, freq, 0.0f);
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
