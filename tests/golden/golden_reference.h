#pragma once
// Compares our tokenizer, logits and greedy text with llama.cpp's (tests/data/reference_*.json, made by
// tests/reference/make_reference.py). Shared by the golden tests of each model.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace inferscope::test {

struct GoldenFigures {
  int positions = 0;
  int top1_agree = 0;
  double kl_sum = 0;        // sum over positions of KL(reference || ours) over the reference's top-20
  double kl_max = 0;
  int greedy_compared = 0;  // greedy tokens compared (first min(32, len) of every prompt)
  int greedy_equal = 0;
  double logit_max_abs_diff = 0;  // largest |ours - llama.cpp| over every reference top-20 logit
  // Our own noise floor: the same teacher-forced pass with the naive instead of the tiled attention
  // kernel (both exact up to float rounding). Top-1 agreement and largest logit difference between them.
  int self_top1_agree = 0;
  double self_logit_max_abs_diff = 0;
  struct Divergence {
    std::string prompt;
    int index;
    double ref_margin;  // llama.cpp's top-1 minus top-2 logit at that token
  };
  std::vector<Divergence> divergences;  // first differing greedy token per prompt (within the compared prefix)
  double top1_rate() const { return positions ? double(top1_agree) / positions : 0; }
  double kl_mean() const { return positions ? kl_sum / positions : 0; }
  double self_top1_rate() const { return positions ? double(self_top1_agree) / positions : 0; }
};

nlohmann::json load_reference(const std::string& file_name);

// Runs every check against the model at model_path; QVERIFY/QCOMPARE failures are reported from inside.
// Fills the figures for the test to assert and print.
void run_golden_checks(const std::string& model_path, const nlohmann::json& ref, int greedy_prefix, GoldenFigures& fig);
// Logs the figures (agreement, KL, largest logit difference, our own noise floor, where greedy parted).
void log_golden_figures(const char* model_name, const GoldenFigures& fig);

}  // namespace inferscope::test
