// libFuzzer target for the GGUF reader. A GgufError is the expected answer to malformed input; any
// other exception, a sanitizer report or a crash is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "engine/gguf/gguf_file.h"
#include "engine/gguf/gguf_writer.h"

using namespace inferscope::gguf;

namespace {

// Files the reader accepts must survive a write -> read round trip with the same layout.
void check_round_trip(const GgufFile& f) {
  GgufWriter w(static_cast<uint32_t>(f.alignment()));
  for (const KeyValue& kv : f.metadata()) w.set(kv.key, kv.value);
  for (const TensorInfo& t : f.tensors()) {
    w.add_tensor(t.name, t.ne, t.type, std::vector<uint8_t>(t.data, t.data + t.n_bytes));
  }
  const std::vector<uint8_t> bytes = w.to_bytes();
  const auto again = GgufFile::from_bytes(bytes.data(), bytes.size());
  if (again->tensors().size() != f.tensors().size()) std::abort();
  // The writer adds general.alignment when the input had none.
  if (again->metadata().size() < f.metadata().size()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const auto f = GgufFile::from_bytes(data, size);
    // Touch the first and last byte of every tensor so that ASan checks the bounds we computed.
    volatile uint8_t sink = 0;
    for (const TensorInfo& t : f->tensors()) {
      if (t.n_bytes > 0) sink = sink ^ t.data[0] ^ t.data[t.n_bytes - 1];
      if (f->tensor(t.name) == nullptr) std::abort();
    }
    for (const KeyValue& kv : f->metadata()) {
      if (f->find(kv.key) == nullptr) std::abort();
    }
    if (f->alignment() == 0 || f->data_offset() % f->alignment() != 0) std::abort();
    check_round_trip(*f);
  } catch (const GgufError&) {
  }
  return 0;
}
