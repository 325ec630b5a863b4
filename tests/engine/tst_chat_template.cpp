// ChatTemplate: ChatML detection and rendering, SmolLM2's default system message taken from the
// template source, Gemma's turns, rejection of other families. Expected strings were rendered with
// jinja2 3.1 from the templates quoted here (Gemma's with bos_token = "": the tokenizer adds BOS).
#include <QtTest/QtTest>

#include <algorithm>
#include <filesystem>

#include "engine/gguf/gguf_file.h"
#include "engine/tokenizer/chat_template.h"
#include "engine/tokenizer/tokenizer.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

// SmolLM2-135M-Instruct's tokenizer.chat_template.
const std::string kSmolLM2 =
    "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}{{ '<|im_start|>system\n"
    "You are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"
    "' }}{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

// A plain ChatML template without a default system message.
const std::string kPlainChatML =
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + "
    "'<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const std::string kSmolSystem = "You are a helpful AI assistant named SmolLM, trained by Hugging Face";

// Gemma 3's published instruction-tuned chat template (tokenizer_config.json of the -it models), its
// string literals' newlines as the file has them once decoded: real ones.
const std::string kGemma3 = R"TMPL({{ bos_token }}
{%- if messages[0]['role'] == 'system' -%}
    {%- if messages[0]['content'] is string -%}
        {%- set first_user_prefix = messages[0]['content'] + '

' -%}
    {%- else -%}
        {%- set first_user_prefix = messages[0]['content'][0]['text'] + '

' -%}
    {%- endif -%}
    {%- set loop_messages = messages[1:] -%}
{%- else -%}
    {%- set first_user_prefix = "" -%}
    {%- set loop_messages = messages -%}
{%- endif -%}
{%- for message in loop_messages -%}
    {%- if (message['role'] == 'user') != (loop.index0 % 2 == 0) -%}
        {{ raise_exception("Conversation roles must alternate user/assistant/user/assistant/...") }}
    {%- endif -%}
    {%- if (message['role'] == 'assistant') -%}
        {%- set role = "model" -%}
    {%- else -%}
        {%- set role = message['role'] -%}
    {%- endif -%}
    {{ '<start_of_turn>' + role + '
' + (first_user_prefix if loop.first else "") }}
    {%- if message['content'] is string -%}
        {{ message['content'] | trim }}
    {%- elif message['content'] is iterable -%}
        {%- for item in message['content'] -%}
            {%- if item['type'] == 'image' -%}
                {{ '<start_of_image>' }}
            {%- elif item['type'] == 'text' -%}
                {{ item['text'] | trim }}
            {%- endif -%}
        {%- endfor -%}
    {%- else -%}
        {{ raise_exception("Invalid content type") }}
    {%- endif -%}
    {{ '<end_of_turn>
' }}
{%- endfor -%}
{%- if add_generation_prompt -%}
    {{'<start_of_turn>model
'}}
{%- endif -%}
)TMPL";

// Gemma 2's (google/gemma-2-2b-it): no system role.
const std::string kGemma2 =
    "{{ bos_token }}{% if messages[0]['role'] == 'system' %}{{ raise_exception('System role not supported') }}"
    "{% endif %}{% for message in messages %}{% if (message['role'] == 'user') != (loop.index0 % 2 == 0) %}"
    "{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}{% endif %}"
    "{% if (message['role'] == 'assistant') %}{% set role = 'model' %}{% else %}{% set role = message['role'] %}"
    "{% endif %}{{ '<start_of_turn>' + role + '\n' + message['content'] | trim + '<end_of_turn>\n' }}{% endfor %}"
    "{% if add_generation_prompt %}{{'<start_of_turn>model\n'}}{% endif %}";

template <class F>
bool throws_invalid_argument(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument&) {
    return true;
  }
  return false;
}

}  // namespace

class TestChatTemplate : public QObject {
  Q_OBJECT

 private slots:
  void smollm2_inserts_its_default_system_message() {
    const ChatTemplate t = ChatTemplate::from_jinja(kSmolLM2);
    QCOMPARE(t.family(), std::string("chatml"));
    const std::string got = t.apply({{"user", "hi"}}, true);
    QCOMPARE(got, "<|im_start|>system\n" + kSmolSystem +
                      "<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n");
  }

  void a_given_system_message_replaces_the_default() {
    const ChatTemplate t = ChatTemplate::from_jinja(kSmolLM2);
    const std::string got = t.apply({{"system", "Be brief."}, {"user", "hi"}, {"assistant", "Hello!"}}, false);
    QCOMPARE(got, std::string("<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n"
                              "<|im_start|>assistant\nHello!<|im_end|>\n"));
  }

  void empty_conversation_gets_no_system_turn() {
    const ChatTemplate t = ChatTemplate::from_jinja(kSmolLM2);
    QCOMPARE(t.apply({}, true), std::string("<|im_start|>assistant\n"));
  }

  void the_default_text_comes_from_the_source() {
    std::string other = kSmolLM2;
    other.replace(other.find(kSmolSystem), kSmolSystem.size(), "You are Tiny.");
    const ChatTemplate t = ChatTemplate::from_jinja(other);
    QCOMPARE(t.apply({{"user", "x"}}, false),
             std::string("<|im_start|>system\nYou are Tiny.<|im_end|>\n<|im_start|>user\nx<|im_end|>\n"));
  }

  void plain_chatml_has_no_default() {
    const ChatTemplate t = ChatTemplate::from_jinja(kPlainChatML);
    QCOMPARE(t.family(), std::string("chatml"));
    QCOMPARE(t.apply({{"user", "hi"}}, true), std::string("<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"));
  }

  void escaped_newlines_in_the_default_are_understood() {
    // Qwen-style: the default system turn written with "\n" escapes inside the string literal.
    const std::string src =
        "{%- if messages[0]['role'] != 'system' %}{{- '<|im_start|>system\\nYou are Qwen.<|im_end|>\\n' }}{%- endif %}"
        "{%- for message in messages %}{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>' + "
        "'\\n' }}{%- endfor %}";
    const ChatTemplate t = ChatTemplate::from_jinja(src);
    QCOMPARE(t.apply({{"user", "a"}}, false),
             std::string("<|im_start|>system\nYou are Qwen.<|im_end|>\n<|im_start|>user\na<|im_end|>\n"));
  }

  void other_families_are_rejected() {
    const std::string llama3 =
        "{% for message in messages %}{{ '<|start_header_id|>' + message['role'] + '<|end_header_id|>\n\n' + "
        "message['content'] + '<|eot_id|>' }}{% endfor %}";
    for (const std::string& src : {llama3, std::string()}) {
      try {
        ChatTemplate::from_jinja(src);
        QFAIL("expected an exception");
      } catch (const std::runtime_error& e) {
        QVERIFY2(QString(e.what()).startsWith("unsupported chat template"), e.what());
      }
    }
  }

  void gemma3_user_turn_and_generation_prompt() {
    const ChatTemplate t = ChatTemplate::from_jinja(kGemma3);
    QCOMPARE(t.family(), std::string("gemma"));
    QCOMPARE(t.apply({{"user", "hi"}}, true), std::string("<start_of_turn>user\nhi<end_of_turn>\n<start_of_turn>model\n"));
  }

  void gemma3_joins_the_system_message_to_the_first_user_turn() {
    const ChatTemplate t = ChatTemplate::from_jinja(kGemma3);
    // The assistant's role is written "model", every content trimmed, the system text as it is.
    const std::string got =
        t.apply({{"system", "Be brief."}, {"user", "  hi \n"}, {"assistant", "Hello!"}, {"user", "Why?"}}, true);
    QCOMPARE(got, std::string("<start_of_turn>user\nBe brief.\n\nhi<end_of_turn>\n<start_of_turn>model\nHello!"
                              "<end_of_turn>\n<start_of_turn>user\nWhy?<end_of_turn>\n<start_of_turn>model\n"));
    QCOMPARE(t.apply({{"system", " S "}, {"user", "\tq"}}, false),
             std::string("<start_of_turn>user\n S \n\nq<end_of_turn>\n"));
    QCOMPARE(t.apply({{"user", "a"}, {"assistant", " b "}}, false),
             std::string("<start_of_turn>user\na<end_of_turn>\n<start_of_turn>model\nb<end_of_turn>\n"));
    // A lone system message: the prefix has no user turn to go to.
    QCOMPARE(t.apply({{"system", "S "}}, true), std::string("<start_of_turn>model\n"));
    // A later system message sits at an odd position, where the template only checks "not user".
    QCOMPARE(t.apply({{"user", "a"}, {"system", "b"}}, true),
             std::string("<start_of_turn>user\na<end_of_turn>\n<start_of_turn>system\nb<end_of_turn>\n"
                         "<start_of_turn>model\n"));
  }

  void gemma_separator_written_as_an_escape() {
    // The separator may be written as a Jinja escape ("\\n") instead of a real newline; a single one here.
    std::string src = kGemma3;
    for (size_t at; (at = src.find("'\n\n'")) != std::string::npos;) src.replace(at, 4, "'\\n'");
    QCOMPARE(ChatTemplate::from_jinja(src).apply({{"system", "S"}, {"user", "q"}}, false),
             std::string("<start_of_turn>user\nS\nq<end_of_turn>\n"));
  }

  void gemma_refuses_what_its_template_refuses() {
    const ChatTemplate t3 = ChatTemplate::from_jinja(kGemma3);
    QVERIFY(throws_invalid_argument([&] { t3.apply({{"assistant", "x"}}, true); }));
    QVERIFY(throws_invalid_argument([&] { t3.apply({{"user", "a"}, {"user", "b"}}, true); }));
    QVERIFY(throws_invalid_argument([&] { t3.apply({}, true); }));  // messages[0] is undefined
    const ChatTemplate t2 = ChatTemplate::from_jinja(kGemma2);
    QCOMPARE(t2.family(), std::string("gemma"));
    QVERIFY(throws_invalid_argument([&] { t2.apply({{"system", "s"}, {"user", "a"}}, true); }));
    QCOMPARE(t2.apply({{"user", " a "}, {"assistant", "b"}}, true),
             std::string("<start_of_turn>user\na<end_of_turn>\n<start_of_turn>model\nb<end_of_turn>\n"
                         "<start_of_turn>model\n"));
  }

  void gemma3_turn_markers_are_single_tokens() {
    // The installed Gemma 3 270M is the pretrained model (no chat template in the file), but its
    // vocabulary holds the turn markers: ids 105 and 106 in Gemma 3's published tokenizer.
    const std::string def = test::default_model_path_if_present();
    const std::string path =
        def.empty() ? def : (std::filesystem::path(def).parent_path() / "gemma-3-270m-q4_k_m.gguf").string();
    INFERSCOPE_REQUIRE_MODEL((std::filesystem::exists(path) ? path : std::string()), "Gemma 3 270M");
    const auto file = gguf::GgufFile::open(path);
    const VocabData vocab = read_vocab(*file);
    QVERIFY(vocab.chat_template.empty());
    const auto tok = Tokenizer::create(vocab);
    const std::string prompt = ChatTemplate::from_jinja(kGemma3).apply({{"user", "hi"}}, true);
    const std::vector<int32_t> ids = tok->encode(prompt, /*add_special=*/true, /*parse_special=*/true);
    QVERIFY(ids.size() > 6);
    QCOMPARE(ids[0], 2);    // <bos>
    QCOMPARE(ids[1], 105);  // <start_of_turn>
    QCOMPARE(int(std::count(ids.begin(), ids.end(), 105)), 2);
    QCOMPARE(int(std::count(ids.begin(), ids.end(), 106)), 1);
    QCOMPARE(int(std::count(ids.begin(), ids.end(), 2)), 1);
  }

  void default_model_template() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    const auto file = gguf::GgufFile::open(path);
    const ChatTemplate t = ChatTemplate::from_jinja(read_vocab(*file).chat_template);
    QCOMPARE(t.family(), std::string("chatml"));
    QCOMPARE(t.apply({{"user", "hi"}}, true), ChatTemplate::from_jinja(kSmolLM2).apply({{"user", "hi"}}, true));
  }
};

QTEST_APPLESS_MAIN(TestChatTemplate)
#include "tst_chat_template.moc"
