// The join screen's choices as a replay record, and applied to a scene (see seat_setup.hpp).
#include "seat_setup.hpp"

#include <algorithm>
#include <cstring>

#include "players.hpp"
#include "skidpad/tune/params.hpp"

namespace skidpad::app {

namespace {
bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}
}  // namespace

std::vector<ReplaySeat> seat_setup_of(const std::vector<Color>& paints,
                                      const std::vector<std::optional<Settings>>& cars) {
    const auto& params = param_registry().all();
    const Settings defaults;
    std::vector<ReplaySeat> out(std::max(paints.size(), cars.size()));
    for (std::size_t k = 0; k < out.size(); ++k) {
        ReplaySeat& seat = out[k];
        if (k < paints.size()) seat.paint = paints[k];
        if (k == 0 || k >= cars.size() || !cars[k]) continue;
        seat.own_car = true;
        for (std::size_t i = 0; i < params.size(); ++i) {
            const double v = params[i].get(*cars[k]);
            if (!same_bits(v, params[i].get(defaults)))
                seat.car.push_back(TuneEvent{static_cast<std::uint16_t>(i), v});
        }
    }
    return out;
}

Settings seat_setup_settings(const ReplaySeat& seat) {
    const auto& params = param_registry().all();
    Settings s;
    for (const TuneEvent& t : seat.car)
        if (t.param < params.size()) params[t.param].set_raw(s, t.value);
    return s;
}

void seat_setup_apply(Scene& sc, const std::vector<ReplaySeat>& seats) {
    const std::size_t n = seats.size();
    sc.seat_paints.assign(n, 0);
    sc.seat_cars.assign(n, std::nullopt);
    std::vector<std::optional<audio::EngineVoice>> voices(n);
    for (std::size_t k = 0; k < n; ++k) {
        sc.seat_paints[k] = seats[k].paint;
        if (k == 0 || !seats[k].own_car) continue;
        const Settings st = seat_setup_settings(seats[k]);
        sc.seat_cars[k] = st.car;
        voices[k] = audio::engine_voice(st.sound);
    }
    players_place(sc);
    for (std::size_t k = 1; k < n; ++k)
        if (voices[k] && k - 1 < sc.humans.size())
            scene_set_car_voice(sc, sc.humans[k - 1], *voices[k]);
}

}  // namespace skidpad::app
