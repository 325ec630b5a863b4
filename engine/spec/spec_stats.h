#pragma once
// Speculative decoding totals and the figures reported from them (CLI --json, run summaries, GUI).
#include <cstdint>
#include <nlohmann/json.hpp>

#include "engine/spec/spec_config.h"

namespace inferscope::spec {

struct SpecStats {
  int64_t drafted = 0;     // draft tokens proposed and verified
  int64_t accepted = 0;    // of those, accepted
  int64_t passes = 0;      // target passes (per sequence) that verified a non-empty draft
  int64_t rejections = 0;  // of those passes, the ones that rejected a draft

  // accepted / drafted (0 when nothing was drafted).
  double acceptance_rate() const;
  // Per-position acceptance probability: accepted / (accepted + rejections), the alpha of the closed
  // form (a position after the first rejection is never tested, so accepted / drafted underestimates it).
  double alpha() const;
  // Tokens emitted per verifying target pass: (accepted + passes) / passes (0 when no pass).
  double tokens_per_pass() const;
  // Adds spec, spec_k, spec_drafted, spec_accepted, spec_acceptance_rate, spec_alpha, spec_tokens_per_pass
  // and spec_tokens_per_pass_closed_form ((1 - alpha^(k+1)) / (1 - alpha)) to j.
  void add_to_json(nlohmann::json& j, const SpecConfig& config) const;
};

}  // namespace inferscope::spec
