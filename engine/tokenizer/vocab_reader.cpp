// read_vocab: turns the tokenizer.* GGUF keys into VocabData, applying llama.cpp's defaults for the keys
// a converter may leave out, and rejecting inconsistent metadata before any tokenizer trusts it.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/gguf/gguf_file.h"
#include "engine/tokenizer/tokenizer.h"

namespace inferscope {
namespace {

[[noreturn]] void fail(std::string_view key, const std::string& why) {
  throw std::runtime_error("tokenizer metadata: '" + std::string(key) + "' " + why);
}

const gguf::Array* find_array(const gguf::GgufFile& file, std::string_view key, gguf::ValueType element) {
  const gguf::Value* v = file.find(key);
  if (v == nullptr) return nullptr;
  if (v->type != gguf::ValueType::ARRAY) fail(key, std::string("is ") + gguf::value_type_name(v->type) + ", expected an array");
  const gguf::Array& a = v->as_array();
  if (a.element_type != element)
    fail(key, std::string("has ") + gguf::value_type_name(a.element_type) + " elements, expected " +
                  gguf::value_type_name(element));
  return &a;
}

std::vector<std::string> read_strings(const gguf::GgufFile& file, std::string_view key) {
  std::vector<std::string> out;
  if (const gguf::Array* a = find_array(file, key, gguf::ValueType::STRING)) {
    out.reserve(a->items.size());
    for (const gguf::Value& item : a->items) out.push_back(item.as_string());
  }
  return out;
}

// Token ids are u32 in practice; 0xFFFFFFFF (and any negative value) is the converters' "none".
int32_t read_token_id(const gguf::GgufFile& file, std::string_view key, int32_t fallback, size_t n_tokens) {
  const gguf::Value* v = file.find(key);
  if (v == nullptr) return fallback;
  if (!v->is_integer()) fail(key, std::string("is ") + gguf::value_type_name(v->type) + ", expected an integer");
  const int64_t id = (v->type == gguf::ValueType::UINT32 || v->type == gguf::ValueType::UINT64 ||
                      v->type == gguf::ValueType::UINT16 || v->type == gguf::ValueType::UINT8)
                         ? static_cast<int64_t>(std::min<uint64_t>(v->as_u64(), std::numeric_limits<int64_t>::max()))
                         : v->as_i64();
  if (id < 0 || id == 0xFFFFFFFFll) return -1;
  if (static_cast<uint64_t>(id) >= n_tokens)
    fail(key, "is " + std::to_string(id) + " but the vocabulary has " + std::to_string(n_tokens) + " tokens");
  return static_cast<int32_t>(id);
}

bool read_bool(const gguf::GgufFile& file, std::string_view key, bool fallback) {
  const gguf::Value* v = file.find(key);
  if (v == nullptr) return fallback;
  if (v->type != gguf::ValueType::BOOL && !v->is_integer())
    fail(key, std::string("is ") + gguf::value_type_name(v->type) + ", expected a bool");
  return v->type == gguf::ValueType::BOOL ? v->as_bool() : v->as_u64() != 0;
}

}  // namespace

VocabData read_vocab(const gguf::GgufFile& file) {
  VocabData vocab;
  try {
    const auto model = file.get_string("tokenizer.ggml.model");
    if (!model) throw std::runtime_error("tokenizer metadata: missing 'tokenizer.ggml.model'");
    vocab.model = *model;
    vocab.pre = file.get_string("tokenizer.ggml.pre").value_or("default");

    vocab.tokens = read_strings(file, "tokenizer.ggml.tokens");
    if (vocab.tokens.empty()) fail("tokenizer.ggml.tokens", "is missing or empty");
    const size_t n = vocab.tokens.size();

    if (const gguf::Array* a = find_array(file, "tokenizer.ggml.token_type", gguf::ValueType::INT32)) {
      if (a->items.size() != n)
        fail("tokenizer.ggml.token_type", "has " + std::to_string(a->items.size()) + " entries for " +
                                              std::to_string(n) + " tokens");
      vocab.token_types.reserve(n);
      for (const gguf::Value& item : a->items) {
        const int64_t t = item.as_i64();
        // Unknown type codes are treated as Normal rather than rejected: newer converters add kinds.
        vocab.token_types.push_back(t >= 0 && t <= 6 ? static_cast<int32_t>(t) : static_cast<int32_t>(TokenType::Normal));
      }
    }
    if (const gguf::Array* a = find_array(file, "tokenizer.ggml.scores", gguf::ValueType::FLOAT32)) {
      if (a->items.size() != n)
        fail("tokenizer.ggml.scores", "has " + std::to_string(a->items.size()) + " entries for " +
                                          std::to_string(n) + " tokens");
      vocab.scores.reserve(n);
      for (const gguf::Value& item : a->items) vocab.scores.push_back(static_cast<float>(item.as_f64()));
    }
    vocab.merges = read_strings(file, "tokenizer.ggml.merges");

    // llama.cpp's defaults when the ids are absent: SentencePiece vocabularies put <unk> <s> </s> first.
    const bool spm = vocab.model == "llama";
    vocab.bos = read_token_id(file, "tokenizer.ggml.bos_token_id", spm ? 1 : -1, n);
    vocab.eos = read_token_id(file, "tokenizer.ggml.eos_token_id", spm ? 2 : -1, n);
    vocab.unk = read_token_id(file, "tokenizer.ggml.unknown_token_id", spm ? 0 : -1, n);
    vocab.eot = read_token_id(file, "tokenizer.ggml.eot_token_id", -1, n);
    vocab.pad = read_token_id(file, "tokenizer.ggml.padding_token_id", -1, n);

    // llama.cpp adds BOS by default for SentencePiece and for the Llama-3 pre-tokenizer; the key overrides.
    const bool llama3 = vocab.pre == "llama3" || vocab.pre == "llama-bpe" || vocab.pre == "llama-v3";
    vocab.add_bos = read_bool(file, "tokenizer.ggml.add_bos_token", spm || llama3);
    vocab.add_eos = read_bool(file, "tokenizer.ggml.add_eos_token", false);
    vocab.add_space_prefix = read_bool(file, "tokenizer.ggml.add_space_prefix", spm);
    vocab.chat_template = file.get_string("tokenizer.chat_template").value_or("");
  } catch (const std::invalid_argument& e) {
    // Value conversions report a wrong element type this way; keep the tokenizer's error type uniform.
    throw std::runtime_error(std::string("tokenizer metadata: ") + e.what());
  }

  if (vocab.model == "gpt2" && vocab.merges.empty()) fail("tokenizer.ggml.merges", "is missing (required for gpt2 BPE)");
  if (vocab.model == "llama" && vocab.scores.empty()) vocab.scores.assign(vocab.tokens.size(), 0.0f);
  return vocab;
}

}  // namespace inferscope
