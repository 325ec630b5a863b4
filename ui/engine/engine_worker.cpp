#include "ui/engine/engine_worker.h"

#include <QThread>
#include <QTimer>
#include <algorithm>
#include <exception>
#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <utility>

#include "engine/tokenizer/tokenizer.h"
#include "ui/engine/packed_state.h"
#include "ui/engine/trace_writer.h"

namespace inferscope::ui {

namespace {
constexpr int kPublishIntervalMs = 33;  // <= 30 snapshots per second, whatever the step rate
constexpr int kIdlePollMs = 20;         // while running with nothing to do: wait for arrivals cheaply
// What a snapshot shows of the requests: enough for the tables and the playground, and a cost per
// publish that does not grow with the queue or the history.
constexpr size_t kViewWaiting = 64;
constexpr size_t kViewEnded = 256;
// Ended requests the recording looks at each step: a request is recorded ending in the step it ends,
// when it is among the newest ended ones; more would only cost encoding unchanged requests again.
constexpr size_t kRecordEnded = 32;
// Ended requests the GUI's engine keeps in full (token ids, texts); older ones only count in the totals.
constexpr size_t kRequestHistory = 1000;
}  // namespace

EngineWorker::EngineWorker(const std::atomic<bool>& stop, const std::atomic<bool>& cancelCompare,
                           std::atomic<int64_t>& stepsRun)
    : stop_(stop), cancelCompare_(cancelCompare), stepsRun_(stepsRun) {}

EngineWorker::~EngineWorker() = default;

void EngineWorker::init() {
  // The GUI thread must win the cores when it wakes: a busy engine (and the compute threads it starts
  // from here, which inherit this) otherwise delays every event and frame by a scheduler slice. Linux
  // keeps a nice value per thread; Qt's thread priorities do nothing there for normal threads.
#ifdef Q_OS_LINUX
  setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 10);
#else
  QThread::currentThread()->setPriority(QThread::LowPriority);
#endif
  stepTimer_ = new QTimer(this);
  stepTimer_->setSingleShot(true);
  connect(stepTimer_, &QTimer::timeout, this, &EngineWorker::tick);
  publishTimer_ = new QTimer(this);
  publishTimer_->setSingleShot(true);
  connect(publishTimer_, &QTimer::timeout, this, &EngineWorker::doPublish);
  sincePublish_.start();
  wall_.start();
}

