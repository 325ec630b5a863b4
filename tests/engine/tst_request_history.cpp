// The engine's request bookkeeping: a sequence that fills the whole KV cache stops with its own reason
// (kv_full, not length), ended requests leave for a bounded history while totals count all of them,
// a request queued while the engine is on hold starts its clocks at release, and a long queue costs no
// Sequence objects beyond its head.
#include <QtTest/QtTest>

#include <thread>

#include "engine/llm_engine.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {

Request greedy(int prompt_len, int max_tokens, int32_t first_token = 5) {
  Request r;
  for (int i = 0; i < prompt_len; ++i) r.prompt_ids.push_back(first_token + i % 50);
  r.params.max_tokens = max_tokens;
  r.params.ignore_eos = true;
  return r;
}

void run_all(LLMEngine& e) {
  for (int i = 0; i < 1'000'000 && e.has_unfinished(); ++i) e.step();
}

}  // namespace

class TestRequestHistory : public QObject {
  Q_OBJECT
  std::shared_ptr<LoadedModel> tiny_;
  // The tiny model's K/V per token: 2 (K, V) x 2 layers x 2 KV heads x 16 dims x 2 bytes (f16).
  static constexpr size_t kTokenBytes = 2 * 2 * 2 * 16 * 2;
  static constexpr int kContext = 256;

  EngineConfig config(int blocks) const {
    EngineConfig c;
    c.threads = 1;
    c.block_size = 16;
    c.kv_budget_bytes = size_t(blocks) * 16 * kTokenBytes;
    c.keep_full_metrics_log = false;
    return c;
  }

 private slots:
  void initTestCase() {
    test::TinyModelSpec spec;
    spec.context = kContext;
    tiny_ = load_model(test::write_tiny_model(spec, "history"));
    QCOMPARE(tiny_->model->config().n_layers, 2);
  }

  // 2 blocks of 16 tokens hold 32 tokens, fewer than the 256-token context: a prompt of 4 tokens can
  // grow by 28 before the cache is full, and the stop says so (and what to raise).
  void kvFullIsItsOwnStopReason() {
    LLMEngine e(tiny_, config(2));
    QCOMPARE(e.kv_num_blocks(), int64_t(2));
    const int64_t id = e.submit(greedy(4, 100000));
    run_all(e);
    const RequestInfo info = e.request_info(id);
    QCOMPARE(info.state, RequestState::Finished);
    QCOMPARE(info.finish_reason, std::string("kv_full"));
    QCOMPARE(info.n_generated, 2 * 16 - 4);
    QVERIFY2(info.error.find("raise the KV budget") != std::string::npos, info.error.c_str());
  }

  // The context, not the cache, ends this one (64 blocks hold 1024 tokens): length, as before.
  void contextLimitIsLength() {
    LLMEngine e(tiny_, config(64));
    const int64_t id = e.submit(greedy(6, 100000));
    run_all(e);
    const RequestInfo info = e.request_info(id);
    QCOMPARE(info.finish_reason, std::string("length"));
    QCOMPARE(info.n_generated, kContext - 6);
    QVERIFY(info.error.empty());
    const int64_t capped = e.submit(greedy(6, 7));
    run_all(e);
    QCOMPARE(e.request_info(capped).finish_reason, std::string("length"));
    QCOMPARE(e.request_info(capped).n_generated, 7);
  }

