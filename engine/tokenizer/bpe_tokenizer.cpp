#include "engine/tokenizer/bpe_tokenizer.h"

#include <queue>
#include <stdexcept>

#include "engine/tokenizer/byte_unicode.h"
#include "engine/tokenizer/utf8.h"

namespace inferscope {
namespace {

// A symbol of the word being merged: a byte range, linked to its neighbours. Merging folds the right
// symbol into the left one and empties the right, so indices stay stable and stale queue entries can
// be recognised by their recorded lengths.
struct Symbol {
  size_t start;
  size_t len;
  int prev;
  int next;
};

struct Candidate {
  int rank;
  int left;
  int right;
  size_t left_len;
  size_t right_len;
  // std::priority_queue pops the greatest element: lowest rank first, then leftmost, as llama.cpp does.
  bool operator<(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
};

}  // namespace

BpeTokenizer::BpeTokenizer(VocabData vocab) : Tokenizer(std::move(vocab)), pre_(vocab_.pre), specials_(vocab_) {
  token_ids_.reserve(vocab_.tokens.size());
  for (size_t i = 0; i < vocab_.tokens.size(); ++i) token_ids_.emplace(vocab_.tokens[i], static_cast<int32_t>(i));
  merge_ranks_.reserve(vocab_.merges.size());
  for (size_t i = 0; i < vocab_.merges.size(); ++i) {
    const std::string& m = vocab_.merges[i];
    // Exactly one separating space: mapped tokens never contain a raw space (it is "Ġ").
    const size_t sp = m.find(' ', 1);
    if (sp == std::string::npos || sp + 1 >= m.size())
      throw std::runtime_error("tokenizer metadata: merge " + std::to_string(i) + " '" + m + "' is not of the form 'a b'");
    merge_ranks_.emplace(m, static_cast<int32_t>(i));  // first occurrence wins on duplicates
  }
}

int BpeTokenizer::rank(std::string_view left, std::string_view right) const {
  thread_local std::string key;
  key.assign(left).append(1, ' ').append(right);
  const auto it = merge_ranks_.find(key);
  return it == merge_ranks_.end() ? -1 : it->second;
}

void BpeTokenizer::encode_word(const std::string& word, std::vector<int32_t>& out) const {
  if (pre_.ignore_merges()) {
    if (auto it = token_ids_.find(word); it != token_ids_.end()) {
      out.push_back(it->second);
      return;
    }
  }
  std::vector<Symbol> syms;
  for (size_t i = 0; i < word.size();) {
    const size_t n = utf8::char_length(word, i);
    const int idx = static_cast<int>(syms.size());
    syms.push_back({i, n, idx - 1, idx + 1});
    i += n;
  }
  if (syms.empty()) return;
  syms.back().next = -1;

  const std::string_view w(word);
  auto text = [&](const Symbol& s) { return w.substr(s.start, s.len); };
  std::priority_queue<Candidate> queue;
  auto consider = [&](int left, int right) {
    if (left < 0 || right < 0) return;
    const int r = rank(text(syms[left]), text(syms[right]));
    if (r >= 0) queue.push({r, left, right, syms[left].len, syms[right].len});
  };
  for (int i = 0; i + 1 < static_cast<int>(syms.size()); ++i) consider(i, i + 1);

  while (!queue.empty()) {
    const Candidate c = queue.top();
    queue.pop();
    Symbol& l = syms[c.left];
    Symbol& r = syms[c.right];
    if (l.len != c.left_len || r.len != c.right_len || r.len == 0 || l.next != c.right) continue;  // stale
    l.len += r.len;
    r.len = 0;
    l.next = r.next;
    if (r.next >= 0) syms[r.next].prev = c.left;
    consider(l.prev, c.left);
    consider(c.left, l.next);
  }

  for (int i = 0; i >= 0; i = syms[i].next) {
    const std::string_view piece = text(syms[i]);
    if (auto it = token_ids_.find(std::string(piece)); it != token_ids_.end()) {
      out.push_back(it->second);
      continue;
    }
    // Not in the vocabulary (only possible with an incomplete vocabulary): fall back to the
    // single-character tokens; characters missing even there are dropped, as llama.cpp does.
    for (size_t j = 0; j < piece.size();) {
      const size_t n = utf8::char_length(piece, j);
      if (auto it = token_ids_.find(std::string(piece.substr(j, n))); it != token_ids_.end()) out.push_back(it->second);
      j += n;
    }
  }
}

std::vector<int32_t> BpeTokenizer::encode(std::string_view text, bool add_special, bool parse_special) const {
  std::vector<int32_t> out;
  if (add_special && vocab_.add_bos && vocab_.bos >= 0) out.push_back(vocab_.bos);
  const ByteUnicode& bytes = ByteUnicode::instance();
  for (const Fragment& f : specials_.partition(text, parse_special)) {
    if (f.id >= 0) {
      out.push_back(f.id);
      continue;
    }
    for (std::string_view piece : pre_.split(f.text)) encode_word(bytes.encode(piece), out);
  }
  if (add_special && vocab_.add_eos && vocab_.eos >= 0) out.push_back(vocab_.eos);
  return out;
}

std::string BpeTokenizer::token_to_piece(int32_t id, bool render_special) const {
  if (id < 0 || id >= n_vocab()) return {};
  const std::string& text = vocab_.tokens[id];
  switch (token_type(id)) {
    case TokenType::Control:
    case TokenType::Unknown:
      return render_special ? text : std::string();
    case TokenType::Unused:
      return {};
    case TokenType::UserDefined:
      return text;  // added tokens are stored as plain text, not byte-mapped
    case TokenType::Byte:
      return byte_token_value(text);
    default:
      return ByteUnicode::instance().decode(text);
  }
}

}  // namespace inferscope
