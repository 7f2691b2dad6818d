// `skidpad lab loudness` and `lab music`: the mix's loudness (BS.1770, LUFS) and peak over
// autopilot laps of a track, and the music alone; either optionally written as a WAV.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "audio/loudness.hpp"
#include "audio/mix_frame.hpp"
#include "audio/mixer.hpp"
#include "audio/music.hpp"
#include "audio/offline.hpp"
#include "lab.hpp"
#include "skidpad/loop.hpp"
#include "skidpad/plan/plan_car.hpp"
#include "skidpad/plan/race.hpp"
#include "skidpad/scene/file_io.hpp"
#include "skidpad/scene/track.hpp"

namespace skidpad::lab {

namespace {

int run_loudness(Context& ctx) {
    const std::string name = ctx.text("track", "club");
    if (name.empty()) throw UsageError{"--track takes a track name or a track file path"};
    const double laps_arg = ctx.number("laps", 1);
    if (!(laps_arg >= 1 && laps_arg <= 20 && laps_arg == std::floor(laps_arg)))
        throw UsageError{"--laps must be a whole number in 1..20"};
    const int laps = static_cast<int>(laps_arg);
    TrackResult tr = load_track_file(track_arg_file(name));
    for (const std::string& w : tr.warnings)
        *ctx.err << "skidpad: lab loudness: warning: " << printable(w) << "\n";
    if (!tr.ok) {
        *ctx.err << "skidpad: lab loudness: " << printable(tr.error) << "\n";
        return 2;
    }
    ctx.print_params({"sound."});
    const Settings& st = ctx.settings;
    World world(world_def(st));
    Race race;
    race.set_track(std::move(tr.track), plan_car_from_def(st.car), st.plan);
    if (!race.profile().ok) {
        *ctx.err << "skidpad: lab loudness: planning failed: " << printable(race.profile().error)
                 << "\n";
        return 1;
    }
    dvec2 pos(0.0);
    double heading = 0.0;
    race.grid_pose(0, pos, heading);
    const CarId id = world.add_car(pos, heading, st.car);
    race.join(id, true);
    const double dt = fixed_dt(st.sim);
    const double limit = 3.0 * race.profile().lap_time_s * laps + 60.0;
    const RaceEntry* e = race.entry(id);
    audio::RenderStats stats;
    const std::vector<float> samples = audio::render_stepped(world, st, stats, [&](World& w) {
        if (e->timer.laps >= laps || w.time() >= limit) return false;
        race.drive(w);
        w.step(dt);
        race.observe(w);
        return true;
    });
    const audio::Loudness l = audio::measure_loudness(samples, audio::kSampleRate);
    Line line;
    line.kv("experiment", "loudness")
        .kv("track", name)
        .kv("laps", e->timer.laps)
        .kv("seconds", world.time(), 3)
        .kv("lufs", l.integrated_lufs, 2)
        .kv("max_momentary_lufs", l.max_momentary_lufs, 2)
        .kv("peak_dbfs", l.peak_dbfs, 2)
        .kv("impacts", stats.impacts)
        .kv("max_voices", stats.max_voices);
    const std::string wav = ctx.text("wav", "");
    if (!wav.empty()) {
        const FileResult r = write_file_atomic(wav, audio::wav_bytes(samples, audio::kSampleRate));
        if (!r.ok) {
            *ctx.err << "skidpad: lab loudness: " << printable(r.error) << "\n";
            return 1;
        }
        line.kv("wav", wav);
    }
    ctx.print(line);
    return e->timer.laps >= laps ? 0 : 1;
}

int run_music(Context& ctx) {
    const std::string cue_name = ctx.text("cue", "menu");
    if (cue_name != "menu" && cue_name != "results")
        throw UsageError{"--cue takes menu or results"};
    const double seconds = ctx.number("seconds", 20.8);
    if (!(seconds >= 1.0 && seconds <= 600.0)) throw UsageError{"--seconds must be in 1..600"};
    const audio::MusicCue cue =
        cue_name == "menu" ? audio::MusicCue::Menu : audio::MusicCue::Results;
    auto mixer = std::make_unique<audio::Mixer>();
    audio::MixFrame f;
    f.master = ctx.settings.sound.master;
    f.music_level = ctx.settings.sound.music;
    f.music = static_cast<int>(cue);
    f.paused = true;  // the menu: only the music plays
    const int frames = static_cast<int>(seconds * audio::kSampleRate);
    std::vector<float> out(2 * static_cast<std::size_t>(frames));
    for (int done = 0; done < frames; done += audio::kSampleRate / 100) {
        mixer->submit(f);
        mixer->render(out.data() + 2 * done, std::min(audio::kSampleRate / 100, frames - done));
    }
    const audio::Loudness l = audio::measure_loudness(out, audio::kSampleRate);
    Line line;
    line.kv("experiment", "music")
        .kv("cue", cue_name)
        .kv("seconds", seconds, 3)
        .kv("bpm", audio::MusicSynth::tempo_bpm(cue), 1)
        .kv("bars", audio::MusicSynth::loop_bars(cue))
        .kv("lufs", l.integrated_lufs, 2)
        .kv("peak_dbfs", l.peak_dbfs, 2);
    const std::string wav = ctx.text("wav", "");
    if (!wav.empty()) {
        const FileResult r = write_file_atomic(wav, audio::wav_bytes(out, audio::kSampleRate));
        if (!r.ok) {
            *ctx.err << "skidpad: lab music: " << printable(r.error) << "\n";
            return 1;
        }
        line.kv("wav", wav);
    }
    ctx.print(line);
    return 0;
}

}  // namespace

void register_loudness_experiment(Registry& r) {
    r.add({"music",
           "The menu or results music alone, at the settings' sound.master and sound.music: "
           "its loudness and peak, optionally as a WAV.",
           {{"cue", "menu|results", "which music (default menu)"},
            {"seconds", "S", "how long, 1..600 (default 20.8: one loop of the menu)"},
            {"wav", "OUT.wav", "also write it (48 kHz stereo 16-bit)"}},
           run_music});
    r.add({"loudness",
           "Loudness of the mix (BS.1770 integrated LUFS, loudest 400 ms, sample peak) over "
           "autopilot laps of a track with the settings' car and sound.",
           {{"track", "NAME|FILE",
             "track name in assets/tracks without .json, or a file (default club)"},
            {"laps", "N", "laps to drive, 1..20 (default 1)"},
            {"wav", "OUT.wav", "also write the soundtrack (48 kHz stereo 16-bit)"}},
           run_loudness});
}

}  // namespace skidpad::lab
