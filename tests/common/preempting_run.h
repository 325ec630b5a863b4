#pragma once
// A run of the tiny model that preempts: 6 sequences whose prompts (24, 28, ..., 44 tokens) and 40
// generated tokens each outgrow a cache of 12 blocks of 16 tokens, so the newest are preempted and
// recomputed. Used where a test needs every phase of a request's life from a real engine.
#include <vector>

#include "engine/llm_engine.h"

namespace inferscope::test {

// One thread, blocks of 16, 12 blocks, 6 slots; token_budget 0 keeps the default.
EngineConfig preempting_config(bool prefix_caching, int token_budget = 0);
// The six requests, ids in submission order: prompt 24 + 4i tokens, 40 tokens each, EOS ignored.
std::vector<Request> preempting_requests();

}  // namespace inferscope::test
