// Sequence-parallel forward passes (engine/model/sequence_split.h): which batches are cut into
// concurrent single-threaded passes, and that a cut pass computes exactly what the one-thread pass
// computes on the real model (the same logits bit for bit, the same K/V written, the same counters).
#include <QtTest/QtTest>

#include <cstring>
#include <numeric>

#include "engine/kv/kv_storage.h"
#include "engine/model/loaded_model.h"
#include "engine/model/sequence_split.h"
#include "engine/workload/sample_text.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

// n sequences of n_new rows each, sequence s with n_past[s] tokens cached before.
ForwardBatch batch_of(const std::vector<int>& n_past, int n_new, const std::vector<int32_t>* table) {
  ForwardBatch b;
  for (int p : n_past) {
    SeqSlice s;
    s.seq_id = int64_t(b.seqs.size());
    s.row_begin = b.n_rows();
    s.n_new = n_new;
    s.n_past = p;
    s.block_table = table;
    s.n_logits = 1;
    b.seqs.push_back(s);
    b.tokens.insert(b.tokens.end(), size_t(n_new), 7);
  }
  return b;
}

double part_cost(const ForwardBatch& b, int s0, int s1, double matmul_in_keys) {
  double c = 0;
  for (int s = s0; s < s1; ++s) {
    const SeqSlice& sl = b.seqs[size_t(s)];
    c += sl.n_new * (matmul_in_keys + sl.n_past + (sl.n_new + 1) / 2.0);
  }
  return c;
}

}  // namespace

class TestSequenceParallel : public QObject {
  Q_OBJECT

 private slots:
  void planCutsDecodeBatchesPerThread() {
    const std::vector<int32_t> table{0};
    const SequenceSplitCosts costs;
    // 16 equal decodes on 2 threads: two runs of 8 (one full token tile each).
    QCOMPARE(plan_sequence_split(batch_of(std::vector<int>(16, 100), 1, &table), 2, costs), (std::vector<int>{0, 8, 16}));
    // 64 on 2 threads: four runs of 16, two per thread.
    QCOMPARE(plan_sequence_split(batch_of(std::vector<int>(64, 100), 1, &table), 2, costs),
             (std::vector<int>{0, 16, 32, 48, 64}));
    // 48: parts stay a multiple of the threads (4 of 12, not 3 of 16).
    QCOMPARE(plan_sequence_split(batch_of(std::vector<int>(48, 100), 1, &table), 2, costs).size(), size_t{5});
  }

  void planKeepsOnePassWhenSplittingCannotPay() {
    const std::vector<int32_t> table{0};
    const SequenceSplitCosts costs;
    // One thread; fewer rows than a tile per part; a single sequence.
    QVERIFY(plan_sequence_split(batch_of(std::vector<int>(16, 100), 1, &table), 1, costs).empty());
    QVERIFY(plan_sequence_split(batch_of(std::vector<int>(15, 100), 1, &table), 2, costs).empty());
    QVERIFY(plan_sequence_split(batch_of({0}, 64, &table), 2, costs).empty());
    // A long prefill among decodes: no contiguous cut comes within 25% of the mean.
    ForwardBatch b = batch_of(std::vector<int>(15, 100), 1, &table);
    ForwardBatch prefill = batch_of({0}, 300, &table);
    SeqSlice s = prefill.seqs[0];
    s.row_begin = b.n_rows();
    b.seqs.push_back(s);
    b.tokens.insert(b.tokens.end(), prefill.tokens.begin(), prefill.tokens.end());
    QVERIFY(plan_sequence_split(b, 2, costs).empty());
  }

  // Unequal lengths: the cut balances work (projections plus attention over each row's keys), not rows.
  void planBalancesWorkNotRows() {
    const std::vector<int32_t> table{0};
    SequenceSplitCosts costs;
    costs.matmul_in_keys = 300;
    std::vector<int> n_past(8, 1000);
    n_past.resize(16, 0);
    const ForwardBatch b = batch_of(n_past, 1, &table);
    const std::vector<int> cut = plan_sequence_split(b, 2, costs);
    QCOMPARE(cut.size(), size_t{3});
    // 8 x 1301 + 8 x 301 in all: the nearest cut to half (6408) is after 5 sequences (6505).
    QCOMPARE(cut[1], 5);
    const double a = part_cost(b, 0, cut[1], 300), c = part_cost(b, cut[1], 16, 300);
    QVERIFY(std::max(a, c) <= 1.25 * (a + c) / 2);
  }

  void subBatchRebasesRows() {
    const std::vector<int32_t> table{0};
    ForwardBatch b = batch_of({5, 6, 7, 8}, 2, &table);
    std::iota(b.tokens.begin(), b.tokens.end(), 100);
    ForwardBatch sub;
    make_sub_batch(b, 1, 3, sub);
    QCOMPARE(sub.tokens, (std::vector<int32_t>{102, 103, 104, 105}));
    QCOMPARE(int(sub.seqs.size()), 2);
    QCOMPARE(sub.seqs[0].row_begin, 0);
    QCOMPARE(sub.seqs[1].row_begin, 2);
    QCOMPARE(sub.seqs[1].n_past, 7);
  }

