// Malformed GGUF files: each must fail with a GgufError naming the problem and its byte offset.
#include <QtTest/QtTest>

#include <cstring>
#include <random>

#include "engine/gguf/gguf_file.h"
#include "engine/gguf/gguf_writer.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;
using gguf::GgufError;
using gguf::GgufFile;
using gguf::GgufWriter;
using gguf::Value;
using gguf::ValueType;
using kernels::GgmlType;

namespace {

// Handcrafted files, little-endian, field by field.
struct Bytes {
  std::vector<uint8_t> b;
  Bytes& raw(const void* p, size_t n) {
    b.insert(b.end(), static_cast<const uint8_t*>(p), static_cast<const uint8_t*>(p) + n);
    return *this;
  }
  Bytes& u8(uint8_t v) { return raw(&v, 1); }
  Bytes& u32(uint32_t v) { return raw(&v, 4); }
  Bytes& u64(uint64_t v) { return raw(&v, 8); }
  Bytes& str(const std::string& s) { u64(s.size()); return raw(s.data(), s.size()); }
  Bytes& header(uint64_t tensors, uint64_t kvs, uint32_t version = 3) {
    raw("GGUF", 4);
    u32(version);
    u64(tensors);
    return u64(kvs);
  }
  size_t size() const { return b.size(); }
};

struct Outcome {
  bool threw = false;
  std::string what;
  uint64_t offset = 0;
};

Outcome parse(const std::vector<uint8_t>& bytes) {
  Outcome o;
  try {
    GgufFile::from_bytes(bytes.data(), bytes.size());
  } catch (const GgufError& e) {
    o.threw = true;
    o.what = e.what();
    o.offset = e.offset();
  }
  return o;
}

#define EXPECT_GGUF_ERROR(bytes, substring, expected_offset)                                     \
  do {                                                                                           \
    const Outcome o_ = parse(bytes);                                                             \
    const std::string want_ = (substring);                                                       \
    QVERIFY2(o_.threw, ("no GgufError, expected: " + want_).c_str());                            \
    QVERIFY2(o_.what.find(want_) != std::string::npos, o_.what.c_str());                         \
    QCOMPARE(o_.offset, uint64_t(expected_offset));                                              \
    QVERIFY2(o_.what.find("(at offset " + std::to_string(expected_offset) + ")") != std::string::npos, \
             o_.what.c_str());                                                                   \
  } while (0)

size_t find(const std::vector<uint8_t>& hay, const std::string& needle) {
  auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end());
  return it == hay.end() ? size_t(-1) : size_t(it - hay.begin());
}

template <typename T>
void poke(std::vector<uint8_t>& b, size_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);
}

// A small valid file from the writer: two keys and three tensors, the last one unpadded.
struct Sample {
  std::vector<uint8_t> bytes;
  // File offsets of the fields of tensor `name` (its u64-length-prefixed name is unique in the file).
  size_t name_at(const std::string& name) const {
    std::string pattern(8, '\0');
    const uint64_t len = name.size();
    std::memcpy(pattern.data(), &len, 8);
    return find(bytes, pattern + name);
  }
  size_t dims_at(const std::string& name) const { return name_at(name) + 8 + name.size(); }
  size_t ne_at(const std::string& name, int d) const { return dims_at(name) + 4 + 8 * d; }
  size_t type_at(const std::string& name, int n_dims) const { return ne_at(name, n_dims); }
  size_t offset_at(const std::string& name, int n_dims) const { return type_at(name, n_dims) + 4; }
};

Sample sample(uint32_t alignment = 32) {
  GgufWriter w(alignment);
  w.set("k1", Value::u32(1));
  w.set("k2", Value::str("two"));
  w.add_tensor("ta", {32, 2}, GgmlType::F32, std::vector<uint8_t>(256, 1));  // data [0, 256)
  w.add_tensor("tq", {32}, GgmlType::Q8_0, std::vector<uint8_t>(34, 2));     // data [256, 290)
  w.add_tensor("tb", {64}, GgmlType::F32, std::vector<uint8_t>(256, 3));     // data [320, 576), no padding
  return Sample{w.to_bytes()};
}

}  // namespace

class TestGgufErrors : public QObject {
  Q_OBJECT

 private slots:
  void sampleIsValid() {
    const Sample s = sample();
    const auto f = GgufFile::from_bytes(s.bytes.data(), s.bytes.size());
    QCOMPARE(f->tensors().size(), size_t{3});
    QCOMPARE(f->data_offset() + 576, uint64_t(s.bytes.size()));
  }

