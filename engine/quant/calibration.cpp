#include "engine/quant/calibration.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include <xxhash.h>

#include "engine/gguf/gguf_file.h"
#include "engine/kv/kv_storage.h"
#include "engine/model/loaded_model.h"
#include "engine/quant/requantize.h"
#include "engine/sample/sampler.h"

namespace inferscope::quant {

std::vector<int32_t> calibration_tokens(const LoadedModel& m, const std::string& text, int max_tokens) {
  if (max_tokens < 2) throw std::invalid_argument("calibration needs at least 2 tokens");
  std::vector<int32_t> ids = m.tokenizer->encode(text, /*add_special=*/true, /*parse_special=*/false);
  if (ids.size() < 2) throw std::invalid_argument("the calibration text is too short (fewer than 2 tokens)");
  if (ids.size() > size_t(max_tokens)) ids.resize(size_t(max_tokens));
  return ids;
}

ScratchCache scratch_cache(const ModelConfig& c, int tokens, int n_seqs) {
  constexpr int kBlock = 16;
  const int per_seq = std::max(1, (tokens + kBlock - 1) / kBlock);
  KvLayout layout{c.n_layers, c.n_kv_heads, c.head_dim, kBlock, KvDtype::F32};
  std::vector<std::vector<int32_t>> tables(static_cast<size_t>(n_seqs), std::vector<int32_t>(size_t(per_seq)));
  for (int i = 0; i < n_seqs; ++i)
    for (int b = 0; b < per_seq; ++b) tables[size_t(i)][size_t(b)] = i * per_seq + b;
  return ScratchCache{KvStorage(layout, int64_t(n_seqs) * per_seq), std::move(tables)};
}

namespace {

// A draw from softmax(logits) at temperature 1, in token order: the engine's sampler sorts the whole
// vocabulary first (for top-k / top-p), which took most of the sampling's time here (42.6 s instead of
// 12.8 s for SmolLM2's 8,192-token default set on 2 cores).
int32_t draw_softmax(const float* logits, int n, SamplerRng& rng, std::vector<double>& e) {
  const float zmax = *std::max_element(logits, logits + n);
  e.resize(size_t(n));
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += e[size_t(i)] = std::exp(double(logits[i] - zmax));
  const double u = rng.uniform() * sum;
  double acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += e[size_t(i)];
    if (u < acc) return i;
  }
  return n - 1;
}

}  // namespace

std::vector<int32_t> self_generated_tokens(LlamaModel& model, int32_t first, int n_seqs, int length, uint64_t seed,
                                           kernels::ThreadPool* pool, const std::atomic<bool>* cancel) {
  if (n_seqs <= 0 || length <= 0) return {};
  const ModelConfig& c = model.config();
  ScratchCache cache = scratch_cache(c, length, n_seqs);
  std::vector<std::vector<int32_t>> seqs(static_cast<size_t>(n_seqs), std::vector<int32_t>{first});
  std::vector<SamplerRng> rngs;
  for (int i = 0; i < n_seqs; ++i) rngs.emplace_back(seed + uint64_t(i));
  std::vector<float> logits;
  std::vector<double> probs;
  for (int pos = 0; pos + 1 < length; ++pos) {
    if (cancel && cancel->load()) throw Cancelled();
    ForwardBatch batch;
    for (int i = 0; i < n_seqs; ++i) {
      batch.tokens.push_back(seqs[size_t(i)].back());
      batch.seqs.push_back({i, i, 1, pos, &cache.tables[size_t(i)], 1});
    }
    model.forward(batch, cache.kv, pool, logits, AttentionImpl::Tiled);
    for (int i = 0; i < n_seqs; ++i)
      seqs[size_t(i)].push_back(draw_softmax(&logits[size_t(i) * size_t(c.n_vocab)], c.n_vocab, rngs[size_t(i)], probs));
  }
  std::vector<int32_t> out;
  for (const auto& s : seqs) out.insert(out.end(), s.begin(), s.end());
  return out;
}

CalibrationActivations capture_activations(LlamaModel& model, const std::vector<int32_t>& tokens, int window,
                                           kernels::ThreadPool* pool, const std::atomic<bool>* cancel) {
  const ModelConfig& c = model.config();
  int w = std::max(1, window);
  if (c.context_length > 0) w = std::min(w, c.context_length);
  CalibrationActivations acts;
  acts.n_rows = static_cast<int>(tokens.size());
  acts.width = {int(c.n_embd), int(c.q_dim()), int(c.n_embd), int(c.n_ff)};
  acts.layers.resize(size_t(c.n_layers));
  for (auto& layer : acts.layers)
    for (size_t s = 0; s < 4; ++s) layer[s].resize(size_t(acts.n_rows) * size_t(acts.width[s]));

  std::vector<float> logits;
  for (size_t start = 0; start < tokens.size(); start += size_t(w)) {
    if (cancel && cancel->load()) throw Cancelled();
    const int n = static_cast<int>(std::min<size_t>(size_t(w), tokens.size() - start));
    ScratchCache cache = scratch_cache(c, n);
    ForwardBatch batch;
    batch.tokens.assign(tokens.begin() + long(start), tokens.begin() + long(start) + n);
    batch.seqs.push_back({0, 0, n, 0, &cache.tables[0], 1});
    ForwardStats stats;
    stats.linear_inputs = [&](int layer, ForwardStats::LinearSite site, const float* x, int n_rows, int n_in) {
      const size_t s = size_t(site);
      if (n_in != acts.width[s] || n_rows != n) throw std::logic_error("calibration: unexpected projection input shape");
      std::memcpy(&acts.layers[size_t(layer)][s][start * size_t(n_in)], x, size_t(n_rows) * size_t(n_in) * sizeof(float));
    };
    model.forward(batch, cache.kv, pool, logits, AttentionImpl::Tiled, &stats);
  }
  return acts;
}

uint64_t tokens_hash(const std::vector<int32_t>& tokens) {
  return XXH3_64bits(tokens.data(), tokens.size() * sizeof(int32_t));
}

uint64_t model_tensors_hash(const gguf::GgufFile& file) {
  XXH3_state_t* st = XXH3_createState();
  XXH3_64bits_reset(st);
  for (const auto& t : file.tensors()) {
    XXH3_64bits_update(st, t.name.data(), t.name.size());
    const uint64_t head[2] = {uint64_t(t.type), t.n_elements};
    XXH3_64bits_update(st, head, sizeof head);
    XXH3_64bits_update(st, t.data, t.n_bytes);
  }
  const uint64_t h = XXH3_64bits_digest(st);
  XXH3_freeState(st);
  return h;
}

std::string default_quant_cache_dir() {
  std::string base;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) base = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home) base = std::string(home) + "/.cache";
  else base = ".cache";
  return base + "/inferscope/quant";
}

}  // namespace inferscope::quant
