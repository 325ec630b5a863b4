#include "remote/metrics/llamacpp_slots.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace inferscope::remote {
namespace {

using nlohmann::json;

// Context sizes beyond this are not a real server's (the largest published contexts are ~10M).
constexpr long long kMaxTokens = 1LL << 30;

std::optional<int> count_field(const json& obj, const char* key) {
  const auto it = obj.find(key);
  if (it == obj.end() || !it->is_number_integer()) return std::nullopt;
  const long long v = it->get<long long>();
  if (v < 0 || v > kMaxTokens) return std::nullopt;
  return static_cast<int>(v);
}

}  // namespace

std::optional<int> SlotState::used_tokens() const {
  if (context_tokens) return std::min(n_ctx, *context_tokens);
  if (!prompt_tokens && !generated_tokens) return std::nullopt;
  return std::min(n_ctx, prompt_tokens.value_or(0) + generated_tokens.value_or(0));
}

std::optional<int> generated_between(const SlotsRead& before, const SlotsRead& now) {
  bool any = false;
  long long total = 0;
  for (const SlotState& s : now.slot_states) {
    any = any || s.processing;
    if (!s.processing || !s.generated_tokens) continue;
    const SlotState* prev = nullptr;
    for (const SlotState& b : before.slot_states)
      if (b.id == s.id) prev = &b;
    const bool same_task = prev && prev->processing && prev->task_id && s.task_id && *prev->task_id == *s.task_id &&
                           prev->generated_tokens && *prev->generated_tokens <= *s.generated_tokens;
    total += same_task ? *s.generated_tokens - *prev->generated_tokens : *s.generated_tokens;
  }
  for (const SlotState& b : before.slot_states) any = any || b.processing;
  if (!any) return std::nullopt;
  return static_cast<int>(std::min<long long>(total, 1LL << 30));
}

SlotsRead read_llamacpp_slots(std::string_view body) {
  SlotsRead out;
  const json doc = json::parse(body.begin(), body.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    out.error = "not JSON";
    return out;
  }
  if (!doc.is_array()) {
    // A server started without --slots answers with an error object.
    out.error = doc.is_object() && doc.contains("error") ? "the server refuses /slots (start it with --slots)"
                                                         : "not a list of slots";
    return out;
  }
  for (const json& s : doc) {
    if (!s.is_object()) {
      out.error = "a slot is not an object";
      out.slot_states.clear();
      return out;
    }
    const std::optional<int> id = count_field(s, "id");
    const std::optional<int> n_ctx = count_field(s, "n_ctx");
    if (!id || !n_ctx) {
      out.error = "a slot without a valid id or n_ctx";
      out.slot_states.clear();
      return out;
    }
    SlotState slot;
    slot.id = *id;
    slot.n_ctx = *n_ctx;
    if (const auto it = s.find("is_processing"); it != s.end() && it->is_boolean()) slot.processing = it->get<bool>();
    if (const auto it = s.find("id_task"); it != s.end() && it->is_number_integer()) {
      const long long t = it->get<long long>();
      if (t >= 0 && t <= kMaxTokens) slot.task_id = static_cast<int>(t);
    }
    slot.prompt_cached_tokens = count_field(s, "n_prompt_tokens_cache");
    slot.prompt_processed_tokens = count_field(s, "n_prompt_tokens_processed");
    if (slot.prompt_processed_tokens) {
      // The newer layout: "n_prompt_tokens" counts everything in the slot's cache, generated tokens too.
      slot.context_tokens = count_field(s, "n_prompt_tokens");
      slot.prompt_tokens = slot.prompt_cached_tokens.value_or(0) + *slot.prompt_processed_tokens;
    } else {
      slot.prompt_tokens = count_field(s, "n_prompt_tokens");
    }
    if (const auto it = s.find("next_token"); it != s.end()) {
      const json* next = nullptr;
      if (it->is_array() && !it->empty() && it->front().is_object()) next = &it->front();
      if (it->is_object()) next = &*it;
      if (next != nullptr) {
        slot.generated_tokens = count_field(*next, "n_decoded");
        slot.remaining_tokens = count_field(*next, "n_remain");
      }
    }
    if (!slot.processing && slot.generated_tokens && !slot.prompt_tokens) {
      // An idle slot of the older layout still reports its last task's counts; they are not in use.
      slot.generated_tokens.reset();
    }
    out.slot_states.push_back(slot);
  }
  std::sort(out.slot_states.begin(), out.slot_states.end(), [](const SlotState& a, const SlotState& b) { return a.id < b.id; });
  return out;
}

}  // namespace inferscope::remote
