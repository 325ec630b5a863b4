#include "engine/record/memory_recording.h"

#include <string_view>

#include "engine/record/replace_file.h"

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
  return replace_file(path, std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), error);
}

}  // namespace inferscope::record
