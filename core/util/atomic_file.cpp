#include "core/util/atomic_file.h"
#include "core/util/messages_file_errors.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace clusterplan {

Result<std::string> readTextFile(const std::string& path, std::uintmax_t maxBytes) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return inputError(path, msg::kErrorFileNotReadable);
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return inputError(path, msg::kErrorFileSize, {ec.message()});
    if (size > maxBytes)
        return inputError(path, msg::kErrorFileTooLarge,
                          {std::to_string(size), std::to_string(maxBytes / (1024 * 1024))});
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return inputError(path, msg::kErrorFileCannotOpen, {std::strerror(errno)});
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

namespace {

// Refusals before anything is written, so that the old file stays as it was: the folder must
// exist and be a folder; an existing target must be a writable regular file. rename() would
// replace a read-only file (only the folder's permission counts), so that check is ours; it uses
// the permission bits too, because access() always answers yes to root.
std::optional<Error> checkTarget(const std::string& path, const std::filesystem::path& folder) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(folder, ec))
        return inputError(path, msg::kErrorFileNoFolder, {folder.string()});
    if (!fs::is_directory(folder, ec))
        return inputError(path, msg::kErrorFileNotFolder, {folder.string()});
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;  // a new file
    if (!S_ISREG(st.st_mode))
        return inputError(path, msg::kErrorFileNotRegular);
    if (::access(path.c_str(), W_OK) != 0 || (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
        return inputError(path, msg::kErrorFileReadOnly);
    return std::nullopt;
}

// "No space left on device" from write(2) or "File too large" (EFBIG, a file-size limit): the
// disk or quota is full. Either way the target was not touched.
Error writeFailure(const std::string& path, int error) {
    const bool full = error == ENOSPC || error == EFBIG || error == EDQUOT;
    return inputError(path, full ? msg::kErrorFileWriteFailedFull : msg::kErrorFileWriteFailed,
                      {std::strerror(error)});
}

bool writeAll(int fd, std::string_view contents) {
    std::size_t written = 0;
    while (written < contents.size()) {
        const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ENOSPC;
            return false;
        }
        written += static_cast<std::size_t>(n);
    }
    return true;
}

// After the rename, the folder's entry must reach the disk too (fsync(2) on the directory).
void syncFolder(const std::filesystem::path& folder) {
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace

Result<bool> writeFileAtomically(const std::string& path, std::string_view contents) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (auto refused = checkTarget(path, folder))
        return *refused;
    std::string name = ".";
    name += target.filename().string();
    name += ".XXXXXX";
    std::string temp = (folder / name).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0)
        return inputError(path, msg::kErrorFileCannotCreate, {folder.string(), std::strerror(errno)});
    if (!writeAll(fd, contents)) {
        const int error = errno;
        ::close(fd);
        ::unlink(temp.c_str());
        return writeFailure(path, error);
    }
    // mkstemp creates 0600; scenario files are ordinary documents.
    ::fchmod(fd, 0644);
    const bool synced = ::fsync(fd) == 0;
    const int syncError = errno;
    if (::close(fd) != 0 || !synced) {
        const int error = synced ? errno : syncError;
        ::unlink(temp.c_str());
        return writeFailure(path, error);
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temp.c_str());
        return inputError(path, msg::kErrorFileCannotReplace, {reason});
    }
    syncFolder(folder);
    return true;
}

}  // namespace clusterplan
