// Our tokenizers against llama.cpp: tests/data/tokenizer_expected.json holds the ids llama.cpp
// (llama-cpp-python 0.3.16) produced for a fixed set of strings; see tests/reference/make_tokenizer_expected.py.
#include <QtTest/QtTest>

#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/gguf/gguf_file.h"
#include "engine/tokenizer/tokenizer.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

nlohmann::json load_expected() {
  std::ifstream in(test::source_dir() + "/tests/data/tokenizer_expected.json");
  if (!in) return {};
  return nlohmann::json::parse(in);
}

// pre: relabel the vocabulary's pre-tokenizer, as the generator script does with a copied GGUF.
std::unique_ptr<Tokenizer> load_tokenizer(const std::string& path, const std::string& pre = {}) {
  const auto file = gguf::GgufFile::open(path);
  VocabData vocab = read_vocab(*file);
  if (!pre.empty()) vocab.pre = pre;
  return Tokenizer::create(vocab);
}

QString describe(const std::vector<int32_t>& ids) {
  QStringList parts;
  for (int32_t id : ids) parts << QString::number(id);
  return "[" + parts.join(", ") + "]";
}

}  // namespace

class TestTokenizerReference : public QObject {
  Q_OBJECT

 private:
  void compare_model(const std::string& path, const char* key, int min_cases = 100) {
    const nlohmann::json expected = load_expected();
    QVERIFY2(expected.contains("models"), "tests/data/tokenizer_expected.json is missing or malformed");
    QVERIFY2(expected["models"].contains(key), key);
    const auto tok = load_tokenizer(path, expected["models"][key].value("pre", std::string()));
    int checked = 0;
    for (const auto& c : expected["models"][key]["cases"]) {
      const std::string text = c["text"];
      const bool add_special = c["add_special"], parse_special = c["parse_special"];
      const std::vector<int32_t> want = c["ids"].get<std::vector<int32_t>>();
      const std::vector<int32_t> got = tok->encode(text, add_special, parse_special);
      if (got != want) {
        const QString msg = QString("%1 %2 (add_special=%3 parse_special=%4):\n  want %5\n  got  %6")
                                .arg(key, QString::fromStdString(text).toHtmlEscaped())
                                .arg(add_special)
                                .arg(parse_special)
                                .arg(describe(want), describe(got));
        QFAIL(qPrintable(msg));
      }
      ++checked;
    }
    QVERIFY(checked >= min_cases);
  }

  void round_trip_model(const std::string& path, const char* key) {
    const nlohmann::json expected = load_expected();
    QVERIFY(expected.contains("models"));
    const auto tok = load_tokenizer(path);
    for (const auto& c : expected["models"][key]["cases"]) {
      const std::string text = c["text"];
      // Without special parsing every byte of the text is ordinary text, so decoding gives it back.
      for (bool add_special : {false, true}) {
        const std::string back = tok->decode(tok->encode(text, add_special, false));
        QCOMPARE(QString::fromStdString(back), QString::fromStdString(text));
      }
      // With special parsing, rendering the special tokens gives the text back for byte-level BPE.
      if (std::string(key) == "smollm2") {
        const std::string back = tok->decode(tok->encode(text, false, true), /*render_special=*/true);
        QCOMPARE(QString::fromStdString(back), QString::fromStdString(text));
      }
    }
  }

 private slots:
  void smollm2_matches_llama_cpp() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    compare_model(path, "smollm2");
  }

  void stories260k_matches_llama_cpp() {
    const std::string path = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(path, "stories260K.gguf");
    compare_model(path, "stories260k");
  }

  // The SmolLM2 vocabulary under llama.cpp's other byte-level pre-tokenizers (Llama-3 regex with
  // ignore_merges, llama.cpp's "default" list, plain GPT-2).
  void other_pretokenizers_match_llama_cpp_data() {
    QTest::addColumn<QString>("key");
    for (const char* key : {"smollm2_pre_llama-bpe", "smollm2_pre_default", "smollm2_pre_gpt-2"}) QTest::newRow(key) << key;
  }
  void other_pretokenizers_match_llama_cpp() {
    QFETCH(QString, key);
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    compare_model(path, key.toStdString().c_str(), 30);
  }

  void stories260k_once_upon_a_time() {
    // The value quoted in the project's brief, independent of the JSON file.
    const std::string path = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(path, "stories260K.gguf");
    const auto tok = load_tokenizer(path);
    QCOMPARE(tok->encode("Once upon a time", true, false), (std::vector<int32_t>{1, 403, 407, 261, 378}));
  }

  void smollm2_round_trips() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    round_trip_model(path, "smollm2");
  }

  void stories260k_round_trips() {
    const std::string path = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(path, "stories260K.gguf");
    round_trip_model(path, "stories260k");
  }
};

QTEST_APPLESS_MAIN(TestTokenizerReference)
#include "tst_tokenizer_reference.moc"
