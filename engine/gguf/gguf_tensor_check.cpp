// Validation of tensor infos: each tensor's type and shape on its own, then all of them together
// against the data section (inside the file, aligned, not overlapping).
#include <algorithm>
#include <limits>
#include <string>

#include "engine/gguf/gguf_parser.h"

namespace inferscope::gguf::detail {

namespace {

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// a * b, or false when it does not fit in 64 bits.
bool mul_checked(uint64_t a, uint64_t b, uint64_t& out) {
  if (a != 0 && b > std::numeric_limits<uint64_t>::max() / a) return false;
  out = a * b;
  return true;
}

}  // namespace

void check_tensor_shape(RawTensor& t, uint64_t alignment) {
  TensorInfo& info = t.info;
  const kernels::TypeTraits* traits = kernels::type_traits(t.type_id);
  if (traits == nullptr) {
    throw GgufError("unknown tensor type " + std::to_string(t.type_id) + " for tensor " + quoted(info.name), t.at_type);
  }
  if (!traits->weight_type) {
    throw GgufError(std::string("unsupported tensor type ") + traits->name + " for tensor " + quoted(info.name) +
                        " (an activation-only format)",
                    t.at_type);
  }
  info.type = traits->type;

  // ggml stores dimensions as int64_t, so anything above INT64_MAX is not a dimension at all.
  uint64_t n_elements = 1;
  for (size_t d = 0; d < info.ne.size(); ++d) {
    const uint64_t ne = info.ne[d];
    const uint64_t at = t.at_dims + 4 + 8 * d;
    if (ne > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      throw GgufError("tensor " + quoted(info.name) + " has dimension ne[" + std::to_string(d) + "] = " +
                          std::to_string(ne) + ", out of range",
                      at);
    }
    if (!mul_checked(n_elements, ne, n_elements)) {
      throw GgufError("element count of tensor " + quoted(info.name) + " overflows 64 bits", at);
    }
  }
  const uint64_t block = static_cast<uint64_t>(traits->block_elems);
  if (info.ne[0] % block != 0) {
    throw GgufError("tensor " + quoted(info.name) + " has ne[0] = " + std::to_string(info.ne[0]) +
                        ", not a multiple of the " + traits->name + " block size " + std::to_string(block),
                    t.at_dims + 4);
  }
  // n_elements is a multiple of the block size because ne[0] is.
  uint64_t n_bytes = 0;
  if (!mul_checked(n_elements / block, traits->block_bytes, n_bytes)) {
    throw GgufError("byte size of tensor " + quoted(info.name) + " overflows 64 bits", t.at_dims);
  }
  info.n_elements = n_elements;
  info.n_bytes = n_bytes;

  if (info.offset % alignment != 0) {
    throw GgufError("misaligned tensor offset: tensor " + quoted(info.name) + " starts at data offset " +
                        std::to_string(info.offset) + ", not a multiple of the alignment " + std::to_string(alignment),
                    t.at_offset);
  }
}

void check_tensor_layout(std::vector<RawTensor>& tensors, const uint8_t* data, uint64_t file_size,
                         uint64_t data_offset) {
  for (RawTensor& t : tensors) {
    const TensorInfo& info = t.info;
    // Compare in the data section's frame first so that the sums below cannot overflow.
    const uint64_t section = data_offset <= file_size ? file_size - data_offset : 0;
    if (data_offset > file_size || info.offset > section) {
      throw GgufError("tensor data out of bounds: tensor " + quoted(info.name) + " starts at byte " +
                          (info.offset > std::numeric_limits<uint64_t>::max() - data_offset
                               ? std::string("beyond 2^64")
                               : std::to_string(data_offset + info.offset)) +
                          ", past the end of the file (" + std::to_string(file_size) + " bytes)",
                      t.at_offset);
    }
    const uint64_t start = data_offset + info.offset;
    if (info.n_bytes > file_size - start) {
      const std::string end = info.n_bytes > std::numeric_limits<uint64_t>::max() - start
                                  ? std::string("2^64+")
                                  : std::to_string(start + info.n_bytes);
      throw GgufError("truncated tensor data: tensor " + quoted(info.name) + " needs bytes [" + std::to_string(start) +
                          ", " + end + ") but the file has " + std::to_string(file_size),
                      t.at_offset);
    }
    t.info.data = data + start;
  }

  // Sorted by offset, each non-empty tensor must end before the next one begins.
  std::vector<const RawTensor*> order;
  order.reserve(tensors.size());
  for (const RawTensor& t : tensors) {
    if (t.info.n_bytes > 0) order.push_back(&t);
  }
  std::sort(order.begin(), order.end(),
            [](const RawTensor* a, const RawTensor* b) { return a->info.offset < b->info.offset; });
  for (size_t i = 1; i < order.size(); ++i) {
    const TensorInfo& prev = order[i - 1]->info;
    const TensorInfo& next = order[i]->info;
    if (next.offset < prev.offset + prev.n_bytes) {
      throw GgufError("tensors " + quoted(prev.name) + " and " + quoted(next.name) + " overlap: " + quoted(prev.name) +
                          " covers data bytes [" + std::to_string(prev.offset) + ", " +
                          std::to_string(prev.offset + prev.n_bytes) + ") and " + quoted(next.name) +
                          " starts at " + std::to_string(next.offset),
                      order[i]->at_offset);
    }
  }
}

}  // namespace inferscope::gguf::detail