  void badMagic() {
    auto b = sample().bytes;
    b[3] = 'X';
    EXPECT_GGUF_ERROR(b, "bad magic", 0);
  }

  void unsupportedVersion() {
    auto b = sample().bytes;
    b[4] = 1;
    EXPECT_GGUF_ERROR(b, "unsupported GGUF version 1", 4);
    poke<uint32_t>(b, 4, 0x03000000u);
    EXPECT_GGUF_ERROR(b, "looks big-endian", 4);
  }

  void truncatedHeader() {
    auto b = sample().bytes;
    EXPECT_GGUF_ERROR(std::vector<uint8_t>(), "truncated header", 0);
    EXPECT_GGUF_ERROR(std::vector<uint8_t>(b.begin(), b.begin() + 3), "truncated header", 0);
    EXPECT_GGUF_ERROR(std::vector<uint8_t>(b.begin(), b.begin() + 10), "truncated header: needs 8 bytes at offset 8", 8);
    EXPECT_GGUF_ERROR(std::vector<uint8_t>(b.begin(), b.begin() + 23), "truncated header", 16);
  }

  void truncatedMetadata() {
    Bytes b;
    b.header(0, 1).str("abc").u32(uint32_t(ValueType::UINT32)).u8(7).u8(0);  // value cut after 2 of 4 bytes
    EXPECT_GGUF_ERROR(b.b, "truncated metadata: needs 4 bytes at offset 39 but the file has 41", 39);
  }

  void truncatedTensorInfos() {
    Bytes b;
    b.header(1, 0).str("t").u32(1).u64(32).u32(0);
    b.raw("\0\0\0\0\0\0\0", 7);  // the u64 offset is one byte short
    QCOMPARE(b.size(), size_t{24 + 32});
    EXPECT_GGUF_ERROR(b.b, "truncated tensor infos", 24 + 9 + 4 + 8 + 4);
  }

  void truncatedTensorData() {
    const Sample s = sample();
    auto b = s.bytes;
    b.pop_back();
    const size_t data = b.size() + 1 - 576;
    const std::string msg = "truncated tensor data: tensor 'tb' needs bytes [" + std::to_string(data + 320) + ", " +
                            std::to_string(data + 576) + ") but the file has " + std::to_string(b.size());
    EXPECT_GGUF_ERROR(b, msg.c_str(), s.offset_at("tb", 1));
  }

  void stringPastEndOfFile() {
    Bytes b;
    b.header(0, 1).u64(1ull << 40).raw("k", 1).u32(0).u8(0).u32(0).u32(0);
    EXPECT_GGUF_ERROR(b.b, "string length 1099511627776 in metadata runs past the end of the file", 24);
    // A string value (not a key) whose length is one byte too long.
    Bytes c;
    c.header(0, 1).str("k").u32(uint32_t(ValueType::STRING)).u64(5).raw("abcd", 4);
    EXPECT_GGUF_ERROR(c.b, "string length 5 in metadata runs past the end", 24 + 9 + 4);
    // A tensor name.
    const Sample s = sample();
    auto t = s.bytes;
    poke<uint64_t>(t, s.name_at("tq"), ~0ull);
    EXPECT_GGUF_ERROR(t, "in tensor infos runs past the end", s.name_at("tq"));
  }

  void arrayCountPastEndOfFile() {
    Bytes b;
    b.header(0, 1).str("arr").u32(uint32_t(ValueType::ARRAY)).u32(uint32_t(ValueType::UINT32)).u64(3);
    b.u32(1).u32(2).u32(3).u32(4);  // 16 bytes left: 3 u32 fit, 5 do not
    QVERIFY(!parse(b.b).threw);
    poke<uint64_t>(b.b, 24 + 11 + 4 + 4, 5);
    EXPECT_GGUF_ERROR(b.b, "array count 5 of UINT32 for key 'arr' cannot fit", 24 + 11 + 4 + 4);
    // Empty strings take 8 bytes each; a count of 2^61 of them must fail before any reservation.
    poke<uint32_t>(b.b, 24 + 11 + 4, uint32_t(ValueType::STRING));
    poke<uint64_t>(b.b, 24 + 11 + 4 + 4, 1ull << 61);
    EXPECT_GGUF_ERROR(b.b, "array count 2305843009213693952 of STRING", 24 + 11 + 4 + 4);
  }

