#pragma once
// AttachPanel: the workbench's view of live serving engines (llama.cpp's server, vLLM, SGLang) attached
// by URL: per server a status line (up / down with the reason and the retry), the same kind of charts
// as a local run over time (requests running and waiting, KV cache in use, tokens per second, TTFT and
// TPOT percentiles, prefix-cache hits, speculative acceptance; a series appears only once a server
// publishes that quantity, nothing is drawn as zero), llama.cpp's slots as bars, and vLLM's prefix
// cache from its KV events. A view only: the polls and KV-event readings come from a RemoteServerSource
// (which owns the pollers, the subscription and the polls kept for a recording), or from a recording.
#include <QHash>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <optional>

#include "engine/record/recording.h"
#include "remote/net/server_poller.h"
#include "remote/record/server_poll_facts.h"
#include "ui/attach/remote_server_source.h"

class QGridLayout;
class QScrollArea;
class QLabel;
class QSlider;
class QVBoxLayout;

namespace inferscope::ui {

class MetricsChart;
class PrefixTreeView;
class SlotFillView;
class TracedRequestsView;
class TracedTimeline;

class AttachPanel : public QWidget {
  Q_OBJECT
 public:
  // Shows what `source` reads (not owned; may be destroyed first): its attach starts the rows and charts
  // over, its detach clears them.
  explicit AttachPanel(RemoteServerSource* source, QWidget* parent = nullptr);
  RemoteServerSource* source() const { return source_; }

  QStringList servers() const { return urls_; }
  // For tests and exports.
  MetricsChart* chart(const QString& id) const;
  QList<MetricsChart*> charts() const { return charts_; }
  QString statusText(const QString& url) const;
  SlotFillView* slotView(const QString& url) const;
  QString kvEventsText() const;
  // The block pool bar and the prefix tree under the KV-event text (hidden until a KV reading).
  PrefixTreeView* prefixTree() const { return tree_; }
  // The block pool's size (vLLM's num_gpu_blocks) of the first server listed that publishes it.
  std::optional<double> poolBlocks() const;
  TracedRequestsView* tracedRequests() const { return traced_; }
  // The traced requests as rows of a request timeline (hidden until the first traced request).
  TracedTimeline* tracedTimeline() const { return timeline_; }
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
  // Detaches the source first. The recording must be one (Recording::is_attach()).
  void showRecording(std::shared_ptr<const record::Recording> recording);
  bool isReplaying() const { return bool(replay_); }
  int pollCount() const;  // polls in the recording shown (0 when live)
  // The views as they were after poll index (clamped to the recording); charts show the polls up to it.
  void showPoll(int index);
  int shownPoll() const { return shownPoll_; }

 protected:
  void resizeEvent(QResizeEvent* e) override;

 signals:
  void polled(const inferscope::remote::ServerPoint& point);  // after the views took it in

 private slots:
  void onPolled(const inferscope::remote::ServerPoint& point);

 private:
  struct ServerRow {
    QLabel* status = nullptr;
    SlotFillView* slotFill = nullptr;
    QHash<QString, int> series;  // "<chart>/<quantity>" -> series index, created on first value
  };
  MetricsChart* makeChart(const QString& id);
  void startOver(const QStringList& urls);  // rows for these servers, charts empty
  void clearViews();
  void addRow(const QString& url);
  int chartColumns() const;
  void layoutCharts();
  void fitChartHeights();
  void showKvReading(const remote::KvEventsFacts& k, std::optional<std::pair<double, double>> rates);
  // Traced requests: into the table and onto the "server_traced" chart at the time each finished.
  void showTraced(const std::vector<remote::LlmRequestSpan>& requests);
  void plotTraced(const QString& quantity, double t, const std::optional<double>& seconds);
  void updateReplayLabel();
  void plot(const QString& url, ServerRow& row, const QString& chartId, const QString& quantity, double t,
            const std::optional<double>& value);
  QString shortName(const QString& url) const;
  QString quantityName(const QString& quantity) const;

  QPointer<RemoteServerSource> source_;
  QStringList urls_;
  QHash<QString, ServerRow> rows_;
  QList<MetricsChart*> charts_;
  QScrollArea* scroll_ = nullptr;
  QVBoxLayout* statusBox_ = nullptr;
  QGridLayout* chartGrid_ = nullptr;
  QVBoxLayout* slotBox_ = nullptr;
  QLabel* hint_ = nullptr;
  QLabel* kvLabel_ = nullptr;
  PrefixTreeView* tree_ = nullptr;
  QHash<QString, double> poolBlocks_;  // per server row, its num_gpu_blocks as last polled
  TracedRequestsView* traced_ = nullptr;  // hidden until a receiver listens or a recording has requests
  QHash<QString, int> tracedSeries_;      // quantity -> series index on "server_traced"
  TracedTimeline* timeline_ = nullptr;    // the traced requests' phases, above their table
  // The KV-event reading shown (with its rates when live), kept to be shown again in another language.
  std::optional<std::pair<remote::KvEventsFacts, std::optional<std::pair<double, double>>>> lastKv_;
  int textPx_ = 0;
  int columns_ = 0;  // charts per row as laid out
  // Replay: the recording shown and its polls as the poller reports them.
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
