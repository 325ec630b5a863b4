// make_drafter: turns a SpecConfig into a drafter for a given target, with the checks that need both.
#include <stdexcept>

#include "engine/model/loaded_model.h"
#include "engine/quant/quantized_model.h"
#include "engine/spec/drafter.h"
#include "engine/spec/model_drafter.h"
#include "engine/spec/ngram_drafter.h"
#include "engine/spec/spec_config.h"

namespace inferscope::spec {

namespace {
// A draft model proposes token ids: they only mean the same thing if both vocabularies are identical.
void check_same_vocabulary(const LoadedModel& target, const LoadedModel& draft, const std::string& path) {
  const VocabData& a = target.tokenizer->vocab();
  const VocabData& b = draft.tokenizer->vocab();
  if (a.tokens.size() != b.tokens.size() || draft.model->config().n_vocab != target.model->config().n_vocab)
    throw std::invalid_argument("draft model " + path + " has a vocabulary of " + std::to_string(b.tokens.size()) +
                                " tokens but the target has " + std::to_string(a.tokens.size()) +
                                "; speculative decoding needs the same vocabulary");
  for (size_t i = 0; i < a.tokens.size(); ++i)
    if (a.tokens[i] != b.tokens[i])
      throw std::invalid_argument("draft model " + path + " has a different vocabulary from the target (token " +
                                  std::to_string(i) + " differs); speculative decoding needs the same vocabulary");
}
}  // namespace

std::unique_ptr<Drafter> make_drafter(const SpecConfig& c, std::shared_ptr<const LoadedModel> target,
                                      size_t kv_budget_bytes, int block_size, KvDtype kv_dtype,
                                      kernels::ThreadPool* pool) {
  if (const std::string why = c.validate(); !why.empty()) throw std::invalid_argument(why);
  const int L = target->model->config().n_layers;
  switch (c.kind) {
    case DrafterKind::Off: return nullptr;
    case DrafterKind::Ngram: return std::make_unique<NgramDrafter>(c.ngram_n);
    case DrafterKind::EarlyExit:
      if (c.early_exit_layers >= L)
        throw std::invalid_argument("early-exit:" + std::to_string(c.early_exit_layers) + " must use fewer than the target's " +
                                    std::to_string(L) + " layers");
      return std::make_unique<ModelDrafter>(to_string(c), target, c.early_exit_layers, kv_budget_bytes, block_size, kv_dtype, pool);
    case DrafterKind::SelfDraft: {
      quant::WeightMode mode;
      try {
        mode = quant::parse_weight_mode(c.weight_mode);
      } catch (const std::exception& e) {
        throw std::invalid_argument(std::string("self-draft: ") + e.what());
      }
      std::shared_ptr<const LoadedModel> draft = quant::apply_weight_mode(*target, mode);
      return std::make_unique<ModelDrafter>(to_string(c), draft, 0, kv_budget_bytes, block_size, kv_dtype, pool);
    }
    case DrafterKind::DraftModel: {
      std::shared_ptr<const LoadedModel> draft;
      try {
        draft = load_model(c.draft_path);
      } catch (const std::exception& e) {
        throw std::invalid_argument("cannot load draft model " + c.draft_path + ": " + e.what());
      }
      check_same_vocabulary(*target, *draft, c.draft_path);
      return std::make_unique<ModelDrafter>(to_string(c), draft, 0, kv_budget_bytes, block_size, kv_dtype, pool);
    }
  }
  return nullptr;
}

}  // namespace inferscope::spec
