// KvStorage, the physical memory of the paged KV cache: every layer's K and V pool is its own memory
// (all of them live in one buffer), copy_block moves a block's K, V and scales in every layer and
// nothing else, bytes are accounted exactly, and impossible layouts are refused.
#include <QtTest>

#include <cstdint>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/backend/attention_impl.h"
#include "engine/kv/kv_storage.h"
#include "kernels/cpu/kv_format.h"

using namespace inferscope;

namespace {

// A value that names (layer, pool, slot, head, element): any overlap of two pools shows up as another
// pool's value read back.
float tag(int layer, int pool, int64_t slot, int head, int e) {
  return float(layer * 1000 + pool * 500 + slot * 7 + head * 3) + float(e) / 64.0f;
}

void fill(KvStorage& kv, const KvLayout& L, int64_t n_slots) {
  std::vector<float> row(size_t(L.kv_heads) * L.head_dim);
  for (int l = 0; l < L.n_layers; ++l)
    for (int pool = 0; pool < 2; ++pool)
      for (int64_t s = 0; s < n_slots; ++s) {
        for (int h = 0; h < L.kv_heads; ++h)
          for (int e = 0; e < L.head_dim; ++e) row[size_t(h) * L.head_dim + e] = tag(l, pool, s, h, e);
        kernels::kv_write(pool == 0 ? kv.k(l) : kv.v(l), s, row.data());
      }
}

// Reads back head vectors of `slot` and compares them with the tag of `as_slot`.
bool holds(KvStorage& kv, const KvLayout& L, int64_t slot, int64_t as_slot) {
  std::vector<float> got(size_t(L.head_dim));
  for (int l = 0; l < L.n_layers; ++l)
    for (int pool = 0; pool < 2; ++pool)
      for (int h = 0; h < L.kv_heads; ++h) {
        kernels::kv_read_head(pool == 0 ? kv.k(l) : kv.v(l), slot, h, got.data());
        for (int e = 0; e < L.head_dim; ++e)
          if (got[size_t(e)] != tag(l, pool, as_slot, h, e)) return false;
      }
  return true;
}

}  // namespace

class TestKvStorage : public QObject {
  Q_OBJECT

 private slots:
  // The engine's own names for the KV dtypes and attention kinds (its API) mean what the kernels' do:
  // element sizes and scales from the formats' definitions, names both ways, unknown names refused.
  void engineVocabularyMatchesTheFormats() {
    const size_t bytes[] = {4, 2, 2, 1, 1};
    const bool scaled[] = {false, false, false, true, true};
    const char* names[] = {"f32", "f16", "bf16", "fp8", "int8"};
    QCOMPARE(std::size(kKvDtypes), size_t(5));
    for (size_t i = 0; i < std::size(kKvDtypes); ++i) {
      const KvDtype d = kKvDtypes[i];
      QCOMPARE(kv_dtype_bytes(d), bytes[i]);
      QCOMPARE(kv_dtype_bytes(d), kernels::kv_dtype_bytes(kernels::KvDtype(uint8_t(d))));
      QCOMPARE(kv_dtype_scaled(d), scaled[i]);
      QCOMPARE(QString::fromLatin1(kv_dtype_name(d)), QString::fromLatin1(names[i]));
      QCOMPARE(kv_dtype_from_name(names[i]), std::optional<KvDtype>(d));
    }
    QCOMPARE(kv_dtype_from_name("FP8_E4M3"), std::optional<KvDtype>(KvDtype::FP8_E4M3));
    QVERIFY(!kv_dtype_from_name("q4_0"));
    QCOMPARE(QString::fromLatin1(attention_impl_name(AttentionImpl::Tiled)), QStringLiteral("tiled"));
    QCOMPARE(QString::fromLatin1(attention_impl_name(AttentionImpl::Naive)), QStringLiteral("naive"));
    QCOMPARE(attention_impl_from_name("naive"), std::optional<AttentionImpl>(AttentionImpl::Naive));
    QCOMPARE(attention_impl_from_name("tiled"), std::optional<AttentionImpl>(AttentionImpl::Tiled));
    QVERIFY(!attention_impl_from_name("flash"));
  }

  // f32 stores the tags exactly. 30 layers x 5 blocks of 16 slots x 3 heads x 64 x 4 B x 2 = 3.5 MiB:
  // large enough for the huge-page path of the buffer.
  void poolsAreDisjoint() {
    const KvLayout L{30, 3, 64, 16, KvDtype::F32};
    KvStorage kv(L, 5);
    QCOMPARE(kv.allocated_bytes(), size_t(5) * L.block_bytes());
    QCOMPARE(L.block_bytes(), size_t(2) * 30 * 3 * 64 * 4 * 16);
    fill(kv, L, 5 * 16);
    for (int64_t s = 0; s < 5 * 16; ++s) QVERIFY2(holds(kv, L, s, s), qPrintable(QString("slot %1").arg(s)));
    for (int l = 0; l < L.n_layers; ++l) {
      QCOMPARE(reinterpret_cast<uintptr_t>(kv.k(l).data) % 64, uintptr_t(0));
      QVERIFY(kv.v(l).data >= kv.k(l).data + 5 * 16 * 3 * 64 * 4);  // V after the whole K pool
    }
  }

  // Block 1 copied onto block 3: block 3's slots now read as block 1's, in every layer, K and V;
  // every other block is untouched.
  void copyBlockCopiesEveryLayer() {
    const KvLayout L{4, 2, 32, 8, KvDtype::F32};
    KvStorage kv(L, 5);
    fill(kv, L, 5 * 8);
    kv.copy_block(1, 3);
    for (int64_t o = 0; o < 8; ++o) QVERIFY(holds(kv, L, 3 * 8 + o, 1 * 8 + o));
    for (int b : {0, 1, 2, 4})
      for (int64_t o = 0; o < 8; ++o) QVERIFY(holds(kv, L, b * 8 + o, b * 8 + o));
  }

  // Scaled dtypes: the per-(block, head) scales travel with the block, so the copy decodes to the
  // same values as the source.
  void copyBlockCarriesScales() {
    const KvLayout L{2, 2, 32, 4, KvDtype::INT8};
    KvStorage kv(L, 3);
    std::vector<float> row(64);
    for (int64_t s = 0; s < 4; ++s) {
      for (size_t i = 0; i < row.size(); ++i) row[i] = float(s + 1) * (float(i) - 31.5f);
      for (int l = 0; l < 2; ++l) {
        kernels::kv_write(kv.k(l), s, row.data());
        kernels::kv_write(kv.v(l), s, row.data());
      }
    }
    kv.copy_block(0, 2);
    std::vector<float> a(32), b(32);
    for (int l = 0; l < 2; ++l)
      for (int64_t o = 0; o < 4; ++o)
        for (int h = 0; h < 2; ++h) {
          kernels::kv_read_head(kv.v(l), o, h, a.data());
          kernels::kv_read_head(kv.v(l), 2 * 4 + o, h, b.data());
          QCOMPARE(b, a);
          QVERIFY(a[0] != 0.0f);
        }
  }

  void refusesImpossibleLayouts() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KvStorage(KvLayout{2, 2, 32, 0, KvDtype::F16}, 4));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KvStorage(KvLayout{2, 2, 32, 257, KvDtype::F16}, 4));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KvStorage(KvLayout{2, 2, 32, 16, KvDtype::F16}, 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KvStorage(KvLayout{0, 2, 32, 16, KvDtype::F16}, 4));
  }
};

QTEST_APPLESS_MAIN(TestKvStorage)
#include "tst_kv_storage.moc"
