// Sound and rumble in the app: the offline render from the command line, and rumble
// reaching a (virtual) gamepad through SDL_GameControllerRumble.
#include <SDL.h>
#include <fcntl.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "audio/feed.hpp"
#include "input_map.hpp"
#include "sound_out.hpp"
#include "support/run_skidpad.hpp"
#include "support/seat_input.hpp"
#include "support/temp_dir.hpp"
#include "support/text_file.hpp"

using namespace skidpad;
using namespace skidpad::app;

namespace {
std::uint32_t u32(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<std::size_t>(i)]);
    return v;
}
std::uint16_t u16(const std::string& s, std::size_t at) {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(s[at]) |
                                      (static_cast<unsigned char>(s[at + 1]) << 8));
}
}  // namespace

TEST_CASE("render-audio writes 48 kHz stereo 16-bit PCM of the run, the same every time",
          "[cli][audio]") {
    const std::string a = test::temp_path("render_a.wav"), b = test::temp_path("render_b.wav");
    const std::string script = test::temp_path("render.csv");
    std::ofstream(script) << "t,throttle,brake,steer,handbrake,gear\n0,1,0,0,0,\n1.0,0,0,0.5,1,\n";
    const test::Run r =
        test::run_skidpad("--render-audio " + a + " --seconds 1.5 --input " + script);
    INFO(r.output);
    REQUIRE(r.code == 0);
    CHECK(r.output.find("mode=render-audio") != std::string::npos);
    CHECK(r.output.find("frames=72000") != std::string::npos);
    const std::string wav = test::read_file(a);
    REQUIRE(wav.size() == 44u + 72000u * 4u);
    CHECK(wav.substr(0, 4) == "RIFF");
    CHECK(wav.substr(8, 8) == "WAVEfmt ");
    CHECK(u16(wav, 20) == 1);      // PCM
    CHECK(u16(wav, 22) == 2);      // stereo
    CHECK(u32(wav, 24) == 48000);  // Hz
    CHECK(u16(wav, 34) == 16);     // bits
    CHECK(u32(wav, 40) == 72000u * 4u);
    // Not silent, and deterministic.
    int loud = 0;
    for (std::size_t i = 44; i + 1 < wav.size(); i += 2)
        loud += std::abs(static_cast<std::int16_t>(u16(wav, i))) > 300 ? 1 : 0;
    CHECK(loud > 10000);
    REQUIRE(test::run_skidpad("--render-audio " + b + " --seconds 1.5 --input " + script).code ==
            0);
    CHECK(test::read_file(b) == wav);
    std::filesystem::remove(a);
    std::filesystem::remove(b);
    std::filesystem::remove(script);
}

