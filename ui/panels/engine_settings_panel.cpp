#include "ui/panels/engine_settings_panel.h"

#include <QCheckBox>
#include <algorithm>
#include <stdexcept>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QThread>
#include <QVBoxLayout>

#include "engine/kv/kv_storage.h"
#include "engine/model/model_config.h"
#include "engine/spec/spec_config.h"
#include "ui/engine/engine_texts.h"

namespace inferscope::ui {

namespace {
// The KV budget's upper limit on the CPU (64 GiB); on a GPU the device's free memory sets it instead.
constexpr int kMaxHostBudgetMiB = 65536;
}

EngineSettingsPanel::EngineSettingsPanel(QWidget* parent) : QWidget(parent) {
  backend_ = new QComboBox;
  backend_->setObjectName(QStringLiteral("backend"));
  backend_->addItem(QStringLiteral("CPU"), int(BackendKind::Cpu));
  backend_->addItem(QStringLiteral("CUDA"), int(BackendKind::Cuda));
  cudaProbe_ = probe_backend(BackendKind::Cuda);
  if (!cudaProbe_.available)
    if (auto* model = qobject_cast<QStandardItemModel*>(backend_->model())) model->item(1)->setEnabled(false);
  backendStatus_ = new QLabel;
  backendStatus_->setObjectName(QStringLiteral("backend_status"));
  backendStatus_->setWordWrap(true);
  kvDtype_ = new QComboBox;
  for (auto d : kKvDtypes) kvDtype_->addItem(QString::fromLatin1(kv_dtype_name(d)), int(d));
  blockSize_ = new QSpinBox;
  blockSize_->setRange(1, 256);
  budgetMiB_ = new QSpinBox;
  budgetMiB_->setRange(1, kMaxHostBudgetMiB);
  budgetMiB_->setSuffix(QStringLiteral(" MiB"));
  blocks_ = new QLabel;
  prefixCaching_ = new QCheckBox;
  attention_ = new QComboBox;
  for (auto a : {AttentionImpl::Tiled, AttentionImpl::Naive})
    attention_->addItem(QString::fromLatin1(attention_impl_name(a)), int(a));
  batching_ = new QComboBox;
  batching_->addItem(QString(), int(BatchingMode::Continuous));
  batching_->addItem(QString(), int(BatchingMode::Static));
  maxSeqs_ = new QSpinBox;
  maxSeqs_->setRange(1, 1024);
  maxTokens_ = new QSpinBox;
  maxTokens_->setRange(1, 65536);
  chunked_ = new QCheckBox;
  recompute_ = new QCheckBox;
  threads_ = new QSpinBox;
  threads_->setRange(0, std::max(1, QThread::idealThreadCount() * 2));
  specOn_ = new QCheckBox;
  specOn_->setObjectName(QStringLiteral("spec_enabled"));
  specMethod_ = new QComboBox;
  specMethod_->setObjectName(QStringLiteral("spec_method"));
  specMethod_->setEditable(true);  // draft:FILE.gguf needs a path
  for (const char* m : {"ngram:3", "self:q4_0", "self:q8_0", "early-exit:8", "draft:"})
    specMethod_->addItem(QString::fromLatin1(m));
  specK_ = new QSpinBox;
  specK_->setObjectName(QStringLiteral("spec_k"));
  specK_->setRange(1, 16);
  parallelMode_ = new QComboBox;
  parallelMode_->setObjectName(QStringLiteral("parallel_mode"));
  for (ParallelMode m : {ParallelMode::None, ParallelMode::Tensor, ParallelMode::Pipeline})
    parallelMode_->addItem(QString::fromLatin1(parallel_mode_name(m)), int(m));
  parallelDevices_ = new QComboBox;
  parallelDevices_->setObjectName(QStringLiteral("parallel_devices"));
  for (int d = 2; d <= 8; ++d) parallelDevices_->addItem(QString::number(d), d);  // the model decides which fit
  microBatches_ = new QSpinBox;
  microBatches_->setObjectName(QStringLiteral("micro_batches"));
  microBatches_->setRange(1, 64);
  apply_ = new QPushButton;
  apply_->setObjectName(QStringLiteral("apply_settings"));
  status_ = new QLabel;
  status_->setWordWrap(true);

  // Weight quantization: the real formats, then a few simulated presets that show what group scales buy.
  weights_ = new QComboBox;
  weights_->setObjectName(QStringLiteral("weight_mode"));
  weights_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  weights_->setMinimumContentsLength(18);
  for (const char* m : {"stored", "f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "sim:int8:per-channel", "sim:int4:g128",
                        "sim:int4:g32:asym", "sim:int4:per-channel", "sim:int4:per-tensor", "sim:int3:g64", "sim:int2:g32",
                        "rtn:int4:g128", "gptq:int4:g128", "awq:int4:g128", "rtn:int3:g128", "gptq:int3:g128", "awq:int3:g128"})
    weights_->addItem(QString::fromLatin1(m), QString::fromLatin1(m));
  outlier_ = new QCheckBox;
  outlierValue_ = new QDoubleSpinBox;
  outlierValue_->setRange(-1000, 1000);
  outlierValue_->setDecimals(2);
  outlierValue_->setValue(10);
  applyWeights_ = new QPushButton;
  applyWeights_->setObjectName(QStringLiteral("apply_weights"));
  weightsStatus_ = new QLabel;
  weightsStatus_->setWordWrap(true);
  connect(applyWeights_, &QPushButton::clicked, this, [this] {
    emit weightModeRequested(weights_->currentData().toString(), outlier_->isChecked(), outlierValue_->value());
  });
  connect(outlier_, &QCheckBox::toggled, outlierValue_, &QWidget::setEnabled);
  connect(weights_, &QComboBox::currentIndexChanged, this, &EngineSettingsPanel::updatePending);
  outlierValue_->setEnabled(false);

  form_ = new QFormLayout;
  for (QWidget* w : std::initializer_list<QWidget*>{backend_, backendStatus_, kvDtype_, blockSize_, budgetMiB_, blocks_, prefixCaching_, attention_,
                                                    batching_, maxSeqs_, maxTokens_, chunked_, recompute_, threads_,
                                                    specOn_, specMethod_, specK_, parallelMode_, parallelDevices_,
                                                    microBatches_})
    form_->addRow(QStringLiteral("-"), w);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form_);
  layout->addWidget(apply_);
  layout->addWidget(status_);
  auto* weightsForm = new QFormLayout;
  weightsForm->addRow(QStringLiteral("-"), weights_);
  weightsForm->addRow(QStringLiteral("-"), outlier_);
  weightsForm->addRow(QStringLiteral("-"), outlierValue_);
  weightsForm_ = weightsForm;
  layout->addLayout(weightsForm);
  layout->addWidget(applyWeights_);
  layout->addWidget(weightsStatus_);
  layout->addStretch(1);

