// The game's sound and rumble: the mixer (src/audio) played by an SDL audio device, fed
// after every physics step (impacts, rumble) and every frame (the continuous sounds).
// Without a device the game runs silent; rumble still works.
#pragma once

#include <SDL.h>

#include <memory>
#include <ostream>
#include <span>
#include <vector>

#include "audio/feed.hpp"
#include "audio/mixer.hpp"
#include "audio/music.hpp"
#include "audio/rumble.hpp"
#include "skidpad/settings.hpp"
#include "skidpad/world.hpp"

namespace skidpad::app {

class InputMapper;

class SoundOut {
public:
    SoundOut() = default;
    ~SoundOut();
    SoundOut(const SoundOut&) = delete;
    SoundOut& operator=(const SoundOut&) = delete;

    /// Opens the default audio device (48 kHz stereo float, callback). On failure prints
    /// one line to `err` and stays silent. Returns whether a device plays.
    bool open(std::ostream& err);
    bool playing() const { return device_ != 0; }

    /// After each physics step of dt s: its impacts to the mixer, its rumble accumulated.
    void after_step(const World& world, const Settings& settings, double dt);
    /// Once per frame: the continuous sounds to the mixer (slow motion as it is; silence
    /// while `paused`), and the frame's strongest rumble to the pad.
    /// `voices`: each car slot's engine voice (cylinders 0: as the settings); `music`:
    /// what music plays (it goes on while paused); `rain`: 0..1, rain heard on the car.
    void frame(const World& world, const Settings& settings, InputMapper& pads, bool paused,
               std::span<const audio::EngineVoice> voices = {},
               audio::MusicCue music = audio::MusicCue::None, double rain = 0.0);

    /// Several players: each seat's car and viewport side (audio::SeatEar, seat order) and
    /// the pad (connection order, -1: none) its rumble goes to. Empty: one player, the
    /// player car's rumble to the first pad.
    void set_seats(const std::vector<audio::SeatEar>& ears, const std::vector<int>& pads);

private:
    static void callback(void* self, Uint8* stream, int len);
    audio::Listener listener(const World& world) const;

    std::unique_ptr<audio::Mixer> mixer_ = std::make_unique<audio::Mixer>();
    SDL_AudioDeviceID device_ = 0;
    audio::RumbleState rumble_state_;
    audio::Rumble rumble_;  ///< strongest since the last frame
    audio::Rumble sent_;    ///< last sent to the pad
    double last_dt_ = 1.0 / 120.0;
    std::vector<audio::SeatEar> ears_;
    std::vector<int> ear_pads_;
    std::vector<audio::RumbleState> seat_state_;
    std::vector<audio::Rumble> seat_rumble_, seat_sent_;
};

}  // namespace skidpad::app
