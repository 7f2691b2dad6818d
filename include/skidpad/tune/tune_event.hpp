// One change of one tunable, as the World applies it (World::apply) and a replay will
// record it: the parameter's index in param_registry().all() and its new value,
// already validated by the registry. Plain data, so applying a sequence of events to
// worlds in the same state gives the same state.
#pragma once

#include <cstdint>

namespace skidpad {

struct TuneEvent {
    std::uint16_t param = 0;  ///< index into param_registry().all()
    double value = 0.0;       ///< in the parameter's unit (enums: index, bools: 0/1)
    friend bool operator==(const TuneEvent&, const TuneEvent&) = default;
};

}  // namespace skidpad
