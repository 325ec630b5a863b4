// ChatTemplate: we do not run Jinja; we recognise the template family and render it natively. A
// template we cannot reproduce faithfully is rejected, because a subtly wrong prompt degrades a model
// without any visible error.
#include "engine/tokenizer/chat_template.h"

#include <stdexcept>
#include <string_view>

namespace inferscope {
namespace {

constexpr std::string_view kImStart = "<|im_start|>";
constexpr std::string_view kImEnd = "<|im_end|>";

// A template that writes a fixed system turn when none is given contains it as a string literal:
// '<|im_start|>system\n<text><|im_end|>' with the newline either literal or escaped. The text counts as
// a default only if it is plain literal text: no expression, no string concatenation.
std::optional<std::string> find_default_system(const std::string& src) {
  for (std::string_view nl : {std::string_view("\n"), std::string_view("\\n")}) {
    const std::string head = std::string(kImStart) + "system" + std::string(nl);
    for (size_t at = src.find(head); at != std::string::npos; at = src.find(head, at + 1)) {
      const size_t begin = at + head.size();
      const size_t end = src.find(kImEnd, begin);
      if (end == std::string::npos || end == begin) continue;
      const std::string_view text(src.data() + begin, end - begin);
      if (text.find_first_of("'\"{}") != std::string_view::npos) continue;  // `' + message['content'] + '`
      // Undo the "\\n" escapes a Jinja string literal may hold (the text itself is plain).
      std::string out;
      for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == 'n') {
          out += '\n';
          ++i;
        } else {
          out += text[i];
        }
      }
      return out;
    }
  }
  return std::nullopt;
}

}  // namespace

ChatTemplate ChatTemplate::from_jinja(const std::string& jinja_source) {
  if (jinja_source.find(kImStart) != std::string::npos && jinja_source.find(kImEnd) != std::string::npos) {
    ChatTemplate t;
    t.family_ = "chatml";
    t.default_system_ = find_default_system(jinja_source);
    return t;
  }
  std::string excerpt = jinja_source.substr(0, 80);
  if (jinja_source.size() > 80) excerpt += "...";
  throw std::runtime_error("unsupported chat template: only the ChatML family (<|im_start|> ... <|im_end|>) "
                           "is supported; the template " +
                           (jinja_source.empty() ? std::string("is empty") : "begins '" + excerpt + "'"));
}

std::string ChatTemplate::apply(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const {
  std::string out;
  auto turn = [&out](std::string_view role, std::string_view content) {
    out.append(kImStart).append(role).append("\n").append(content).append(kImEnd).append("\n");
  };
  // SmolLM2's template emits its default system turn inside the message loop, so an empty
  // conversation gets none.
  if (default_system_ && !messages.empty() && messages.front().role != "system") turn("system", *default_system_);
  for (const ChatMessage& m : messages) turn(m.role, m.content);
  if (add_generation_prompt) out.append(kImStart).append("assistant\n");
  return out;
}

}  // namespace inferscope
