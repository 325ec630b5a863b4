#pragma once
// AttachPanel: the workbench's view of live serving engines (llama.cpp's server, vLLM, SGLang) attached
// by URL: per server a status line (up / down with the reason and the retry), the same kind of charts
// as a local run over time (requests running and waiting, KV cache in use, tokens per second, TTFT and
// TPOT percentiles, prefix-cache hits, speculative acceptance; a series appears only once a server
// publishes that quantity, nothing is drawn as zero), llama.cpp's slots as bars, and vLLM's prefix
// cache from its KV events. Polling and the KV-event subscription run on a worker thread; this widget
// only receives their values.
#include <QHash>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <mutex>

#include "engine/record/recording.h"
#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/net/server_poller.h"

class QGridLayout;
class QScrollArea;
class QLabel;
class QSlider;
class QThread;
class QTimer;
class QVBoxLayout;

namespace inferscope::remote {
class KvEventSubscriber;
}

namespace inferscope::ui {

class MetricsChart;
class SlotFillView;

class AttachPanel : public QWidget {
  Q_OBJECT
 public:
  explicit AttachPanel(QWidget* parent = nullptr);
  ~AttachPanel() override;  // stops polling and joins the worker thread

  // Starts watching these servers (replaces any attached before). interval_ms >= 50.
  void attach(const QStringList& urls, int interval_ms = 1000);
  // Also follows a vLLM KV-event publisher (replay endpoint: empty for the next port).
  void attachKvEvents(const QString& endpoint, const QString& replay = {}, const QString& topic = QStringLiteral("kv-events"));
  void detach();

  QStringList servers() const { return urls_; }
  // For tests and exports.
  MetricsChart* chart(const QString& id) const;
  QList<MetricsChart*> charts() const { return charts_; }
  QString statusText(const QString& url) const;
  SlotFillView* slotView(const QString& url) const;
  QString kvEventsText() const;
  void setPresentation(bool on, int textPx);
  void retranslateUi();

  // The key numbers over every server as last polled (as of the poll shown, in a replay), for the
  // presentation strip: sums of running / waiting requests and generated tokens per second, the mean
  // KV-cache use of the servers that publish it (< 0 when none does).
  struct Headline {
    int servers = 0, up = 0;
    double generatedPerS = 0;
    double kvUsed = -1;
    int running = 0, waiting = 0;
  };
  Headline headline() const;

  // --- Recordings (docs/recording-format.md, polls frames) -----------------------------------------
  // Shows a recording of an attached session instead of live servers (nothing is contacted): the same
  // status lines, charts and slot bars, fed by the recorded polls; the strip above them scrubs the polls.
  // Detaches first. The recording must be one (Recording::is_attach()).
  void showRecording(std::shared_ptr<const record::Recording> recording);
  bool isReplaying() const { return bool(replay_); }
  int pollCount() const;  // polls in the recording shown (0 when live)
  // The views as they were after poll index (clamped to the recording); charts show the polls up to it.
  void showPoll(int index);
  int shownPoll() const { return shownPoll_; }
  // Every poll (and KV-event reading) since the last attach is kept (up to 100,000 polls) so that the
  // session can be saved as a recording; false with *error when nothing was polled or writing failed.
  std::size_t recordedPolls() const { return recorded_.size(); }
  bool saveRecording(const QString& path, QString* error = nullptr) const;

 protected:
  void resizeEvent(QResizeEvent* e) override;

 signals:
  void polled(const inferscope::remote::ServerPoint& point);  // after the views took it in

 private slots:
  void onPolled(const inferscope::remote::ServerPoint& point);
  void refreshKvEvents();

 private:
  struct ServerRow {
    QLabel* status = nullptr;
    SlotFillView* slotFill = nullptr;
    QHash<QString, int> series;  // "<chart>/<quantity>" -> series index, created on first value
  };
  MetricsChart* makeChart(const QString& id);
  void addRow(const QString& url);
  int chartColumns() const;
  void layoutCharts();
  void fitChartHeights();
  void showKvReading(const remote::KvEventsFacts& k, std::optional<std::pair<double, double>> rates);
  void updateReplayLabel();
  void plot(const QString& url, ServerRow& row, const QString& chartId, const QString& quantity, double t,
            const std::optional<double>& value);
  QString shortName(const QString& url) const;
  QString quantityName(const QString& quantity) const;

  QStringList urls_;
  QThread* worker_ = nullptr;
  QList<remote::ServerPoller*> pollers_;  // live on worker_
  QHash<QString, ServerRow> rows_;
  QList<MetricsChart*> charts_;
  QScrollArea* scroll_ = nullptr;
  QVBoxLayout* statusBox_ = nullptr;
  QGridLayout* chartGrid_ = nullptr;
  QVBoxLayout* slotBox_ = nullptr;
  QLabel* hint_ = nullptr;
  QLabel* kvLabel_ = nullptr;
  QTimer* kvTimer_ = nullptr;
  std::unique_ptr<remote::KvEventSubscriber> kv_;
  std::mutex kvMutex_;
  remote::KvPrefixCache kvCache_;
  QString kvEndpoint_;
  int textPx_ = 0;
  int intervalMs_ = 0;
  int columns_ = 0;  // charts per row as laid out
  // Live: what a saved recording holds. Replay: the recording shown and its polls as the poller reports them.
  std::vector<record::ServerPollRecord> recorded_;
  std::vector<record::KvEventsRecord> recordedKv_;
  std::shared_ptr<const record::Recording> replay_;
  std::vector<remote::ServerPoint> replayPoints_;
  int shownPoll_ = -1;
  QHash<QString, remote::ServerPoint> latest_;  // per server row, the newest poll taken in
  bool bulk_ = false;  // feeding many polls at once: charts redraw once at the end
  QWidget* replayBar_ = nullptr;
  QSlider* replaySlider_ = nullptr;
  QLabel* replayLabel_ = nullptr;
};

}  // namespace inferscope::ui
