// StepMetrics columns against docs/architecture.md, CSV and JSON writers, and the MetricsRecorder ring.
#include <QtTest/QtTest>

#include <cmath>
#include <sstream>

#include "engine/metrics/metrics_recorder.h"
#include "engine/metrics/metrics_writers.h"

using namespace inferscope;

namespace {
// Copied by hand from the StepMetrics table in docs/architecture.md, in table order. If the struct and this list
// disagree, one of them drifted from the contract.
const std::vector<std::string> kDesignColumns = {
    "step", "t_ms", "step_ms",
    "running", "waiting", "preempted", "finished",
    "prefill_tokens", "decode_tokens", "token_budget", "max_num_seqs",
    "slot_utilization",
    "token_utilization",
    "kv_blocks_total", "kv_blocks_used", "kv_blocks_cached", "kv_blocks_shared",
    "kv_bytes_logical", "kv_bytes_allocated", "kv_bytes_contiguous_reserved",
    "prefix_hit_tokens", "prefix_query_tokens",
    "spec_drafted", "spec_accepted",
    "tokens_per_s",
    "kv_bytes_peak", "kv_bytes_peak_full_attention",
    "parallel_devices", "comm_bytes", "bubble_fraction",
};

StepMetrics sample(int64_t step) {
  StepMetrics m;
  m.step = step;
  m.t_ms = 12.5 * static_cast<double>(step + 1);
  m.step_ms = 0.1;
  m.running = 3;
  m.waiting = 4;
  m.preempted = 1;
  m.finished = 2;
  m.prefill_tokens = 100;
  m.decode_tokens = 3;
  m.token_budget = 512;
  m.max_num_seqs = 8;
  m.slot_utilization = 3.0 / 8.0;
  m.token_utilization = 103.0 / 512.0;
  m.kv_blocks_total = 64;
  m.kv_blocks_used = 10;
  m.kv_blocks_cached = 5;
  m.kv_blocks_shared = 2;
  m.kv_bytes_logical = int64_t{150} * 23040;
  m.kv_bytes_allocated = int64_t{160} * 23040;
  m.kv_bytes_contiguous_reserved = int64_t{3} * 2048 * 23040;
  m.prefix_hit_tokens = 32;
  m.prefix_query_tokens = 100;
  m.spec_drafted = 4;
  m.spec_accepted = 3;
  m.tokens_per_s = 1234.5678901234;
  m.kv_bytes_peak = int64_t{170} * 23040;
  m.kv_bytes_peak_full_attention = int64_t{170} * 23040;
  return m;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ",") + s;
  return out;
}
}  // namespace

class TestMetrics : public QObject {
  Q_OBJECT

 private slots:
  void columnsMatchDesign() {
    QCOMPARE(step_metrics_columns(), kDesignColumns);
    QCOMPARE(csv_header(), join(kDesignColumns));
  }

  void csvRowsFollowTheColumns() {
    const StepMetrics m = sample(7);
    const std::string row = csv_row(m);
    const QStringList cells = QString::fromStdString(row).split(',');
    QCOMPARE(cells.size(), static_cast<qsizetype>(kDesignColumns.size()));
    QCOMPARE(cells[0], QString("7"));
    QCOMPARE(cells[1], QString("100"));   // t_ms 100.0 prints shortest
    QCOMPARE(cells[2], QString("0.1"));   // shortest round-trip, not 0.10000000000000001
    QCOMPARE(cells[11], QString("0.375"));
    QCOMPARE(cells[17], QString::number(150 * 23040));
    QCOMPARE(cells[19], QString::number(3 * 2048 * 23040));
    QCOMPARE(cells[24].toDouble(), m.tokens_per_s);  // exact round trip
    QCOMPARE(cells[25], QString::number(170 * 23040));
    QCOMPARE(cells[26], QString::number(170 * 23040));
    std::ostringstream out;
    const std::vector<StepMetrics> rows{sample(0), sample(1)};
    write_csv(out, rows);
    const QStringList lines = QString::fromStdString(out.str()).split('\n');
    QCOMPARE(lines.size(), 4);  // header, 2 rows, empty after the final newline
    QCOMPARE(lines[0].toStdString(), csv_header());
    QCOMPARE(lines[2].toStdString(), csv_row(sample(1)));
    QVERIFY(lines[3].isEmpty());
    StepMetrics nan_row;
    nan_row.tokens_per_s = std::nan("");
    QVERIFY(QString::fromStdString(csv_row(nan_row)).contains(",nan,"));
  }

