// The attach view (offscreen) against small HTTP servers in the test that answer with a vLLM scrape
// (two scrapes 10 s apart in the server's counters), a real llama.cpp server's /metrics and /slots, an
// HTML page, and a port nobody listens on: each shows what it publishes and nothing else.
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include "engine/record/poll_recording_writer.h"
#include "engine/record/recording.h"
#include "ui/export/chart_export.h"
#include "ui/main_window.h"
#include <QTabWidget>
#include "remote/net/server_poller.h"
#include "ui/attach/attach_panel.h"
#include "ui/attach/prefix_tree_view.h"
#include "ui/attach/slot_fill_view.h"
#include "ui/attach/traced_requests_view.h"
#include "ui/attach/traced_timeline.h"
#include "ui/reqtimeline/request_timeline_view.h"
#include <QScrollBar>
#include <QTableView>
#include <QProcess>
#include <nlohmann/json.hpp>
#include "ui/charts/metrics_chart.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

QByteArray data(const char* relative) {
  QFile f(QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/data/remote/") + relative);
  if (!f.open(QIODevice::ReadOnly)) qFatal("missing %s", relative);
  return f.readAll();
}

// Answers GET <path> with the next body of that path's list (the last one repeats).
class FakeServer : public QTcpServer {
 public:
  QHash<QByteArray, QList<QByteArray>> bodies;
  QHash<QByteArray, int> served;
  FakeServer() {
    connect(this, &QTcpServer::newConnection, this, [this] {
      while (QTcpSocket* s = nextPendingConnection()) {
        connect(s, &QTcpSocket::readyRead, s, [this, s] {
          const QByteArray request = s->readAll();
          const QByteArray path = request.split(' ').value(1);
          const QList<QByteArray> list = bodies.value(path);
          QByteArray reply;
          if (list.isEmpty()) {
            reply = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
          } else {
            const QByteArray body = list.at(std::min<int>(served[path]++, int(list.size()) - 1));
            reply = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + QByteArray::number(body.size()) +
                    "\r\nConnection: close\r\n\r\n" + body;
          }
          s->write(reply);
          s->disconnectFromHost();
        });
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
      }
    });
    listen(QHostAddress::LocalHost, 0);
  }
  QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(serverPort()); }
};

double lastY(ui::MetricsChart* c, int series) { return c->history(series).back().y(); }

// A phase's length in ms against the sender's figure in seconds, to within the rounding of placing both
// edges on the session clock (a few ulps of some tens of seconds).
bool sameLength(const record::Phase& p, double seconds) { return std::abs((p.end_ms - p.begin_ms) - seconds * 1000.0) < 1e-6; }

