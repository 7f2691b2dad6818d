// Where a track comes from: a `--track` value (a shipped or user track's name, or a file
// path) resolved to its file and loaded, with errors that say which and why.
#pragma once

#include <string>

#include "skidpad/scene/track.hpp"

namespace skidpad::lab {

/// The file a track value stands for: a value with a '/' or a '.' is a path; a name is
/// tracks/NAME.json of the data folder, else of `user_dir` (the player's own tracks,
/// "" for none) when only that one exists.
std::string track_source_path(const std::string& value, const std::string& user_dir = "");

/// Loads the track a value stands for (track_source_path). On failure `error` says what
/// was looked for and why it failed: "track 'foo': no tracks/foo.json in the data folder
/// (DIR)", "'x.json' not found", "'d' is a directory", or the loader's
/// "FILE: ELEMENT: problem".
TrackResult load_track_source(const std::string& value, const std::string& user_dir = "");

}  // namespace skidpad::lab