  for (auto* sb : {blockSize_, budgetMiB_, maxSeqs_, maxTokens_, threads_, specK_, microBatches_})
    connect(sb, &QSpinBox::valueChanged, this, &EngineSettingsPanel::updateDerived);
  for (auto* cb : {backend_, kvDtype_, attention_, batching_, parallelMode_, parallelDevices_})
    connect(cb, &QComboBox::currentIndexChanged, this, &EngineSettingsPanel::updateDerived);
  connect(specMethod_, &QComboBox::currentTextChanged, this, &EngineSettingsPanel::updateDerived);
  for (auto* c : {prefixCaching_, chunked_, recompute_, specOn_}) connect(c, &QCheckBox::toggled, this, &EngineSettingsPanel::updateDerived);
  connect(apply_, &QPushButton::clicked, this, [this] { emit applyRequested(config()); });

  setConfig(EngineConfig{});
  retranslateUi();
}

EngineConfig EngineSettingsPanel::config() const {
  EngineConfig c;
  c.backend = BackendKind(backend_->currentData().toInt());
  c.kv_dtype = KvDtype(kvDtype_->currentData().toInt());
  c.block_size = blockSize_->value();
  c.kv_budget_bytes = size_t(budgetMiB_->value()) << 20;
  c.prefix_caching = prefixCaching_->isChecked();
  c.attention = AttentionImpl(attention_->currentData().toInt());
  c.sched.batching = BatchingMode(batching_->currentData().toInt());
  c.sched.max_num_seqs = maxSeqs_->value();
  c.sched.max_num_batched_tokens = maxTokens_->value();
  c.sched.chunked_prefill = chunked_->isChecked();
  c.sched.recompute_all = recompute_->isChecked();
  c.threads = threads_->value();
  if (specOn_->isChecked()) {
    try {
      c.spec = spec::parse_spec(specMethod_->currentText().trimmed().toStdString());
    } catch (const std::invalid_argument&) {
      c.spec = {};  // updateDerived shows why; Apply stays disabled
    }
    c.spec.k = specK_->value();
  }
  c.parallel.mode = ParallelMode(parallelMode_->currentData().toInt());
  c.parallel.devices = c.parallel.enabled() ? parallelDevices_->currentData().toInt() : 1;
  c.parallel.micro_batches = c.parallel.mode == ParallelMode::Pipeline ? microBatches_->value() : 1;
  return c;
}

