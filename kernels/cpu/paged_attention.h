#pragma once
// Causal attention of query vectors over K/V stored in paged blocks, read through a block table.
#include <cstdint>

#include "kernels/cpu/kv_format.h"

namespace inferscope::kernels {

enum class AttentionImpl : uint8_t {
  Naive,  // materialize the score row, softmax, weighted sum of V
  Tiled,  // one pass over blocks with an online softmax (FlashAttention-style)
};
const char* attention_impl_name(AttentionImpl a);  // "naive", "tiled"

// Counters a kernel adds to, for lessons and benchmarks (bytes of K/V read, score floats written).
struct AttentionCounters {
  uint64_t kv_bytes_read = 0;
  uint64_t score_bytes_written = 0;
};

struct PagedAttentionArgs {
  KvPoolView k;
  KvPoolView v;
  const int32_t* block_table;  // logical block index -> physical block id
  int n_keys;                  // attend to keys at positions [0, n_keys) (causal: position of query + 1)
  int n_heads;                 // query heads; head h reads kv head h / (n_heads / kv_heads) (GQA)
  float scale;                 // usually 1/sqrt(head_dim)
};

// q: n_heads * head_dim floats; out: n_heads * head_dim floats.
// scratch: at least n_keys floats (Naive) or 2 * head_dim floats (Tiled).
// counters may be null.
void paged_attention(const PagedAttentionArgs& args, const float* q, float* out, AttentionImpl impl, float* scratch,
                     AttentionCounters* counters);

}  // namespace inferscope::kernels
