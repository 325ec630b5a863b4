#include "engine/spec/spec_config.h"

#include <cmath>
#include <stdexcept>

namespace inferscope::spec {

namespace {
int parse_int(const std::string& s, const char* what) {
  size_t used = 0;
  int v = 0;
  try {
    v = std::stoi(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != s.size()) throw std::invalid_argument(std::string(what) + " must be an integer, got '" + s + "'");
  return v;
}
}  // namespace

std::string SpecConfig::validate() const {
  if (!enabled()) return {};
  if (k < 1 || k > 16) return "speculative k must be between 1 and 16";
  if (kind == DrafterKind::DraftModel && draft_path.empty()) return "draft: needs a GGUF file (draft:FILE.gguf)";
  if (kind == DrafterKind::SelfDraft && weight_mode.empty()) return "self: needs a weight mode (e.g. self:q4_0)";
  if (kind == DrafterKind::EarlyExit && early_exit_layers < 1) return "early-exit needs at least 1 layer (early-exit:L)";
  if (kind == DrafterKind::Ngram && (ngram_n < 1 || ngram_n > 16)) return "ngram:N needs N between 1 and 16";
  return {};
}

SpecConfig parse_spec(const std::string& text, SpecConfig base) {
  SpecConfig c = base;
  c.draft_path.clear();
  c.weight_mode.clear();
  const auto colon = text.find(':');
  const std::string head = text.substr(0, colon);
  const std::string arg = colon == std::string::npos ? std::string() : text.substr(colon + 1);
  if (head == "off" || head.empty()) {
    c.kind = DrafterKind::Off;
  } else if (head == "draft") {
    c.kind = DrafterKind::DraftModel;
    c.draft_path = arg;
  } else if (head == "self") {
    c.kind = DrafterKind::SelfDraft;
    c.weight_mode = arg;
  } else if (head == "early-exit") {
    c.kind = DrafterKind::EarlyExit;
    c.early_exit_layers = parse_int(arg, "early-exit:L");
  } else if (head == "ngram") {
    c.kind = DrafterKind::Ngram;
    c.ngram_n = colon == std::string::npos ? 3 : parse_int(arg, "ngram:N");
  } else {
    throw std::invalid_argument("unknown speculative method '" + text +
                                "' (use draft:FILE.gguf, self:MODE, early-exit:L, ngram[:N] or off)");
  }
  if (const std::string why = c.validate(); !why.empty()) throw std::invalid_argument(why);
  return c;
}

std::string to_string(const SpecConfig& c) {
  switch (c.kind) {
    case DrafterKind::Off: return "off";
    case DrafterKind::DraftModel: return "draft:" + c.draft_path;
    case DrafterKind::SelfDraft: return "self:" + c.weight_mode;
    case DrafterKind::EarlyExit: return "early-exit:" + std::to_string(c.early_exit_layers);
    case DrafterKind::Ngram: return "ngram:" + std::to_string(c.ngram_n);
  }
  return "off";
}

double expected_tokens_per_pass(double alpha, int k) {
  if (alpha >= 1.0) return k + 1.0;
  return (1.0 - std::pow(alpha, k + 1)) / (1.0 - alpha);
}

}  // namespace inferscope::spec
