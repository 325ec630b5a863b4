#pragma once
// Where inferscope-cli finds the files installed beside it: <prefix>/share/inferscope for an installed
// binary (/usr/bin -> /usr/share/inferscope), <build>/share/inferscope in a build tree (staged there by
// the build). Never the source tree, which an installed binary does not have.
#include <filesystem>

namespace inferscope::cli {

// <directory of this executable>/../share/inferscope (it may not exist).
std::filesystem::path data_dir();

}  // namespace inferscope::cli
