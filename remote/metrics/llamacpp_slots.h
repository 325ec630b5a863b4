#pragma once
// llama.cpp's server /slots (started with --slots): each slot's context, drawn as the block map's
// equivalent for a server that has no paged cache (one bar per slot: prompt, cached prompt,
// generated, free). Both layouts are read: the newer one (llama-cpp-python 0.3.36's vendored server:
// n_prompt_tokens*, next_token as an array) and the older one (0.3.16's: the prompt as text only,
// next_token as an object), where the prompt's token count is unknown.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inferscope::remote {

struct SlotState {
  int id = 0;
  int n_ctx = 0;  // the slot's context size in tokens
  bool processing = false;
  std::optional<int> task_id;
  std::optional<int> prompt_tokens;         // the task's prompt: in the newer layout, cached + computed so far
  std::optional<int> prompt_cached_tokens;  // reused from the slot's cache
  std::optional<int> prompt_processed_tokens;  // computed so far
  std::optional<int> generated_tokens;
  std::optional<int> remaining_tokens;      // generation budget left
  // Tokens the slot's KV cache holds (newer layout only). Its "n_prompt_tokens" is this count, not the
  // prompt's: the server appends every sampled token to the slot's cached tokens, and an idle slot keeps
  // them for reuse by the next prompt.
  std::optional<int> context_tokens;

  // Tokens held in the slot's context when known (context_tokens, else prompt + generated), clamped to n_ctx.
  std::optional<int> used_tokens() const;
};

struct SlotsRead {
  std::vector<SlotState> slot_states;  // sorted by id
  std::string error;             // non-empty when the body is not a /slots answer; slot_states is then empty
};

// Tokens generated between two reads of the same server's /slots: per slot, the growth of its decoded
// count while it runs the same task, or the whole count of a task that started in between. nullopt when
// no slot was processing in either read. (llama.cpp adds a request's generated tokens to its
// /metrics counter only when the request ends, so while requests run this is the live rate's source;
// tokens of a task that both started and ended between the reads are not seen here.)
std::optional<int> generated_between(const SlotsRead& before, const SlotsRead& now);

// Reads a /slots body. Fields are checked for type and range: a slot that does not make sense (negative
// or absurd sizes) is an error, never a crash.
SlotsRead read_llamacpp_slots(std::string_view body);

}  // namespace inferscope::remote
