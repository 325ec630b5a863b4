#pragma once
// One sequence the engine generates: its tokens, how many of them have K/V in the cache, its sampling
// state and its timings. A request with n parallel samples owns n sequences.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/sample/sampler.h"
#include "engine/sample/sampling_params.h"
#include "engine/tokenizer/tokenizer.h"

namespace inferscope {

enum class SeqStatus : uint8_t { Waiting, Running, Finished, Failed, Cancelled };
const char* to_string(SeqStatus s);

// KvFull: the sequence filled the whole KV cache (it could not grow even with every other request gone);
// Length: it reached max_tokens or the model's context length.
enum class FinishReason : uint8_t { None, Eos, Length, Stop, Cancelled, Failed, KvFull };
const char* to_string(FinishReason r);  // "eos", "length", "stop", "cancelled", "failed", "kv_full", ""

// How a token came to be, for colouring the playground.
enum class TokenOrigin : uint8_t { Prompt, PrefixHit, Decoded, Accepted };

using Clock = std::chrono::steady_clock;

struct Sequence {
  int64_t id = 0;
  int64_t request_id = 0;
  int sample_index = 0;                 // 0..n-1 within its request
  SeqStatus status = SeqStatus::Waiting;
  FinishReason finish_reason = FinishReason::None;
  std::string error;                    // why it failed

  std::vector<int32_t> tokens;          // prompt followed by generated tokens
  int n_prompt = 0;
  int n_computed = 0;                   // tokens whose K/V are in the cache (prefix hits included)
  int n_prefix_hit = 0;                 // prompt tokens served by the prefix cache at the last admission

  SamplingParams params;
  uint64_t rng_seed = 0;
  // The sampling stream, made on first use: the generator's state is ~2.5 KB, too much to hold for each
  // of thousands of queued requests, and it is dropped again when the sequence ends.
  SamplerRng& rng() {
    if (!rng_state) rng_state = std::make_unique<SamplerRng>(rng_seed);
    return *rng_state;
  }
  std::unique_ptr<SamplerRng> rng_state;
  Utf8StreamDecoder decoder;
  std::string text;                     // decoded generated text (valid UTF-8)
  size_t stop_scan_from = 0;            // where the stop-string search resumes in text

  int preemptions = 0;
  bool awaiting_fork = false;           // parent of a parallel-sampling group whose siblings are not made yet
  int pending_siblings = 0;

  // Speculative decoding: this step's draft, verified in the same pass as the newest token (it never
  // enters tokens unless accepted), the distributions it was drawn from (empty = certain), and totals.
  std::vector<int32_t> draft;
  std::vector<float> draft_q;
  int64_t spec_drafted = 0, spec_accepted = 0;
  int64_t spec_passes = 0;      // target passes that verified a non-empty draft
  int64_t spec_rejections = 0;  // of those, passes that rejected a draft (the rest accepted all)

  Clock::time_point arrival{}, first_scheduled{}, first_token{}, finished{};
  bool has_first_token = false;

  int n_generated() const { return static_cast<int>(tokens.size()) - n_prompt; }
  int n_uncomputed() const { return static_cast<int>(tokens.size()) - n_computed; }
  bool is_finished() const { return status == SeqStatus::Finished || status == SeqStatus::Failed || status == SeqStatus::Cancelled; }
};

}  // namespace inferscope