  // 300 requests through an engine that keeps 8 ended ones: what it holds stays bounded while running
  // and after, the newest 8 keep their full info, and the totals count every request and token.
  void historyIsBounded() {
    EngineConfig c = config(64);
    c.request_history = 8;  // the default (0) keeps all
    c.sched.max_num_seqs = 4;
    LLMEngine e(tiny_, c);
    std::vector<int64_t> ids;
    for (int i = 0; i < 300; ++i) ids.push_back(e.submit(greedy(3 + i % 5, 1 + i % 3, 5 + i % 7)));
    ids.push_back(e.submit(Request{}));  // an empty prompt: accepted as failed
    size_t most_held = 0;
    for (int i = 0; i < 100000 && e.has_unfinished(); ++i) {
      e.step();
      most_held = std::max(most_held, e.all_requests().size() - size_t(e.request_totals().waiting));
    }
    QVERIFY2(most_held <= 8 + 4 + 1, qPrintable(QString::number(most_held)));
    const auto held = e.all_requests();
    QCOMPARE(held.size(), size_t(8));
    QCOMPARE(held.back().id, ids[299]);
    QCOMPARE(held.back().n_generated, 1 + 299 % 3);
    QCOMPARE(held.back().token_ids.at(0).size(), size_t(1 + 299 % 3));
    QCOMPARE(e.request_info(ids[0]).state, RequestState::Unknown);  // forgotten
    const RequestTotals& t = e.request_totals();
    QCOMPARE(t.submitted, int64_t(301));
    QCOMPARE(t.finished, int64_t(300));
    QCOMPARE(t.failed, int64_t(1));
    QCOMPARE(t.forgotten, int64_t(301 - 8));
    QCOMPARE(t.waiting + t.running, int64_t(0));
    int64_t generated = 0, prompt = 0;
    for (int i = 0; i < 300; ++i) generated += 1 + i % 3, prompt += 3 + i % 5;
    QCOMPARE(t.generated_tokens, generated);
    QCOMPARE(t.prompt_tokens, prompt);
  }

  // The live view holds the running requests, the head of the queue and the latest ended ones only.
  void viewIsBounded() {
    EngineConfig c = config(64);
    c.sched.max_num_seqs = 2;
    LLMEngine e(tiny_, c);
    for (int i = 0; i < 50; ++i) e.submit(greedy(4, 3));
    // Each pair of requests takes 3 steps (prefill + first token, then 2 decodes): after 13 steps 8 have
    // finished and the 5th pair was just admitted.
    for (int i = 0; i < 13; ++i) e.step();
    const RequestTotals t = e.request_totals();
    QCOMPARE(t.running, int64_t(2));
    QCOMPARE(t.finished, int64_t(8));
    const auto view = e.request_view(3, 2);
    QCOMPARE(view.size(), size_t(2 + 3 + 2));
    QVERIFY(std::is_sorted(view.begin(), view.end(), [](const auto& a, const auto& b) { return a.id < b.id; }));
    int running = 0, waiting = 0, finished = 0;
    for (const auto& r : view) {
      running += r.state == RequestState::Running;
      waiting += r.state == RequestState::Waiting;
      finished += r.state == RequestState::Finished;
    }
    QCOMPARE(running, 2);
    QCOMPARE(waiting, 3);
    QCOMPARE(finished, 2);
  }

  // Queued on hold for 1 s, then released: queueing and TTFT count from the release, so both stay
  // below the time spent on hold; without the hold they include it.
  void holdStartsClocksAtRelease() {
    constexpr int kHeldMs = 1000;  // far above two steps of the tiny model, even on a loaded machine
    LLMEngine held(tiny_, config(64));
    held.set_hold(true);
    const int64_t a = held.submit(greedy(4, 2));
    LLMEngine plain(tiny_, config(64));
    const int64_t b = plain.submit(greedy(4, 2));
    std::this_thread::sleep_for(std::chrono::milliseconds(kHeldMs));
    held.set_hold(false);
    run_all(held);
    run_all(plain);
    const RequestInfo ia = held.request_info(a), ib = plain.request_info(b);
    QVERIFY2(ia.ttft_ms >= 0 && ia.ttft_ms < kHeldMs, qPrintable(QString::number(ia.ttft_ms)));
    QVERIFY2(ia.queue_ms >= 0 && ia.queue_ms < kHeldMs, qPrintable(QString::number(ia.queue_ms)));
    QVERIFY2(ib.ttft_ms >= kHeldMs, qPrintable(QString::number(ib.ttft_ms)));
  }

