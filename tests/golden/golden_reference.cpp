#include "tests/golden/golden_reference.h"

#include <QtTest/QtTest>
#include <cmath>
#include <fstream>

#include "engine/kv/kv_storage.h"
#include "engine/llm_engine.h"
#include "engine/model/loaded_model.h"
#include "tests/common/test_support.h"

namespace inferscope::test {

nlohmann::json load_reference(const std::string& file_name) {
  std::ifstream in(source_dir() + "/tests/data/" + file_name);
  if (!in) return {};
  return nlohmann::json::parse(in);
}

namespace {

// KL(p || q) where p and q are the softmax of the two logit vectors restricted to the same ids.
double kl_on_ids(const std::vector<double>& ref_logits, const std::vector<double>& our_logits) {
  auto softmax = [](const std::vector<double>& z) {
    double m = z[0];
    for (double v : z) m = std::max(m, v);
    std::vector<double> p(z.size());
    double s = 0;
    for (size_t i = 0; i < z.size(); ++i) s += p[i] = std::exp(z[i] - m);
    for (double& v : p) v /= s;
    return p;
  };
  const auto p = softmax(ref_logits), q = softmax(our_logits);
  double kl = 0;
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i] > 0) kl += p[i] * std::log(p[i] / std::max(q[i], 1e-300));
  return kl;
}

}  // namespace

void run_golden_checks(const std::string& model_path, const nlohmann::json& ref, int greedy_prefix, GoldenFigures& fig) {
  auto model = load_model(model_path);
  const ModelConfig& c = model->model->config();
  for (const auto& pr : ref["prompts"]) {
    const std::string name = pr["name"];
    const std::string text = pr["text"];
    // 1. Tokenization identical to llama.cpp.
    const auto ids = model->tokenizer->encode(text, /*add_special=*/true, pr["parse_special"].get<bool>());
    const auto want_ids = pr["ids"].get<std::vector<int32_t>>();
    if (ids != want_ids) qWarning("tokenization differs for prompt '%s'", name.c_str());
    QCOMPARE(ids, want_ids);

    // 2. Teacher-forced logits: the whole reference sequence in one pass, logits at every row.
    const auto forced = pr["forced"].get<std::vector<int32_t>>();
    KvLayout layout{c.n_layers, c.n_kv_heads, c.head_dim, 16, KvDtype::F16};
    KvStorage kv(layout, (static_cast<int64_t>(forced.size()) + 15) / 16);
    std::vector<int32_t> table(kv.num_blocks());
    for (size_t i = 0; i < table.size(); ++i) table[i] = static_cast<int32_t>(i);
    ForwardBatch batch;
    batch.tokens = forced;
    batch.seqs.push_back({0, 0, static_cast<int>(forced.size()), 0, &table, static_cast<int>(forced.size())});
    std::vector<float> logits;
    model->model->forward(batch, kv, nullptr, logits);
    std::vector<float> logits_naive;
    model->model->forward(batch, kv, nullptr, logits_naive, AttentionImpl::Naive);
    const int agree_before = fig.top1_agree;
    double prompt_max_diff = 0;
    for (size_t pos = 0; pos < forced.size(); ++pos) {
      const auto& top = pr["forced_top"][pos];
      const auto top_ids = top["ids"].get<std::vector<int32_t>>();
      const auto top_logits = top["logits"].get<std::vector<double>>();
      const float* row = &logits[pos * c.n_vocab];
      int32_t ours = 0;
      for (int i = 1; i < c.n_vocab; ++i)
        if (row[i] > row[ours]) ours = i;
      fig.positions++;
      if (ours == top_ids[0]) fig.top1_agree++;
      const float* row_naive = &logits_naive[pos * c.n_vocab];
      int32_t ours_naive = 0;
      for (int i = 1; i < c.n_vocab; ++i) {
        if (row_naive[i] > row_naive[ours_naive]) ours_naive = i;
        fig.self_logit_max_abs_diff = std::max(fig.self_logit_max_abs_diff, double(std::abs(row_naive[i] - row[i])));
      }
      if (ours_naive == ours) fig.self_top1_agree++;
      std::vector<double> mine;
      for (int32_t id : top_ids) mine.push_back(row[id]);
      for (size_t k = 0; k < top_ids.size(); ++k) prompt_max_diff = std::max(prompt_max_diff, std::abs(mine[k] - top_logits[k]));
      const double kl = kl_on_ids(top_logits, mine);
      fig.kl_sum += kl;
      fig.kl_max = std::max(fig.kl_max, kl);
    }

    fig.logit_max_abs_diff = std::max(fig.logit_max_abs_diff, prompt_max_diff);
    qInfo("  %-16s top-1 %d/%zu, largest logit difference %.4f", name.c_str(), fig.top1_agree - agree_before,
          forced.size(), prompt_max_diff);

    // 3. Greedy continuation through the serving engine.
    const auto want = pr["greedy"].get<std::vector<int32_t>>();
    const auto margins = pr["greedy_top2_margin"].get<std::vector<double>>();
    EngineConfig cfg;
    cfg.threads = 2;
    LLMEngine engine(model, cfg);
    Request req;
    req.prompt_ids = want_ids;
    req.params.max_tokens = static_cast<int>(want.size());
    req.params.ignore_eos = true;
    const int64_t id = engine.submit(req);
    while (engine.has_unfinished()) engine.step();
    const auto got = engine.request_info(id).token_ids.at(0);
    const int n = std::min<int>(greedy_prefix, static_cast<int>(want.size()));
    for (int i = 0; i < n; ++i) {
      fig.greedy_compared++;
      if (got.at(i) == want[i]) {
        fig.greedy_equal++;
        continue;
      }
      // A divergence is only acceptable where llama.cpp's own top-2 logits are within rounding.
      qWarning("prompt '%s': greedy token %d differs (ours %d, llama.cpp %d, its top-2 margin %.4f)", name.c_str(), i,
               got.at(i), want[i], margins[i]);
      fig.divergences.push_back({name, i, margins[i]});
      break;  // after a legitimate divergence the continuations are different texts
    }
  }
}

void log_golden_figures(const char* model_name, const GoldenFigures& fig) {
  qInfo("%s: top-1 agreement %d/%d = %.4f, mean KL %.6f (max %.6f), greedy %d/%d equal", model_name, fig.top1_agree,
        fig.positions, fig.top1_rate(), fig.kl_mean(), fig.kl_max, fig.greedy_equal, fig.greedy_compared);
  qInfo("largest logit difference %.4f", fig.logit_max_abs_diff);
  qInfo("noise floor, our tiled vs our naive attention: top-1 agreement %d/%d = %.4f, largest logit difference %.4f",
        fig.self_top1_agree, fig.positions, fig.self_top1_rate(), fig.self_logit_max_abs_diff);
  for (const auto& d : fig.divergences)
    qInfo("greedy diverges in '%s' at token %d where llama.cpp's top-2 margin is %.4f", d.prompt.c_str(), d.index, d.ref_margin);
}

}  // namespace inferscope::test
