#include "engine/record/record_format.h"

#include <zstd.h>

#include <array>
#include <cstring>

namespace inferscope::record {

namespace {
std::array<uint32_t, 256> make_crc_table() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}
}  // namespace

uint32_t crc32(std::span<const uint8_t> bytes, uint32_t crc) {
  static const std::array<uint32_t, 256> table = make_crc_table();
  crc = ~crc;
  for (uint8_t b : bytes) crc = table[(crc ^ b) & 0xff] ^ (crc >> 8);
  return ~crc;
}

std::vector<uint8_t> file_header(uint32_t version) {
  ByteWriter w;
  w.raw(kMagic);
  w.u32(version);
  w.u32(0);
  return std::move(w.bytes());
}

std::vector<uint8_t> encode_frame(FrameType type, std::span<const uint8_t> raw, bool compress, int level) {
  if (raw.size() > kMaxFrameRawBytes) throw std::length_error("recording frame larger than the format allows");
  std::vector<uint8_t> stored;
  Compression c = Compression::None;
  if (compress) {
    stored.resize(ZSTD_compressBound(raw.size()));
    const size_t n = ZSTD_compress(stored.data(), stored.size(), raw.data(), raw.size(), level);
    if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
    stored.resize(n);
    c = Compression::Zstd;
  } else {
    stored.assign(raw.begin(), raw.end());
  }
  ByteWriter h;
  h.u8(uint8_t(type));
  h.u8(uint8_t(c));
  h.u8(0);
  h.u8(0);
  h.u32(uint32_t(stored.size()));
  h.u32(uint32_t(raw.size()));
  uint32_t crc = crc32(h.bytes());
  crc = crc32(stored, crc);
  h.u32(crc);
  h.raw(stored);
  return std::move(h.bytes());
}

void check_file_header(std::span<const uint8_t> file) {
  if (file.size() < kFileHeaderBytes || std::memcmp(file.data(), kMagic, sizeof kMagic) != 0)
    throw RecordingError("not an InferScope recording (no .isrec header)");
  ByteReader r(file.subspan(8, 8), "file header");
  const uint32_t version = r.u32();
  if (version == 0 || version > kFormatVersion)
    throw RecordingError("recording format version " + std::to_string(version) + " is newer than this reader (" +
                         std::to_string(kFormatVersion) + "); update InferScope to open it");
  if (r.u32() != 0) throw RecordingError("recording header has flags this reader does not know");
}

Frame read_frame(std::span<const uint8_t> file, size_t offset) {
  const std::string where = "frame at byte " + std::to_string(offset);
  if (offset > file.size() || file.size() - offset < kFrameHeaderBytes)
    throw RecordingError(where + ": frame header cut short");
  ByteReader h(file.subspan(offset, kFrameHeaderBytes), where);
  Frame f;
  f.offset = offset;
  f.type = h.u8();
  const uint8_t compression = h.u8();
  h.u8();
  h.u8();
  const uint32_t stored = h.u32();
  const uint32_t raw = h.u32();
  const uint32_t crc = h.u32();
  const size_t left = file.size() - offset - kFrameHeaderBytes;
  if (stored > left) throw RecordingError(where + ": payload of " + std::to_string(stored) + " bytes, only " +
                                          std::to_string(left) + " left in the file");
  if (raw > kMaxFrameRawBytes) throw RecordingError(where + ": raw length " + std::to_string(raw) + " over the limit");
  const auto payload = file.subspan(offset + kFrameHeaderBytes, stored);
  f.end = offset + kFrameHeaderBytes + stored;
  uint32_t actual = crc32(file.subspan(offset, 12));
  actual = crc32(payload, actual);
  if (actual != crc) throw RecordingError(where + ": CRC mismatch (corrupt data)");
  if (compression == uint8_t(Compression::None)) {
    if (raw != stored) throw RecordingError(where + ": uncompressed payload length mismatch");
    f.raw.assign(payload.begin(), payload.end());
  } else if (compression == uint8_t(Compression::Zstd)) {
    const unsigned long long declared = ZSTD_getFrameContentSize(payload.data(), payload.size());
    if (declared != raw) throw RecordingError(where + ": compressed payload does not declare its raw length");
    f.raw.resize(raw);
    const size_t n = ZSTD_decompress(f.raw.data(), f.raw.size(), payload.data(), payload.size());
    if (ZSTD_isError(n) || n != raw) throw RecordingError(where + ": payload does not decompress");
  } else {
    throw RecordingError(where + ": unknown compression " + std::to_string(compression));
  }
  return f;
}

}  // namespace inferscope::record