  // 10,000 queued requests: only the running ones and a lookahead of max_num_seqs at the head of the
  // queue have Sequence objects (plus the bounded history); a request deep in the queue still reports
  // its prompt, and the requests produce exactly what each produces alone in a fresh engine.
  void queueHoldsNoSequences() {
    constexpr int kQueued = 10000, kSlots = 4, kHistory = 8;
    EngineConfig c = config(64);
    c.request_history = kHistory;
    c.sched.max_num_seqs = kSlots;
    LLMEngine e(tiny_, c);
    std::vector<int64_t> ids;
    for (int i = 0; i < kQueued; ++i) ids.push_back(e.submit(greedy(3 + i % 5, 2 + i % 3, 5 + i % 7)));
    QVERIFY(e.num_sequence_objects() <= size_t(kSlots));
    const RequestInfo deep = e.request_info(ids[9000]);
    QCOMPARE(deep.state, RequestState::Waiting);
    QCOMPARE(deep.prompt_ids, greedy(3 + 9000 % 5, 1, 5 + 9000 % 7).prompt_ids);
    size_t most = 0;
    for (int i = 0; i < 400; ++i) {
      e.step();
      most = std::max(most, e.num_sequence_objects());
    }
    QVERIFY2(most <= size_t(kSlots + kSlots + kHistory), qPrintable(QString::number(most)));
    QCOMPARE(e.request_totals().submitted, int64_t(kQueued));
    QVERIFY(e.request_totals().finished > 50);
    QVERIFY(e.request_totals().waiting > kQueued / 2);
    // The view reaches past the sequences into the compact queue, in order.
    const auto view = e.request_view(64, 0);
    QCOMPARE(std::count_if(view.begin(), view.end(), [](const RequestInfo& r) { return r.state == RequestState::Waiting; }), 64);
    QVERIFY(std::is_sorted(view.begin(), view.end(), [](const auto& a, const auto& b) { return a.id < b.id; }));
    // The most recently ended request's tokens against the same request run alone.
    const auto view1 = e.request_view(0, 1);  // the running ones and the latest ended one
    auto ended = std::find_if(view1.begin(), view1.end(), [](const RequestInfo& r) { return r.state == RequestState::Finished; });
    QVERIFY(ended != view1.end());
    const RequestInfo got = *ended;
    LLMEngine alone(tiny_, config(64));
    const int i = int(got.id);  // ids are 0, 1, 2... in submission order
    const int64_t id = alone.submit(greedy(3 + i % 5, 2 + i % 3, 5 + i % 7));
    run_all(alone);
    QCOMPARE(got.token_ids, alone.request_info(id).token_ids);
    QCOMPARE(got.prompt_ids, alone.request_info(id).prompt_ids);
  }

  // Cancelling a request deep in the queue ends it as cancelled without ever running it; the rest run.
  void cancelQueuedRequest() {
    EngineConfig c = config(64);
    c.sched.max_num_seqs = 2;
    LLMEngine e(tiny_, c);
    std::vector<int64_t> ids;
    for (int i = 0; i < 40; ++i) ids.push_back(e.submit(greedy(4, 2)));
    e.step();
    e.cancel(ids[30]);
    QCOMPARE(e.request_info(ids[30]).state, RequestState::Cancelled);
    run_all(e);
    const RequestTotals& t = e.request_totals();
    QCOMPARE(t.cancelled, int64_t(1));
    QCOMPARE(t.finished, int64_t(39));
    QCOMPARE(e.request_info(ids[30]).n_generated, 0);
    QCOMPARE(e.request_info(ids[31]).n_generated, 2);
    QCOMPARE(e.request_info(ids[39]).state, RequestState::Finished);
  }

  // A whole queue submitted on hold: even its last request, which waits behind all the others, counts
  // its queueing from the release, never from the submission 300 ms earlier.
  void holdStartsClocksOfTheWholeQueue() {
    constexpr int kHeldMs = 1000;  // far above two steps of the tiny model, even on a loaded machine
    EngineConfig c = config(64);
    c.sched.max_num_seqs = 2;
    LLMEngine e(tiny_, c);
    e.set_hold(true);
    std::vector<int64_t> ids;
    for (int i = 0; i < 60; ++i) ids.push_back(e.submit(greedy(4, 2)));
    std::this_thread::sleep_for(std::chrono::milliseconds(kHeldMs));
    QElapsedTimer sinceRelease;
    sinceRelease.start();
    e.set_hold(false);
    run_all(e);
    const double elapsed = sinceRelease.nsecsElapsed() / 1e6;
    const RequestInfo last = e.request_info(ids.back());
    QVERIFY2(last.queue_ms >= 0 && last.queue_ms <= elapsed, qPrintable(QString::number(last.queue_ms)));
    QVERIFY2(last.e2e_ms <= elapsed, qPrintable(QString::number(last.e2e_ms)));
  }
};

QTEST_GUILESS_MAIN(TestRequestHistory)
#include "tst_request_history.moc"
