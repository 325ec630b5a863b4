#pragma once
// Engines over the tiny model (tests/common/tiny_model.h, default spec) small enough to preempt, and the
// run that preempts in them: 6 sequences whose prompts (24, 28, ..., 44 tokens) and 40 generated tokens
// each outgrow a cache of 12 blocks of 16 tokens, so the newest are preempted and recomputed. Used where a
// test needs every phase of a request's life from a real engine.
#include <cstddef>
#include <vector>

#include "engine/llm_engine.h"

namespace inferscope::test {

// The tiny model's K/V per token: 2 (K, V) x 2 layers x 2 KV heads x 16 dims x 2 bytes (f16).
inline constexpr size_t kTinyKvBytesPerToken = 2 * 2 * 2 * 16 * 2;

// One thread, blocks of 16 tokens, a cache of kv_blocks of them, max_seqs slots; token_budget 0 keeps the
// default.
EngineConfig tiny_cache_config(int kv_blocks, int max_seqs, bool prefix_caching, int token_budget = 0);
// 12 blocks and 6 slots: what preempting_requests() outgrow.
EngineConfig preempting_config(bool prefix_caching, int token_budget = 0);
// The six requests, ids in submission order: prompt 24 + 4i tokens, 40 tokens each, EOS ignored.
std::vector<Request> preempting_requests();

}  // namespace inferscope::test
