// Our tokenizers against llama.cpp's own tokenizer test vectors: the vocab-only GGUFs of llama.cpp's
// models/ folder with their .inp (texts separated by a marker line) and .out (expected ids, one line per
// text) files. llama.cpp's test-tokenizer-0 tokenizes with add_special=false and parse_special=false, so
// the expected ids hold neither BOS nor special tokens parsed from the text; we call encode the same way.
// packaging/bootstrap.sh installs the files (see install_llama_vocab there).
#include <QtTest/QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/gguf/gguf_file.h"
#include "engine/tokenizer/tokenizer.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

// INFERSCOPE_VOCAB_DIR, else the bootstrap's cache folder; empty when neither holds the files.
std::string vocab_dir() { return test::cache_dir_if_present("INFERSCOPE_VOCAB_DIR", "llama-vocab", "ggml-vocab-gpt-2.gguf"); }

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Case {
  std::string text;
  std::vector<int32_t> ids;
};

// The .inp file: texts each followed by "\n__ggml_vocab_test__\n"; the .out file: one line of
// space-separated ids per text, in the same order.
std::vector<Case> read_cases(const std::string& base) {
  const std::string inp = read_all(base + ".inp");
  const std::string sep = "\n__ggml_vocab_test__\n";
  std::vector<Case> cases;
  for (size_t pos = 0; pos < inp.size();) {
    const size_t next = inp.find(sep, pos);
    if (next == std::string::npos) {
      cases.push_back({inp.substr(pos), {}});
      break;
    }
    cases.push_back({inp.substr(pos, next - pos), {}});
    pos = next + sep.size();
  }
  std::ifstream out(base + ".out");
  size_t i = 0;
  for (std::string line; std::getline(out, line); ++i) {
    if (i >= cases.size()) return {};  // counts differ: the caller reports it
    std::istringstream ids(line);
    for (int32_t id; ids >> id;) cases[i].ids.push_back(id);
  }
  return i == cases.size() ? cases : std::vector<Case>{};
}

QString describe(const std::vector<int32_t>& ids) {
  QStringList parts;
  for (int32_t id : ids) parts << QString::number(id);
  return "[" + parts.join(' ') + "]";
}

std::unique_ptr<Tokenizer> load(const std::string& path, const std::string& pre = {}) {
  VocabData vocab = read_vocab(*gguf::GgufFile::open(path));
  if (!pre.empty()) vocab.pre = pre;
  return Tokenizer::create(vocab);
}

}  // namespace

class TestTokenizerVocab : public QObject {
  Q_OBJECT

 private slots:
  void matches_llama_cpp_data() {
    QTest::addColumn<QString>("name");
    // Every vocabulary of llama.cpp's set whose tokenizer model and pre-tokenizer we implement.
    for (const char* name : {"llama-spm", "phi-3", "llama-bpe", "qwen2", "qwen35", "gpt-2", "starcoder", "refact",
                             "command-r", "mpt", "falcon", "deepseek-llm", "deepseek-coder"})
      QTest::newRow(name) << QString(name);
  }

  void matches_llama_cpp() {
    QFETCH(QString, name);
    const std::string dir = vocab_dir();
    INFERSCOPE_REQUIRE_MODEL(dir, "llama.cpp's vocab test files");
    const std::string base = dir + "/ggml-vocab-" + name.toStdString() + ".gguf";
    QVERIFY2(std::filesystem::exists(base + ".inp"), qPrintable(QString::fromStdString(base) + ".inp is missing"));
    const std::vector<Case> cases = read_cases(base);
    QVERIFY2(cases.size() >= 40, "the .inp and .out files do not hold the same number of tests");
    std::unique_ptr<Tokenizer> tok;
    try {
      tok = load(base);
    } catch (const std::exception& e) {
      QFAIL(e.what());
    }
    QStringList failures;
    for (const Case& c : cases) {
      const std::vector<int32_t> got = tok->encode(c.text, /*add_special=*/false, /*parse_special=*/false);
      if (got != c.ids)
        failures << QString("'%1'\n    want %2\n    got  %3").arg(QString::fromStdString(c.text), describe(c.ids),
                                                                  describe(got));
    }
    QVERIFY2(failures.isEmpty(), qPrintable(QString("%1 of %2 texts differ:\n  %3")
                                                .arg(failures.size())
                                                .arg(cases.size())
                                                .arg(failures.join("\n  "))));
  }

  // A pre-tokenizer we do not implement is refused by name instead of silently splitting differently.
  void refuses_unknown_pre_tokenizer() {
    const std::string dir = vocab_dir();
    INFERSCOPE_REQUIRE_MODEL(dir, "llama.cpp's vocab test files");
    try {
      load(dir + "/ggml-vocab-llama-bpe.gguf", "chatglm-bpe");  // a real llama.cpp name we lack
      QFAIL("an unknown pre-tokenizer was accepted");
    } catch (const std::runtime_error& e) {
      const QString msg = e.what();
      QVERIFY2(msg.contains("pre-tokenizer 'chatglm-bpe'"), qPrintable(msg));
    }
  }

  // A tokenizer model we do not implement (BERT's WordPiece) is refused by name.
  void refuses_unknown_tokenizer_model() {
    const std::string dir = vocab_dir();
    INFERSCOPE_REQUIRE_MODEL(dir, "llama.cpp's vocab test files");
    if (!std::filesystem::exists(dir + "/ggml-vocab-bert-bge.gguf")) QSKIP("bert-bge vocabulary not installed");
    try {
      load(dir + "/ggml-vocab-bert-bge.gguf");
      QFAIL("the bert tokenizer model was accepted");
    } catch (const std::runtime_error& e) {
      const QString msg = e.what();
      QVERIFY2(msg.contains("'bert'"), qPrintable(msg));
    }
  }
};

QTEST_APPLESS_MAIN(TestTokenizerVocab)
#include "tst_tokenizer_vocab.moc"
