#include "engine/lessons/quant_perplexity.h"

#include <string>

#include "engine/model/loaded_model.h"
#include "engine/quant/quality.h"
#include "engine/quant/quantized_model.h"
#include "engine/quant/weight_mode.h"
#include "engine/workload/sample_text.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

namespace {

quant::WeightMode sim_mode(int bits, const std::string& granularity, double outlier) {
  // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string chains here.
  std::string name = "sim:int";
  name += std::to_string(bits);
  name += ':';
  name += granularity;
  quant::WeightMode m = quant::parse_weight_mode(name);
  if (outlier != 0.0) m.outlier = static_cast<float>(outlier);
  return m;
}

}  // namespace

void add_measured_perplexity(int bits, int group, double outlier, int tokens, const LessonContext& ctx,
                             LessonResult& r) {
  if (group != 32 && group != 64 && group != 128 && group != 256) {
    r.texts.push_back({"perplexity_note", "Perplexity is measured for groups of 32, 64, 128 or 256 (the simulated "
                                          "modes' group sizes); pick one of those."});
    return;
  }
  kernels::ThreadPool pool(ctx.threads);
  quant::RequantizeOptions ro;
  ro.pool = &pool;
  ro.cancel = ctx.cancel;
  quant::QualityOptions qo;
  qo.pool = &pool;
  qo.cancel = ctx.cancel;
  const LoadedModel& base = *ctx.model;
  const std::vector<int32_t> ids = quant::quality_tokens(base, std::string(sample_text()), tokens);
  try {
    const auto whole = quant::apply_weight_mode(base, sim_mode(bits, "per-tensor", outlier), ro);
    const auto grouped = quant::apply_weight_mode(base, sim_mode(bits, std::string(1, 'g').append(std::to_string(group)), outlier), ro);
    // The stored model is the baseline; an F32 cache keeps the KV dtype out of the comparison.
    const auto kv = KvDtype::F32;
    const quant::QualityResult q_whole = quant::compare_quality(*base.model, kv, *whole->model, kv, ids, qo);
    const quant::QualityResult q_group = quant::compare_quality(*base.model, kv, *grouped->model, kv, ids, qo);
    r.numbers.push_back({"ppl_tokens", double(q_whole.tokens), "tok", "Perplexity: tokens scored"});
    r.numbers.push_back({"ppl_stored", q_whole.baseline_perplexity, "", "Perplexity, weights as stored"});
    r.numbers.push_back({"ppl_per_tensor", q_whole.perplexity, "", "Perplexity, one scale per tensor"});
    r.numbers.push_back({"ppl_group", q_group.perplexity, "", "Perplexity, one scale per group"});
    r.numbers.push_back({"kl_per_tensor", q_whole.kl_mean, "nat", "KL divergence from the stored model, per tensor"});
    r.numbers.push_back({"kl_group", q_group.kl_mean, "nat", "KL divergence from the stored model, per group"});
    r.numbers.push_back({"top1_per_tensor", 100.0 * q_whole.top1_agreement, "%", "Same top token as the stored model, per tensor"});
    r.numbers.push_back({"top1_group", 100.0 * q_group.top1_agreement, "%", "Same top token as the stored model, per group"});
    r.texts.push_back({"perplexity_text", "The product's built-in English sample text (also used by the load generator); "
                                          "inferscope-cli quality measures any text file."});
  } catch (const quant::Cancelled&) {
    throw LessonError("cancelled");
  }
}

}  // namespace inferscope::lessons
