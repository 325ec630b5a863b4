// Tokenizer behaviour on small hand-made vocabularies (the reference test covers real models): merge
// order, pre-tokenizer splits, special tokens, SentencePiece scoring and byte fallback, metadata errors.
#include <QtTest/QtTest>


#include "engine/gguf/gguf_file.h"
#include "engine/gguf/gguf_writer.h"
#include "engine/tokenizer/chat_template.h"
#include "engine/tokenizer/byte_unicode.h"
#include "engine/tokenizer/pretokenizer.h"
#include "engine/tokenizer/tokenizer.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {

using Ids = std::vector<int32_t>;

// Byte-level BPE vocabulary: the 256 byte characters (ids 0..255), three ChatML controls, then extras.
VocabData bpe_vocab(std::vector<std::string> merges, std::vector<std::string> extra_tokens = {}) {
  VocabData v;
  v.model = "gpt2";
  v.pre = "gpt2";
  for (int b = 0; b < 256; ++b) v.tokens.push_back(ByteUnicode::instance().encode(static_cast<uint8_t>(b)));
  v.token_types.assign(256, static_cast<int32_t>(TokenType::Normal));
  for (const char* s : {"<|endoftext|>", "<|im_start|>", "<|im_end|>"}) {
    v.tokens.push_back(s);
    v.token_types.push_back(static_cast<int32_t>(TokenType::Control));
  }
  for (const std::string& t : extra_tokens) {
    v.tokens.push_back(t);
    v.token_types.push_back(static_cast<int32_t>(TokenType::Normal));
  }
  v.merges = std::move(merges);
  v.eos = 256;
  return v;
}

int32_t id_of(const VocabData& v, const std::string& text) {
  for (size_t i = 0; i < v.tokens.size(); ++i)
    if (v.tokens[i] == text) return static_cast<int32_t>(i);
  return -1;
}

// SentencePiece vocabulary: <unk> <s> </s>, 256 byte tokens, then scored pieces.
VocabData spm_vocab(const std::vector<std::pair<std::string, float>>& pieces) {
  VocabData v;
  v.model = "llama";
  v.tokens = {"<unk>", "<s>", "</s>"};
  v.token_types = {2, 3, 3};
  v.scores = {0, 0, 0};
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    v.tokens.push_back(name);
    v.token_types.push_back(static_cast<int32_t>(TokenType::Byte));
    v.scores.push_back(0);
  }
  for (const auto& [text, score] : pieces) {
    v.tokens.push_back(text);
    v.token_types.push_back(static_cast<int32_t>(TokenType::Normal));
    v.scores.push_back(score);
  }
  v.unk = 0;
  v.bos = 1;
  v.eos = 2;
  v.add_bos = true;
  v.add_space_prefix = true;
  return v;
}

std::string ChatTemplateFamilyOf(const std::string& jinja) { return ChatTemplate::from_jinja(jinja).family(); }

std::vector<std::string> split(const std::string& pre, const std::string& text) {
  PreTokenizer p(pre);
  std::vector<std::string> out;
  for (std::string_view s : p.split(text)) out.emplace_back(s);
  return out;
}

// A minimal GGUF holding only tokenizer keys, for read_vocab.
gguf::GgufWriter tokenizer_gguf() {
  using gguf::Value;
  using gguf::ValueType;
  gguf::GgufWriter w;
  w.set("general.architecture", Value::str("llama"));
  w.set("tokenizer.ggml.model", Value::str("gpt2"));
  w.set("tokenizer.ggml.pre", Value::str("smollm"));
  std::vector<Value> tokens, types;
  for (const char* t : {"<|endoftext|>", "a", "b", "ab"}) tokens.push_back(Value::str(t));
  for (int t : {3, 1, 1, 1}) types.push_back(Value::i32(t));
  w.set("tokenizer.ggml.tokens", Value::array(ValueType::STRING, tokens));
  w.set("tokenizer.ggml.token_type", Value::array(ValueType::INT32, types));
  w.set("tokenizer.ggml.merges", Value::array(ValueType::STRING, {Value::str("a b")}));
  w.set("tokenizer.ggml.eos_token_id", Value::u32(0));
  w.set("tokenizer.ggml.padding_token_id", Value::u32(0xFFFFFFFFu));
  w.set("tokenizer.chat_template", Value::str("{{ '<|im_start|>' }}<|im_end|>"));
  return w;
}

