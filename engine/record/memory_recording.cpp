#include "engine/record/memory_recording.h"

#include <cstdio>
#include <fstream>

namespace inferscope::record {

MemoryRecording::MemoryRecording(const RecordingSetup& setup, RecordingLimits limits)
    : out_(std::ios::binary), writer_(out_, setup, limits) {}

std::vector<uint8_t> MemoryRecording::bytes() {
  const std::string written = out_.str();
  std::vector<uint8_t> all(written.begin(), written.end());
  const std::vector<uint8_t> tail = writer_.closing_bytes();
  all.insert(all.end(), tail.begin(), tail.end());
  return all;
}

bool MemoryRecording::save(const std::string& path, std::string* error) {
  const std::vector<uint8_t> b = bytes();
  const std::string tmp = path + ".part";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
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
