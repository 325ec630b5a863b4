#pragma once
// LiveEngineSource: the running engine as a SnapshotSource. It re-emits what the EngineController
// publishes (snapshots, prompt pieces, comparisons, the engine's messages) and, once asked, the engine's
// spdlog lines, all on the GUI thread. It does not own the controller: the WorkbenchSession does.
#include <memory>

#include "ui/session/snapshot_source.h"

namespace inferscope::ui {

class EngineController;

class LiveEngineSource : public SnapshotSource {
  Q_OBJECT
 public:
  explicit LiveEngineSource(EngineController* controller, QObject* parent = nullptr);
  ~LiveEngineSource() override;  // removes the log sink it installed

  bool isLive() const override { return true; }
  EngineSnapshotPtr lastSnapshot() const override;
  std::optional<ModelCard> modelCard() const override;
  qint64 numBlocks() const override;
  qint64 kvCapacityBytes() const override;  // numBlocks() x the block bytes of the model and settings

  // Routes spdlog's default logger (the engine's log, written on any thread) into logLine. One source
  // at a time holds it; a second call, here or on another source, does nothing while it is held.
  void captureEngineLog();

 private:
  class Sink;
  EngineController* controller_;
  std::shared_ptr<Sink> sink_;
};

}  // namespace inferscope::ui