VocabData read_bytes(const gguf::GgufWriter& w) {
  const std::vector<uint8_t> bytes = w.to_bytes();
  const auto file = gguf::GgufFile::from_bytes(bytes.data(), bytes.size());
  return read_vocab(*file);
}

}  // namespace

class TestTokenizer : public QObject {
  Q_OBJECT

 private slots:
  void byte_mapping_is_gpt2s() {
    const ByteUnicode& m = ByteUnicode::instance();
    QCOMPARE(QString::fromStdString(m.encode(' ')), QString::fromUtf8("Ġ"));    // U+0120
    QCOMPARE(QString::fromStdString(m.encode('\n')), QString::fromUtf8("Ċ"));   // U+010A
    QCOMPARE(QString::fromStdString(m.encode('A')), QString("A"));
    QCOMPARE(QString::fromStdString(m.encode(0xAD)), QString::fromUtf8("Ń"));  // soft hyphen is remapped
    std::string all;
    for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
    QVERIFY(m.decode(m.encode(all)) == all);
  }

  void smollm_splits_digits_one_by_one() {
    QCOMPARE(split("smollm", "abc 123 don't"),
             (std::vector<std::string>{"abc", " ", "1", "2", "3", " don", "'t"}));
    // `\s+(?!\S)` takes the whitespace run except the last space, which joins the next word.
    QCOMPARE(split("smollm", "x  \n y"), (std::vector<std::string>{"x", "  \n", " y"}));
  }

  void gpt2_keeps_number_runs() {
    QCOMPARE(split("gpt2", "abc 123 I'll"), (std::vector<std::string>{"abc", " 123", " I", "'ll"}));
    QCOMPARE(split("gpt2", "a   b"), (std::vector<std::string>{"a", "  ", " b"}));
  }

  void llama3_groups_three_digits() {
    QCOMPARE(split("llama-bpe", "12345 ABC'S\n\n x"),
             (std::vector<std::string>{"123", "45", " ABC", "'S", "\n\n", " x"}));
  }

  // Expected pieces worked out by hand from each published pattern list; the inputs are chosen so that
  // each pre-tokenizer splits them differently from its neighbours (the vocab test texts do not all).
  void qwen2_splits_single_digits_and_qwen35_keeps_marks_with_letters() {
    QCOMPARE(split("qwen2", "12345 ABC'S\n\n x"),
             (std::vector<std::string>{"1", "2", "3", "4", "5", " ABC", "'S", "\n\n", " x"}));
    // U+0301 (combining acute, category Mn) is no letter: Qwen2 leaves it as punctuation-like text ...
    QCOMPARE(split("qwen2", "cafe\u0301 x"), (std::vector<std::string>{"cafe", "\u0301", " x"}));
    // ... while Qwen3.5 counts marks as part of the word.
    QCOMPARE(split("qwen35", "cafe\u0301 x"), (std::vector<std::string>{"cafe\u0301", " x"}));
  }

  void deepseek_split_line_breaks_cjk_and_digits() {
    // Coder: single digits, and the space before them stays a piece of its own.
    QCOMPARE(split("deepseek-coder", "ab 12\n\u4e2d\u6587"),
             (std::vector<std::string>{"ab", " ", "1", "2", "\n", "\u4e2d\u6587"}));
    // LLM: digit runs stay whole.
    QCOMPARE(split("deepseek-llm", "ab 12\n\u4e2d\u6587"),
             (std::vector<std::string>{"ab", " ", "12", "\n", "\u4e2d\u6587"}));
  }

  void falcon_splits_symbols_first_and_digits_in_threes() {
    QCOMPARE(split("falcon", "a+=1234 x"), (std::vector<std::string>{"a", "+=", "123", "4", " x"}));
    QCOMPARE(split("gpt2", "a+=1234 x"), (std::vector<std::string>{"a", "+=", "1234", " x"}));
  }