// The traced requests' timeline of `panel` after otlp_vllm_spans.py's `send`: one row per request, each of
// the SDK's requests in three phases end to end whose lengths are its queue time, TTFT - queue and
// e2e - TTFT (TTFT no shorter than the queue time); the OTLP/JSON request (a TTFT and a 1 s span, no queue time, no e2e) in two.
void checkTracedTimeline(ui::AttachPanel& panel, const nlohmann::json& sent) {
  ui::TracedTimeline* timeline = panel.tracedTimeline();
  QVERIFY(timeline->isVisible());
  const record::PhaseTracker& t = timeline->tracker();
  ui::TracedRequestsModel* model = panel.tracedRequests()->model();
  QCOMPARE(t.requests().size(), std::size_t(101));
  QHash<QString, int> rowOf;
  for (int r = 0; r < model->rowCount(); ++r) rowOf.insert(model->index(r, ui::TracedRequestsModel::Request).data().toString(), r);
  using record::PhaseKind;
  int clamped = 0;
  for (const nlohmann::json& want : sent["requests"]) {
    const QString id = QString::fromStdString(want["request_id"].get<std::string>());
    const int64_t at = t.row_of(model->serialOf(rowOf.value(id, -1)));
    QVERIFY2(at >= 0, qPrintable(id));
    const auto& ph = t.requests()[std::size_t(at)].phases;
    QCOMPARE(ph.size(), std::size_t(3));
    QCOMPARE(int(ph[0].kind), int(PhaseKind::Waiting));
    QCOMPARE(int(ph[1].kind), int(PhaseKind::Prefill));
    QCOMPARE(int(ph[2].kind), int(PhaseKind::Decode));
    const double queue = want["queue_s"].get<double>(), e2e = want["e2e_s"].get<double>();
    // The sender's first two requests give a TTFT shorter than their queue time: the rule clamps it to the
    // queue time (a prefill of no length), as span_phases.h says; every other one is taken as given.
    const double ttft = std::max(want["ttft_s"].get<double>(), queue);
    if (ttft != want["ttft_s"].get<double>()) ++clamped;
    QVERIFY(queue <= ttft && ttft <= e2e);
    QVERIFY2(sameLength(ph[0], queue), qPrintable(id));
    QVERIFY2(sameLength(ph[1], ttft - queue), qPrintable(id));
    QVERIFY2(sameLength(ph[2], e2e - ttft), qPrintable(id));
    QCOMPARE(ph[0].end_ms, ph[1].begin_ms);  // end to end, no gap
    QCOMPARE(ph[1].end_ms, ph[2].begin_ms);
    QVERIFY(std::abs((ph[2].end_ms - ph[0].begin_ms) - e2e * 1000.0) < 1e-6);
  }
  QCOMPARE(clamped, 2);
  const int64_t json = t.row_of(model->serialOf(rowOf.value("json-1", -1)));
  QVERIFY(json >= 0);
  const auto& jp = t.requests()[std::size_t(json)].phases;
  QCOMPARE(jp.size(), std::size_t(2));
  QCOMPARE(int(jp[0].kind), int(PhaseKind::Unsplit));
  QVERIFY(sameLength(jp[0], 0.25));
  QVERIFY(sameLength(jp[1], 0.75));
}

}  // namespace

class TestAttachPanel : public QObject {
  Q_OBJECT
 private slots:
  void vllmShowsWhatItPublishes() {
    FakeServer vllm;
    vllm.bodies["/metrics"] = {data("published/vllm_v1_t0.txt"), data("published/vllm_v1_t10.txt")};
    ui::RemoteServerSource source;
    ui::AttachPanel panel(&source);
    panel.resize(1280, 720);
    panel.show();
    QSignalSpy polled(&panel, &ui::AttachPanel::polled);
    source.attach({vllm.url()}, 100);
    QTRY_VERIFY_WITH_TIMEOUT(polled.count() >= 3, 10000);

    ui::MetricsChart* kv = panel.chart("server_kv_usage");
    QVERIFY(kv->isVisible());
    QCOMPARE(kv->seriesCount(), 1);
    QCOMPARE(kv->history(0).front().y(), 0.25);
    QCOMPARE(lastY(kv, 0), 0.5);
    ui::MetricsChart* requests = panel.chart("server_requests");
    QCOMPARE(requests->seriesCount(), 2);  // running and waiting
    QCOMPARE(lastY(requests, 0), 8.0);
    // Rates need two scrapes; the fake's counters moved by the t10 body's amounts, within the poll's
    // real time window, so only their presence and sign are asserted here (server_metrics' tests hold
    // the closed forms).
    ui::MetricsChart* tput = panel.chart("server_throughput");
    QVERIFY(tput->isVisible());
    QVERIFY(lastY(tput, 0) >= 0.0);
    QVERIFY(panel.chart("server_prefix_hits")->isVisible());
    QVERIFY(panel.chart("server_speculation")->isVisible());
    QVERIFY(!panel.slotView(vllm.url()));  // vLLM has no /slots
    QVERIFY(panel.statusText(vllm.url()).contains("vLLM"));
    QVERIFY(panel.statusText(vllm.url()).contains("2048 blocks of 16 tokens"));
    // The presentation strip's numbers: the last scrape's gauges (t10 body: 8 running, 2 waiting, 50% KV).
    const ui::AttachPanel::Headline h = panel.headline();
    QCOMPARE(h.servers, 1);
    QCOMPARE(h.up, 1);
    QCOMPARE(h.running, 8);
    QCOMPARE(h.waiting, int(lastY(requests, 1)));
    QCOMPARE(h.kvUsed, 0.5);
    QVERIFY(h.generatedPerS >= 0.0);
    source.detach();
    QCOMPARE(panel.headline().servers, 0);
    QVERIFY(!panel.chart("server_kv_usage")->isVisible());
  }