  void absurdKvCount() {
    auto b = sample().bytes;
    poke<uint64_t>(b, 16, 1ull << 60);
    EXPECT_GGUF_ERROR(b, "absurd kv_count 1152921504606846976", 16);
    poke<uint64_t>(b, 16, ~0ull);
    EXPECT_GGUF_ERROR(b, "absurd kv_count", 16);
  }

  void absurdTensorCount() {
    auto b = sample().bytes;
    poke<uint64_t>(b, 8, ~0ull);
    EXPECT_GGUF_ERROR(b, "absurd tensor_count 18446744073709551615", 8);
    // Plausible against the whole file but not against what is left after the metadata.
    Bytes c;
    c.header(2, 1).str("k").u32(uint32_t(ValueType::STRING)).str(std::string(40, 'x')).u64(0).u64(0).u64(0).u64(0);
    EXPECT_GGUF_ERROR(c.b, "truncated tensor infos: 2 tensor infos cannot fit", c.size() - 32);
  }

  void tensorOutOfBounds() {
    const Sample s = sample();
    auto b = s.bytes;
    poke<uint64_t>(b, s.offset_at("tq", 1), 1ull << 40);
    EXPECT_GGUF_ERROR(b, "tensor data out of bounds: tensor 'tq' starts at byte", s.offset_at("tq", 1));
    // The largest aligned offset: data_offset + offset would wrap around 2^64.
    poke<uint64_t>(b, s.offset_at("tq", 1), ~uint64_t{31});
    EXPECT_GGUF_ERROR(b, "beyond 2^64", s.offset_at("tq", 1));
  }

  void overlappingTensors() {
    const Sample s = sample();
    auto b = s.bytes;
    poke<uint64_t>(b, s.offset_at("tq", 1), 224);  // inside ta's [0, 256)
    EXPECT_GGUF_ERROR(b, "tensors 'ta' and 'tq' overlap: 'ta' covers data bytes [0, 256) and 'tq' starts at 224",
                      s.offset_at("tq", 1));
    poke<uint64_t>(b, s.offset_at("tq", 1), 320);  // on top of tb
    EXPECT_GGUF_ERROR(b, "overlap", s.offset_at("tb", 1));
  }

  void misalignedTensorOffset() {
    const Sample s = sample();
    auto b = s.bytes;
    poke<uint64_t>(b, s.offset_at("tq", 1), 260);
    EXPECT_GGUF_ERROR(b, "misaligned tensor offset: tensor 'tq' starts at data offset 260", s.offset_at("tq", 1));
    const Sample s64 = sample(64);  // aligned to 32 but not to 64
    b = s64.bytes;
    poke<uint64_t>(b, s64.offset_at("tb", 1), 32 * 11);
    EXPECT_GGUF_ERROR(b, "not a multiple of the alignment 64", s64.offset_at("tb", 1));
  }

  void unknownTensorType() {
    const Sample s = sample();
    auto b = s.bytes;
    poke<uint32_t>(b, s.type_at("tq", 1), 99);
    EXPECT_GGUF_ERROR(b, "unknown tensor type 99 for tensor 'tq'", s.type_at("tq", 1));
    poke<uint32_t>(b, s.type_at("tq", 1), 4);  // Q4_2: removed from ggml long ago
    EXPECT_GGUF_ERROR(b, "unknown tensor type 4", s.type_at("tq", 1));
  }

  void activationOnlyTypes() {
    const Sample s = sample();
    auto b = s.bytes;
    poke<uint32_t>(b, s.type_at("tq", 1), uint32_t(GgmlType::Q8_1));
    EXPECT_GGUF_ERROR(b, "unsupported tensor type Q8_1", s.type_at("tq", 1));
    poke<uint32_t>(b, s.type_at("tq", 1), uint32_t(GgmlType::Q8_K));
    EXPECT_GGUF_ERROR(b, "unsupported tensor type Q8_K", s.type_at("tq", 1));
  }

  void badDimensionCount() {
    const Sample s = sample();
    auto b = s.bytes;
    poke<uint32_t>(b, s.dims_at("tq"), 5);
    EXPECT_GGUF_ERROR(b, "tensor 'tq' has n_dims 5 (must be 1 to 4)", s.dims_at("tq"));
    poke<uint32_t>(b, s.dims_at("tq"), 0);
    EXPECT_GGUF_ERROR(b, "has n_dims 0", s.dims_at("tq"));
  }

