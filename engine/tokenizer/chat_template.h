#pragma once
// Chat prompt formatting for the template families we support (ChatML: <|im_start|>role\n...<|im_end|>\n).
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
  // A default system message is inserted when the template does so (SmolLM2's does).
  std::string apply(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const;
  const std::string& family() const { return family_; }  // "chatml", ...

 private:
  std::string family_;
  std::optional<std::string> default_system_;
};

}  // namespace inferscope
