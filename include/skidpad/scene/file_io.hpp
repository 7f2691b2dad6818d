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

/// Nesting of [ and { every JSON file format (preset, level, track) accepts; deeper
/// files are refused before parsing, so no parser or destructor recurses deeply.
inline constexpr int kMaxJsonDepth = 16;

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

/// Reads a whole regular file, refusing it when larger than max_bytes: refused before
/// reading when its size says so, and never more than max_bytes + 1 bytes are read (a
/// file that grows meanwhile). Devices, FIFOs and directories are refused unread.
FileResult read_file_capped(const std::string& path, std::size_t max_bytes, std::string& out);

/// Writes `bytes` to `path` atomically: temp file in the same directory, write,
/// fsync, rename. On any failure the temp file is removed and `path` is untouched.
FileResult write_file_atomic(const std::string& path, std::string_view bytes,
                             const FileOps& ops = default_file_ops());

/// A streamed atomic write (telemetry of a long run): bytes go to a temporary file
/// in the target's directory; commit() fsyncs and renames it over `path`. Until
/// commit() succeeds the target is untouched; abort() or destruction removes the
/// temporary file.
class AtomicFileWriter {
public:
    AtomicFileWriter() = default;
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
    ~AtomicFileWriter() { abort(); }

    FileResult open(const std::string& path, const FileOps& ops = default_file_ops());
    /// Buffers and writes; the first failure is kept and reported by commit().
    void append(std::string_view bytes);
    FileResult commit();
    void abort();
    bool is_open() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

private:
    void flush_buffer();
    FileOps ops_;
    std::string path_;
    std::string tmp_;
    std::string buffer_;
    std::string error_;
    int fd_ = -1;
};

}  // namespace skidpad
