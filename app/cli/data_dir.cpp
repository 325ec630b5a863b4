#include "app/cli/data_dir.h"

namespace inferscope::cli {

std::filesystem::path data_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return exe.parent_path().parent_path() / "share" / "inferscope";
}

}  // namespace inferscope::cli
