#pragma once
// ModelLoader: opens a GGUF on its own thread, so neither the GUI nor the running engine waits for it.
// It first reads the whole file once (real progress: bytes read / file size, cancellable between
// chunks; it also warms the page cache so the first engine step does not stall on disk), then parses
// and binds it with the engine's load_model(). The finished model is immutable and is handed to the
// engine thread as a shared_ptr<const>. A cancelled or superseded load never reports a model, so the
// previous one stays.
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <thread>

#include "engine/model/loaded_model.h"
#include "engine/quant/weight_mode.h"

namespace inferscope::ui {

class ModelLoader : public QObject {
  Q_OBJECT
 public:
  explicit ModelLoader(QObject* parent = nullptr);
  ~ModelLoader() override;  // cancels and joins the load in flight

  void start(const QString& path);  // a load in flight is cancelled first
  // Re-encodes the last model loaded from a file into mode on the loader thread (progress: fraction of the
  // weights done; cancellable between tensors) and reports it through loaded() like a load. Always derives
  // from the weights as stored, never from a previous mode. failed() when no model was loaded yet.
  void requantize(const quant::WeightMode& mode);
  void cancel();                    // the pending load reports cancelled(), never loaded()
  // Calibrated modes only: the calibration text ("" = the shipped default), how many of its tokens, and
  // the cache folder ("" = the default); used by the next requantize().
  void setCalibration(const QString& text, int tokens, const QString& cacheDir);
  bool isLoading() const { return loading_; }

 signals:
  void progress(const QString& path, double fraction);  // 0..1 through reading the file
  void loaded(const QString& path, std::shared_ptr<const inferscope::LoadedModel> model);
  void failed(const QString& path, const QString& error);
  void cancelled(const QString& path);
  // A calibrated mode (gptq:, awq:, rtn:) computing, not read from its cache: fraction 0..1, step is
  // "calibration" while the model runs over the calibration text, then the projection just quantized
  // (done of total, in model order). A cached result reports none of these.
  void calibrationProgress(const QString& mode, double fraction, const QString& step, int done, int total);

 private:
  void joinWorker();

  std::thread thread_;
  std::shared_ptr<std::atomic<bool>> cancel_;  // one flag per load: a superseded load keeps its own
  quint64 generation_ = 0;                     // results of an older generation are dropped
  bool loading_ = false;
  QString path_;
  std::shared_ptr<const LoadedModel> base_;  // the last model loaded from a file, as stored
  QString calibrationText_, calibrationCacheDir_;
  int calibrationTokens_ = 0;  // 0: the engine's default
};

}  // namespace inferscope::ui

Q_DECLARE_METATYPE(std::shared_ptr<const inferscope::LoadedModel>)
