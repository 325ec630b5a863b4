// llama.cpp's /slots in the two layouts the attach view reads, and bodies that are not /slots answers.
#include <QtTest>

#include "remote/metrics/llamacpp_slots.h"
#include "tests/remote/remote_test_data.h"

using namespace inferscope::remote;

class TestLlamaCppSlots : public QObject {
  Q_OBJECT
 private slots:
  void realServerBusy() {
    // Four slots of a real llama-server (-np 4 -c 2048: 512 tokens each), three of them processing a
    // completion of the same prompt (8 prompt tokens computed at the moment of the scrape).
    const SlotsRead r = read_llamacpp_slots(remote_test_data("llamacpp-0.3.36/slots_busy.json"));
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.slot_states.size(), std::size_t(4));
    int processing = 0;
    for (const SlotState& s : r.slot_states) {
      QCOMPARE(s.n_ctx, 512);
      if (!s.processing) {
        QVERIFY(!s.prompt_tokens);
        QVERIFY(!s.used_tokens());
        continue;
      }
      ++processing;
      // The server's "n_prompt_tokens" counts the slot's cached tokens: the 8-token prompt (all computed,
      // none cached) and the tokens sampled so far (10, 10 and 11 in this scrape: 18, 18 and 19).
      QCOMPARE(s.prompt_tokens.value(), 8);
      QCOMPARE(s.prompt_processed_tokens.value(), 8);
      QCOMPARE(s.prompt_cached_tokens.value(), 0);
      QCOMPARE(s.context_tokens.value(), s.prompt_tokens.value() + s.generated_tokens.value());
      QVERIFY(s.context_tokens.value() == 18 || s.context_tokens.value() == 19);
      QCOMPARE(s.generated_tokens.value() + s.remaining_tokens.value(), 200);
      QCOMPARE(s.used_tokens().value(), s.context_tokens.value());
    }
    QCOMPARE(processing, 3);
    QCOMPARE(r.slot_states[1].id, 1);
  }

  void realServerIdle() {
    const SlotsRead r = read_llamacpp_slots(remote_test_data("llamacpp-0.3.36/slots_idle.json"));
    QVERIFY(r.error.empty());
    QCOMPARE(r.slot_states.size(), std::size_t(4));
    for (const SlotState& s : r.slot_states) QVERIFY(!s.processing);
  }

  void olderLayout() {
    const SlotsRead r = read_llamacpp_slots(remote_test_data("published/llamacpp_slots_0.3.16.json"));
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.slot_states.size(), std::size_t(2));
    QVERIFY(!r.slot_states[0].processing);
    QVERIFY(!r.slot_states[0].task_id);  // -1 means none
    QVERIFY(r.slot_states[1].processing);
    QCOMPARE(r.slot_states[1].task_id.value(), 7);
    QCOMPARE(r.slot_states[1].generated_tokens.value(), 30);
    QCOMPARE(r.slot_states[1].remaining_tokens.value(), 170);
    QVERIFY(!r.slot_states[1].prompt_tokens);  // the older layout gives the prompt as text only
    QCOMPARE(r.slot_states[1].used_tokens().value(), 30);
  }

  void generatedBetweenTwoReads() {
    auto read = [](const char* json) { return read_llamacpp_slots(json); };
    const SlotsRead before = read(R"([{"id":0,"n_ctx":512,"is_processing":true,"id_task":5,"next_token":[{"n_decoded":10}]},
                                     {"id":1,"n_ctx":512,"is_processing":true,"id_task":6,"next_token":[{"n_decoded":40}]},
                                     {"id":2,"n_ctx":512,"is_processing":false}])");
    // Slot 0 went on with task 5 (+15), slot 1 started task 9 (all 7 of it new), slot 2 started task 8 (3).
    const SlotsRead now = read(R"([{"id":0,"n_ctx":512,"is_processing":true,"id_task":5,"next_token":[{"n_decoded":25}]},
                                  {"id":1,"n_ctx":512,"is_processing":true,"id_task":9,"next_token":[{"n_decoded":7}]},
                                  {"id":2,"n_ctx":512,"is_processing":true,"id_task":8,"next_token":[{"n_decoded":3}]}])");
    QCOMPARE(generated_between(before, now).value(), 15 + 7 + 3);
    const SlotsRead idle = read(R"([{"id":0,"n_ctx":512,"is_processing":false}])");
    QVERIFY(!generated_between(idle, idle));
    QCOMPARE(generated_between(now, idle).value(), 0);  // they all ended: the counters take over
  }

  void notSlots() {
    QVERIFY(!read_llamacpp_slots("").error.empty());
    QVERIFY(!read_llamacpp_slots("<html>").error.empty());
    const SlotsRead disabled = read_llamacpp_slots(
        R"({"error":{"code":501,"message":"This server does not support slots endpoint.","type":"not_supported_error"}})");
    QVERIFY(disabled.error.find("--slots") != std::string::npos);
    QVERIFY(!read_llamacpp_slots("[1,2]").error.empty());
    QVERIFY(!read_llamacpp_slots(R"([{"id":0,"n_ctx":-5}])").error.empty());
    QVERIFY(!read_llamacpp_slots(R"([{"id":0,"n_ctx":99999999999999}])").error.empty());
    // A huge generated count is dropped, never trusted.
    const SlotsRead odd = read_llamacpp_slots(R"([{"id":0,"n_ctx":8,"is_processing":true,"n_prompt_tokens":6,"next_token":[{"n_decoded":5}]}])");
    QCOMPARE(odd.slot_states[0].used_tokens().value(), 8);  // clamped to the context
  }
};

QTEST_GUILESS_MAIN(TestLlamaCppSlots)
#include "tst_llamacpp_slots.moc"
