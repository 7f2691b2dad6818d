// Size-capped reads and atomic writes of files the caller names.
//
// The core never opens a file it was not handed: these take the path from the
// caller (the app, the lab, a test). A write goes to a temporary file in the same
// directory, is flushed and fsync'ed, then renamed over the target, so a failed or
// interrupted save leaves the previous file byte-identical. The low-level steps are
// injectable (FileOps) so that a test can make any of them fail.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace skidpad {

/// The POSIX calls an atomic write makes. Replace one to simulate a failure.
struct FileOps {
    /// Like ::write: bytes written, or -1 with errno set.
    std::function<long(int fd, const void* data, std::size_t size)> write;
    /// Like ::fsync: 0, or -1 with errno set.
    std::function<int(int fd)> fsync;
    /// Like ::rename: 0, or -1 with errno set.
    std::function<int(const char* from, const char* to)> rename;
};

/// The real system calls.
FileOps default_file_ops();

struct FileResult {
    bool ok = true;
    std::string error;  ///< names the path and the reason
};

/// Reads a whole file, refusing it (before reading) when larger than max_bytes.
FileResult read_file_capped(const std::string& path, std::size_t max_bytes, std::string& out);

/// Writes `bytes` to `path` atomically: temp file in the same directory, write,
/// fsync, rename. On any failure the temp file is removed and `path` is untouched.
FileResult write_file_atomic(const std::string& path, std::string_view bytes,
                             const FileOps& ops = default_file_ops());

}  // namespace skidpad
