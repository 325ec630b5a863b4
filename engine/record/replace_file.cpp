#include "engine/record/replace_file.h"

#include <cstdio>
#include <fstream>

namespace inferscope::record {

bool replace_file(const std::string& path, std::string_view bytes, std::string* error) {
  const std::string tmp = path + ".part";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), std::streamsize(bytes.size()));
    f.close();
    if (!f) {
      std::remove(tmp.c_str());
      if (error) *error = "cannot write " + path;
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    if (error) *error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace inferscope::record
