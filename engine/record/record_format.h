#pragma once
// The container of the .isrec format (docs/recording-format.md): a 16-byte file header, then frames,
// each a 16-byte frame header (type, compression, stored and raw length, CRC-32) and its payload.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/record/record_bytes.h"

namespace inferscope::record {

// "\x89ISREC\r\n": a non-ASCII first byte and a CR-LF, so text-mode transfers and text files are refused.
inline constexpr uint8_t kMagic[8] = {0x89, 'I', 'S', 'R', 'E', 'C', '\r', '\n'};
// The newest version this reader knows. A run's recording is written as version 1 (so readers from before
// attached sessions open it); a recording of an attached session, which needs polls frames to mean
// anything, as version 2, which those readers refuse with "newer than this reader".
inline constexpr uint32_t kFormatVersion = 2;
inline constexpr uint32_t kRunFormatVersion = 1;
inline constexpr uint32_t kAttachFormatVersion = 2;
inline constexpr size_t kFileHeaderBytes = 16;   // magic, u32 format version, u32 flags (0)
inline constexpr size_t kFrameHeaderBytes = 16;  // u8 type, u8 compression, u16 0, u32 stored, u32 raw, u32 crc
// No frame inflates beyond this: the writer flushes long before (kFlushRawBytes; one step's keyframe
// reaches 16 MiB only for a pool of millions of blocks), the reader refuses more. It also bounds what a
// small forged file can make the reader allocate (a decoded element takes at most 8x its encoded bytes).
inline constexpr uint32_t kMaxFrameRawBytes = 16u << 20;
inline constexpr size_t kFlushRawBytes = 1u << 20;

enum class FrameType : uint8_t {
  Meta = 1,     // JSON: writer, run configuration, model card, metric columns (always the first frame)
  Steps = 2,    // binary: a run of consecutive steps
  Lessons = 3,  // JSON: lesson results
  End = 4,      // JSON: the recording was closed ({"steps": N, "limited": bool})
  Polls = 5,    // binary: polls of attached servers and KV-event readings (engine/record/server_poll.h)
  PrefillChunks = 6,  // binary: each step's prefill chunks, after the steps frame of those steps
};

enum class Compression : uint8_t { None = 0, Zstd = 1 };

// The 16 header bytes (magic, version, flags).
std::vector<uint8_t> file_header(uint32_t version = kRunFormatVersion);
// A whole frame: header + payload (compressed with zstd at `level` when compress is set).
std::vector<uint8_t> encode_frame(FrameType type, std::span<const uint8_t> raw, bool compress = true, int level = 3);

struct Frame {
  uint8_t type = 0;
  size_t offset = 0;          // of its header in the file
  size_t end = 0;             // offset of the next frame
  std::vector<uint8_t> raw;   // the payload, decompressed
};

// Reads the frame at `offset`; throws RecordingError when its header, length, CRC or payload is bad.
// The raw length is capped by kMaxFrameRawBytes, the stored one by the bytes left in the file.
Frame read_frame(std::span<const uint8_t> file, size_t offset);
// Throws RecordingError unless file starts with a valid header of a version this reader knows.
void check_file_header(std::span<const uint8_t> file);

}  // namespace inferscope::record