void EngineSettingsPanel::setConfig(const EngineConfig& c) {
  // A saved or scenario CUDA choice on a machine without a usable GPU falls back to the CPU.
  const bool cuda = c.backend == BackendKind::Cuda && cudaProbe_.available;
  backend_->setCurrentIndex(cuda ? 1 : 0);
  kvDtype_->setCurrentIndex(std::max(0, kvDtype_->findData(int(c.kv_dtype))));
  blockSize_->setValue(c.block_size);
  budgetMiB_->setValue(int(std::max<size_t>(1, c.kv_budget_bytes >> 20)));
  prefixCaching_->setChecked(c.prefix_caching);
  attention_->setCurrentIndex(std::max(0, attention_->findData(int(c.attention))));
  batching_->setCurrentIndex(std::max(0, batching_->findData(int(c.sched.batching))));
  maxSeqs_->setValue(c.sched.max_num_seqs);
  maxTokens_->setValue(c.sched.max_num_batched_tokens);
  chunked_->setChecked(c.sched.chunked_prefill);
  recompute_->setChecked(c.sched.recompute_all);
  threads_->setValue(c.threads);
  specOn_->setChecked(c.spec.enabled());
  if (c.spec.enabled()) specMethod_->setCurrentText(QString::fromStdString(spec::to_string(c.spec)));
  specK_->setValue(c.spec.k);
  parallelMode_->setCurrentIndex(std::max(0, parallelMode_->findData(int(c.parallel.mode))));
  parallelDevices_->setCurrentIndex(std::max(0, parallelDevices_->findData(c.parallel.devices)));
  microBatches_->setValue(c.parallel.micro_batches);
  updateDerived();
}

void EngineSettingsPanel::setModelCard(const std::optional<ModelCard>& card) {
  card_ = card;
  if (card_) {
    const int i = weights_->findData(QString::fromStdString(card_->weight_mode));
    if (i >= 0) weights_->setCurrentIndex(i);
  }
  retranslateUi();  // also the "Running:" line
}

int64_t EngineSettingsPanel::blocksForCurrentSettings() const {
  if (!card_) return -1;
  return kv_block_plan(*card_, config()).blocks;  // the engine's own figure (window models: per KV group)
}

void EngineSettingsPanel::setAppliedStatus(const QString& text, bool error) {
  appliedText_ = text;
  appliedError_ = error;
  status_->setText(text);
  status_->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
  if (!error) updatePending();  // a pending change must not be hidden by the last build's line
}

void EngineSettingsPanel::setAppliedConfig(const EngineConfig& c) {
  applied_ = c;
  updatePending();
}

std::vector<QWidget*> EngineSettingsPanel::pendingFields() const {
  std::vector<QWidget*> out;
  if (!applied_) return out;
  const EngineConfig c = config();
  const EngineConfig& a = *applied_;
  const auto differs = [&](bool d, QWidget* w) {
    if (d) out.push_back(w);
  };
  differs(c.backend != a.backend, backend_);
  differs(c.kv_dtype != a.kv_dtype, kvDtype_);
  differs(c.block_size != a.block_size, blockSize_);
  differs((c.kv_budget_bytes >> 20) != (a.kv_budget_bytes >> 20), budgetMiB_);
  differs(c.prefix_caching != a.prefix_caching, prefixCaching_);
  differs(c.attention != a.attention, attention_);
  differs(c.sched.batching != a.sched.batching, batching_);
  differs(c.sched.max_num_seqs != a.sched.max_num_seqs, maxSeqs_);
  differs(c.sched.max_num_batched_tokens != a.sched.max_num_batched_tokens, maxTokens_);
  differs(c.sched.chunked_prefill != a.sched.chunked_prefill, chunked_);
  differs(c.sched.recompute_all != a.sched.recompute_all, recompute_);
  differs(c.threads != a.threads, threads_);
  differs(c.spec.enabled() != a.spec.enabled(), specOn_);
  if (c.spec.enabled() && a.spec.enabled()) {
    differs(spec::to_string(c.spec) != spec::to_string(a.spec), specMethod_);
    differs(c.spec.k != a.spec.k, specK_);
  }
  differs(c.parallel.mode != a.parallel.mode, parallelMode_);
  if (c.parallel.enabled() && a.parallel.enabled()) differs(c.parallel.devices != a.parallel.devices, parallelDevices_);
  differs(c.parallel.micro_batches != a.parallel.micro_batches, microBatches_);
  return out;
}

