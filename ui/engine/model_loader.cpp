#include "ui/engine/model_loader.h"

#include <QFile>
#include <QMetaObject>
#include <exception>
#include <vector>

#include "engine/quant/quantized_model.h"

namespace inferscope::ui {

namespace {
constexpr qint64 kChunk = qint64(8) << 20;  // progress granularity and cancel latency: ~8 MiB
}

ModelLoader::ModelLoader(QObject* parent) : QObject(parent) {
  static const bool once = (qRegisterMetaType<std::shared_ptr<const LoadedModel>>(), true);
  (void)once;
}

ModelLoader::~ModelLoader() {
  if (cancel_) cancel_->store(true);
  joinWorker();
}

void ModelLoader::joinWorker() {
  if (thread_.joinable()) thread_.join();
}

void ModelLoader::cancel() {
  if (!loading_) return;
  cancel_->store(true);
  ++generation_;  // whatever the thread still reports is dropped
  loading_ = false;
  emit cancelled(path_);
}

void ModelLoader::start(const QString& path) {
  if (loading_) cancel();
  // The old thread stops at its next chunk; load_model itself is a short parse once the file is read.
  joinWorker();
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  const quint64 gen = ++generation_;
  loading_ = true;
  path_ = path;
  auto flag = cancel_;
  thread_ = std::thread([this, path, gen, flag] {
    // Results come back through queued calls on this object's (the GUI) thread, where generation_ lives.
    auto report = [this, gen](auto&& f) {
      QMetaObject::invokeMethod(this, [this, gen, f = std::forward<decltype(f)>(f)] {
        if (gen == generation_) f();
      }, Qt::QueuedConnection);
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
      const QString why = file.errorString();
      report([this, path, why] { loading_ = false; emit failed(path, why); });
      return;
    }
    const qint64 size = std::max<qint64>(1, file.size());
    std::vector<char> buf(static_cast<size_t>(kChunk));
    qint64 done = 0;
    int lastPercent = -1;
    while (!flag->load()) {
      const qint64 n = file.read(buf.data(), kChunk);
      if (n <= 0) break;
      done += n;
      const int percent = int(100 * done / size);
      if (percent != lastPercent) {
        lastPercent = percent;
        report([this, path, f = double(done) / double(size)] { emit progress(path, std::min(f, 1.0)); });
      }
    }
    file.close();
    if (flag->load()) return;  // cancel() already said so
    std::shared_ptr<const LoadedModel> model;
    QString error;
    try {
      model = load_model(path.toStdString());
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    if (flag->load()) return;
    report([this, path, model, error] {
      loading_ = false;
      if (model) base_ = model;
      if (model) emit loaded(path, model);
      else emit failed(path, error);
    });
  });
}

void ModelLoader::setCalibration(const QString& text, int tokens, const QString& cacheDir) {
  calibrationText_ = text;
  calibrationTokens_ = tokens;
  calibrationCacheDir_ = cacheDir;
}

void ModelLoader::requantize(const quant::WeightMode& mode) {
  if (loading_) cancel();
  joinWorker();
  if (!base_) {
    emit failed(path_, tr("Load a model before choosing its weight quantization."));
    return;
  }
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  const quint64 gen = ++generation_;
  loading_ = true;
  const QString path = QString::fromStdString(base_->card.path);
  path_ = path;
  auto flag = cancel_;
  quant::RequantizeOptions calib;
  calib.calibration_text = calibrationText_.toStdString();
  if (calibrationTokens_ > 0) calib.calibration_tokens = calibrationTokens_;
  calib.cache_dir = calibrationCacheDir_.toStdString();
  // Every calibrated mode quantizes the seven projections of each layer (engine/quant/calibrated_quant.h).
  const int projections = 7 * base_->card.n_layers;
  thread_ = std::thread([this, path, gen, flag, mode, base = base_, calib, projections] {
    auto report = [this, gen](auto&& f) {
      QMetaObject::invokeMethod(this, [this, gen, f = std::forward<decltype(f)>(f)] {
        if (gen == generation_) f();
      }, Qt::QueuedConnection);
    };
    std::shared_ptr<const LoadedModel> model;
    QString error;
    try {
      quant::RequantizeOptions opt = calib;
      opt.threads = 0;  // one per core, for this load only
      opt.cancel = flag.get();
      const QString label = QString::fromStdString(mode.label());
      int done = 0;
      opt.progress = [&](double f, const std::string& step) {
        report([this, path, f] { emit progress(path, f); });
        // "done" is the last report of every run, cached or not; anything before it is computing.
        if (!mode.calibrated() || step == "done") return;
        if (step != "calibration") ++done;
        report([this, label, f, s = QString::fromStdString(step), d = done, projections] {
          emit calibrationProgress(label, f, s, d, projections);
        });
      };
      model = mode.requantizes() ? quant::apply_weight_mode(*base, mode, opt) : base;
    } catch (const quant::Cancelled&) {
      return;  // cancel() already said so
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    if (flag->load()) return;
    report([this, path, model, error] {
      loading_ = false;
      if (model) emit loaded(path, model);
      else emit failed(path, error);
    });
  });
}

}  // namespace inferscope::ui
