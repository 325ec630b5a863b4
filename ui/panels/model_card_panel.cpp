#include "ui/panels/model_card_panel.h"

#include <QEvent>
#include <algorithm>
#include <QFileInfo>
#include <QLocale>
#include <QThread>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <cmath>

namespace inferscope::ui {

ModelCardPanel::ModelCardPanel(QWidget* parent) : QWidget(parent) {
  view_ = new QTextBrowser;
  view_->setOpenExternalLinks(true);  // the licence notice's files open in the desktop's viewer
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  l->addWidget(view_);
  render();
}

void ModelCardPanel::setCard(const std::optional<ModelCard>& card) {
  card_ = card;
  render();
}

void ModelCardPanel::setKvDtype(KvDtype d) {
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
  if (!c.quantization.empty()) h += row(tr("Quantization"), QString::fromStdString(c.quantization));
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
  h += row(tr("KV bytes per token (%1)").arg(QString::fromLatin1(kv_dtype_name(dtype_))),
           loc.toString(qulonglong(c.kv_bytes_per_token(dtype_))));
  h += QStringLiteral("</table>");
  h += parametersHtml(c);
  h += differencesHtml(c);
  h += QStringLiteral("<h4>%1</h4><table>").arg(tr("Tensor types").toHtmlEscaped());
  for (const auto& [type, bytes] : c.bytes_by_type) {
    const auto it = c.tensors_by_type.find(type);
    h += row(QString::fromStdString(type), tr("%1 tensors, %2").arg(it == c.tensors_by_type.end() ? 0 : it->second).arg(mib(bytes)));
  }
  h += QStringLiteral("</table>");
  h += noticeHtml(c);
  // Gemma's terms ask that every copy carry this notice; the bootstrap puts the full terms beside the file.
  if (c.license == "gemma")
    h += QStringLiteral("<p><small>%1</small></p>")
             .arg(tr("Gemma is provided under and subject to the Gemma Terms of Use found at ai.google.dev/gemma/terms "
                     "(a copy: gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html beside the model file).")
                      .toHtmlEscaped());
  view_->setHtml(h);
}

// Where the parameters are: with a large vocabulary and a small hidden size the embedding dominates.
QString ModelCardPanel::parametersHtml(const ModelCard& c) const {
  if (c.n_parameters == 0) return {};
  const QLocale loc;
  auto millions = [&](uint64_t n) {
    return tr("%1 M (%2%)").arg(loc.toString(double(n) / 1e6, 'f', 1), loc.toString(100.0 * double(n) / double(c.n_parameters), 'f', 1));
  };
  auto row = [](const QString& k, const QString& v) {
    return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k.toHtmlEscaped(), v.toHtmlEscaped());
  };
  QString h = QStringLiteral("<h4>%1</h4><table>").arg(tr("Where the parameters are").toHtmlEscaped());
  h += row(tr("Token embedding (%1 × %2)").arg(loc.toString(c.n_vocab), loc.toString(c.n_embd)), millions(c.n_embedding_parameters));
  h += row(tr("Output head"), c.n_output_parameters > 0 ? millions(c.n_output_parameters)
                                                          : tr("tied: the token embedding, read again"));
  h += row(tr("Layers and norms"), millions(c.n_layer_parameters));
  h += QStringLiteral("</table>");
  // A decode step reads the output head whole for every token; the embedding only one row per token.
  const uint64_t head = c.n_output_parameters > 0 ? c.n_output_parameters : c.n_embedding_parameters;
  if (c.n_embedding_parameters + c.n_output_parameters > c.n_layer_parameters)
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("Most of this model is vocabulary: %1 of its %2 M parameters map token ids to vectors and "
                     "back, while the layers that compute hold %3 M.")
                      .arg(loc.toString(double(c.n_embedding_parameters + c.n_output_parameters) / 1e6, 'f', 0),
                           loc.toString(double(c.n_parameters) / 1e6, 'f', 0),
                           loc.toString(double(c.n_layer_parameters) / 1e6, 'f', 0))
                      .toHtmlEscaped());
  if (head > c.n_layer_parameters)
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("Every decoded token multiplies its hidden state by the whole output head, so the head costs "
                     "more than all the layers together.")
                      .toHtmlEscaped());
  return h;
}

