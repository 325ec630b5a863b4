#pragma once
// A model ready to serve: the mapped GGUF, the transformer, its tokenizer, chat template and card.
#include <memory>
#include <optional>
#include <string>

#include "engine/model/llama_model.h"
#include "engine/model/model_card.h"
#include "engine/tokenizer/chat_template.h"
#include "engine/tokenizer/tokenizer.h"

namespace inferscope {

struct LoadedModel {
  std::shared_ptr<const gguf::GgufFile> file;
  std::unique_ptr<LlamaModel> model;
  std::shared_ptr<Tokenizer> tokenizer;  // shared by models derived from this one (engine/quant)
  std::optional<ChatTemplate> chat_template;  // absent when the model has none or it is unsupported
  std::string chat_template_error;             // why it is absent
  ModelCard card;

  // Renders a single user message (plus an optional system message) with the model's template and
  // tokenizes it with special tokens parsed. Throws std::runtime_error when the model has no usable template.
  std::vector<int32_t> encode_chat(const std::string& user, const std::string& system = {}) const;
  // Tokenizes raw text as a prompt (BOS as the metadata says, special tokens parsed).
  std::vector<int32_t> encode_prompt(const std::string& text) const;
};

// Opens, validates and binds a GGUF model. Throws gguf::GgufError (malformed file, with its byte offset)
// or std::runtime_error (unsupported model, tensor type, tokenizer) with a one-line reason.
std::shared_ptr<LoadedModel> load_model(const std::string& path);

}  // namespace inferscope