QStringList EngineSettingsPanel::pendingChanges() const {
  QStringList names;
  for (QWidget* w : pendingFields())
    if (auto* l = qobject_cast<QLabel*>(form_->labelForField(w))) names << l->text();
  return names;
}

bool EngineSettingsPanel::weightsPending() const {
  return card_ && weights_->currentData().toString() != QString::fromStdString(card_->weight_mode);
}

void EngineSettingsPanel::updatePending() {
  const std::vector<QWidget*> pending = pendingFields();
  // Mark the labels of pending rows (and only those) so a change that waits for Apply is seen.
  for (int row = 0; row < form_->rowCount(); ++row) {
    QLayoutItem* field = form_->itemAt(row, QFormLayout::FieldRole);
    auto* l = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::LabelRole) ? form_->itemAt(row, QFormLayout::LabelRole)->widget() : nullptr);
    if (!field || !l) continue;
    const bool marked = std::find(pending.begin(), pending.end(), field->widget()) != pending.end();
    l->setStyleSheet(marked ? QStringLiteral("font-weight: bold; color: #b26a00;") : QString());
  }
  const int n = int(pending.size());
  apply_->setText(n > 0 ? tr("Apply %n change(s) (rebuilds the engine)", nullptr, n) : tr("Apply (rebuilds the engine)"));
  apply_->setStyleSheet(n > 0 && apply_->isEnabled() ? QStringLiteral("font-weight: bold; background: #ffe0a3; color: #3a2500;") : QString());
  if (validation_.isEmpty()) {
    if (n > 0) {
      status_->setText(tr("Not applied yet: %1. The engine still runs the applied settings; Apply rebuilds it.")
                           .arg(pendingChanges().join(QStringLiteral(", "))));
      status_->setStyleSheet(QStringLiteral("color: #b26a00;"));
    } else {
      status_->setText(appliedText_);
      status_->setStyleSheet(appliedError_ ? QStringLiteral("color: #c62828;") : QString());
    }
  }
  const bool wp = weightsPending();
  applyWeights_->setStyleSheet(wp ? QStringLiteral("font-weight: bold; background: #ffe0a3; color: #3a2500;") : QString());
  if (auto* l = qobject_cast<QLabel*>(weightsForm_->labelForField(weights_)))
    l->setStyleSheet(wp ? QStringLiteral("font-weight: bold; color: #b26a00;") : QString());
  if (n != pendingCount_) {
    pendingCount_ = n;
    emit pendingChanged(n);
  }
}

