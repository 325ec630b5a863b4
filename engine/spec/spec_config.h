#pragma once
// Speculative decoding settings: which drafter proposes tokens and how many per step (k). Parsed from
// the CLI/scenario syntax `draft:FILE.gguf | self:MODE | early-exit:L | ngram[:N]`.
#include <cstdint>
#include <string>

namespace inferscope::spec {

enum class DrafterKind : uint8_t { Off, DraftModel, SelfDraft, EarlyExit, Ngram };

// How the verifier decides on a sampled draft token. Exact is the only rule the engine should run;
// AcceptAll exists so a test can show that its statistical check catches a wrong rule.
enum class AcceptRule : uint8_t { Exact, AcceptAllForTests };

struct SpecConfig {
  DrafterKind kind = DrafterKind::Off;
  std::string draft_path;    // DraftModel: the draft GGUF
  std::string weight_mode;   // SelfDraft: a weight mode name (engine/quant/weight_mode.h), e.g. "q4_0"
  int early_exit_layers = 0; // EarlyExit: the target's first L layers
  int ngram_n = 3;           // Ngram: longest suffix matched (tries N, N-1, ..., 1)
  int k = 4;                 // tokens drafted per step, 1..16
  AcceptRule accept_rule = AcceptRule::Exact;

  bool enabled() const { return kind != DrafterKind::Off; }
  // Empty when valid (model-dependent checks, such as L < layers, happen when the drafter is built).
  std::string validate() const;
};

// Parses "off", "draft:FILE", "self:MODE", "early-exit:L", "ngram" or "ngram:N" (k is left as in base).
// Throws std::invalid_argument with a one-line reason.
SpecConfig parse_spec(const std::string& text, SpecConfig base = {});
// The text parse_spec reads back ("off" when disabled).
std::string to_string(const SpecConfig& c);

// Expected tokens per target pass with per-position acceptance probability alpha and k drafts:
// (1 - alpha^(k+1)) / (1 - alpha), k + 1 at alpha = 1 (Leviathan et al. 2023).
double expected_tokens_per_pass(double alpha, int k);

}  // namespace inferscope::spec
