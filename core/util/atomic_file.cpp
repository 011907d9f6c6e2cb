#include "util/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace clusterplan {

Result<std::string> readTextFile(const std::string& path, std::uintmax_t maxBytes) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return Error{path, "cannot open: not a readable file"};
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return Error{path, "cannot read size: " + ec.message()};
    if (size > maxBytes)
        return Error{path, "file is " + std::to_string(size) + " bytes; files over " +
                               std::to_string(maxBytes / (1024 * 1024)) + " MiB are refused"};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{path, std::string("cannot open: ") + std::strerror(errno)};
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

Result<bool> writeFileAtomically(const std::string& path, std::string_view contents) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string name = ".";
    name += target.filename().string();
    name += ".XXXXXX";
    std::string temp = (folder / name).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0)
        return Error{path, std::string("cannot create a temporary file beside it: ") + std::strerror(errno)};
    std::size_t written = 0;
    while (written < contents.size()) {
        const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
        if (n < 0) {
            const std::string reason = std::strerror(errno);
            ::close(fd);
            ::unlink(temp.c_str());
            return Error{path, "write failed: " + reason};
        }
        written += static_cast<std::size_t>(n);
    }
    // mkstemp creates 0600; scenario files are ordinary documents.
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temp.c_str());
        return Error{path, "flush failed: " + reason};
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temp.c_str());
        return Error{path, "cannot replace the file: " + reason};
    }
    return true;
}

}  // namespace clusterplan