void EngineSettingsPanel::updateDerived() {
  const EngineConfig c = config();
  validation_ = QString::fromStdString(c.validate());
  if (specOn_->isChecked() && validation_.isEmpty()) {
    try {
      spec::parse_spec(specMethod_->currentText().trimmed().toStdString());
    } catch (const std::invalid_argument& e) {
      validation_ = QString::fromStdString(e.what());
    }
  }
  specMethod_->setEnabled(specOn_->isChecked());
  specK_->setEnabled(specOn_->isChecked());
  parallelDevices_->setEnabled(c.parallel.enabled());
  microBatches_->setEnabled(c.parallel.mode == ParallelMode::Pipeline);
  if (c.parallel.enabled() && card_ && validation_.isEmpty()) {
    // The split must fit the loaded model (KV heads for tensor parallelism, layers for pipeline).
    ModelConfig mc;
    mc.n_layers = card_->n_layers;
    mc.n_kv_heads = card_->n_kv_heads;
    mc.n_ff = card_->n_ff;
    const std::string why = c.parallel.model_fit(mc);
    if (c.parallel.mode == ParallelMode::Tensor && mc.n_kv_heads % c.parallel.devices != 0)
      validation_ = tr("Tensor parallelism over %1 devices needs the KV heads to divide evenly; this model has %2 KV "
                       "heads (try pipeline parallelism).")
                        .arg(c.parallel.devices)
                        .arg(mc.n_kv_heads);
    else if (!why.empty())
      validation_ = QString::fromStdString(why);
  }
  // On the GPU the KV pool lives in device memory: the budget cannot exceed what is free there.
  const bool gpu = c.backend == BackendKind::Cuda;
  const int free_mib = int(std::min<size_t>(cudaProbe_.device.free_bytes >> 20, size_t(1) << 30));
  budgetMiB_->setMaximum(gpu && free_mib > 0 ? free_mib : kMaxHostBudgetMiB);
  const int64_t blocks = blocksForCurrentSettings();
  if (blocks < 0) {
    blocks_->setText(tr("(load a model to see the block count)"));
  } else {
    blocks_->setText(tr("%1 blocks = %2 tokens").arg(blocks).arg(kv_block_plan(*card_, c).max_tokens));
    if (blocks == 0 && validation_.isEmpty()) validation_ = tr("The KV budget does not hold a single block.");
  }
  apply_->setEnabled(validation_.isEmpty());
  if (!validation_.isEmpty()) {
    status_->setText(validation_);
    status_->setStyleSheet(QStringLiteral("color: #c62828;"));
  }
  // Chunked prefill only matters when a token budget can split a prompt; static batching ignores nothing.
  chunked_->setEnabled(!recompute_->isChecked());
  updatePending();
}

void EngineSettingsPanel::save(QSettings& s) const {
  const EngineConfig c = config();
  s.beginGroup(QStringLiteral("engine"));
  s.setValue(QStringLiteral("backend"), QString::fromLatin1(backend_name(c.backend)));
  s.setValue(QStringLiteral("kv_dtype"), QString::fromLatin1(kv_dtype_name(c.kv_dtype)));
  s.setValue(QStringLiteral("block_size"), c.block_size);
  s.setValue(QStringLiteral("kv_budget_mib"), qulonglong(c.kv_budget_bytes >> 20));
  s.setValue(QStringLiteral("prefix_caching"), c.prefix_caching);
  s.setValue(QStringLiteral("attention"), QString::fromLatin1(attention_impl_name(c.attention)));
  s.setValue(QStringLiteral("batching"), QString::fromLatin1(to_string(c.sched.batching)));
  s.setValue(QStringLiteral("max_num_seqs"), c.sched.max_num_seqs);
  s.setValue(QStringLiteral("max_num_batched_tokens"), c.sched.max_num_batched_tokens);
  s.setValue(QStringLiteral("chunked_prefill"), c.sched.chunked_prefill);
  s.setValue(QStringLiteral("recompute_all"), c.sched.recompute_all);
  s.setValue(QStringLiteral("threads"), c.threads);
  s.setValue(QStringLiteral("spec"), QString::fromStdString(spec::to_string(c.spec)));
  s.setValue(QStringLiteral("spec_k"), c.spec.k);
  s.setValue(QStringLiteral("parallel"), QString::fromLatin1(parallel_mode_name(c.parallel.mode)));
  s.setValue(QStringLiteral("parallel_devices"), c.parallel.devices);
  s.setValue(QStringLiteral("micro_batches"), c.parallel.micro_batches);
  s.endGroup();
}

