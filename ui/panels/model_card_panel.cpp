#include "ui/panels/model_card_panel.h"

#include <QEvent>
#include <algorithm>
#include <QFileInfo>
#include <QLocale>
#include <QThread>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace inferscope::ui {

ModelCardPanel::ModelCardPanel(QWidget* parent) : QWidget(parent) {
  view_ = new QTextBrowser;
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  l->addWidget(view_);
  render();
}

void ModelCardPanel::setCard(const std::optional<ModelCard>& card) {
  card_ = card;
  render();
}

void ModelCardPanel::setKvDtype(kernels::KvDtype d) {
  dtype_ = d;
  render();
}

void ModelCardPanel::setBackend(BackendKind backend, int threads) {
  backend_ = backend;
  threads_ = threads;
  device_ = backend == BackendKind::Cuda ? probe_backend(backend).device : DeviceInfo{};
  render();
}

QString ModelCardPanel::text() const { return view_->toPlainText(); }

void ModelCardPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) render();
  QWidget::changeEvent(e);
}

void ModelCardPanel::render() {
  if (!card_) {
    view_->setHtml(tr("<p>No model loaded. Use <b>File &gt; Open model</b> or drop a .gguf file on the window.</p>"));
    return;
  }
  const ModelCard& c = *card_;
  const QLocale loc;
  auto row = [](const QString& k, const QString& v) {
    return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k.toHtmlEscaped(), v.toHtmlEscaped());
  };
  auto mib = [&](uint64_t b) { return loc.formattedDataSize(qint64(b), 1, QLocale::DataSizeTraditionalFormat); };
  QString h = QStringLiteral("<h3>%1</h3><table>").arg(QString::fromStdString(c.name.empty() ? QFileInfo(QString::fromStdString(c.path)).fileName().toStdString() : c.name).toHtmlEscaped());
  h += row(tr("File"), QString::fromStdString(c.path));
  h += row(tr("Architecture"), QString::fromStdString(c.architecture));
  h += row(tr("Parameters"), loc.toString(qulonglong(c.n_parameters)));
  h += row(tr("File size"), mib(c.file_bytes));
  h += row(tr("Weights"), mib(c.weight_bytes));
  h += row(tr("Weight mode"), c.weights_simulated
                                  ? tr("%1 (simulated: the values of a lower precision, stored and run as F32)")
                                        .arg(QString::fromStdString(c.weight_mode_label))
                                  : QString::fromStdString(c.weight_mode_label));
  h += row(tr("Layers"), QString::number(c.n_layers));
  h += row(tr("Heads / KV heads / head dim"), QStringLiteral("%1 / %2 / %3").arg(c.n_heads).arg(c.n_kv_heads).arg(c.head_dim));
  h += row(tr("Hidden / FFN"), QStringLiteral("%1 / %2").arg(c.n_embd).arg(c.n_ff));
  h += row(tr("Context length"), QString::number(c.context_length));
  h += row(tr("Vocabulary"), loc.toString(c.n_vocab));
  h += row(tr("Tokenizer"), QString::fromStdString(c.tokenizer_model + (c.tokenizer_pre.empty() ? "" : " / " + c.tokenizer_pre)));
  if (!c.license.empty()) h += row(tr("Licence"), QString::fromStdString(c.license));
  h += row(tr("Chat template"), c.chat_template_family.empty() ? tr("none") : QString::fromStdString(c.chat_template_family));
  if (backend_ == BackendKind::Cuda)
    h += row(tr("Compute device"), tr("CUDA: %1, %2 (%3 free)")
                                       .arg(QString::fromStdString(device_.name), mib(device_.total_bytes),
                                            mib(device_.free_bytes)));
  else
    h += row(tr("Compute device"),
             tr("CPU, %1 threads").arg(threads_ > 0 ? threads_ : std::max(1, QThread::idealThreadCount())));
  h += row(tr("KV bytes per token (%1)").arg(QString::fromLatin1(kernels::kv_dtype_name(dtype_))),
           loc.toString(qulonglong(c.kv_bytes_per_token(dtype_))));
  h += QStringLiteral("</table><h4>%1</h4><table>").arg(tr("Tensor types").toHtmlEscaped());
  for (const auto& [type, bytes] : c.bytes_by_type) {
    const auto it = c.tensors_by_type.find(type);
    h += row(QString::fromStdString(type), tr("%1 tensors, %2").arg(it == c.tensors_by_type.end() ? 0 : it->second).arg(mib(bytes)));
  }
  h += QStringLiteral("</table>");
  // Gemma's terms ask that every copy carry this notice; the bootstrap puts the full terms beside the file.
  if (c.license == "gemma")
    h += QStringLiteral("<p><small>%1</small></p>")
             .arg(tr("Gemma is provided under and subject to the Gemma Terms of Use found at ai.google.dev/gemma/terms "
                     "(a copy: gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html beside the model file).")
                      .toHtmlEscaped());
  view_->setHtml(h);
}

}  // namespace inferscope::ui