// The loaded architecture beside llama's graph, row by row; rows that differ are marked.
QString ModelCardPanel::differencesHtml(const ModelCard& c) const {
  const QLocale loc;
  QString rows;
  int n_diff = 0;
  auto row = [&](const QString& what, const QString& llama, const QString& here, bool differs) {
    n_diff += differs ? 1 : 0;
    const QString cell = differs ? QStringLiteral("<b>%1</b>").arg(here.toHtmlEscaped()) : here.toHtmlEscaped();
    rows += QStringLiteral("<tr><td>%1%2</td><td>%3</td><td>%4</td></tr>")
                .arg(differs ? QStringLiteral("&#9670; ") : QString(), what.toHtmlEscaped(), llama.toHtmlEscaped(), cell);
  };
  const QString none = tr("none");
  row(tr("Norms"), tr("RMSNorm before attention and FFN"),
      c.post_norms ? tr("RMSNorm before and after attention and FFN") : tr("RMSNorm before attention and FFN"),
      c.post_norms);
  row(tr("Q/K norms"), none, c.qk_norm ? tr("RMSNorm over each Q and K head, before RoPE") : none, c.qk_norm);
  row(tr("QKV bias"), none, c.qkv_bias ? tr("on Q, K and V") : none, c.qkv_bias);
  const QString silu = tr("SiLU, gated");
  row(tr("FFN activation"), silu, c.ffn_act == FfnActivation::GeluTanh ? tr("GELU (tanh form), gated") : silu,
      c.ffn_act != FfnActivation::Silu);
  const QString whole = tr("every layer sees the whole context");
  if (c.sliding_window > 0) {
    QStringList globals;
    for (int l : c.global_layers) globals << QString::number(l);
    row(tr("Attention span"), whole,
        tr("a window of the last %1 tokens in %2 of %3 layers; layers %4 see the whole context")
            .arg(loc.toString(c.sliding_window))
            .arg(c.n_layers - int(c.global_layers.size()))
            .arg(c.n_layers)
            .arg(globals.join(QStringLiteral(", "))),
        true);
  } else {
    row(tr("Attention span"), whole, whole, false);
  }
  const QString one_base = tr("base %1 in every layer").arg(loc.toString(double(c.rope_freq_base), 'g', 7));
  QString rope = c.sliding_window > 0 ? tr("base %1 in the global layers, %2 in the window layers")
                                            .arg(loc.toString(double(c.rope_freq_base), 'g', 7),
                                                 loc.toString(double(c.rope_freq_base_swa), 'g', 7))
                                      : one_base;
  if (c.rope_freq_scale != 1.0f) rope += tr("; positions scaled by 1/%1").arg(loc.toString(1.0 / c.rope_freq_scale, 'g', 4));
  if (c.rope_freq_factors) rope += tr("; per-dimension frequency factors (rope_freqs)");
  row(tr("RoPE"), tr("one base, no scaling"), rope,
      c.sliding_window > 0 || c.rope_freq_scale != 1.0f || c.rope_freq_factors);
  row(tr("Embedding scale"), none,
      c.embd_scale != 1.0f ? tr("× %1 (√%2)").arg(loc.toString(double(c.embd_scale), 'f', 2)).arg(c.n_embd) : none,
      c.embd_scale != 1.0f);
  const bool default_scale = c.head_dim > 0 && std::abs(c.attn_scale * std::sqrt(float(c.head_dim)) - 1.0f) < 1e-6f;
  const QString rsqrt = tr("1/√%1").arg(c.head_dim);
  row(tr("Attention scale"), tr("1/√head dim"),
      default_scale ? rsqrt : tr("%1 instead of %2").arg(loc.toString(double(c.attn_scale), 'g', 6), rsqrt), !default_scale);
  QString h = QStringLiteral("<h4>%1</h4>").arg(tr("How %1 differs from llama").arg(QString::fromStdString(c.architecture)).toHtmlEscaped());
  h += QStringLiteral("<p>%1</p>").arg(n_diff == 0 ? tr("The same computation as llama's graph.").toHtmlEscaped()
                                                   : tr("%n difference(s), marked ◆.", nullptr, n_diff).toHtmlEscaped());
  h += QStringLiteral("<table><tr><th></th><th>%1</th><th>%2</th></tr>%3</table>")
           .arg(tr("llama").toHtmlEscaped(), tr("this model").toHtmlEscaped(), rows);
  return h;
}

// The licence notice the bootstrap put beside the file: NOTICE.md's text and links to every file.
QString ModelCardPanel::noticeHtml(const ModelCard& c) const {
  if (c.notice_dir.empty()) return {};
  const QString dir = QString::fromStdString(c.notice_dir);
  QString h = QStringLiteral("<h4>%1</h4>").arg(tr("Licence notice").toHtmlEscaped());
  if (!c.notice_text.empty())
    h += QStringLiteral("<pre style=\"white-space: pre-wrap\">%1</pre>").arg(QString::fromStdString(c.notice_text).toHtmlEscaped());
  QStringList links;
  for (const std::string& f : c.notice_files) {
    const QString name = QString::fromStdString(f);
    links << QStringLiteral("<a href=\"%1\">%2</a>")
                 .arg(QUrl::fromLocalFile(dir + QLatin1Char('/') + name).toString(QUrl::FullyEncoded), name.toHtmlEscaped());
  }
  h += QStringLiteral("<p>%1 %2</p>").arg(tr("Files in %1:").arg(dir).toHtmlEscaped(), links.join(QStringLiteral(", ")));
  return h;
}

}  // namespace inferscope::ui
