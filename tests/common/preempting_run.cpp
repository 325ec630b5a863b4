#include "tests/common/preempting_run.h"

namespace inferscope::test {

EngineConfig tiny_cache_config(int kv_blocks, int max_seqs, bool prefix_caching, int token_budget) {
  EngineConfig c;
  c.threads = 1;
  c.block_size = 16;
  c.kv_budget_bytes = size_t(kv_blocks) * 16 * kTinyKvBytesPerToken;
  c.prefix_caching = prefix_caching;
  c.sched.max_num_seqs = max_seqs;
  if (token_budget > 0) c.sched.max_num_batched_tokens = token_budget;
  return c;
}

EngineConfig preempting_config(bool prefix_caching, int token_budget) {
  return tiny_cache_config(12, 6, prefix_caching, token_budget);
}

std::vector<Request> preempting_requests() {
  std::vector<Request> out;
  for (int i = 0; i < 6; ++i) {
    Request r;
    for (int k = 0; k < 24 + 4 * i; ++k) r.prompt_ids.push_back(10 + (k * 7 + i) % 200);
    r.params.max_tokens = 40;
    r.params.ignore_eos = true;
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace inferscope::test
