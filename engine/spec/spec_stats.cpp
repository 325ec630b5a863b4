#include "engine/spec/spec_stats.h"

namespace inferscope::spec {

double SpecStats::acceptance_rate() const { return drafted > 0 ? double(accepted) / double(drafted) : 0.0; }

double SpecStats::alpha() const {
  const int64_t tested = accepted + rejections;
  return tested > 0 ? double(accepted) / double(tested) : 0.0;
}

double SpecStats::tokens_per_pass() const { return passes > 0 ? double(accepted + passes) / double(passes) : 0.0; }

void SpecStats::add_to_json(nlohmann::json& j, const SpecConfig& c) const {
  j["spec"] = to_string(c);
  j["spec_k"] = c.enabled() ? c.k : 0;
  j["spec_drafted"] = drafted;
  j["spec_accepted"] = accepted;
  j["spec_acceptance_rate"] = acceptance_rate();
  j["spec_alpha"] = alpha();
  j["spec_tokens_per_pass"] = tokens_per_pass();
  j["spec_tokens_per_pass_closed_form"] = c.enabled() && passes > 0 ? expected_tokens_per_pass(alpha(), c.k) : 0.0;
}

}  // namespace inferscope::spec
