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
constexpr std::string_view kStartOfTurn = "<start_of_turn>";
constexpr std::string_view kEndOfTurn = "<end_of_turn>";

// A Jinja string literal's text with its "\\n" escapes undone (the text itself is plain).
std::string unescape_newlines(std::string_view text) {
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
      return unescape_newlines(text);
    }
  }
  return std::nullopt;
}

// Gemma 3's template joins a leading system message to the first user turn:
// "set first_user_prefix = messages[0]['content'] + '<separator>'". Gemma 1 and 2 raise instead.
std::optional<std::string> find_gemma_system_separator(const std::string& src) {
  const std::string head = "first_user_prefix = messages[0]['content'] + ";
  const size_t at = src.find(head);
  if (at == std::string::npos) return std::nullopt;
  const size_t begin = at + head.size();
  if (begin >= src.size() || (src[begin] != '\'' && src[begin] != '"')) return std::nullopt;
  const size_t end = src.find(src[begin], begin + 1);
  if (end == std::string::npos) return std::nullopt;
  return unescape_newlines(std::string_view(src).substr(begin + 1, end - begin - 1));
}

// Jinja's trim on the ASCII whitespace a chat message holds in practice.
std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\n\r\f\v";
  const size_t b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

}  // namespace

ChatTemplate ChatTemplate::from_jinja(const std::string& jinja_source) {
  if (jinja_source.find(kImStart) != std::string::npos && jinja_source.find(kImEnd) != std::string::npos) {
    ChatTemplate t;
    t.family_ = "chatml";
    t.default_system_ = find_default_system(jinja_source);
    return t;
  }
  if (jinja_source.find(kStartOfTurn) != std::string::npos && jinja_source.find(kEndOfTurn) != std::string::npos) {
    ChatTemplate t;
    t.family_ = "gemma";
    t.system_separator_ = find_gemma_system_separator(jinja_source);
    // A system message the template neither joins nor refuses would be rendered some third way.
    if (!t.system_separator_ && jinja_source.find("System role not supported") == std::string::npos)
      throw std::runtime_error("unsupported chat template: a Gemma-style template that neither joins a system "
                               "message to the first user turn nor refuses it");
    return t;
  }
  std::string excerpt = jinja_source.substr(0, 80);
  if (jinja_source.size() > 80) excerpt += "...";
  throw std::runtime_error("unsupported chat template: only the ChatML (<|im_start|> ... <|im_end|>) and Gemma "
                           "(<start_of_turn> ... <end_of_turn>) families are supported; the template " +
                           (jinja_source.empty() ? std::string("is empty") : "begins '" + excerpt + "'"));
}

std::string ChatTemplate::apply(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const {
  if (family_ == "gemma") return apply_gemma(messages, add_generation_prompt);
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

std::string ChatTemplate::apply_gemma(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const {
  // The template reads messages[0] before anything else, so it cannot render an empty conversation.
  if (messages.empty()) throw std::invalid_argument("a Gemma chat prompt needs at least one message");
  std::string prefix;
  size_t first = 0;
  if (messages.front().role == "system") {
    if (!system_separator_) throw std::invalid_argument("this Gemma chat template does not support a system message");
    prefix = messages.front().content + *system_separator_;  // not trimmed: the template adds it as it is
    first = 1;
  }
  std::string out;
  for (size_t i = first; i < messages.size(); ++i) {
    const ChatMessage& m = messages[i];
    // The template's own test: even positions (after the system message) are user turns, odd ones not.
    if ((m.role == "user") != ((i - first) % 2 == 0))
      throw std::invalid_argument("Gemma chat roles must alternate user/assistant/user/assistant/...");
    out.append(kStartOfTurn).append(m.role == "assistant" ? std::string_view("model") : std::string_view(m.role));
    out.append("\n");
    if (i == first) out.append(prefix);
    out.append(trim(m.content)).append(kEndOfTurn).append("\n");
  }
  if (add_generation_prompt) out.append(kStartOfTurn).append("model\n");
  return out;
}

}  // namespace inferscope
