// SpecialTokens: llama.cpp's partition order (each special token, longest first, splits every raw
// fragment left by the previous ones) so that ambiguous overlaps resolve exactly as llama.cpp does.
#include "engine/tokenizer/special_tokens.h"

#include <algorithm>

namespace inferscope {

SpecialTokens::SpecialTokens(const VocabData& vocab) {
  for (size_t id = 0; id < vocab.token_types.size() && id < vocab.tokens.size(); ++id) {
    const auto type = static_cast<TokenType>(vocab.token_types[id]);
    if (vocab.tokens[id].empty()) continue;
    if (type == TokenType::Control || type == TokenType::Unknown)
      entries_.push_back({vocab.tokens[id], static_cast<int32_t>(id), true});
    else if (type == TokenType::UserDefined)
      entries_.push_back({vocab.tokens[id], static_cast<int32_t>(id), false});
  }
  std::stable_sort(entries_.begin(), entries_.end(),
                   [](const Entry& a, const Entry& b) { return a.text.size() > b.text.size(); });
}

std::vector<Fragment> SpecialTokens::partition(std::string_view text, bool parse_special) const {
  std::vector<Fragment> fragments;
  if (!text.empty()) fragments.push_back({text, -1});
  std::vector<Fragment> next;
  for (const Entry& e : entries_) {
    if (e.needs_parse_special && !parse_special) continue;
    next.clear();
    bool found_any = false;
    for (const Fragment& f : fragments) {
      if (f.id >= 0) {
        next.push_back(f);
        continue;
      }
      size_t pos = 0;
      for (size_t hit = f.text.find(e.text); hit != std::string_view::npos; hit = f.text.find(e.text, pos)) {
        found_any = true;
        if (hit > pos) next.push_back({f.text.substr(pos, hit - pos), -1});
        next.push_back({std::string_view(e.text), e.id});
        pos = hit + e.text.size();
      }
      if (pos < f.text.size()) next.push_back({f.text.substr(pos), -1});
    }
    if (found_any) fragments.swap(next);
  }
  return fragments;
}

}  // namespace inferscope
