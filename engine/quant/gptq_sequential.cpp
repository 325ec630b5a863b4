#include "engine/quant/gptq_sequential.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>

#include "engine/model/llama_model.h"
#include "engine/quant/calibration.h"
#include "engine/quant/gptq.h"
#include "engine/quant/requantize.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::quant {

namespace {

using Site = ForwardStats::LinearSite;
constexpr std::array<Site, 4> kSites = {Site::AttnIn, Site::AttnOut, Site::FfnIn, Site::FfnOut};
// The site whose Hessian weights the attention sink's row (SequentialGptqOptions::weight_sink): the input
// of Q/K/V.
constexpr Site kSinkSite = Site::AttnIn;

template <class Layer>
auto projections_of(Layer& L, Site s) -> std::vector<decltype(&L.wq)> {
  switch (s) {
    case Site::AttnIn: return {&L.wq, &L.wk, &L.wv};
    case Site::AttnOut: return {&L.wo};
    case Site::FfnIn: return {&L.w_gate, &L.w_up};
    case Site::FfnOut: return {&L.w_down};
  }
  return {};
}

// Model order of a layer's projections (q, k, v, o, gate, up, down): where a site's k-th one goes.
int model_index(Site s, int k) {
  switch (s) {
    case Site::AttnIn: return k;
    case Site::AttnOut: return 3;
    case Site::FfnIn: return 4 + k;
    case Site::FfnOut: return 6;
  }
  return 0;
}

// ||(a - b) X^T||^2 = sum over rows r of d_r^T (X^T X) d_r, from the Gram matrix s = X^T X.
double gram_error(const float* a, const float* b, int64_t n_out, int64_t n_in, const std::vector<float>& s,
                  kernels::ThreadPool* pool) {
  std::vector<float> d(size_t(n_out * n_in));
  for (size_t i = 0; i < d.size(); ++i) d[i] = a[i] - b[i];
  std::vector<float> m(d.size());
  kernels::matmul(kernels::GgmlType::F32, s.data(), n_in, n_in, d.data(), n_out, m.data(), pool);
  double e = 0;
  for (size_t i = 0; i < d.size(); ++i) e += double(d[i]) * double(m[i]);
  return e;
}

}  // namespace

std::vector<SequentialGptqResult> gptq_sequential(
    std::shared_ptr<const gguf::GgufFile> file, const ModelWeights& stored, const std::vector<int32_t>& tokens,
    const std::function<std::vector<float>(const WeightRef&)>& source, const SequentialGptqOptions& opt,
    kernels::ThreadPool* pool, const std::atomic<bool>* cancel, const std::function<void(int, int)>& progress) {
  auto is_cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
  ModelWeights cur = stored;
  auto buffers = std::make_shared<WeightBuffers>();
  const int n_layers = static_cast<int>(stored.layers.size());
  std::vector<SequentialGptqResult> out(size_t(n_layers) * 7);

  // The calibration windows and the residual stream entering the current layer, window after window.
  const ModelConfig c = read_model_config(*file);
  const int w = std::max(1, c.context_length > 0 ? std::min(opt.window, c.context_length) : opt.window);
  const int64_t N = static_cast<int64_t>(tokens.size());
  const int64_t E = c.n_embd;
  std::vector<float> hidden(size_t(N * E)), next(size_t(w) * size_t(E));
  ScratchCache cache = scratch_cache(c, w);

  // Runs layer l of the current weights over every window: feeds the inputs of site `want` (if any) to
  // on_rows and, when advance, replaces the residual stream with the layer's output.
  auto run_layer = [&](int l, std::optional<Site> want, bool advance,
                       const std::function<void(const float*, int, int)>& on_rows) {
    LlamaModel model(file, cur, buffers);
    auto ws = model.make_workspace();
    for (int64_t start = 0; start < N; start += w) {
      if (is_cancelled()) throw Cancelled();
      const int n = static_cast<int>(std::min<int64_t>(w, N - start));
      ForwardBatch batch;
      batch.tokens.assign(tokens.begin() + start, tokens.begin() + start + n);
      batch.seqs.push_back({0, 0, n, 0, &cache.tables[0], 0});
      ForwardStats stats;
      stats.linear_inputs = [&](int layer, Site site, const float* x, int n_rows, int n_in) {
        if (layer == l && site == want) on_rows(x, n_rows, n_in);
      };
      float* h = &hidden[size_t(start * E)];
      model.forward_stage(*ws, l, l + 1, batch, cache.kv, pool, h, next.data(), AttentionImpl::Tiled, &stats);
      if (advance) std::copy_n(next.data(), size_t(n) * size_t(E), h);
    }
  };

  for (int l = 0; l < n_layers; ++l) {
    LayerWeights& L = cur.layers[size_t(l)];
    const LayerWeights& S = stored.layers[size_t(l)];
    // Site by site, each from inputs computed with the layer's earlier projections already quantized.
    for (Site s : kSites) {
      std::vector<float> g;
      int64_t n_in = 0;
      run_layer(l, s, false, [&](const float* x, int n_rows, int width) {
        if (g.empty()) {
          g.assign(size_t(width) * size_t(width), 0.0f);
          n_in = width;
        }
        // Row 0 is the window's first token: counted once per query of the window that reads it.
        const float row0_weight = opt.weight_sink && s == kSinkSite ? float(n_rows) : 1.0f;
        const std::vector<float> part = gram_matrix(x, n_rows, width, pool, row0_weight);
        for (size_t i = 0; i < g.size(); ++i) g[i] += part[i];
      });
      std::vector<float> h(g.size());
      const float f = 2.0f / float(std::max<int64_t>(N, 1));
      for (size_t i = 0; i < g.size(); ++i) h[i] = g[i] * f;
      std::vector<WeightRef*> refs = projections_of(L, s);
      const std::vector<const WeightRef*> srcs = projections_of(S, s);
      for (size_t k = 0; k < refs.size(); ++k) {
        if (is_cancelled()) throw Cancelled();
        const WeightRef& src = *srcs[k];
        if (src.n_in != n_in) throw std::logic_error("gptq: projection input width does not match its site");
        const std::vector<float> wv = source(src);
        GptqOptions go;
        go.bits = opt.bits;
        go.group = opt.group;
        go.damp = opt.damp;
        SequentialGptqResult& r = out[size_t(l) * 7 + size_t(model_index(s, int(k)))];
        r.layer = l;
        r.tensor = gptq_quantize(src.name, wv.data(), src.n_out, src.n_in, h, go, pool, cancel);
        // The projection as the next passes read it: its dequantized values.
        WeightRef q = src;
        q.type = kernels::GgmlType::F32;
        q.n_bytes = size_t(src.n_in * src.n_out) * sizeof(float);
        auto* dst = reinterpret_cast<float*>(buffers->add(q.n_bytes));
        dequantize(r.tensor, dst);
        q.data = dst;
        *refs[k] = q;
        std::vector<float> back(wv.size());
        dequantize(rtn_quantize(wv.data(), src.n_out, src.n_in, opt.bits, opt.group), back.data());
        r.error = gram_error(wv.data(), dst, src.n_out, src.n_in, g, pool);
        r.error_rtn = gram_error(wv.data(), back.data(), src.n_out, src.n_in, g, pool);
        std::fill(back.begin(), back.end(), 0.0f);
        r.energy = gram_error(wv.data(), back.data(), src.n_out, src.n_in, g, pool);
        if (progress) progress(l, model_index(s, int(k)));
      }
    }
    run_layer(l, std::nullopt, true, {});
  }
  return out;
}

}  // namespace inferscope::quant