void EngineSettingsPanel::load(QSettings& s) {
  EngineConfig c;
  s.beginGroup(QStringLiteral("engine"));
  if (auto b = backend_from_name(s.value(QStringLiteral("backend"), QStringLiteral("cpu")).toString().toStdString()))
    c.backend = *b;
  if (auto d = kv_dtype_from_name(s.value(QStringLiteral("kv_dtype"), QStringLiteral("f16")).toString().toStdString()))
    c.kv_dtype = *d;
  c.block_size = s.value(QStringLiteral("block_size"), c.block_size).toInt();
  c.kv_budget_bytes = size_t(s.value(QStringLiteral("kv_budget_mib"), qulonglong(c.kv_budget_bytes >> 20)).toULongLong()) << 20;
  c.prefix_caching = s.value(QStringLiteral("prefix_caching"), c.prefix_caching).toBool();
  c.attention = attention_impl_from_name(s.value(QStringLiteral("attention")).toString().toStdString())
                    .value_or(AttentionImpl::Tiled);
  c.sched.batching = s.value(QStringLiteral("batching")).toString() == QLatin1String("static") ? BatchingMode::Static
                                                                                            : BatchingMode::Continuous;
  c.sched.max_num_seqs = s.value(QStringLiteral("max_num_seqs"), c.sched.max_num_seqs).toInt();
  c.sched.max_num_batched_tokens = s.value(QStringLiteral("max_num_batched_tokens"), c.sched.max_num_batched_tokens).toInt();
  c.sched.chunked_prefill = s.value(QStringLiteral("chunked_prefill"), c.sched.chunked_prefill).toBool();
  c.sched.recompute_all = s.value(QStringLiteral("recompute_all"), c.sched.recompute_all).toBool();
  c.threads = s.value(QStringLiteral("threads"), c.threads).toInt();
  try {
    c.spec = spec::parse_spec(s.value(QStringLiteral("spec"), QStringLiteral("off")).toString().toStdString());
  } catch (const std::invalid_argument&) {
    c.spec = {};  // a stale setting (e.g. a draft file since removed is still parsed; a garbled one is dropped)
  }
  c.spec.k = std::clamp(s.value(QStringLiteral("spec_k"), c.spec.k).toInt(), 1, 16);
  if (auto m = parallel_mode_from_name(s.value(QStringLiteral("parallel"), QStringLiteral("none")).toString().toStdString()))
    c.parallel.mode = *m;
  c.parallel.devices = s.value(QStringLiteral("parallel_devices"), 2).toInt();
  if (c.parallel.devices != 2 && c.parallel.devices != 4 && c.parallel.devices != 8) c.parallel.devices = 2;
  c.parallel.micro_batches = std::clamp(s.value(QStringLiteral("micro_batches"), 1).toInt(), 1, 64);
  if (!c.parallel.enabled()) c.parallel.devices = 1;
  s.endGroup();
  setConfig(c);
}

void EngineSettingsPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void EngineSettingsPanel::retranslateUi() {
  auto label = [this](QWidget* field, const QString& text, const QString& tip) {
    if (auto* l = qobject_cast<QLabel*>(form_->labelForField(field))) {
      l->setText(text);
      l->setToolTip(tip);
    }
    field->setToolTip(tip);
  };
  QString backendTip = tr("Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).");
  if (cudaProbe_.available) {
    backendStatus_->setText(tr("GPU: %1, %2 MiB free").arg(QString::fromStdString(cudaProbe_.device.name))
                                .arg(qulonglong(cudaProbe_.device.free_bytes >> 20)));
    backend_->setItemData(1, QString(), Qt::ToolTipRole);
  } else {
    const QString why = tr("CUDA unavailable: %1").arg(EngineTexts::backendReason(cudaProbe_.reason));
    backendStatus_->setText(why);
    backendTip += QStringLiteral("\n") + why;
    backend_->setItemData(1, why, Qt::ToolTipRole);
  }
  label(backend_, tr("Backend"), backendTip);
  label(backendStatus_, tr("Device"), backendTip);
  label(kvDtype_, tr("KV cache dtype"), tr("Precision of the stored keys and values: smaller types fit more tokens in the same memory."));
  label(blockSize_, tr("Block size (tokens)"), tr("Tokens per paged KV block: bigger blocks mean fewer table entries but more unused slots at the end of each sequence."));
  label(budgetMiB_, tr("KV budget"), tr("Memory reserved for the paged KV cache; it decides how many blocks exist."));
  label(blocks_, tr("Resulting blocks"), tr("How many physical blocks the budget buys for the loaded model and dtype."));
  label(prefixCaching_, tr("Prefix caching"), tr("Reuse the KV blocks of an identical prompt prefix instead of computing them again."));
  label(attention_, tr("Attention kernel"), tr("Tiled computes attention block by block with an online softmax; naive materializes every score."));
  label(batching_, tr("Batching"), tr("Continuous admits new requests every step; static waits until the whole batch has finished."));
  label(maxSeqs_, tr("Max sequences"), tr("How many sequences may run in one step (the batch slots)."));
  label(maxTokens_, tr("Max batched tokens"), tr("Token budget of one step: prefill chunks plus one decode token per running sequence."));
  label(chunked_, tr("Chunked prefill"), tr("Split a long prompt over several steps so decodes of other requests keep running."));
  label(recompute_, tr("No KV cache (recompute)"), tr("Recompute every sequence from its first token at every step, to show what the KV cache saves."));
  label(threads_, tr("Compute threads"), tr("Threads used inside one step for matrix products; 0 uses one per core."));
  label(specOn_, tr("Speculative decoding"), tr("A cheap drafter guesses the next tokens and the model verifies them all in one pass, keeping exactly the tokens it would have produced."));
  label(specMethod_, tr("Drafter"), tr("ngram:N looks the text up in the prompt, self:MODE runs the model at a lower precision, early-exit:L runs its first L layers, draft:FILE.gguf a smaller model with the same vocabulary."));
  label(specK_, tr("Draft tokens (k)"), tr("Tokens drafted per step: more can be accepted at once, but each rejected one is wasted work."));
  label(parallelMode_, tr("Parallelism"),
        tr("Split each step's forward pass over virtual devices: tensor parallel cuts every layer and all-reduces "
           "twice per layer; pipeline parallel gives each device a range of layers and streams micro-batches."));
  label(parallelDevices_, tr("Virtual devices"), tr("How many devices the pass is split over (D)."));
  label(microBatches_, tr("Micro-batches"),
        tr("Pipeline only: a step's tokens are cut into this many micro-batches (m); the idle bubble is "
           "(D-1)/(m+D-1)."));
  parallelMode_->setItemText(0, tr("none"));
  parallelMode_->setItemText(1, tr("tensor parallel"));
  parallelMode_->setItemText(2, tr("pipeline parallel"));
  batching_->setItemText(0, tr("Continuous"));
  batching_->setItemText(1, tr("Static"));
  threads_->setSpecialValueText(tr("auto"));
  apply_->setToolTip(tr("Builds a new engine with these settings; running requests are discarded."));
  auto wlabel = [this](QWidget* field, const QString& text, const QString& tip) {
    if (auto* l = qobject_cast<QLabel*>(weightsForm_->labelForField(field))) {
      l->setText(text);
      l->setToolTip(tip);
    }
    field->setToolTip(tip);
  };
  wlabel(weights_, tr("Weight quantization"),
         tr("Re-encode the loaded weights: real formats change the bytes the kernels read; sim: modes are simulated (integer values stored as F32)."));
  wlabel(outlier_, tr("Inject an outlier"), tr("Set one weight per tensor (middle row, middle column) to the value below before quantizing."));
  wlabel(outlierValue_, tr("Outlier value"), tr("The injected weight; typical weights are below 0.1 in magnitude."));
  for (int i = 0; i < weights_->count(); ++i) {
    const QString m = weights_->itemData(i).toString();
    const bool calibrated = m.startsWith(QLatin1String("rtn:")) || m.startsWith(QLatin1String("gptq:")) ||
                            m.startsWith(QLatin1String("awq:"));
    weights_->setItemText(i, m == QLatin1String("stored")        ? tr("as stored in the file")
                             : m.startsWith(QLatin1String("sim:")) ? tr("%1 (simulated)").arg(m)
                             : calibrated ? tr("%1 (calibrated)").arg(m)
                                          : m);
    // The long explanation goes in the tooltip: a long item would widen the whole settings dock.
    weights_->setItemData(i, calibrated ? tr("Simulated after calibration on a text; takes seconds to minutes on 2 cores.") : QString(),
                          Qt::ToolTipRole);
  }
  applyWeights_->setText(tr("Apply weights (re-quantizes)"));
  applyWeights_->setToolTip(tr("Re-encodes the weights from the file's values off the GUI thread; running requests are discarded."));
  if (card_)
    weightsStatus_->setText(tr("Running: %1, %2 MiB of weights").arg(QString::fromStdString(card_->weight_mode_label))
                                .arg(card_->weight_bytes / 1048576.0, 0, 'f', 1));
  updateDerived();
}

}  // namespace inferscope::ui
