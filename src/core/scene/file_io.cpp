// Size-capped reads of regular files and atomic writes (temporary file, then rename).
#include "skidpad/scene/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace skidpad {

namespace {
std::string errno_text(int e) {
    return std::strerror(e);
}

std::string directory_of(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}
}  // namespace

FileOps default_file_ops() {
    FileOps ops;
    ops.write = [](int fd, const void* data, std::size_t size) -> long {
        return static_cast<long>(::write(fd, data, size));
    };
    ops.fsync = [](int fd) { return ::fsync(fd); };
    ops.rename = [](const char* from, const char* to) { return std::rename(from, to); };
    return ops;
}

FileResult read_file_capped(const std::string& path, std::size_t max_bytes, std::string& out) {
    out.clear();
    // O_NONBLOCK: opening a FIFO without a writer would otherwise wait for one forever;
    // fstat below refuses it unread. A regular file's reads ignore the flag.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return {false, path + ": cannot open the file (" + errno_text(errno) + ")"};
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        return {false, path + ": cannot read the file size (" + errno_text(e) + ")"};
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return {false, path + ": not a regular file"};
    }
    if (static_cast<unsigned long long>(st.st_size) > max_bytes) {
        ::close(fd);
        return {false, path + ": file is " + std::to_string(st.st_size) +
                           " bytes, larger than the limit of " + std::to_string(max_bytes) +
                           " bytes; refused"};
    }
    // Read at most max_bytes + 1 so a file that grows after fstat is still refused.
    std::vector<char> buf(max_bytes + 1 < 65536 ? max_bytes + 1 : 65536);
    for (;;) {
        const ssize_t n = ::read(fd, buf.data(), buf.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            const int e = errno;
            ::close(fd);
            out.clear();
            return {false, path + ": read failed (" + errno_text(e) + ")"};
        }
        if (n == 0) break;
        out.append(buf.data(), static_cast<std::size_t>(n));
        if (out.size() > max_bytes) {
            ::close(fd);
            out.clear();
            return {false, path + ": file is larger than the limit of " +
                               std::to_string(max_bytes) + " bytes; refused"};
        }
    }
    ::close(fd);
    return {};
}

FileResult write_file_atomic(const std::string& path, std::string_view bytes, const FileOps& ops) {
    AtomicFileWriter w;
    if (FileResult r = w.open(path, ops); !r.ok) return r;
    w.append(bytes);
    return w.commit();
}

bool is_atomic_temp_name(std::string_view name) {
    // NAME.tmp.XXXXXX as mkstemp fills it: six letters or digits after ".tmp.".
    constexpr std::string_view kMark = ".tmp.";
    if (name.size() < kMark.size() + 7) return false;
    const std::size_t at = name.size() - 6 - kMark.size();
    if (name.substr(at, kMark.size()) != kMark) return false;
    for (const char c : name.substr(name.size() - 6)) {
        const bool alnum =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum) return false;
    }
    return true;
}

FileResult AtomicFileWriter::open(const std::string& path, const FileOps& ops) {
    abort();
    ops_ = ops;
    path_ = path;
    error_.clear();
    buffer_.clear();
    if (path.empty()) return {false, "cannot save: empty file name"};
    // mkstemp in the target's directory (rename() is atomic only within one file system)
    // gives a name no other writer, thread or process, uses at the same time.
    std::string tmp = path + ".tmp.XXXXXX";
    std::vector<char> name(tmp.begin(), tmp.end());
    name.push_back('\0');
    fd_ = ::mkstemp(name.data());
    if (fd_ < 0) {
        return {false, path + ": cannot create a temporary file in " + directory_of(path) + " (" +
                           errno_text(errno) + ")"};
    }
    tmp_ = name.data();
    // mkstemp creates 0600; keep the mode of the file we replace, else rw-r--r--.
    struct stat old {};
    ::fchmod(fd_, ::stat(path.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644);
    return {};
}

void AtomicFileWriter::flush_buffer() {
    std::size_t done = 0;
    while (error_.empty() && done < buffer_.size()) {
        const long n = ops_.write(fd_, buffer_.data() + done, buffer_.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = path_ + ": write failed (" + errno_text(n < 0 ? errno : EIO) + ")";
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    buffer_.clear();
}

void AtomicFileWriter::append(std::string_view bytes) {
    if (fd_ < 0 || !error_.empty()) return;
    buffer_.append(bytes);
    if (buffer_.size() >= 1 << 16) flush_buffer();
}

FileResult AtomicFileWriter::commit() {
    if (fd_ < 0) return {false, path_ + ": not open"};
    flush_buffer();
    if (error_.empty() && ops_.fsync(fd_) != 0) {
        error_ = path_ + ": flush to disk failed (" + errno_text(errno) + ")";
    }
    if (::close(fd_) != 0 && error_.empty()) {
        error_ = path_ + ": close failed (" + errno_text(errno) + ")";
    }
    fd_ = -1;
    if (error_.empty() && ops_.rename(tmp_.c_str(), path_.c_str()) != 0) {
        error_ = path_ + ": cannot replace the file (" + errno_text(errno) + ")";
    }
    if (!error_.empty()) {
        ::unlink(tmp_.c_str());
        tmp_.clear();
        return {false, error_ + "; the previous file is unchanged"};
    }
    tmp_.clear();
    // Make the rename itself durable.
    const int dfd = ::open(directory_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return {};
}

void AtomicFileWriter::abort() {
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (!tmp_.empty()) {
        ::unlink(tmp_.c_str());
        tmp_.clear();
    }
    buffer_.clear();
}

}  // namespace skidpad
