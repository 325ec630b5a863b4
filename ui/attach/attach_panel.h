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

#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/net/server_poller.h"

class QGridLayout;
class QLabel;
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
  void plot(const QString& url, ServerRow& row, const QString& chartId, const QString& quantity, double t,
            const std::optional<double>& value);
  QString shortName(const QString& url) const;
  QString quantityName(const QString& quantity) const;

  QStringList urls_;
  QThread* worker_ = nullptr;
  QList<remote::ServerPoller*> pollers_;  // live on worker_
  QHash<QString, ServerRow> rows_;
  QList<MetricsChart*> charts_;
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
};

}  // namespace inferscope::ui