bool EngineWorker::rebuildEngine(const EngineConfig& config, QString* error) {
  if (!model_) {
    *error = tr("No model is loaded.");
    return false;
  }
  try {
    // A session may run for hours: unless told otherwise, the engine forgets the oldest ended requests.
    EngineConfig bounded = config;
    if (bounded.request_history == 0) bounded.request_history = kRequestHistory;
    auto fresh = std::make_unique<LLMEngine>(model_, bounded);
    // Paused: requests queued now start their clocks when the run does.
    fresh->set_hold(!running_);
    // Only now that the new engine exists is the old one (and its requests) discarded.
    driver_.reset();
    engine_ = std::move(fresh);
    config_ = config;
    totalSteps_ = 0;
    loadClockS_ = 0;
    record::RecordingSetup setup;
    setup.engine = config;
    setup.model = model_->card;
    setup.source = "inferscope";
    record::RecordingLimits limits;
    limits.max_steps = kRecordMaxSteps;
    limits.max_bytes = kRecordMaxBytes;
    recording_ = std::make_unique<record::MemoryRecording>(setup, limits);
    recordingFull_ = false;
    pendingSteps_.clear();
    pendingChunks_.clear();
    pendingEvents_.clear();
    rebuilt_ = true;
    return true;
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
}

void EngineWorker::adoptModel(std::shared_ptr<const LoadedModel> loaded) {
  auto previous = model_;
  model_ = std::move(loaded);
  QString error;
  loadSpec_.reset();  // a workload is planned for one model
  if (!rebuildEngine(config_, &error)) {
    // The previous model and engine stay exactly as they were.
    model_ = previous;
    emit modelLoaded(false, tr("The model loaded, but the engine settings do not fit it: %1").arg(error), ModelCard{});
    return;
  }
  emit modelLoaded(true, QString(), model_->card);
  emit configApplied(true, QString(), config_, engine_->kv_num_blocks());
  publish(true);
}

void EngineWorker::applyConfig(const EngineConfig& config) {
  QString error;
  if (!model_) {
    // Without a model there is nothing to build yet; remember the settings for the first load.
    const std::string why = config.validate();
    if (!why.empty()) {
      emit configApplied(false, QString::fromStdString(why), config_, 0);
      return;
    }
    config_ = config;
    emit configApplied(true, QString(), config_, 0);
    return;
  }
  if (!rebuildEngine(config, &error)) {
    emit configApplied(false, error, config_, engine_ ? engine_->kv_num_blocks() : 0);
    return;
  }
  loadSpec_.reset();  // the rebuilt engine dropped the workload; Reset restarts only a load started since
  emit configApplied(true, QString(), config_, engine_->kv_num_blocks());
  publish(true);
}

void EngineWorker::submit(const Request& request, bool chat, quint64 tag) {
  if (!engine_) {
    emit requestSubmitted(tag, -1, tr("No model is loaded."));
    return;
  }
  Request r = request;
  if (chat) {
    try {
      r.prompt_ids = model_->encode_chat(r.prompt);
    } catch (const std::exception& e) {
      emit requestSubmitted(tag, -1, QString::fromStdString(e.what()));
      return;
    }
  }
  const int64_t id = engine_->submit(r);
  emit requestSubmitted(tag, id, QString());
  emit promptTokens(id, tokenPieces(engine_->request_info(id).prompt_ids));
  publish(false);
  if (running_) scheduleTick();
}

QStringList EngineWorker::tokenPieces(const std::vector<int32_t>& ids) const {
  // The same stream decoding as generated tokens: a character split over tokens shows on its last one.
  QStringList pieces;
  Utf8StreamDecoder utf8;
  for (int32_t t : ids) pieces << QString::fromStdString(utf8.push(model_->tokenizer->token_to_piece(t, /*render_special=*/true)));
  if (!pieces.isEmpty()) pieces.last() += QString::fromStdString(utf8.flush());
  return pieces;
}

void EngineWorker::describeRequest(qint64 id) {
  if (!engine_ || !model_) return;
  const RequestInfo info = engine_->request_info(id);
  if (info.state == RequestState::Unknown) {
    emit transcriptReady(id, false, {}, {});
    return;
  }
  // Every token event so far goes out first, so what follows the transcript is new.
  publish(true);
  emit transcriptReady(id, true, tokenPieces(info.prompt_ids), info.token_ids.empty() ? QStringList() : tokenPieces(info.token_ids[0]));
}

void EngineWorker::startLoad(const WorkloadSpec& spec) {
  if (!engine_) {
    refuseLoad(tr("no model is loaded."));
    return;
  }
  if (!beginLoad(spec)) return;
  loadSpec_ = spec;
  publish(true);
  if (running_) scheduleTick();
}

void EngineWorker::refuseLoad(const QString& reason) {
  emit message(tr("Load generator: %1").arg(reason));
  emit loadRefused(reason);
}

bool EngineWorker::beginLoad(const WorkloadSpec& spec) {
  const std::string why = spec.validate();
  if (!why.empty()) {
    refuseLoad(QString::fromStdString(why));
    return false;
  }
  try {
    // Arrival times count from now on the engine clock (which only advances while running or stepping).
    auto plan = make_workload(spec, *model_);
    for (auto& p : plan) p.arrival_s += loadClockS_;
    driver_ = std::make_unique<WorkloadDriver>(*engine_, std::move(plan));
    driver_->submit_due(loadClockS_);
  } catch (const std::exception& e) {
    refuseLoad(QString::fromStdString(e.what()));
    return false;
  }
  return true;
}

void EngineWorker::cancel(int64_t id) {
  if (!engine_) return;
  engine_->cancel(id);
  publish(true);
}

void EngineWorker::run() {
  if (running_ || !engine_) return;
  running_ = true;
  engine_->set_hold(false);
  wall_.restart();
  scheduleTick();
  publish(true);
}

void EngineWorker::pause() {
  if (!running_) return;
  advanceClock();
  running_ = false;
  if (engine_) engine_->set_hold(true);
  if (stepTimer_) stepTimer_->stop();
  publish(true);
}

void EngineWorker::stepOnce() {
  if (!engine_ || stop_.load()) return;
  if (running_) pause();
  // Step mode runs on the engine clock: an idle engine jumps to the next arrival.
  if (driver_) loadClockS_ = driver_->resume_at(loadClockS_);
  stepEngine();
  publish(true);
}

void EngineWorker::reset() {
  if (!engine_) return;
  const bool wasRunning = running_;
  pause();
  QString error;
  rebuildEngine(config_, &error);  // the same config built before, so this cannot fail for a new reason
  if (!error.isEmpty()) emit message(error);
  // The loaded workload starts over (same plan, arrivals from the new engine's clock), queued and paused:
  // ready for Run, which starts its clocks.
  const bool restored = error.isEmpty() && loadSpec_ && beginLoad(*loadSpec_);
  publish(true);
  if (wasRunning && !restored) run();
}

void EngineWorker::setStepsPerSecond(int sps) {
  stepsPerSecond_ = std::clamp(sps, 0, 1000);
  if (running_) scheduleTick();
}

BlockMapSnapshot EngineWorker::currentBlockMap() const {
  return engine_ ? engine_->block_map() : BlockMapSnapshot{};
}

std::vector<StepMetrics> EngineWorker::fullLog() const {
  return engine_ ? engine_->metrics().full_log() : std::vector<StepMetrics>{};
}

void EngineWorker::runCompare(const std::string& scenario, const std::vector<VariantSpec>& variants,
                              const WorkloadSpec& workload, int repeats) {
  auto result = std::make_shared<CompareResult>();
  result->scenario = scenario;
  if (!model_) {
    emit message(tr("Compare: no model is loaded."));
    emit compareFinished(result);
    return;
  }
  if (running_) pause();  // the live run waits; sharing the cores would distort both timings
  const auto cancelled = [this] { return stop_.load() || cancelCompare_.load(); };
  repeats = std::max(1, repeats);
  // Variants on other weights than each other (the quantization demos) each run on their own copy of the
  // model, and their quality against the stored weights is measured once, before the timed runs.
  bool weightsVary = false;
  for (const VariantSpec& v : variants) weightsVary |= v.weights.label() != variants.front().weights.label();
  const int total = int(variants.size()) * (repeats + (weightsVary ? 1 : 0));
  int done = 0;
  VariantModels models;
  std::vector<WeightQuality> quality(variants.size());
  try {
    quant::RequantizeOptions opt;
    opt.cancel = &cancelCompare_;
    models = variant_models(model_, variants, opt, [&](size_t i) {
      emit compareProgress(done++, total, tr("%1: weights %2").arg(QString::fromStdString(variants[i].name),
                                                                  QString::fromStdString(variants[i].weights.label())));
    });
    for (size_t i = 0; models.stored && i < variants.size() && !cancelled(); ++i)
      quality[i] = measure_weight_quality(*models.stored, *models.models[i], 256, config_.threads, &cancelCompare_);
  } catch (const quant::Cancelled&) {
  } catch (const std::exception& e) {
    emit message(tr("Compare: %1").arg(QString::fromStdString(e.what())));
    result->cancelled = true;
    emit compareProgress(done, total, QString());
    emit compareFinished(result);
    return;
  }
  for (int round = 0; round < repeats && !cancelled(); ++round) {
    for (size_t i = 0; i < variants.size() && !cancelled(); ++i, ++done) {
      emit compareProgress(done, total, QString::fromStdString(variants[i].name));
      VariantResult r = run_variant(models.models[i], variants[i], workload, cancelled);
      if (round == 0) {
        r.kl_vs_stored = quality[i].kl_vs_stored;
        r.top1_vs_stored = quality[i].top1_vs_stored;
        r.perplexity = quality[i].perplexity;
        result->variants.push_back(std::move(r));
      } else if (!r.cancelled) {
        add_repeat(result->variants[i], r);
      }
    }
  }
  result->cancelled = cancelled();
  emit compareProgress(done, total, QString());
  emit compareFinished(result);
}

void EngineWorker::computeLesson(quint64 tag, const QString& id, const lessons::ParamValues& values,
                                 std::shared_ptr<const std::atomic<bool>> cancel) {
  const lessons::Lesson* lesson = lessons::find_lesson(id.toStdString());
  if (lesson == nullptr) {
    emit lessonComputed(tag, id, nullptr, tr("Unknown lesson %1").arg(id));
    return;
  }
  if (cancel->load() || stop_.load()) {
    emit lessonComputed(tag, id, nullptr, tr("Cancelled."));
    return;
  }
  lessons::LessonContext ctx;
  ctx.model = model_;
  ctx.threads = config_.threads;
  ctx.cancel = cancel.get();
  try {
    auto result = std::make_shared<const lessons::LessonResult>(lesson->run(values, ctx));
    if (ctx.cancelled()) emit lessonComputed(tag, id, nullptr, tr("Cancelled."));
    else emit lessonComputed(tag, id, std::move(result), QString());
  } catch (const lessons::LessonError& e) {
    emit lessonComputed(tag, id, nullptr, QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    // A lesson bug must not take the engine thread down: report it like a bad value.
    emit lessonComputed(tag, id, nullptr, tr("Lesson failed: %1").arg(QString::fromStdString(e.what())));
  }
}

void EngineWorker::shutdown() {
  running_ = false;
  if (stepTimer_) stepTimer_->stop();
  if (publishTimer_) publishTimer_->stop();
  driver_.reset();
  engine_.reset();
  model_.reset();
}

void EngineWorker::advanceClock() {
  const double dt = wall_.restart() / 1000.0;
  if (running_) loadClockS_ += dt;
}

void EngineWorker::scheduleTick() {
  if (!stepTimer_ || stop_.load()) return;
  const bool idle = !engine_ || (!engine_->has_unfinished() && (!driver_ || driver_->all_submitted()));
  int interval = stepsPerSecond_ > 0 ? 1000 / stepsPerSecond_ : 0;
  if (idle || (engine_ && !engine_->has_unfinished())) interval = std::max(interval, kIdlePollMs);
  // A zero-interval single-shot timer lets queued commands (pause, cancel, submit) in between steps.
  stepTimer_->start(interval);
}

void EngineWorker::tick() {
  if (stop_.load() || !running_ || !engine_) return;
  advanceClock();
  stepEngine();
  publish(false);
  scheduleTick();
}

bool EngineWorker::stepEngine() {
  StepResult r;
  try {
    // The workload's arrivals on the display's clock (paced by the step timer), else the engine alone
    // (requests typed in the Playground).
    r = driver_ ? driver_->step(loadClockS_) : engine_->step();
  } catch (const std::exception& e) {
    // An engine bug must not take the window down: stop the run and say why.
    running_ = false;
    emit message(tr("Engine step failed: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  if (!r.ran) return false;
  ++totalSteps_;
  stepsRun_.fetch_add(1, std::memory_order_relaxed);
  if (recording_) {
    try {
      // In memory, compressed per frame: no waiting on anything. At its limit it stops, said once.
      // The requests as the workbench shows them (the bounded view: running, the queue's head, the
      // latest ended), not every one the engine holds: encoding thousands of queued requests each step
      // would slow the engine several times over. A request deep in the queue enters the recording when
      // it reaches the head, as it enters the Requests table.
      const auto map = engine_->metrics().latest_block_map();
      if (!recording_->writer().record_step(r, map ? *map : engine_->block_map(), engine_->request_view(kViewWaiting, kRecordEnded)) &&
          !std::exchange(recordingFull_, true))
        emit message(tr("The run's recording reached its limit (%1 steps, %2 MiB); File > Save recording keeps the steps before it.")
                         .arg(recording_->writer().steps_recorded())
                         .arg(recording_->writer().bytes_written() >> 20));
    } catch (const std::exception& e) {
      recording_.reset();
      emit message(tr("Recording stopped: %1").arg(QString::fromUtf8(e.what())));
    }
  }
  if (!running_) loadClockS_ += r.metrics.step_ms / 1000.0;
  pendingSteps_.push_back(r.metrics);
  pendingChunks_.push_back(std::move(r.prefill_chunks));
  pendingEvents_.insert(pendingEvents_.end(), std::make_move_iterator(r.events.begin()),
                        std::make_move_iterator(r.events.end()));
  return true;
}

void EngineWorker::saveRecording(const QString& path) {
  if (!recording_) {
    emit recordingSaved(false, path, 0, tr("Nothing has been recorded: no engine has run yet."));
    return;
  }
  std::string error;
  const bool ok = recording_->save(path.toStdString(), &error);
  emit recordingSaved(ok, path, recording_->writer().steps_recorded(), QString::fromStdString(error));
}

void EngineWorker::saveTrace(const QString& path) {
  if (!recording_) {
    emit traceSaved(false, path, 0, tr("Nothing has been recorded: no engine has run yet."));
    return;
  }
  const qint64 steps = recording_->writer().steps_recorded();
  auto done = [this, path, steps](bool ok, const QString& error) { emit traceSaved(ok, path, steps, error); };
  try {
    writeTrace(record::Recording::from_bytes(recording_->bytes()), path, this, done);
  } catch (const std::exception& e) {
    done(false, QString::fromUtf8(e.what()));
  }
}

void EngineWorker::publish(bool force) {
  if (force || sincePublish_.elapsed() >= kPublishIntervalMs) {
    publishTimer_->stop();
    doPublish();
  } else if (!publishTimer_->isActive()) {
    publishTimer_->start(std::max<int>(1, kPublishIntervalMs - int(sincePublish_.elapsed())));
  }
}

void EngineWorker::doPublish() {
  if (!engine_) return;
  auto snap = std::make_shared<EngineSnapshot>();
  snap->new_steps = std::move(pendingSteps_);
  pendingSteps_.clear();
  snap->new_prefill_chunks = std::move(pendingChunks_);
  pendingChunks_.clear();
  snap->events = std::move(pendingEvents_);
  pendingEvents_.clear();
  // A fresh picture, not the recorder's: commands between steps (cancel, submit) also change blocks.
  snap->block_map = std::make_shared<const BlockMapSnapshot>(engine_->block_map());
  snap->parallel_timeline = engine_->metrics().latest_timeline();
  snap->requests = engine_->request_view(kViewWaiting, kViewEnded);
  snap->totals = engine_->request_totals();
  snap->total_steps = totalSteps_;
  snap->running = running_;
  snap->has_unfinished = engine_->has_unfinished() || (driver_ && !driver_->all_submitted());
  snap->engine_rebuilt = rebuilt_;
  snap->load_all_submitted = !driver_ || driver_->all_submitted();
  snap->has_workload = loadSpec_.has_value();
  rebuilt_ = false;
  if (!snap->new_steps.empty()) snap->packed = std::make_shared<const PackedState>(*snap);
  sincePublish_.restart();
  emit snapshotReady(std::move(snap));
}

}  // namespace inferscope::ui
