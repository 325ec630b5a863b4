// Lesson 14: tensor vs pipeline parallelism on virtual devices (engine/parallel), run on the loaded model.
// Tensor parallelism splits every layer and all-reduces twice per layer: bytes per token
// 2 x layers x hidden x 4 x 2(D-1)/D, and the devices stay busy together. Pipeline parallelism gives each
// device a range of layers and hands only the activations on ((D-1) x hidden x 4 bytes per token), but
// a step's micro-batches fill and drain the pipeline: idle fraction (D-1)/(m+D-1). The lesson measures
// both over a few decode steps of the real model and turns the bytes into time with published link
// bandwidths.
#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "engine/model/loaded_model.h"
#include "engine/parallel/parallel_backend.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

namespace {

constexpr int kPromptTokens = 4;  // cached tokens of each sequence before the measured decode steps
constexpr int kBlock = 16;

struct Link {
  const char* id;
  const char* name;
  double gb_per_s;  // published per-direction bandwidth
};
// NVLink 4 on an H100 SXM: 900 GB/s; PCIe Gen5 x16 about 64 GB/s, Gen4 x16 about 32 GB/s per direction.
constexpr Link kLinks[] = {{"nvlink4", "NVLink 4 (H100)", 900.0}, {"pcie5", "PCIe Gen5 x16", 64.0},
                           {"pcie4", "PCIe Gen4 x16", 32.0}};

std::string fill(std::string t, int a, int b = 0) {
  auto put = [&](const char* hole, int v) {
    const size_t at = t.find(hole);
    if (at != std::string::npos) t.replace(at, 2, std::to_string(v));
  };
  put("%1", a);
  put("%2", b);
  return t;
}

struct Measured {
  double bytes_per_token = 0;
  double idle = 0;  // mean idle fraction over the measured steps
};

class ParallelismLesson final : public Lesson {
 public:
  std::string id() const override { return "parallelism"; }
  std::string title() const override { return "Tensor vs pipeline parallelism: bytes moved vs idle devices"; }
  bool needs_model() const override { return true; }
  std::string scenario() const override { return "pipeline_parallelism.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"sequences", "Sequences decoding per step", K::Int, 16, 1, 64, {}, "",
         "Rows of each measured step: one new token for each of this many sequences."},
        {"steps", "Measured steps", K::Int, 3, 1, 20, {}, "",
         "Decode steps measured for every split; the page shows their mean."},
        {"link", "Interconnect", K::Choice, 0, 0, 0, {"nvlink4", "pcie5", "pcie4"}, "nvlink4",
         "Published bandwidth that turns bytes into time: NVLink 4 900 GB/s, PCIe Gen5 x16 64 GB/s, Gen4 x16 32 GB/s."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const LoadedModel& m = require_model(ctx, id());
    const ModelConfig& c = m.model->config();
    const int seqs = static_cast<int>(p.get_int("sequences"));
    const int steps = static_cast<int>(p.get_int("steps"));
    const Link* link = &kLinks[0];
    for (const Link& l : kLinks)
      if (p.get_text("link") == l.id) link = &l;
    const double bytes_per_us = link->gb_per_s * 1e3;  // GB/s = 1e9 B / 1e6 us

    // One prefill of kPromptTokens per sequence, then `steps` decode passes over the same rows.
    std::vector<std::vector<int32_t>> tables(static_cast<size_t>(seqs));
    const std::vector<int32_t> prompt = sample_tokens(m, kPromptTokens + 1);
    ForwardBatch prefill, decode;
    for (int s = 0; s < seqs; ++s) {
      tables[size_t(s)] = {s};
      SeqSlice sl;
      sl.seq_id = s;
      sl.row_begin = prefill.n_rows();
      sl.n_new = kPromptTokens;
      sl.block_table = &tables[size_t(s)];
      sl.n_logits = 1;
      prefill.tokens.insert(prefill.tokens.end(), prompt.begin(), prompt.begin() + kPromptTokens);
      prefill.seqs.push_back(sl);
      SeqSlice d = sl;
      d.row_begin = s;
      d.n_new = 1;
      d.n_past = kPromptTokens;
      decode.tokens.push_back(prompt[kPromptTokens]);
      decode.seqs.push_back(d);
    }
    KvLayout layout;
    layout.n_layers = c.n_layers;
    layout.kv_heads = c.n_kv_heads;
    layout.head_dim = c.head_dim;
    layout.block_size = kBlock;
    auto pool = make_pool(ctx);

    auto measure = [&](const ParallelConfig& pc) {
      auto backend = make_parallel_backend(pc, *m.model, layout, seqs, pool.get());
      std::vector<float> logits;
      backend->forward(prefill, logits, AttentionImpl::Tiled, nullptr);
      Measured r;
      for (int i = 0; i < steps; ++i) {
        check_cancel(ctx, id());
        backend->forward(decode, logits, AttentionImpl::Tiled, nullptr);
        const auto tl = backend->last_timeline();
        r.idle += tl->bubble_fraction / steps;
        r.bytes_per_token = double(tl->comm_bytes) / decode.n_rows();
      }
      return r;
    };

    LessonResult r;
    r.numbers.push_back({"link_gb_per_s", link->gb_per_s, "GB/s", "Interconnect bandwidth"});
    Chart& ch = r.chart;
    ch.title = "Bytes moved per token vs idle fraction (" + std::string(link->name) + ")";
    ch.x_label = "bytes moved between devices per token";
    ch.y_label = "idle fraction of the devices (%)";
    ch.log_x = true;
    Series tp_series{"tensor parallel (D = 2, 3, 4, 8)", {}};
    // 3 as well: the default model's 3 KV heads split only three ways.
    for (int D : {2, 3, 4, 8}) {
      ParallelConfig pc{ParallelMode::Tensor, D, 1};
      if (const std::string why = pc.model_fit(c); !why.empty()) {
        r.texts.push_back({fill("tensor parallel over %1 devices", D), why});
        continue;
      }
      const Measured t = measure(pc);
      r.numbers.insert(r.numbers.end(), {
          {"tp" + std::to_string(D) + "_bytes_per_token", t.bytes_per_token, "B",
           fill("TP over %1 devices: bytes moved per token", D)},
          {"tp" + std::to_string(D) + "_link_us_per_token", t.bytes_per_token / bytes_per_us, "us",
           fill("TP over %1 devices: link time per token", D)},
          {"tp" + std::to_string(D) + "_idle", 100.0 * t.idle, "%", fill("TP over %1 devices: idle fraction (measured)", D)},
      });
      tp_series.points.push_back({t.bytes_per_token, 100.0 * t.idle});
    }
    if (!tp_series.points.empty()) ch.series.push_back(tp_series);
    for (int D : {2, 4, 8}) {
      if (D > c.n_layers) continue;
      Series measured{fill("pipeline over %1 devices (m = 1, 2, 4, 8)", D), {}};
      Series closed{fill("closed form (D-1)/(m+D-1), %1 devices", D), {}, true};
      double bytes = 0;
      std::vector<double> stage_layers;
      for (int st = 0; st < D; ++st) {
        int first = 0, end = 0;
        pipeline_stage_layers(c.n_layers, D, st, first, end);
        stage_layers.push_back(end - first);
      }
      for (int mb : {1, 2, 4, 8}) {
        const Measured t = measure({ParallelMode::Pipeline, D, mb});
        bytes = t.bytes_per_token;
        const int m_eff = std::min(mb, seqs);  // never more micro-batches than rows
        const double want = pipeline_bubble_closed_form(D, m_eff);
        const std::string key = "pp" + std::to_string(D) + "_m" + std::to_string(mb);
        r.numbers.push_back({key + "_idle", 100.0 * t.idle, "%",
                             fill("PP over %1 devices, %2 micro-batches: idle fraction (measured)", D, mb)});
        r.numbers.push_back({key + "_closed_form", 100.0 * want, "%",
                             fill("PP over %1 devices, %2 micro-batches: (D-1)/(m+D-1)", D, mb)});
        if (c.n_layers % D != 0)  // unequal stages: the same closed form with each stage's layer count as its cost
          r.numbers.push_back({key + "_closed_form_layers", 100.0 * pipeline_bubble_for_costs(stage_layers.data(), D, m_eff),
                               "%", fill("PP over %1 devices, %2 micro-batches: closed form for these stages' layer counts",
                                         D, mb)});
        measured.points.push_back({bytes, 100.0 * t.idle});
        closed.points.push_back({bytes, 100.0 * want});
      }
      r.numbers.push_back({"pp" + std::to_string(D) + "_bytes_per_token", bytes, "B",
                           fill("PP over %1 devices: bytes moved per token", D)});
      r.numbers.push_back({"pp" + std::to_string(D) + "_link_us_per_token", bytes / bytes_per_us, "us",
                           fill("PP over %1 devices: link time per token", D)});
      ch.series.push_back(measured);
      ch.series.push_back(closed);
    }
    r.texts.push_back({"clock", "Each virtual device's clock runs on its own thread's CPU time, so eight devices on "
                                "two cores still time like eight devices; a pipeline device is idle while it waits "
                                "for a micro-batch, a tensor-parallel device while it waits for the slowest one "
                                "before an all-reduce."});
    r.texts.push_back({"links", "Link time = bytes / published bandwidth, ignoring latency: a lower bound."});
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_parallelism_lesson() { return std::make_unique<ParallelismLesson>(); }

}  // namespace inferscope::lessons
