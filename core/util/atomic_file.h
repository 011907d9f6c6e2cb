#pragma once
// File I/O that never loses user data: reads refuse oversized files, writes go to a temporary
// file in the same folder, are flushed and fsync'ed, then renamed over the target (POSIX rename
// is atomic within a file system), so a crash leaves either the old or the new file.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/util/result.h"

namespace clusterplan {

Result<std::string> readTextFile(const std::string& path, std::uintmax_t maxBytes);
Result<bool> writeFileAtomically(const std::string& path, std::string_view contents);

}  // namespace clusterplan
