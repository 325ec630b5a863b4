#pragma once
// How the next token is chosen, and when a sequence stops.
#include <cstdint>
#include <string>
#include <vector>

namespace inferscope {

struct SamplingParams {
  float temperature = 0.0f;         // <= 0: greedy (argmax)
  int top_k = 0;                    // keep the k most likely tokens (0 = off)
  float top_p = 1.0f;               // keep the smallest set whose probability reaches p (1 = off)
  float min_p = 0.0f;               // drop tokens below min_p x the top probability (0 = off)
  float repetition_penalty = 1.0f;  // CTRL-style penalty over the last repeat_last_n tokens (1 = off)
  int repeat_last_n = 64;
  uint64_t seed = 0;                // every sequence's RNG is seeded from this (reproducible)
  int max_tokens = 128;
  std::vector<std::string> stop;    // stop strings (matched on the decoded text)
  bool ignore_eos = false;

  bool greedy() const { return temperature <= 0.0f; }
  // Empty when valid, else a one-line reason ("top_p must be in (0, 1]").
  std::string validate() const;
};

}  // namespace inferscope