TEST_CASE("render-audio refuses bad command lines with exit 2", "[cli][audio]") {
    const std::string out = test::temp_path("render_bad.wav");
    CHECK(test::run_skidpad("--render-audio " + out).code == 2);  // no --seconds
    CHECK(test::run_skidpad("--render-audio " + out + " --seconds 1 --headless").code == 2);
    const test::Run dir = test::run_skidpad("--render-audio /tmp --seconds 1");
    CHECK(dir.code == 2);
    CHECK(dir.output.find("--render-audio") != std::string::npos);
    CHECK(test::run_skidpad("--render-audio /nonexistent-dir/x.wav --seconds 1").code == 2);
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("a crash rumbles a virtual gamepad by the impact's impulse", "[audio][rumble][gamepad]") {
    REQUIRE(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0);
    {
        test::RumbleLog log;
        const int dev = test::attach_rumble_pad(log);
        REQUIRE(dev >= 0);
        InputMapper pads;
        pads.open_connected_pads();
        REQUIRE(pads.has_pad());

        // The car at 15 m/s into a crate; the step with the hit sets the heavy motor.
        Settings s;
        World w(world_def(s));
        const CarId car = w.add_car({0.0, 0.0}, 0.0, s.car);
        w.car(car).velocity = dvec2(15.0, 0.0);
        w.soft().add_crate(w.def().soft, {static_cast<float>(s.car.length / 2) + 0.6f, 0.0f}, 0.0f);
        SoundOut sound;  // never opened: rumble needs no audio device
        double strongest = 0.0;
        for (int i = 0; i < 12 && strongest == 0.0; ++i) {
            w.step(1.0 / 120.0);
            for (const ContactEvent& e : w.events().contacts)
                if (e.kind == ContactKind::Impact)
                    strongest = std::max(strongest, audio::impact_amplitude(e.impulse));
            sound.after_step(w, s, 1.0 / 120.0);
        }
        REQUIRE(strongest > 0.2);
        sound.frame(w, s, pads, false);
        REQUIRE(log.calls == 1);
        const double expect = strongest * s.sound.rumble_strength;
        CHECK(log.low / 65535.0 == Approx(expect).margin(1.0 / 65535.0));
        // Off switch: the next frame stops the motors.
        s.sound.rumble = false;
        w.step(1.0 / 120.0);
        sound.after_step(w, s, 1.0 / 120.0);
        sound.frame(w, s, pads, false);
        CHECK(log.calls == 2);
        CHECK(log.low == 0);
        CHECK(log.high == 0);
        REQUIRE(SDL_JoystickDetachVirtual(dev) == 0);
    }
    SDL_Quit();
}

TEST_CASE("without an audio device the game says so in one line and stays silent",
          "[audio][device]") {
    const char* before = SDL_getenv("SDL_AUDIODRIVER");
    const std::string keep = before ? before : "";
    SDL_setenv("SDL_AUDIODRIVER", "no-such-driver", 1);
    {
        SoundOut none;
        std::ostringstream err;
        CHECK_FALSE(none.open(err));
        CHECK_FALSE(none.playing());
        const std::string line = err.str();
        CHECK(std::count(line.begin(), line.end(), '\n') == 1);
        CHECK(line.find("running silent") != std::string::npos);
        // Feeding it is harmless.
        World w;
        w.add_car({0.0, 0.0}, 0.0, CarDef{});
        w.step(1.0 / 120.0);
        none.after_step(w, Settings{}, 1.0 / 120.0);
    }
    SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
    {
        SoundOut dummy;  // SDL's dummy driver: a device that plays into nothing
        std::ostringstream err;
        CHECK(dummy.open(err));
        CHECK(dummy.playing());
        CHECK(err.str().empty());
    }
    SDL_setenv("SDL_AUDIODRIVER", keep.c_str(), 1);
}

TEST_CASE("without a sound card ALSA prints none of its own errors, the game one line",
          "[audio][device]") {
    const char* before = SDL_getenv("SDL_AUDIODRIVER");
    const std::string keep = before ? before : "";
    SDL_setenv("SDL_AUDIODRIVER", "alsa", 1);
    SDL_setenv("AUDIODEV", "nonexistent", 1);  // a PCM no ALSA configuration has
    // What libasound writes to the process's stderr, caught in a file.
    const skidpad::test::TempDir dir;
    const std::string caught = dir.file("stderr.txt");
    std::fflush(stderr);
    const int saved = ::dup(2);
    const int file = ::open(caught.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    REQUIRE(saved >= 0);
    REQUIRE(file >= 0);
    ::dup2(file, 2);
    std::ostringstream err;
    bool opened = true;
    {
        SoundOut none;
        opened = none.open(err);
    }
    std::fflush(stderr);
    ::dup2(saved, 2);
    ::close(saved);
    ::close(file);
    SDL_setenv("SDL_AUDIODRIVER", keep.c_str(), 1);
    ::unsetenv("AUDIODEV");
    const std::string alsa = test::read_file(caught);
    INFO("stderr: " << alsa);
    INFO("game: " << err.str());
    CHECK_FALSE(opened);
    CHECK(alsa.find("ALSA lib") == std::string::npos);
    CHECK(alsa.empty());
    const std::string line = err.str();
    CHECK(std::count(line.begin(), line.end(), '\n') == 1);
    CHECK(line.find("running silent") != std::string::npos);
}