  void dimensionOverflow() {
    Bytes b;
    b.header(1, 0).str("big").u32(2).u64(1ull << 32).u64(1ull << 32).u32(0).u64(0);
    EXPECT_GGUF_ERROR(b.b, "element count of tensor 'big' overflows 64 bits", 24 + 11 + 4 + 8);
    Bytes c;  // fits in u64 elements, but not in bytes once multiplied by 4
    c.header(1, 0).str("big").u32(2).u64(1ull << 32).u64(1ull << 31).u32(0).u64(0);
    EXPECT_GGUF_ERROR(c.b, "byte size of tensor 'big' overflows 64 bits", 24 + 11);
    Bytes d;  // a dimension ggml would read as negative
    d.header(1, 0).str("neg").u32(1).u64(~0ull).u32(0).u64(0);
    EXPECT_GGUF_ERROR(d.b, "dimension ne[0] = 18446744073709551615, out of range", 24 + 11 + 4);
    Bytes e;  // four large dimensions whose product wraps to exactly zero
    e.header(1, 0).str("wrap").u32(4).u64(1ull << 16).u64(1ull << 16).u64(1ull << 16).u64(1ull << 16).u32(0).u64(0);
    EXPECT_GGUF_ERROR(e.b, "overflows 64 bits", 24 + 12 + 4 + 24);
  }

  void rowNotMultipleOfBlock() {
    const Sample s = sample();
    auto b = s.bytes;
    poke<uint64_t>(b, s.ne_at("tq", 0), 33);
    EXPECT_GGUF_ERROR(b, "tensor 'tq' has ne[0] = 33, not a multiple of the Q8_0 block size 32", s.ne_at("tq", 0));
  }

  void duplicateTensorName() {
    const Sample s = sample();
    auto b = s.bytes;
    b[s.name_at("tb") + 8 + 1] = 'q';  // "tb" -> "tq"
    EXPECT_GGUF_ERROR(b, "duplicate tensor name 'tq'", s.name_at("tb"));
  }

  void duplicateKey() {
    auto b = sample().bytes;
    const size_t k2 = find(b, "k2") - 8;
    b[k2 + 8 + 1] = '1';
    EXPECT_GGUF_ERROR(b, "duplicate metadata key 'k1'", k2);
  }

  void unknownValueType() {
    auto b = sample().bytes;
    const size_t type_at = find(b, "k1") + 2;
    poke<uint32_t>(b, type_at, 13);
    EXPECT_GGUF_ERROR(b, "unknown metadata value type 13 for key 'k1'", type_at);
    Bytes c;  // also inside an array
    c.header(0, 1).str("a").u32(uint32_t(ValueType::ARRAY)).u32(77).u64(0);
    EXPECT_GGUF_ERROR(c.b, "unknown metadata value type 77 for key 'a'", 24 + 9 + 4);
  }

  void invalidBool() {
    Bytes b;
    b.header(0, 1).str("b").u32(uint32_t(ValueType::BOOL)).u8(2).u32(0).u32(0).u32(0);
    EXPECT_GGUF_ERROR(b.b, "invalid BOOL byte 2 for key 'b'", 24 + 9 + 4);
  }

  void nestingDepthLimit() {
    auto nested = [](int levels) {
      Value v = Value::array(ValueType::UINT8, {Value::u8(1)});
      for (int i = 1; i < levels; ++i) v = Value::array(ValueType::ARRAY, {v});
      GgufWriter w;
      w.set("deep", v);
      return w.to_bytes();
    };
    QVERIFY(!parse(nested(8)).threw);
    // general.alignment takes bytes [24, 57); "deep" is key 57..69, type 69..73, value from 73.
    // Each array header is 12 bytes, so the ninth level begins at 73 + 8 * 12.
    EXPECT_GGUF_ERROR(nested(9), "arrays nested deeper than 8 levels in key 'deep'", 73 + 8 * 12);
    // A forged deep nesting that would recurse thousands of times if unchecked.
    Bytes b;
    b.header(0, 1).str("x").u32(uint32_t(ValueType::ARRAY));
    for (int i = 0; i < 5000; ++i) b.u32(uint32_t(ValueType::ARRAY)).u64(1);
    EXPECT_GGUF_ERROR(b.b, "nested deeper than 8", 24 + 9 + 4 + 8 * 12);
  }