  void unknown_pretokenizer_is_rejected_with_the_supported_list() {
    try {
      PreTokenizer p("qwen9");
      QFAIL("expected an exception");
    } catch (const std::runtime_error& e) {
      const QString what = e.what();
      QVERIFY2(what.contains("unsupported pre-tokenizer 'qwen9'") && what.contains("smollm") &&
                   what.contains("llama-bpe"),
               e.what());
    }
    VocabData v = bpe_vocab({});
    v.pre = "qwen9";
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, Tokenizer::create(v));
  }

  void unknown_model_is_rejected() {
    VocabData v = bpe_vocab({});
    v.model = "bert";
    try {
      Tokenizer::create(v);
      QFAIL("expected an exception");
    } catch (const std::runtime_error& e) {
      QVERIFY2(QString(e.what()).contains("'bert'"), e.what());
    }
  }

  void merges_apply_lowest_rank_first() {
    // "abc": with "b c" ranked first the result is a|bc, with "a b" first it is ab|c.
    VocabData v1 = bpe_vocab({"b c", "a b"}, {"ab", "bc"});
    const auto t1 = Tokenizer::create(v1);
    QCOMPARE(t1->encode("abc", false, false), (Ids{'a', id_of(v1, "bc")}));
    VocabData v2 = bpe_vocab({"a b", "b c"}, {"ab", "bc"});
    const auto t2 = Tokenizer::create(v2);
    QCOMPARE(t2->encode("abc", false, false), (Ids{id_of(v2, "ab"), 'c'}));
  }

  void merges_chain_and_respect_pretokens() {
    VocabData v = bpe_vocab({"Ġ h", "Ġh i", "h i"}, {"Ġh", "Ġhi", "hi"});
    const auto t = Tokenizer::create(v);
    QCOMPARE(t->encode("hi hi", false, false), (Ids{id_of(v, "hi"), id_of(v, "Ġhi")}));
    QCOMPARE(t->decode(t->encode("hi hi", false, false)), std::string("hi hi"));
    // Characters without merges stay as their byte tokens (multi-byte UTF-8 too).
    QCOMPARE(t->encode("é", false, false), (Ids{0xC3, 0xA9}));
  }

  void special_tokens_need_parse_special() {
    VocabData v = bpe_vocab({});
    const auto t = Tokenizer::create(v);
    QCOMPARE(t->encode("<|im_start|>x<|im_end|>", false, true), (Ids{257, 'x', 258}));
    const Ids plain = t->encode("<|im_start|>", false, false);
    QCOMPARE(static_cast<int>(plain.size()), 12);  // the 12 characters, byte by byte (no merges)
    QCOMPARE(t->decode(plain), std::string("<|im_start|>"));
    // Control tokens render only on request.
    QCOMPARE(t->token_to_piece(257), std::string());
    QCOMPARE(t->token_to_piece(257, true), std::string("<|im_start|>"));
    QCOMPARE(t->decode({257, 'h', 'i', 258}, true), std::string("<|im_start|>hi<|im_end|>"));
  }

  void longest_special_token_wins() {
    VocabData v = bpe_vocab({});
    v.tokens.push_back("<|im");  // a control token that is a prefix of <|im_start|>
    v.token_types.push_back(static_cast<int32_t>(TokenType::Control));
    const int32_t short_id = static_cast<int32_t>(v.tokens.size()) - 1;
    const auto t = Tokenizer::create(v);
    QCOMPARE(t->encode("<|im_start|><|im", false, true), (Ids{257, short_id}));
  }

  void user_defined_tokens_are_always_split_out() {
    VocabData v = bpe_vocab({});
    v.tokens.push_back("<tool>");
    v.token_types.push_back(static_cast<int32_t>(TokenType::UserDefined));
    const int32_t tool = static_cast<int32_t>(v.tokens.size()) - 1;
    const auto t = Tokenizer::create(v);
    QCOMPARE(t->encode("a<tool>", false, false), (Ids{'a', tool}));
    QCOMPARE(t->token_to_piece(tool), std::string("<tool>"));
  }

  void bos_and_eos_follow_the_metadata() {
    VocabData v = bpe_vocab({});
    v.bos = 257;
    v.add_bos = true;
    v.add_eos = true;
    const auto t = Tokenizer::create(v);
    QCOMPARE(t->encode("a", true, false), (Ids{257, 'a', 256}));
    QCOMPARE(t->encode("a", false, false), (Ids{'a'}));
  }

  void eog_tokens() {
    VocabData v = bpe_vocab({});
    v.eos = 256;  // <|endoftext|>
    const auto t = Tokenizer::create(v);
    QVERIFY(t->is_eog(256));
    QVERIFY(t->is_eog(258));   // <|im_end|> by its text
    QVERIFY(!t->is_eog(257));  // <|im_start|>
    QVERIFY(!t->is_eog('a'));
    QVERIFY(!t->is_eog(-1));
  }

  void spm_merges_by_highest_score() {
    // "abc" -> "▁abc": candidates ▁a (score 1) and bc (score 5); bc first, then ▁a, then ▁abc is absent.
    VocabData v = spm_vocab({{"\xE2\x96\x81", -1}, {"a", -2}, {"b", -2}, {"c", -2}, {"\xE2\x96\x81" "a", 1}, {"bc", 5},
                             {"ab", 3}});
    const auto t = Tokenizer::create(v);
    QCOMPARE(t->encode("abc", true, false), (Ids{1, id_of(v, "\xE2\x96\x81" "a"), id_of(v, "bc")}));
    QCOMPARE(t->encode("abc", false, false), (Ids{id_of(v, "\xE2\x96\x81" "a"), id_of(v, "bc")}));
    QCOMPARE(t->decode(t->encode("abc", true, false)), std::string("abc"));
    QCOMPARE(t->decode(t->encode(" a b", true, false)), std::string(" a b"));
  }

  void spm_falls_back_to_bytes() {
    VocabData v = spm_vocab({{"\xE2\x96\x81", -1}, {"a", -2}});
    const auto t = Tokenizer::create(v);
    const int32_t space = id_of(v, "\xE2\x96\x81");
    // "é" is C3 A9; byte tokens are <0x00> at id 3 onward.
    QCOMPARE(t->encode("aé", false, false), (Ids{space, id_of(v, "a"), 3 + 0xC3, 3 + 0xA9}));
    QCOMPARE(t->token_to_piece(3 + 0x0A), std::string("\n"));
    QCOMPARE(t->decode(t->encode("aé\n", true, false)), std::string("aé\n"));
  }

  void spm_space_prefix_follows_metadata() {
    VocabData v = spm_vocab({{"\xE2\x96\x81", -1}, {"a", -2}});
    v.add_space_prefix = false;
    const auto t = Tokenizer::create(v);
    QCOMPARE(t->encode("a", false, false), (Ids{id_of(v, "a")}));
  }

  void read_vocab_reads_tokenizer_keys() {
    const VocabData v = read_bytes(tokenizer_gguf());
    QCOMPARE(v.model, std::string("gpt2"));
    QCOMPARE(v.pre, std::string("smollm"));
    QCOMPARE(v.tokens.size(), size_t(4));
    QCOMPARE(v.token_types, (std::vector<int32_t>{3, 1, 1, 1}));
    QCOMPARE(v.merges, (std::vector<std::string>{"a b"}));
    QCOMPARE(v.eos, 0);
    QCOMPARE(v.pad, -1);  // 0xFFFFFFFF means none
    QCOMPARE(v.bos, -1);
    QVERIFY(!v.add_bos);
    QCOMPARE(v.chat_template, std::string("{{ '<|im_start|>' }}<|im_end|>"));
  }

  void read_vocab_defaults_for_sentencepiece() {
    gguf::GgufWriter w = tokenizer_gguf();
    w.set("tokenizer.ggml.model", gguf::Value::str("llama"));
    const VocabData v = read_bytes(w);
    QVERIFY(v.add_bos);
    QVERIFY(v.add_space_prefix);
    QCOMPARE(v.bos, 1);
    QCOMPARE(v.scores.size(), size_t(4));
  }

  void read_vocab_rejects_malformed_metadata_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    QTest::newRow("types length") << "tokenizer.ggml.token_type" << "entries for 4 tokens";
    QTest::newRow("eos out of range") << "tokenizer.ggml.eos_token_id" << "vocabulary has 4 tokens";
    QTest::newRow("tokens wrong type") << "tokenizer.ggml.tokens" << "expected STRING";
    QTest::newRow("model not a string") << "tokenizer.ggml.model" << "tokenizer.ggml.model";
    QTest::newRow("no merges") << "tokenizer.ggml.merges" << "merges";
  }
  void read_vocab_rejects_malformed_metadata() {
    QFETCH(QString, key);
    QFETCH(QString, expected);
    using gguf::Value;
    using gguf::ValueType;
    gguf::GgufWriter w = tokenizer_gguf();
    const std::string k = key.toStdString();
    if (k == "tokenizer.ggml.token_type") w.set(k, Value::array(ValueType::INT32, {Value::i32(1)}));
    if (k == "tokenizer.ggml.eos_token_id") w.set(k, Value::u32(4));
    if (k == "tokenizer.ggml.tokens") w.set(k, Value::array(ValueType::INT32, {Value::i32(1)}));
    if (k == "tokenizer.ggml.model") w.set(k, Value::i32(7));  // present but not a string: must not pass
    if (k == "tokenizer.ggml.merges") w.set(k, Value::array(ValueType::STRING, {}));
    try {
      read_bytes(w);
      QFAIL("expected an exception");
    } catch (const std::runtime_error& e) {
      QVERIFY2(QString(e.what()).contains(expected, Qt::CaseInsensitive), e.what());
    }
  }

  // The tiny models' vocabularies (tests/common/tiny_model.cpp); expected ids worked out by hand from
  // their merge lists and scores.
  void tiny_gpt2_model() {
    test::TinyModelSpec spec;
    spec.tokenizer = "gpt2";
    const auto file = gguf::GgufFile::open(test::write_tiny_model(spec, "tok_gpt2"));
    const auto t = Tokenizer::create(read_vocab(*file));
    // Bytes are ids 3 + b; merges from 259: he 260, en.. at 269, Ġc 281, Ġwas 280, er 264.
    // "the" -> t|he; " cat" -> at first (rank 10), then Ġc (rank 22); " was" -> Ġw, Ġwa, Ġwas.
    QCOMPARE(t->encode("the cat was", true, false), (Ids{3 + 't', 260, 281, 269, 280}));
    QCOMPARE(t->encode("<|im_start|>user\nhi<|im_end|>", true, true),
             (Ids{1, 3 + 'u', 3 + 's', 264, 3 + '\n', 3 + 'h', 3 + 'i', 2}));
    QVERIFY(t->is_eog(2));
    const std::string text = "Hello, 世界! 123\n\t x";
    QCOMPARE(t->decode(t->encode(text, true, false)), text);
    QCOMPARE(ChatTemplateFamilyOf(t->vocab().chat_template), std::string("chatml"));
  }

  void tiny_llama_model() {
    test::TinyModelSpec spec;
    spec.tokenizer = "llama";
    const auto file = gguf::GgufFile::open(test::write_tiny_model(spec, "tok_llama"));
    const auto t = Tokenizer::create(read_vocab(*file));
    // "▁the▁cat": ▁t (-1), he (-2), ▁the (-3), at (-11), ▁c (-23).
    QCOMPARE(t->encode("the cat", true, false), (Ids{1, 261, 281, 269}));
    // "x" has no piece: "▁" then the byte token <0x78>.
    QCOMPARE(t->encode("x", true, false), (Ids{1, 283, 3 + 0x78}));
    const std::string text = "the cat\nwas 世界 ";
    QCOMPARE(t->decode(t->encode(text, true, false)), text);
    QVERIFY(t->is_eog(2));
  }

  // Byte-level BPE and SentencePiece byte fallback both cover every byte, so any input (invalid UTF-8
  // included) must come back unchanged. llama.cpp itself would turn invalid bytes into U+FFFD first.
  void arbitrary_bytes_round_trip() {
    for (const char* kind : {"gpt2", "llama"}) {
      test::TinyModelSpec spec;
      spec.tokenizer = kind;
      const auto file = gguf::GgufFile::open(test::write_tiny_model(spec, std::string("tok_bytes_") + kind));
      const auto t = Tokenizer::create(read_vocab(*file));
      uint32_t state = 12345;
      for (int round = 0; round < 200; ++round) {
        std::string text;
        const int n = 1 + round % 40;
        for (int i = 0; i < n; ++i) {
          state = state * 1664525u + 1013904223u;
          text += static_cast<char>(state >> 24);
        }
        QVERIFY2(t->decode(t->encode(text, true, false)) == text, kind);
      }
    }
  }

  void default_model_vocab_and_round_trip() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    const auto file = gguf::GgufFile::open(path);
    const VocabData v = read_vocab(*file);
    QCOMPARE(v.model, std::string("gpt2"));
    QCOMPARE(v.pre, std::string("smollm"));
    QCOMPARE(v.tokens.size(), size_t(49152));
    QVERIFY(!v.add_bos);
    const auto t = Tokenizer::create(v);
    QVERIFY(t->is_eog(0));
    QVERIFY(t->is_eog(2));
    QVERIFY(!t->is_eog(1));
    QCOMPARE(t->token_to_piece(1, true), std::string("<|im_start|>"));

    std::string text;
    while (text.size() < 9000)
      text += "The year 2024 had 365 days; pi is 3.14159. 今天天气很好, don't worry.\n    def f(x): return x\n";
    // Its speed is a benchmark (tests/bench/bench_tokenizer), not a test: a loaded machine stretches any clock.
    const Ids ids = t->encode(text, false, true);
    QVERIFY(ids.size() > 2000);
    QCOMPARE(t->decode(ids), text);
  }
};

QTEST_APPLESS_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
