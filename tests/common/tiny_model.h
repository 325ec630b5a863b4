#pragma once
// Tiny random llama-architecture models written with our own GGUF writer, for fast unit tests.
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::test {

struct TinyModelSpec {
  int n_layers = 2;
  int n_embd = 64;        // must be a multiple of the weight type's block size (256 for K-quants)
  int n_heads = 4;
  int n_kv_heads = 2;
  int n_ff = 128;
  int context = 256;
  float rope_base = 10000.0f;
  float rms_eps = 1e-5f;
  bool tied_output = true;                                         // no output.weight: reuse token_embd
  kernels::GgmlType weight_type = kernels::GgmlType::F32;          // attention/FFN matrices
  kernels::GgmlType embd_type = kernels::GgmlType::F32;            // token_embd (and output)
  uint64_t seed = 1;
  float weight_scale = 0.08f;                                      // stddev of the random weights
  // Tokenizer: "gpt2" = byte-level BPE over the 256 byte symbols + a few merges + ChatML specials
  // (<|endoftext|> 0, <|im_start|> 1, <|im_end|> 2); "llama" = SentencePiece-style with <unk> <s> </s>,
  // 256 byte tokens <0xXX> and a few scored pieces.
  std::string tokenizer = "gpt2";
};

// The GGUF bytes of a random model. Deterministic for a given spec.
std::vector<uint8_t> tiny_model_bytes(const TinyModelSpec& spec);
// Writes the model under test::temp_dir() (unique name) and returns its path.
std::string write_tiny_model(const TinyModelSpec& spec, const std::string& name = "tiny");

}  // namespace inferscope::test
