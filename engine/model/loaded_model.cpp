#include "engine/model/loaded_model.h"

#include <spdlog/spdlog.h>

#include "engine/gguf/gguf_file.h"

namespace inferscope {

std::shared_ptr<LoadedModel> load_model(const std::string& path) {
  auto m = std::make_shared<LoadedModel>();
  m->file = gguf::GgufFile::open(path);
  m->model = std::make_unique<LlamaModel>(m->file);
  m->tokenizer = Tokenizer::create(read_vocab(*m->file));
  if (m->tokenizer->n_vocab() != m->model->config().n_vocab)
    spdlog::warn("tokenizer has {} tokens but the embedding has {} rows", m->tokenizer->n_vocab(),
                 m->model->config().n_vocab);
  if (const auto tmpl = m->file->get_string("tokenizer.chat_template")) {
    try {
      m->chat_template = ChatTemplate::from_jinja(*tmpl);
    } catch (const std::exception& e) {
      m->chat_template_error = e.what();
    }
  } else {
    m->chat_template_error = "the model has no chat template";
  }
  m->card = make_model_card(*m->file, m->model->config(), m->model->weights().tied_output);
  if (m->chat_template) m->card.chat_template_family = m->chat_template->family();
  spdlog::info("loaded {} ({} layers, {} params) from {}", m->card.name, m->card.n_layers, m->card.n_parameters, path);
  return m;
}

std::vector<int32_t> LoadedModel::encode_chat(const std::string& user, const std::string& system) const {
  if (!chat_template) throw std::runtime_error("cannot format a chat prompt: " + chat_template_error);
  std::vector<ChatMessage> msgs;
  if (!system.empty()) msgs.push_back({"system", system});
  msgs.push_back({"user", user});
  return tokenizer->encode(chat_template->apply(msgs, true), /*add_special=*/true, /*parse_special=*/true);
}

std::vector<int32_t> LoadedModel::encode_prompt(const std::string& text) const {
  return tokenizer->encode(text, /*add_special=*/true, /*parse_special=*/true);
}

}  // namespace inferscope