  // The real model: 16 sequences of different lengths decode one token each, once as a split pass on a
  // two-thread pool and once on one thread, from identical caches. Batch invariance makes the two
  // bit-identical; a part writing the wrong rows, logits or cache slots would not be.
  void splitPassMatchesOneThreadOnRealModel() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    const auto m = load_model(path);
    const ModelConfig& mc = m->model->config();
    const std::vector<int32_t> text = m->encode_prompt(std::string(sample_text()));
    constexpr int kSeqs = 16, kBlock = 16, kBlocksPerSeq = 6;
    KvLayout L;
    L.n_layers = mc.n_layers;
    L.kv_heads = mc.n_kv_heads;
    L.head_dim = mc.head_dim;
    L.block_size = kBlock;
    L.dtype = KvDtype::F16;
    KvStorage kv_split(L, kSeqs * kBlocksPerSeq), kv_one(L, kSeqs * kBlocksPerSeq);
    std::vector<std::vector<int32_t>> tables(kSeqs);
    for (int s = 0; s < kSeqs; ++s)  // interleaved blocks: sequences share cache lines' neighbourhoods
      for (int i = 0; i < kBlocksPerSeq; ++i) tables[size_t(s)].push_back(i * kSeqs + s);

    // Prefill: sequence s holds 20 + 3s tokens of real text.
    ForwardBatch prefill;
    for (int s = 0; s < kSeqs; ++s) {
      SeqSlice sl;
      sl.seq_id = s;
      sl.row_begin = prefill.n_rows();
      sl.n_new = 20 + 3 * s;
      sl.block_table = &tables[size_t(s)];
      sl.n_logits = 1;
      prefill.seqs.push_back(sl);
      prefill.tokens.insert(prefill.tokens.end(), text.begin() + 7 * s, text.begin() + 7 * s + sl.n_new);
    }
    kernels::ThreadPool pool(2);
    std::vector<float> logits_split, logits_one;
    m->model->forward(prefill, kv_split, &pool, logits_split);
    m->model->forward(prefill, kv_one, nullptr, logits_one);
    QVERIFY(logits_split == logits_one);

    // Decode: each sequence's next token is the argmax of its prefill logits.
    ForwardBatch decode;
    for (int s = 0; s < kSeqs; ++s) {
      const float* row = &logits_one[size_t(s) * mc.n_vocab];
      SeqSlice sl = prefill.seqs[size_t(s)];
      sl.n_past = sl.n_new;
      sl.n_new = 1;
      sl.row_begin = s;
      decode.seqs.push_back(sl);
      decode.tokens.push_back(int32_t(std::max_element(row, row + mc.n_vocab) - row));
    }
    QCOMPARE(m->model->split_parts(decode, pool.size()), 2);
    ForwardStats st_split, st_one;
    m->model->forward(decode, kv_split, &pool, logits_split, AttentionImpl::Tiled, &st_split);
    m->model->forward(decode, kv_one, nullptr, logits_one, AttentionImpl::Tiled, &st_one);
    QCOMPARE(logits_split.size(), size_t(kSeqs) * mc.n_vocab);
    QVERIFY(logits_split == logits_one);
    QVERIFY(st_one.attention.kv_bytes_read > 0);
    QCOMPARE(st_split.attention.kv_bytes_read, st_one.attention.kv_bytes_read);
    QCOMPARE(st_split.attention.score_bytes_written, st_one.attention.score_bytes_written);
    const size_t layer_bytes = size_t(kv_one.num_blocks()) * kBlock * L.kv_heads * L.head_dim * sizeof(uint16_t);
    for (int l = 0; l < mc.n_layers; ++l) {
      QVERIFY(std::memcmp(kv_split.k(l).data, kv_one.k(l).data, layer_bytes) == 0);
      QVERIFY(std::memcmp(kv_split.v(l).data, kv_one.v(l).data, layer_bytes) == 0);
    }

    // The lessons' Q probe keeps one pass (it reads rows in batch order) and still sees every row.
    std::vector<float> q;
    ForwardStats probe;
    probe.q_layer = 0;
    probe.q_out = &q;
    ForwardBatch again = decode;
    for (SeqSlice& sl : again.seqs) ++sl.n_past;
    m->model->forward(again, kv_split, &pool, logits_split, AttentionImpl::Tiled, &probe);
    QCOMPARE(q.size(), size_t(kSeqs) * mc.q_dim());
  }
};

QTEST_GUILESS_MAIN(TestSequenceParallel)
#include "tst_sequence_parallel.moc"