  void jsonRoundTrip() {
    const std::vector<StepMetrics> rows{sample(0), sample(1), sample(2)};
    const nlohmann::json j = metrics_to_json(rows);
    QVERIFY(j.is_array());
    QCOMPARE(j.size(), size_t{3});
    std::vector<std::string> keys;
    for (auto it = j[0].begin(); it != j[0].end(); ++it) keys.push_back(it.key());
    std::vector<std::string> sorted = kDesignColumns;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(keys, sorted);  // nlohmann::json objects iterate in key order
    QCOMPARE(j[1]["step"].get<int64_t>(), int64_t{1});
    QCOMPARE(j[1]["kv_blocks_used"].get<int>(), 10);
    QVERIFY(metrics_from_json(j) == rows);
    std::ostringstream out;
    write_json(out, rows, 2);
    QVERIFY(metrics_from_json(nlohmann::json::parse(out.str())) == rows);
  }

  void jsonReaderToleratesMissingAndRejectsWrongTypes() {
    const auto j = nlohmann::json::parse(R"([{"step": 5, "tokens_per_s": null, "extra": 1}])");
    const auto rows = metrics_from_json(j);
    QCOMPARE(rows.size(), size_t{1});
    QCOMPARE(rows[0].step, int64_t{5});
    QCOMPARE(rows[0].running, 0);
    QVERIFY(std::isnan(rows[0].tokens_per_s));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, metrics_from_json(nlohmann::json::object()));
    QVERIFY_THROWS_EXCEPTION(nlohmann::json::exception,
                             metrics_from_json(nlohmann::json::parse(R"([{"step": "five"}])")));
  }

  void blockMapToJson() {
    BlockMapSnapshot s;
    s.block_size = 16;
    s.blocks = {{0, BlockState::Used, 2, {1, 2}, 16}, {1, BlockState::Cached, 0, {}, 16}, {2, BlockState::Free, 0, {}, 0}};
    s.sequences = {{1, 20, {0, 3}}};
    const nlohmann::json j = s;
    QCOMPARE(j["block_size"].get<int>(), 16);
    QCOMPARE(j["blocks"][0]["state"].get<std::string>(), std::string("used"));
    QCOMPARE(j["blocks"][1]["state"].get<std::string>(), std::string("cached"));
    QCOMPARE(j["blocks"][0]["owners"].get<std::vector<int64_t>>(), (std::vector<int64_t>{1, 2}));
    QCOMPARE(j["sequences"][0]["block_table"].get<std::vector<int32_t>>(), (std::vector<int32_t>{0, 3}));
  }

  void recorderRingKeepsTheNewest() {
    MetricsRecorder rec(3);
    QVERIFY(!rec.latest().has_value());
    QVERIFY(rec.recent().empty());
    for (int64_t i = 0; i < 5; ++i) rec.record(sample(i));
    QCOMPARE(rec.size(), size_t{3});
    QCOMPARE(rec.total_recorded(), int64_t{5});
    QCOMPARE(rec.latest()->step, int64_t{4});
    const auto r = rec.recent();
    QCOMPARE(r.size(), size_t{3});
    QCOMPARE(r[0].step, int64_t{2});
    QCOMPARE(r[2].step, int64_t{4});
    const auto r2 = rec.recent(2);
    QCOMPARE(r2.size(), size_t{2});
    QCOMPARE(r2[0].step, int64_t{3});
    QCOMPARE(rec.recent(10).size(), size_t{3});
    QVERIFY(rec.full_log().empty());
    rec.clear();
    QCOMPARE(rec.size(), size_t{0});
    QCOMPARE(rec.capacity(), size_t{3});
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, MetricsRecorder(0));
  }

  void recorderFullLogAndBlockMap() {
    MetricsRecorder rec(2, true);
    for (int64_t i = 0; i < 5; ++i) rec.record(sample(i));
    QCOMPARE(rec.full_log().size(), size_t{5});
    QCOMPARE(rec.full_log()[0].step, int64_t{0});
    auto snap = std::make_shared<BlockMapSnapshot>();
    snap->block_size = 8;
    rec.record(sample(5), snap);
    QCOMPARE(rec.latest_block_map()->block_size, 8);
    rec.set_keep_full_log(false);
    QVERIFY(rec.full_log().empty());
    rec.record(sample(6));
    QVERIFY(rec.full_log().empty());
    QCOMPARE(rec.latest()->step, int64_t{6});
    rec.clear();
    QVERIFY(!rec.latest_block_map());
  }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
