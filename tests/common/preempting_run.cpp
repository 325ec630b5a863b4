#include "tests/common/preempting_run.h"

namespace inferscope::test {

EngineConfig preempting_config(bool prefix_caching, int token_budget) {
  EngineConfig c;
  c.threads = 1;
  c.block_size = 16;
  // The tiny model's K/V per token: 2 (K, V) x 2 layers x 2 KV heads x 16 dims x 2 bytes (f16).
  c.kv_budget_bytes = size_t(12) * 16 * (2 * 2 * 2 * 16 * 2);
  c.prefix_caching = prefix_caching;
  c.sched.max_num_seqs = 6;
  if (token_budget > 0) c.sched.max_num_batched_tokens = token_budget;
  return c;
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
