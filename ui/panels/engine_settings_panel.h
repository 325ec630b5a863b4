#pragma once
// EngineSettingsPanel: every EngineConfig knob, each with a one-sentence tooltip. Ranges prevent
// impossible values; the KV budget shows the block count it buys for the loaded model. Speculative
// decoding takes a drafter in the CLI syntax (ngram:N, self:MODE, early-exit:L, draft:FILE.gguf). Apply emits
// applyRequested; the main window asks before discarding running work. The backend choice (CPU / CUDA)
// is disabled, with the reason in its tooltip and status line, where this build or machine has no
// usable GPU; on the GPU the KV budget's maximum is the device's free memory. Parallelism splits the pass
// over 2 to 8 virtual devices (tensor or pipeline, with micro-batches); a split the loaded model cannot
// take is refused in the status line before Apply.
#include <QWidget>
#include <optional>
#include <vector>

#include "engine/backend/backend_kind.h"
#include "engine/llm_engine.h"

class QCheckBox;
class QDoubleSpinBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSettings;
class QSpinBox;
class QFormLayout;

namespace inferscope::ui {

class EngineSettingsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit EngineSettingsPanel(QWidget* parent = nullptr);

  EngineConfig config() const;
  void setConfig(const EngineConfig& c);
  void setModelCard(const std::optional<ModelCard>& card);
  void setAppliedStatus(const QString& text, bool error);
  // The settings the running engine was built with. Fields that differ from them are pending: their
  // labels are marked, Apply names how many, and the status line says the engine still runs the old ones.
  void setAppliedConfig(const EngineConfig& c);
  // The labels of the settings changed here but not applied (empty when none, or before any was applied).
  QStringList pendingChanges() const;
  // True when the weight quantization chosen here is not the one the model runs with.
  bool weightsPending() const;
  int64_t blocksForCurrentSettings() const;  // -1 without a model

  void save(QSettings& s) const;
  void load(QSettings& s);

 signals:
  void applyRequested(const inferscope::EngineConfig& config);
  // "Apply weights": the weight mode name (engine/quant/weight_mode.h) and the outlier when ticked.
  void weightModeRequested(const QString& mode, bool outlier, double outlierValue);
  void pendingChanged(int settings);  // the number of pending settings changed

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();
  void updateDerived();
  void updatePending();
  std::vector<QWidget*> pendingFields() const;

  QFormLayout* form_ = nullptr;
  QComboBox* backend_ = nullptr;
  QLabel* backendStatus_ = nullptr;
  BackendProbe cudaProbe_;  // asked once: whether the CUDA choice is possible here, and why not
  QFormLayout* weightsForm_ = nullptr;
  QComboBox* kvDtype_ = nullptr;
  QSpinBox* blockSize_ = nullptr;
  QSpinBox* budgetMiB_ = nullptr;
  QLabel* blocks_ = nullptr;
  QCheckBox* prefixCaching_ = nullptr;
  QComboBox* attention_ = nullptr;
  QComboBox* batching_ = nullptr;
  QSpinBox* maxSeqs_ = nullptr;
  QSpinBox* maxTokens_ = nullptr;
  QCheckBox* chunked_ = nullptr;
  QCheckBox* recompute_ = nullptr;
  QSpinBox* threads_ = nullptr;
  QCheckBox* specOn_ = nullptr;
  QComboBox* specMethod_ = nullptr;  // editable: presets plus draft:FILE.gguf typed by the user
  QSpinBox* specK_ = nullptr;
  QComboBox* parallelMode_ = nullptr;  // none / tensor / pipeline (engine/parallel)
  QComboBox* parallelDevices_ = nullptr;
  QSpinBox* microBatches_ = nullptr;
  QPushButton* apply_ = nullptr;
  QComboBox* weights_ = nullptr;
  QCheckBox* outlier_ = nullptr;
  QDoubleSpinBox* outlierValue_ = nullptr;
  QPushButton* applyWeights_ = nullptr;
  QLabel* weightsStatus_ = nullptr;
  QLabel* status_ = nullptr;
  QString validation_;
  QString appliedText_;  // the last word on the running engine (shown when nothing is pending)
  bool appliedError_ = false;
  int pendingCount_ = 0;
  std::optional<EngineConfig> applied_;
  std::optional<ModelCard> card_;
};

}  // namespace inferscope::ui