  void llamaCppSlotsAndDownAndGarbage() {
    FakeServer llama, html;
    llama.bodies["/metrics"] = {data("llamacpp-0.3.36/metrics_busy.txt")};
    llama.bodies["/slots"] = {data("llamacpp-0.3.36/slots_busy.json")};
    html.bodies["/metrics"] = {"<html><body>not here</body></html>"};
    QTcpServer closed;
    closed.listen(QHostAddress::LocalHost, 0);
    const QString down = QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort());
    closed.close();

    ui::RemoteServerSource source;
    ui::AttachPanel panel(&source);
    panel.resize(1366, 768);
    panel.show();
    QSignalSpy polled(&panel, &ui::AttachPanel::polled);
    source.attach({llama.url(), html.url(), down}, 100);
    QTRY_VERIFY_WITH_TIMEOUT(polled.count() >= 6, 10000);

    ui::SlotFillView* slots_view = panel.slotView(llama.url());
    QVERIFY(slots_view);
    QCOMPARE(slots_view->shownSlots().slot_states.size(), std::size_t(4));
    // KV in use from the slots: the tokens each busy slot's cache holds (the server's n_prompt_tokens:
    // the 8-token prompt and 10, 10 and 11 sampled tokens) of 4 x 512.
    ui::MetricsChart* kv = panel.chart("server_kv_usage");
    QCOMPARE(kv->seriesCount(), 1);
    QVERIFY(std::abs(lastY(kv, 0) - (18.0 + 18.0 + 19.0) / 2048.0) < 1e-12);
    QVERIFY(!panel.chart("server_latency")->isVisible());  // llama.cpp publishes no latency histograms
    QVERIFY(panel.statusText(html.url()).contains("not Prometheus text"));
    QVERIFY(panel.statusText(down).contains("not answering"));
    QVERIFY(!panel.slotView(down));
    // Readable: the slot bars' labels fit at this size.
    QVERIFY(slots_view->width() >= slots_view->minimumSizeHint().width());
  }

  // Saved from the panel and shown again from the file: the same points in every chart, the same
  // status line; scrubbing back shows the earlier state.
  void savedSessionReplaysAsItWasLive() {
    FakeServer vllm;
    vllm.bodies["/metrics"] = {data("published/vllm_v1_t0.txt"), data("published/vllm_v1_t10.txt")};
    ui::RemoteServerSource source;
    ui::AttachPanel panel(&source);
    panel.resize(1280, 720);
    panel.show();
    QSignalSpy polled(&panel, &ui::AttachPanel::polled);
    QString err;
    QVERIFY(!source.saveRecording(QStringLiteral("/nonexistent/x.isrec"), &err));  // nothing polled yet
    QVERIFY(!err.isEmpty());
    source.attach({vllm.url()}, 100);
    QTRY_VERIFY_WITH_TIMEOUT(polled.count() >= 4, 10000);
    source.detach();  // no poll lands between the save and the comparison
    QCOMPARE(source.recordedPolls(), std::size_t(polled.count()));
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("servers.isrec"));
    QVERIFY2(source.saveRecording(path, &err), qPrintable(err));

    auto rec = std::make_shared<const record::Recording>(record::Recording::open(path.toStdString()));
    QVERIFY(rec->is_attach());
    QVERIFY2(rec->warning().empty(), rec->warning().c_str());
    QCOMPARE(rec->server_polls().size(), std::size_t(polled.count()));
    ui::AttachPanel replayed(nullptr);  // a recording needs no source
    replayed.resize(1280, 720);
    replayed.show();
    replayed.showRecording(rec);
    QVERIFY(replayed.isReplaying());
    QCOMPARE(replayed.pollCount(), int(polled.count()));
    QCOMPARE(replayed.shownPoll(), int(polled.count()) - 1);
    ui::MetricsChart* kv = replayed.chart("server_kv_usage");
    QVERIFY(kv->isVisible());
    // The scrapes' own numbers (tests/data/remote/published): 25% then 50% of the cache in use.
    QCOMPARE(kv->history(0).front().y(), 0.25);
    QCOMPARE(lastY(kv, 0), 0.5);
    QCOMPARE(kv->history(0).size(), qsizetype(polled.count()));
    QVERIFY(replayed.statusText(vllm.url()).contains("2048 blocks of 16 tokens"));
    // Nothing is contacted while a recording is shown.
    const int served = vllm.served.value("/metrics");
    QTest::qWait(300);
    QCOMPARE(vllm.served.value("/metrics"), served);

    replayed.showPoll(0);
    QCOMPARE(replayed.shownPoll(), 0);
    QCOMPARE(kv->history(0).size(), qsizetype(1));
    QCOMPARE(lastY(kv, 0), 0.25);
    QVERIFY(!replayed.chart("server_throughput")->isVisible());  // rates need a second poll
    replayed.showPoll(1000);  // clamped
    QCOMPARE(replayed.shownPoll(), int(polled.count()) - 1);
    QVERIFY(replayed.chart("server_throughput")->isVisible());

    // The Servers charts go through the one export path: PNG at 1x at least 1200 px wide, 2x, SVG, CSV.
    ui::ExportInput in;
    for (ui::MetricsChart* c : replayed.charts())
      if (c->seriesCount() > 0) in.charts.push_back(c);
    const QString dir = tmp.filePath(QStringLiteral("export"));
    const QStringList files = ui::exportAll(in, dir, &err);
    QVERIFY2(!files.isEmpty(), qPrintable(err));
    QVERIFY(files.contains(QStringLiteral("server_kv_usage.svg")));
    QVERIFY(files.contains(QStringLiteral("server_kv_usage.csv")));
    const QImage png(dir + QStringLiteral("/server_kv_usage.png"));
    QVERIFY(png.width() >= ui::kMinExportWidth);
    QCOMPARE(QImage(dir + QStringLiteral("/server_kv_usage@2x.png")).width(), 2 * png.width());

    // The window opens it like any recording (File > Open recording, drops and --open come here): in the
    // Servers tab, its polls scrubbed by showStep; a cut copy opens up to its last whole poll.
    ui::MainWindow w(tmp.filePath(QStringLiteral("window.ini")));
    w.setInteractive(false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(w.openRecording(path, &err));
    QVERIFY(w.attachPanel() && w.attachPanel()->isReplaying());
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.attachPanel()));
    QCOMPARE(w.attachPanel()->pollCount(), int(polled.count()));
    w.showStep(1);
    QCOMPARE(w.attachPanel()->shownPoll(), 1);
    QFile whole(path);
    QVERIFY(whole.open(QIODevice::ReadOnly));
    const QByteArray bytes = whole.readAll();
    const QString cut = tmp.filePath(QStringLiteral("cut.isrec"));
    QFile out(cut);
    QVERIFY(out.open(QIODevice::WriteOnly));
    const auto end = record::PollRecordingWriter::end_frame(polled.count());
    out.write(bytes.left(bytes.size() - qsizetype(end.size()) - 5));  // the end frame and part of the last poll's lost
    out.close();
    QVERIFY(w.openRecording(cut, &err));
    QCOMPARE(w.attachPanel()->pollCount(), int(polled.count()) - 1);
  }

  // The Servers tab receives OTLP traces as `attach --otlp-listen` does, from the real OpenTelemetry SDK's
  // OTLP/HTTP exporter (tests/remote/otlp_vllm_spans.py: a corrupt export, 100 vLLM-shaped llm_request spans
  // in batches, one OTLP/JSON export): every request in the table with the sender's own figures, the
  // refusal counted, the chart drawn, the recording holding them all and showing them again.
  void tracesFromTheOpenTelemetrySdk() {
    QProcess check;
    check.start("python3", {"-c", "import opentelemetry.sdk, opentelemetry.exporter.otlp.proto.http"});
    check.waitForFinished(30000);
    if (check.exitStatus() != QProcess::NormalExit || check.exitCode() != 0) {
      if (qEnvironmentVariableIsSet("INFERSCOPE_REQUIRE_MODELS"))
        QFAIL("python3 lacks the OpenTelemetry SDK and its OTLP/HTTP exporter (packaging/bootstrap.sh installs them)");
      QSKIP("python3 lacks opentelemetry-sdk and opentelemetry-exporter-otlp-proto-http");
    }
    ui::RemoteServerSource source;
    ui::AttachPanel panel(&source);
    panel.resize(1280, 720);
    panel.show();
    QString err;
    // Anyone who reaches the port writes into the session: only loopback addresses.
    QVERIFY(!source.listenTraces(QStringLiteral("0.0.0.0:0"), &err));
    QVERIFY2(err.contains("loopback"), qPrintable(err));
    QVERIFY(!source.listenTraces(QStringLiteral("not-an-address"), &err));
    QVERIFY(!source.isAttached());
    QVERIFY2(source.listenTraces(QStringLiteral("127.0.0.1:0"), &err), qPrintable(err));
    QVERIFY(source.isAttached());
    const QString address = source.tracesAddress();
    QVERIFY2(address.startsWith("127.0.0.1:") && !address.endsWith(":0"), qPrintable(address));

    QProcess sender;  // asynchronous: the receiver answers on this thread's event loop
    sender.start("python3", {QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/remote/otlp_vllm_spans.py"), "send",
                             "http://" + address + "/v1/traces", "100"});
    QTRY_VERIFY_WITH_TIMEOUT(sender.state() == QProcess::NotRunning, 120000);
    QVERIFY2(sender.exitCode() == 0, sender.readAllStandardError().constData());
    const nlohmann::json sent = nlohmann::json::parse(sender.readAllStandardOutput().toStdString());
    QCOMPARE(sent["corrupt"]["status"].get<int>(), 400);

    ui::TracedRequestsView* view = panel.tracedRequests();
    QVERIFY(view->isVisible());
    ui::TracedRequestsModel* model = view->model();
    QCOMPARE(model->rowCount(), 101);  // 100 through the SDK, 1 in OTLP/JSON
    QCOMPARE(source.traceStats().refused, std::uint64_t(1));
    QCOMPARE(source.traceStats().requests, std::uint64_t(101));
    QVERIFY2(view->summaryText().contains("101") && view->summaryText().contains("1 refused"), qPrintable(view->summaryText()));
    // Each request's row: its id and the figures the sender gave (ms, tokens).
    QHash<QString, int> rowOf;
    for (int r = 0; r < model->rowCount(); ++r) rowOf.insert(model->index(r, ui::TracedRequestsModel::Request).data().toString(), r);
    int checked = 0;
    for (const nlohmann::json& want : sent["requests"]) {
      const QString id = QString::fromStdString(want["request_id"].get<std::string>());
      QVERIFY2(rowOf.contains(id), qPrintable(id));
      const remote::LlmRequestSpan& got = model->request(rowOf.value(id));
      QCOMPARE(*got.ttft_s, want["ttft_s"].get<double>());
      QCOMPARE(*got.queue_s, want["queue_s"].get<double>());
      QCOMPARE(*got.completion_tokens, want["completion_tokens"].get<int64_t>());
      QCOMPARE(model->index(rowOf.value(id), ui::TracedRequestsModel::Generated).data().toLongLong(),
               qlonglong(want["completion_tokens"].get<int64_t>()));
      ++checked;
    }
    QCOMPARE(checked, 100);
    QVERIFY(rowOf.contains("json-1"));  // the OTLP/JSON export's one request: a TTFT, no queue time
    QCOMPARE(model->index(rowOf.value("json-1"), ui::TracedRequestsModel::Queue).data().toString(), QStringLiteral("-"));
    QCOMPARE(model->index(rowOf.value("json-1"), ui::TracedRequestsModel::Ttft).data().toString(), QStringLiteral("250"));
    ui::MetricsChart* chart = panel.chart("server_traced");
    QVERIFY(chart->isVisible());
    QCOMPARE(chart->seriesCount(), 3);  // queue, TTFT, end to end, in the order first traced
    QCOMPARE(chart->history(0).size(), qsizetype(100));
    QCOMPARE(chart->history(1).size(), qsizetype(101));
    QCOMPARE(chart->history(1).front().y(), sent["requests"][0]["ttft_s"].get<double>() * 1000.0);

    // The same requests as rows of a request timeline.
    checkTracedTimeline(panel, sent);
    if (QTest::currentTestFailed()) return;
    const std::vector<record::RequestPhases> live = panel.tracedTimeline()->tracker().requests();  // detach clears it
    // A click on a timeline row selects that request's line in the table...
    ui::RequestTimelineView* tv = panel.tracedTimeline()->view();
    ui::TracedRequestsView* traced = panel.tracedRequests();
    const QPoint rowFour(tv->viewport()->width() / 2, tv->headerHeight() + 3 * tv->rowHeight() + tv->rowHeight() / 2);
    const int64_t clicked = tv->requestAt(rowFour);
    // The view follows the newest rows: the fourth row shown is the fourth after the first in view.
    const int firstShown = tv->verticalScrollBar()->value();
    QVERIFY(firstShown > 0 && firstShown == tv->verticalScrollBar()->maximum());
    QCOMPARE(clicked, panel.tracedTimeline()->tracker().requests()[std::size_t(firstShown) + 3].id);
    QTest::mouseClick(tv->viewport(), Qt::LeftButton, {}, rowFour);
    QCOMPARE(tv->selectedId(), clicked);
    QCOMPARE(traced->selectedRequest(), qint64(clicked));
    QCOMPARE(traced->table()->currentIndex().row(), model->rowOfSerial(clicked));
    QVERIFY(traced->table()->selectionModel()->isRowSelected(model->rowOfSerial(clicked)));
    // ... and a click on a line of the table selects its row in the timeline.
    const QModelIndex line = model->index(10, ui::TracedRequestsModel::Request);
    QTest::mouseClick(traced->table()->viewport(), Qt::LeftButton, {}, traced->table()->visualRect(line).center());
    QCOMPARE(traced->table()->currentIndex().row(), 10);
    QCOMPARE(tv->selectedId(), model->serialOf(10));
    QCOMPARE(traced->selectedRequest(), model->serialOf(10));

    // Saved and shown again: every request, nothing contacted.
    source.detach();
    QVERIFY(source.tracesAddress().isEmpty());
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("traces.isrec"));
    QVERIFY2(source.saveRecording(path, &err), qPrintable(err));  // traces alone, no server polled
    auto rec = std::make_shared<const record::Recording>(record::Recording::open(path.toStdString()));
    QCOMPARE(rec->request_spans().size(), std::size_t(101));
    ui::AttachPanel replayed(nullptr);
    replayed.resize(1280, 720);
    replayed.show();
    replayed.showRecording(rec);
    QCOMPARE(replayed.tracedRequests()->model()->rowCount(), 101);
    QVERIFY(replayed.tracedRequests()->isVisible());
    QCOMPARE(replayed.chart("server_traced")->history(1).size(), qsizetype(101));
    // The replay's timeline: the same rows, every phase where it was live.
    checkTracedTimeline(replayed, sent);
    if (QTest::currentTestFailed()) return;
    const auto& again = replayed.tracedTimeline()->tracker().requests();
    for (std::size_t i = 0; i < live.size(); ++i) {
      QCOMPARE(again[i].id, live[i].id);
      QCOMPARE(again[i].phases.size(), live[i].phases.size());
      for (std::size_t k = 0; k < live[i].phases.size(); ++k) {
        QCOMPARE(again[i].phases[k].begin_ms, live[i].phases[k].begin_ms);
        QCOMPARE(again[i].phases[k].end_ms, live[i].phases[k].end_ms);
      }
    }
  }

  // vLLM's KV events drawn as the prefix tree (prompts 1-2-3, 1-2-4, 1-2-5-6), published by our stand-in
  // (tests/remote/vllm_kv_events_publisher.py --scenario tree) and by vLLM's own ZmqEventPublisher from the
  // pinned sdist (tests/remote/vllm_kv_publisher_real.py --scenario tree; 1-2-3 reaches us only through its
  // replay socket), with the block pool of the server's /metrics (num_gpu_blocks 2048): the shared prefix
  // three prompts wide, each tail one, the pool bar's numbers; in presentation mode the text size; in a
  // replay the counts and the live-only note.
  void prefixTreeFromKvEvents_data() {
    QTest::addColumn<bool>("vllmsOwn");
    QTest::newRow("stand-in publisher") << false;
    QTest::newRow("vLLM 0.34.0 publisher") << true;
  }
  void prefixTreeFromKvEvents() {
    QFETCH(bool, vllmsOwn);
    QStringList args{QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/remote/vllm_kv_events_publisher.py"), "--encoding",
                     "array", "--scenario", "tree"};
    if (vllmsOwn) {
      // Where packaging/bootstrap.sh caches the pinned sdist (tests/remote/tst_kv_events_vllm.cpp too).
      const std::string dir =
          inferscope::test::cache_dir_if_present("INFERSCOPE_VLLM_SDIST_DIR", "vllm-0.34.0", "vllm-0.34.0.tar.gz");
      INFERSCOPE_REQUIRE_MODEL(dir, "the vLLM 0.34.0 sdist (vllm/distributed/kv_events.py)");
      args = QStringList{QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/remote/vllm_kv_publisher_real.py"),
                         QString::fromStdString(dir) + "/vllm-0.34.0.tar.gz", "--scenario", "tree",
                         // the topic of vLLM's own example, which the panel subscribes to by default
                         "--topic", "kv-events"};
    }
    QProcess check;
    check.start("python3", {"-c", vllmsOwn ? "import zmq, msgspec" : "import zmq, msgpack"});
    check.waitForFinished(20000);
    if (check.exitStatus() != QProcess::NormalExit || check.exitCode() != 0) {
      if (qEnvironmentVariableIsSet("INFERSCOPE_REQUIRE_MODELS")) QFAIL("python3 lacks pyzmq/msgpack/msgspec");
      QSKIP("python3 lacks pyzmq, msgpack or msgspec (pip install them); the bootstrap installs them");
    }
    QProcess publisher;
    publisher.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    publisher.start("python3", args);
    QVERIFY(publisher.waitForReadyRead(30000));
    const QStringList ports = QString::fromUtf8(publisher.readLine()).split(' ', Qt::SkipEmptyParts);
    QCOMPARE(ports.size(), 4);
    FakeServer vllm;
    vllm.bodies["/metrics"] = {data("published/vllm_v1_t0.txt")};
    ui::RemoteServerSource source;
    ui::AttachPanel panel(&source);
    panel.resize(1280, 720);
    panel.show();
    source.attach({vllm.url()}, 100);
    source.attachKvEvents("tcp://127.0.0.1:" + ports[1].trimmed(), "tcp://127.0.0.1:" + ports[3].trimmed());
    ui::PrefixTreeView* tree = panel.prefixTree();
    QTRY_VERIFY_WITH_TIMEOUT(tree->shownTree().blocks_held == 6 && tree->poolBlocks().has_value(), 15000);
    publisher.closeWriteChannel();
    publisher.waitForFinished(5000);

    QVERIFY(tree->isVisible());
    QVERIFY(tree->treeIsLive());
    const remote::PrefixTreeLayout& l = tree->shownTree();
    QCOMPARE(l.roots, std::size_t(1));
    QCOMPARE(l.total_leaves, std::size_t(3));
    QCOMPARE(l.depth_drawn, std::size_t(4));  // 1-2-5-6
    QCOMPARE(l.blocks_folded, std::size_t(0));
    QCOMPARE(l.nodes.size(), std::size_t(6));
    QCOMPARE(l.nodes[0].hash, std::string("i:1"));
    QCOMPARE(l.nodes[0].leaves, std::size_t(3));
    QCOMPARE(l.nodes[0].first_token, std::int64_t(100));
    QCOMPARE(l.nodes[1].hash, std::string("i:2"));
    QCOMPARE(l.nodes[1].leaves, std::size_t(3));
    QCOMPARE(l.nodes[1].first_token, std::int64_t(104));
    // The three private tails, one prompt each, left to right by hash; 6 under 5.
    int tail3 = -1;
    for (int i = 0; i < int(l.nodes.size()); ++i) {
      const remote::PrefixTreeNode& n = l.nodes[std::size_t(i)];
      if (n.hash == "i:3") {
        tail3 = i;
        QCOMPARE(n.first_leaf, std::size_t(0));
      }
      if (n.hash == "i:4") {
        QCOMPARE(n.first_leaf, std::size_t(1));
        QCOMPARE(n.first_token, std::int64_t(200));
      }
      if (n.hash == "i:5") {
        QCOMPARE(n.first_leaf, std::size_t(2));
        QCOMPARE(n.first_token, std::int64_t(300));
      }
      if (n.hash == "i:6") {
        QCOMPARE(n.depth, std::size_t(3));
        QCOMPARE(n.first_token, std::int64_t(304));
      }
      if (n.depth >= 2) QCOMPARE(n.leaves, std::size_t(1));
    }
    QVERIFY(tail3 >= 0);
    // Drawn as wide as the prompts under it: the shared root three tails wide, the root's rect found again.
    const QRect root = tree->nodeRect(0), tail = tree->nodeRect(tail3);
    QVERIFY2(std::abs(root.width() - 3 * tail.width()) <= 3, qPrintable(QStringLiteral("%1 vs %2").arg(root.width()).arg(tail.width())));
    QVERIFY(root.top() < tail.top());
    QCOMPARE(tree->nodeAt(root.center()), 0);
    QCOMPARE(tree->nodeAt(tail.center()), tail3);
    QVERIFY2(tree->toolTipFor(0).contains("3 cached prompts share this prefix"), qPrintable(tree->toolTipFor(0)));
    QVERIFY(tree->toolTipFor(0).contains("First token id 100"));
    QVERIFY(tree->toolTipFor(0).contains("Depth 0: 1 blocks"));
    QVERIFY(tree->toolTipFor(tail3).contains("One cached prompt"));
    // The pool bar: the cache's 6 blocks of the 2048 the server publishes; the KV-event text still there.
    QCOMPARE(*panel.poolBlocks(), 2048.0);
    QCOMPARE(tree->heldBlocks(), std::size_t(6));
    QVERIFY2(tree->poolText().contains("6 of 2048 blocks hold cached prefixes"), qPrintable(tree->poolText()));
    QVERIFY2(panel.kvEventsText().contains("6 blocks held in 3 cached prefixes, the longest 4 blocks"),
             qPrintable(panel.kvEventsText()));

    // Presentation mode's text size reaches the view, and it grows with it.
    const int plainHeight = tree->sizeHint().height();
    panel.setPresentation(true, 30);
    QCOMPARE(tree->textPixelSize(), 30);
    QVERIFY(tree->sizeHint().height() > plainHeight);
    panel.setPresentation(false, 30);
    QCOMPARE(tree->textPixelSize(), 0);

    // A replay has the counts and the pool, not the tree.
    source.detach();
    QVERIFY(!tree->isVisible());
    QVERIFY(tree->shownTree().nodes.empty());
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("kv.isrec"));
    QString err;
    QVERIFY2(source.saveRecording(path, &err), qPrintable(err));
    auto rec = std::make_shared<const record::Recording>(record::Recording::open(path.toStdString()));
    ui::AttachPanel replayed(nullptr);
    replayed.resize(1280, 720);
    replayed.show();
    replayed.showRecording(rec);
    ui::PrefixTreeView* again = replayed.prefixTree();
    QVERIFY(again->isVisible());
    QVERIFY(!again->treeIsLive());
    QVERIFY(again->shownTree().nodes.empty());
    QVERIFY2(again->treeCaption().contains("live only"), qPrintable(again->treeCaption()));
    QCOMPARE(again->heldBlocks(), std::size_t(6));
    QCOMPARE(*again->poolBlocks(), 2048.0);
    QVERIFY(replayed.kvEventsText().contains("6 blocks held in 3 cached prefixes"));
  }

  // Without the pool's size the bar says so instead of drawing one.
  void poolSizeUnknownIsSaid() {
    ui::PrefixTreeView view;
    view.setPool(5, std::nullopt);
    QVERIFY2(view.poolText().contains("5 blocks hold cached prefixes") && view.poolText().contains("unknown"),
             qPrintable(view.poolText()));
    view.setPool(5, 0.0);  // a zero pool is no pool size either
    QVERIFY(!view.poolBlocks());
    view.setPool(5, 20.0);
    QVERIFY2(view.poolText().contains("5 of 20 blocks") && view.poolText().contains("25.0%"), qPrintable(view.poolText()));
  }

  void closingMidPollDoesNotHang() {
    FakeServer vllm;
    vllm.bodies["/metrics"] = {data("published/vllm_0.8.txt")};
    auto* source = new ui::RemoteServerSource;
    auto* panel = new ui::AttachPanel(source);
    source->attach({vllm.url(), vllm.url() + "/"}, 50);
    QTest::qWait(120);
    delete source;  // stops the pollers and joins the worker thread mid-poll
    delete panel;   // after its source: nothing left to disconnect
  }
};

QTEST_MAIN(TestAttachPanel)
#include "tst_attach_panel.moc"
