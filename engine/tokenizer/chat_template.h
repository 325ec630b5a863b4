#pragma once
// Chat prompt formatting for the template families we support: ChatML (<|im_start|>role\n...<|im_end|>\n)
// and Gemma's turns (<start_of_turn>user\n...<end_of_turn>\n, the assistant's role written "model").
#include <optional>
#include <string>
#include <vector>

namespace inferscope {

struct ChatMessage {
  std::string role;     // "system" | "user" | "assistant"
  std::string content;
};

class ChatTemplate {
 public:
  // Recognises the family from tokenizer.chat_template. Throws std::runtime_error
  // ("unsupported chat template: ...") for templates we cannot render faithfully.
  static ChatTemplate from_jinja(const std::string& jinja_source);
  // Renders messages; with add_generation_prompt the assistant header is appended.
  // ChatML: a default system message is inserted when the template does so (SmolLM2's does).
  // Gemma: as its template does, a leading system message becomes a prefix of the first user turn
  // (Gemma 3) or is refused (Gemma 1 and 2), contents are trimmed, and roles must alternate user /
  // assistant; a conversation the template would refuse throws std::invalid_argument. The template's
  // leading bos_token is not written: the tokenizer adds BOS itself.
  std::string apply(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const;
  const std::string& family() const { return family_; }  // "chatml" | "gemma"

 private:
  std::string apply_gemma(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const;

  std::string family_;
  std::optional<std::string> default_system_;
  // Gemma: what follows a leading system message's text in the first user turn; absent when the
  // template refuses a system message.
  std::optional<std::string> system_separator_;
};

}  // namespace inferscope
