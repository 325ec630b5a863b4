#include "ui/engine/engine_controller.h"

#include "ui/engine/engine_worker.h"
#include "ui/engine/model_loader.h"

namespace inferscope::ui {

namespace {
void registerTypes() {
  static const bool once = [] {
    qRegisterMetaType<EngineSnapshotPtr>();
    qRegisterMetaType<ModelCard>();
    qRegisterMetaType<EngineConfig>();
    qRegisterMetaType<CompareResultPtr>();
    qRegisterMetaType<LessonResultPtr>();
    return true;
  }();
  (void)once;
}
}  // namespace

EngineController::EngineController(QObject* parent) : QObject(parent) {
  registerTypes();
  thread_.setObjectName(QStringLiteral("inferscope-engine"));
  worker_ = new EngineWorker(stop_, cancelCompare_, stepsRun_);
  worker_->moveToThread(&thread_);
  connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(worker_, &EngineWorker::snapshotReady, this, [this](EngineSnapshotPtr s) {
    last_ = s;
    totalSteps_ = s->total_steps;
    hasUnfinished_ = s->has_unfinished;
    if (running_ != s->running) {
      running_ = s->running;
      emit runningChanged(running_);
    }
    emit snapshotReady(s);
  });
  connect(worker_, &EngineWorker::modelLoaded, this, [this](bool ok, const QString& err, const ModelCard& card) {
    if (ok) card_ = card;
    emit loadFinished(ok, err, card);
  });
  connect(worker_, &EngineWorker::configApplied, this,
          [this](bool ok, const QString& err, const EngineConfig& cfg, qint64 blocks) {
            config_ = cfg;
            numBlocks_ = blocks;
            emit configApplied(ok, err, cfg, blocks);
          });
  connect(worker_, &EngineWorker::requestSubmitted, this, &EngineController::requestSubmitted);
  connect(worker_, &EngineWorker::message, this, &EngineController::message);
  connect(worker_, &EngineWorker::loadRefused, this, &EngineController::loadRefused);
  connect(worker_, &EngineWorker::recordingSaved, this, &EngineController::recordingSaved);
  connect(worker_, &EngineWorker::traceSaved, this, &EngineController::traceSaved);
  connect(worker_, &EngineWorker::promptTokens, this, &EngineController::promptTokens);
  connect(worker_, &EngineWorker::transcriptReady, this, &EngineController::transcriptReady);
  connect(worker_, &EngineWorker::compareProgress, this, &EngineController::compareProgress);
  connect(worker_, &EngineWorker::lessonComputed, this, &EngineController::lessonComputed);
  connect(worker_, &EngineWorker::compareFinished, this, [this](CompareResultPtr r) {
    comparing_ = false;
    emit compareFinished(r);
  });

  loader_ = new ModelLoader(this);
  connect(loader_, &ModelLoader::progress, this, &EngineController::loadProgress);
  connect(loader_, &ModelLoader::cancelled, this, &EngineController::loadCancelled);
  connect(loader_, &ModelLoader::calibrationProgress, this, &EngineController::calibrationProgress);
  connect(loader_, &ModelLoader::failed, this, [this](const QString&, const QString& err) { emit loadFinished(false, err, ModelCard{}); });
  connect(loader_, &ModelLoader::loaded, this, [this](const QString&, std::shared_ptr<const LoadedModel> m) {
    post([w = worker_, m] { w->adoptModel(m); });
  });
  thread_.start();
  post([w = worker_] { w->init(); });
}

EngineController::~EngineController() { stop(); }

template <class F>
void EngineController::post(F&& f) {
  if (stopped_) return;
  QMetaObject::invokeMethod(worker_, std::forward<F>(f), Qt::QueuedConnection);
}

void EngineController::loadModel(const QString& path) {
  if (stopped_) return;
  emit loadStarted(path);
  loader_->start(path);
}
void EngineController::applyWeightMode(const quant::WeightMode& mode) {
  if (stopped_) return;
  emit loadStarted(card_ ? QString::fromStdString(card_->path) : QString());
  loader_->requantize(mode);
}
void EngineController::setCalibration(const QString& text, int tokens, const QString& cacheDir) {
  loader_->setCalibration(text, tokens, cacheDir);
}

void EngineController::cancelLoad() {
  if (loader_) loader_->cancel();
}
bool EngineController::isLoading() const { return loader_ && loader_->isLoading(); }
void EngineController::runCompare(const std::string& scenario, const std::vector<VariantSpec>& variants,
                                  const WorkloadSpec& workload, int repeats) {
  if (stopped_) return;
  cancelCompare_.store(false);
  comparing_ = true;
  post([w = worker_, scenario, variants, workload, repeats] { w->runCompare(scenario, variants, workload, repeats); });
}
void EngineController::cancelCompare() { cancelCompare_.store(true); }
quint64 EngineController::computeLesson(const QString& id, const lessons::ParamValues& values) {
  const quint64 tag = nextTag_++;
  if (stopped_) return tag;
  auto& flag = lessonCancel_[id];
  if (flag) flag->store(true);  // the previous run of this lesson is stale now
  flag = std::make_shared<std::atomic<bool>>(false);
  post([w = worker_, tag, id, values, cancel = std::shared_ptr<const std::atomic<bool>>(flag)] {
    w->computeLesson(tag, id, values, cancel);
  });
  return tag;
}
void EngineController::applyConfig(const EngineConfig& config) {
  post([w = worker_, config] { w->applyConfig(config); });
}
quint64 EngineController::submit(const Request& request, bool chat) {
  const quint64 tag = nextTag_++;
  post([w = worker_, request, chat, tag] { w->submit(request, chat, tag); });
  return tag;
}
void EngineController::describeRequest(qint64 id) {
  post([w = worker_, id] { w->describeRequest(id); });
}
void EngineController::startLoad(const WorkloadSpec& spec) {
  post([w = worker_, spec] { w->startLoad(spec); });
}
void EngineController::cancel(int64_t id) {
  post([w = worker_, id] { w->cancel(id); });
}
void EngineController::run() {
  post([w = worker_] { w->run(); });
}
void EngineController::pause() {
  post([w = worker_] { w->pause(); });
}
void EngineController::stepOnce() {
  post([w = worker_] { w->stepOnce(); });
}
void EngineController::saveTrace(const QString& path) {
  post([w = worker_, path] { w->saveTrace(path); });
}

void EngineController::saveRecording(const QString& path) {
  post([w = worker_, path] { w->saveRecording(path); });
}
void EngineController::reset() {
  post([w = worker_] { w->reset(); });
}
void EngineController::setStepsPerSecond(int sps) {
  post([w = worker_, sps] { w->setStepsPerSecond(sps); });
}

BlockMapSnapshot EngineController::currentBlockMap() {
  BlockMapSnapshot out;
  if (stopped_) return out;
  QMetaObject::invokeMethod(worker_, [&] { out = worker_->currentBlockMap(); }, Qt::BlockingQueuedConnection);
  return out;
}

std::vector<StepMetrics> EngineController::fullLog() {
  std::vector<StepMetrics> out;
  if (stopped_) return out;
  QMetaObject::invokeMethod(worker_, [&] { out = worker_->fullLog(); }, Qt::BlockingQueuedConnection);
  return out;
}

void EngineController::stop() {
  if (stopped_) return;
  // The flag stops the run loop at the next step boundary even if the queue is long; shutdown() then
  // frees the engine on the thread that owns it.
  stop_.store(true);
  const int64_t stepsAtStop = stepsRun_.load();
  cancelCompare_.store(true);  // a comparison re-encoding weights polls only this flag
  for (auto& [id, flag] : lessonCancel_) flag->store(true);
  delete loader_;  // cancels and joins a load in flight
  loader_ = nullptr;
  QMetaObject::invokeMethod(worker_, [w = worker_] { w->shutdown(); }, Qt::QueuedConnection);
  stopped_ = true;
  thread_.quit();
  thread_.wait();
  stepsAfterStop_ = stepsRun_.load() - stepsAtStop;
}

}  // namespace inferscope::ui