  void invalidAlignment() {
    const auto base = sample(64).bytes;
    const size_t value_at = 24 + 8 + 17 + 4;  // general.alignment is the first key
    QCOMPARE(base[value_at], uint8_t{64});
    auto b = base;
    poke<uint32_t>(b, value_at, 0);
    EXPECT_GGUF_ERROR(b, "invalid general.alignment 0: must be a non-zero power of two", value_at);
    poke<uint32_t>(b, value_at, 48);
    EXPECT_GGUF_ERROR(b, "invalid general.alignment 48", value_at);
    // A power of two, but absurd: a 1 GiB alignment once made the fuzzer's write-back pad to 1 GiB.
    poke<uint32_t>(b, value_at, 1u << 30);
    EXPECT_GGUF_ERROR(b, "absurd general.alignment 1073741824: at most 1048576 bytes", value_at);
    poke<uint32_t>(b, value_at, 1u << 21);
    EXPECT_GGUF_ERROR(b, "absurd general.alignment 2097152", value_at);
    Bytes c;
    c.header(0, 1).str("general.alignment").u32(uint32_t(ValueType::UINT64)).u64(64);
    EXPECT_GGUF_ERROR(c.b, "general.alignment must be UINT32, not UINT64", value_at);
  }

  void openReportsErrorsToo() {
    auto b = sample().bytes;
    b[0] = 'X';
    const QString path = QDir::temp().filePath("inferscope_tst_gguf_errors_bad.gguf");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(reinterpret_cast<const char*>(b.data()), qint64(b.size()));
    f.close();
    QVERIFY_THROWS_EXCEPTION(GgufError, GgufFile::open(path.toStdString()));
    QFile::resize(path, 0);  // empty file: no mapping, still a clean error
    QVERIFY_THROWS_EXCEPTION(GgufError, GgufFile::open(path.toStdString()));
    QFile::remove(path);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, GgufFile::open(QDir::tempPath().toStdString()));  // a directory
  }

  // Every prefix of a valid file is either rejected with GgufError or (only once all tensor data is
  // present) accepted: never a crash, never a different exception.
  void truncationAtEveryByte_data() {
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<qulonglong>("needed");
    const Sample s = sample();
    QTest::newRow("sample") << QByteArray(reinterpret_cast<const char*>(s.bytes.data()), qsizetype(s.bytes.size()))
                            << qulonglong(s.bytes.size());
    test::TinyModelSpec spec;
    spec.n_layers = 1;
    spec.n_embd = 32;
    spec.n_heads = 2;
    spec.n_kv_heads = 1;
    spec.n_ff = 32;
    spec.tokenizer = "llama";
    spec.embd_type = GgmlType::Q8_0;
    spec.weight_type = GgmlType::Q4_0;
    const auto tiny = test::tiny_model_bytes(spec);
    const auto f = GgufFile::from_bytes(tiny.data(), tiny.size());
    uint64_t needed = 0;
    for (const auto& t : f->tensors()) needed = std::max(needed, f->data_offset() + t.offset + t.n_bytes);
    QTest::newRow("tiny-llama") << QByteArray(reinterpret_cast<const char*>(tiny.data()), qsizetype(tiny.size()))
                                << qulonglong(needed);
  }
  void truncationAtEveryByte() {
    QFETCH(QByteArray, file);
    QFETCH(qulonglong, needed);
    const auto* data = reinterpret_cast<const uint8_t*>(file.constData());
    for (qsizetype n = 0; n < file.size(); ++n) {
      bool threw = false;
      try {
        GgufFile::from_bytes(data, size_t(n));
      } catch (const GgufError& e) {
        threw = true;
        QVERIFY2(e.offset() <= uint64_t(n), e.what());
      }
      QVERIFY2(threw == (uint64_t(n) < needed), qPrintable(QString("prefix of %1 bytes").arg(n)));
    }
  }

  // Random byte flips of a valid file: accepted or GgufError, nothing else.
  void randomCorruption() {
    test::TinyModelSpec spec;
    spec.n_layers = 1;
    spec.n_embd = 32;
    spec.n_heads = 2;
    spec.n_kv_heads = 1;
    spec.n_ff = 32;
    spec.embd_type = GgmlType::Q8_0;
    const auto base = test::tiny_model_bytes(spec);
    const uint64_t meta_end = GgufFile::from_bytes(base.data(), base.size())->data_offset();
    std::mt19937_64 rng(7);
    int rejected = 0;
    for (int iter = 0; iter < 3000; ++iter) {
      auto b = base;
      const int flips = 1 + int(rng() % 4);
      for (int i = 0; i < flips; ++i) b[rng() % meta_end] = uint8_t(rng() >> 56);
      try {
        GgufFile::from_bytes(b.data(), b.size());
      } catch (const GgufError&) {
        ++rejected;
      }
    }
    QVERIFY(rejected > 0);
  }
};

QTEST_APPLESS_MAIN(TestGgufErrors)
#include "tst_gguf_errors.moc"
