// ChatTemplate: ChatML detection and rendering, SmolLM2's default system message taken from the
// template source, rejection of other families. Expected strings were rendered with jinja2 3.1 from
// the templates quoted here.
#include <QtTest/QtTest>

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
