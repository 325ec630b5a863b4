#include "engine/quant/quality.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/kv/kv_storage.h"
#include "engine/model/loaded_model.h"
#include "engine/quant/requantize.h"

namespace inferscope::quant {

namespace {

// Logits at every row of one window run as a fresh sequence.
void window_logits(LlamaModel& model, KvDtype dtype, const int32_t* tokens, int n, kernels::ThreadPool* pool,
                   std::vector<float>& logits) {
  const ModelConfig& c = model.config();
  constexpr int kBlock = 16;
  KvLayout layout{c.n_layers, c.n_kv_heads, c.head_dim, kBlock, dtype};
  KvStorage kv(layout, (n + kBlock - 1) / kBlock);
  std::vector<int32_t> table(kv.num_blocks());
  for (size_t i = 0; i < table.size(); ++i) table[i] = static_cast<int32_t>(i);
  ForwardBatch batch;
  batch.tokens.assign(tokens, tokens + n);
  batch.seqs.push_back({0, 0, n, 0, &table, n});
  model.forward(batch, kv, pool, logits);
}

// log-sum-exp of a logit row, in double.
double log_sum_exp(const float* z, int n) {
  const float m = *std::max_element(z, z + n);
  double s = 0;
  for (int i = 0; i < n; ++i) s += std::exp(double(z[i]) - m);
  return m + std::log(s);
}

int window_size(const LlamaModel& model, const QualityOptions& opt) {
  int w = std::max(2, opt.window);
  if (model.config().context_length > 1) w = std::min(w, model.config().context_length);
  return w;
}

// Calls fn(first token index, n tokens of the window) for windows overlapping by one token.
template <class Fn>
void for_windows(size_t n_tokens, int window, const QualityOptions& opt, Fn fn) {
  for (size_t start = 0; start + 1 < n_tokens; start += size_t(window) - 1) {
    if (opt.cancel && opt.cancel->load()) throw Cancelled();
    fn(start, static_cast<int>(std::min<size_t>(window, n_tokens - start)));
  }
}

void check_tokens(const std::vector<int32_t>& tokens) {
  if (tokens.size() < 2) throw std::invalid_argument("quality needs at least 2 tokens of text");
}

}  // namespace

std::vector<int32_t> quality_tokens(const LoadedModel& m, const std::string& text, int max_tokens) {
  if (max_tokens < 1) throw std::invalid_argument("the number of tokens to score must be at least 1");
  std::vector<int32_t> ids = m.tokenizer->encode(text, /*add_special=*/true, /*parse_special=*/false);
  if (ids.size() < 2) throw std::invalid_argument("the text is too short to measure (fewer than 2 tokens)");
  if (ids.size() > size_t(max_tokens) + 1) ids.resize(size_t(max_tokens) + 1);
  return ids;
}

double perplexity(LlamaModel& model, KvDtype kv, const std::vector<int32_t>& tokens, const QualityOptions& opt) {
  check_tokens(tokens);
  const int V = model.config().n_vocab;
  std::vector<float> logits;
  double nll = 0;
  size_t n = 0;
  for_windows(tokens.size(), window_size(model, opt), opt, [&](size_t start, int len) {
    window_logits(model, kv, tokens.data() + start, len, opt.pool, logits);
    for (int i = 0; i + 1 < len; ++i, ++n) {
      const float* z = &logits[size_t(i) * V];
      nll += log_sum_exp(z, V) - z[tokens[start + i + 1]];
    }
  });
  return std::exp(nll / double(n));
}

QualityResult compare_quality(LlamaModel& baseline, KvDtype baseline_kv, LlamaModel& candidate,
                              KvDtype kv, const std::vector<int32_t>& tokens, const QualityOptions& opt) {
  check_tokens(tokens);
  const int V = candidate.config().n_vocab;
  if (baseline.config().n_vocab != V) throw std::invalid_argument("baseline and candidate have different vocabularies");
  std::vector<float> zb, zc;
  double nll_b = 0, nll_c = 0, kl_sum = 0;
  QualityResult r;
  int agree = 0;
  const int window = std::min(window_size(baseline, opt), window_size(candidate, opt));
  for_windows(tokens.size(), window, opt, [&](size_t start, int len) {
    window_logits(baseline, baseline_kv, tokens.data() + start, len, opt.pool, zb);
    window_logits(candidate, kv, tokens.data() + start, len, opt.pool, zc);
    for (int i = 0; i + 1 < len; ++i, ++r.tokens) {
      const float* b = &zb[size_t(i) * V];
      const float* c = &zc[size_t(i) * V];
      const double lb = log_sum_exp(b, V), lc = log_sum_exp(c, V);
      const int32_t next = tokens[start + i + 1];
      nll_b += lb - b[next];
      nll_c += lc - c[next];
      // KL(p_b || p_c) = sum p_b (log p_b - log p_c), log p = z - lse.
      double kl = 0;
      for (int v = 0; v < V; ++v) {
        const double log_pb = b[v] - lb;
        kl += std::exp(log_pb) * (log_pb - (c[v] - lc));
      }
      kl = std::max(kl, 0.0);  // rounding can make a zero divergence slightly negative
      kl_sum += kl;
      r.kl_max = std::max(r.kl_max, kl);
      if (std::max_element(b, b + V) - b == std::max_element(c, c + V) - c) ++agree;
    }
  });
  r.perplexity = std::exp(nll_c / r.tokens);
  r.baseline_perplexity = std::exp(nll_b / r.tokens);
  r.kl_mean = kl_sum / r.tokens;
  r.top1_agreement = double(agree) / r.tokens;
  return r;
}

}  // namespace inferscope::quant
