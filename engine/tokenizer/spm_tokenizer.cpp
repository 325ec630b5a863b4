#include "engine/tokenizer/spm_tokenizer.h"

#include <cstdio>
#include <queue>

#include "engine/tokenizer/utf8.h"

namespace inferscope {
namespace {

constexpr std::string_view kSpace = "\xE2\x96\x81";  // U+2581 "▁", SentencePiece's visible space

struct Symbol {
  size_t start;
  size_t len;
  int prev;
  int next;
};

struct Candidate {
  float score;
  int left;
  int right;
  size_t size;  // left + right length when queued; a mismatch later means one side has changed
  // Highest score first, then leftmost (llama.cpp's llm_bigram_spm ordering).
  bool operator<(const Candidate& o) const { return score != o.score ? score < o.score : left > o.left; }
};

std::string escape_spaces(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  for (char c : text) {
    if (c == ' ') out += kSpace;
    else out += c;
  }
  return out;
}

}  // namespace

SpmTokenizer::SpmTokenizer(VocabData vocab) : Tokenizer(std::move(vocab)), specials_(vocab_) {
  token_ids_.reserve(vocab_.tokens.size());
  for (size_t i = 0; i < vocab_.tokens.size(); ++i) token_ids_.emplace(vocab_.tokens[i], static_cast<int32_t>(i));
  if (vocab_.scores.size() != vocab_.tokens.size()) vocab_.scores.resize(vocab_.tokens.size(), 0.0f);
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    int32_t id = find(name);
    if (id < 0) id = find(std::string(1, static_cast<char>(b)));
    byte_ids_[b] = id;
  }
}

int32_t SpmTokenizer::find(std::string_view text) const {
  const auto it = token_ids_.find(std::string(text));
  return it == token_ids_.end() ? -1 : it->second;
}

void SpmTokenizer::encode_run(const std::string& text, std::vector<int32_t>& out) const {
  std::vector<Symbol> syms;
  for (size_t i = 0; i < text.size();) {
    const size_t n = utf8::char_length(text, i);
    const int idx = static_cast<int>(syms.size());
    syms.push_back({i, n, idx - 1, idx + 1});
    i += n;
  }
  if (syms.empty()) return;
  syms.back().next = -1;

  const std::string_view t(text);
  std::priority_queue<Candidate> queue;
  auto consider = [&](int left, int right) {
    if (left < 0 || right < 0) return;
    const size_t size = syms[left].len + syms[right].len;
    const int32_t id = find(t.substr(syms[left].start, size));  // adjacent symbols are contiguous
    if (id >= 0) queue.push({vocab_.scores[id], left, right, size});
  };
  for (int i = 0; i + 1 < static_cast<int>(syms.size()); ++i) consider(i, i + 1);

  while (!queue.empty()) {
    const Candidate c = queue.top();
    queue.pop();
    Symbol& l = syms[c.left];
    Symbol& r = syms[c.right];
    if (l.len == 0 || r.len == 0 || l.len + r.len != c.size || l.next != c.right) continue;  // stale
    l.len += r.len;
    r.len = 0;
    l.next = r.next;
    if (r.next >= 0) syms[r.next].prev = c.left;
    consider(l.prev, c.left);
    consider(c.left, l.next);
  }

  const int32_t unk = vocab_.unk;
  for (int i = 0; i >= 0; i = syms[i].next) {
    const std::string_view piece = t.substr(syms[i].start, syms[i].len);
    if (const int32_t id = find(piece); id >= 0) {
      out.push_back(id);
      continue;
    }
    // Merges only ever form vocabulary entries, so this is a single character the vocabulary lacks.
    for (char c : piece) {
      const int32_t id = byte_ids_[static_cast<uint8_t>(c)];
      if (id >= 0) out.push_back(id);
      else if (unk >= 0) out.push_back(unk);
    }
  }
}

std::vector<int32_t> SpmTokenizer::encode(std::string_view text, bool add_special, bool parse_special) const {
  std::vector<int32_t> out;
  if (add_special && vocab_.add_bos && vocab_.bos >= 0) out.push_back(vocab_.bos);
  // Like llama.cpp, the space prefix goes at the start and again after every special token.
  bool after_special = true;
  for (const Fragment& f : specials_.partition(text, parse_special)) {
    if (f.id >= 0) {
      out.push_back(f.id);
      after_special = true;
      continue;
    }
    std::string run;
    if (vocab_.add_space_prefix && after_special) run = kSpace;
    run += escape_spaces(f.text);
    encode_run(run, out);
    after_special = false;
  }
  if (add_special && vocab_.add_eos && vocab_.eos >= 0) out.push_back(vocab_.eos);
  return out;
}

std::string SpmTokenizer::token_to_piece(int32_t id, bool render_special) const {
  if (id < 0 || id >= n_vocab()) return {};
  const std::string& text = vocab_.tokens[id];
  switch (token_type(id)) {
    case TokenType::Control:
    case TokenType::Unknown:
      return render_special ? text : std::string();
    case TokenType::Unused:
      return {};
    case TokenType::Byte:
      return byte_token_value(text);
    default: {
      std::string out;
      out.reserve(text.size());
      for (size_t i = 0; i < text.size();) {
        if (text.compare(i, kSpace.size(), kSpace) == 0) {
          out += ' ';
          i += kSpace.size();
        } else {
          out += text[i++];
        }
      }
      return out;
    }
  }
}

}  // namespace inferscope
