#include "ui/panels/playground_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextEdit>
#include <QVBoxLayout>

#include "ui/engine/engine_controller.h"

namespace inferscope::ui {

namespace {
QColor originColor(TokenOrigin o) {
  switch (o) {
    case TokenOrigin::Prompt: return QColor(0xbb, 0xde, 0xfb);
    case TokenOrigin::PrefixHit: return QColor(0xc8, 0xe6, 0xc9);
    case TokenOrigin::Decoded: return QColor(0xff, 0xf5, 0x9d);
    case TokenOrigin::Accepted: return QColor(0xe1, 0xbe, 0xe7);
  }
  return Qt::white;
}
}  // namespace

PlaygroundPanel::PlaygroundPanel(EngineController* controller, QWidget* parent) : QWidget(parent), controller_(controller) {
  prompt_ = new QPlainTextEdit;
  prompt_->setMaximumHeight(110);
  mode_ = new QComboBox;
  mode_->addItems({QString(), QString()});
  maxTokens_ = new QSpinBox;
  maxTokens_->setRange(1, 4096);
  maxTokens_->setValue(64);
  temperature_ = new QDoubleSpinBox;
  temperature_->setRange(0, 5);
  temperature_->setSingleStep(0.1);
  topK_ = new QSpinBox;
  topK_->setRange(0, 1000);
  topP_ = new QDoubleSpinBox;
  topP_->setRange(0.01, 1.0);
  topP_->setSingleStep(0.05);
  topP_->setValue(1.0);
  seed_ = new QSpinBox;
  seed_->setRange(0, 1 << 30);
  send_ = new QPushButton;
  send_->setObjectName(QStringLiteral("playground_send"));
  maxTokensLabel_ = new QLabel;
  tempLabel_ = new QLabel;
  topKLabel_ = new QLabel;
  topPLabel_ = new QLabel;
  seedLabel_ = new QLabel;
  legend_ = new QLabel;
  legend_->setTextFormat(Qt::RichText);
  status_ = new QLabel;
  output_ = new QTextEdit;
  output_->setReadOnly(true);

  auto* opts = new QGridLayout;
  opts->addWidget(mode_, 0, 0);
  opts->addWidget(maxTokensLabel_, 0, 1);
  opts->addWidget(maxTokens_, 0, 2);
  opts->addWidget(tempLabel_, 0, 3);
  opts->addWidget(temperature_, 0, 4);
  opts->addWidget(topKLabel_, 1, 1);
  opts->addWidget(topK_, 1, 2);
  opts->addWidget(topPLabel_, 1, 3);
  opts->addWidget(topP_, 1, 4);
  opts->addWidget(seedLabel_, 1, 5);
  opts->addWidget(seed_, 1, 6);
  opts->addWidget(send_, 0, 6);
  auto* l = new QVBoxLayout(this);
  l->addWidget(prompt_);
  l->addLayout(opts);
  l->addWidget(legend_);
  l->addWidget(status_);
  l->addWidget(output_, 1);

  connect(send_, &QPushButton::clicked, this, &PlaygroundPanel::send);
  connect(controller_, &EngineController::requestSubmitted, this, [this](quint64 tag, qint64 id, const QString& err) {
    if (tag != tag_) return;
    requestId_ = id;
    status_->setText(err.isEmpty() ? tr("Request %1 submitted; press Run or Step to generate.").arg(id) : tr("Not submitted: %1").arg(err));
  });
  retranslateUi();
}

void PlaygroundPanel::setPrompt(const QString& p) { prompt_->setPlainText(p); }

QString PlaygroundPanel::outputText() const { return output_->toPlainText(); }

void PlaygroundPanel::send() {
  Request r;
  r.prompt = prompt_->toPlainText().toStdString();
  r.params.max_tokens = maxTokens_->value();
  r.params.temperature = float(temperature_->value());
  r.params.top_k = topK_->value();
  r.params.top_p = float(topP_->value());
  r.params.seed = uint64_t(seed_->value());
  output_->clear();
  requestId_ = -1;
  tag_ = controller_->submit(r, mode_->currentIndex() == 0);
}

void PlaygroundPanel::addSnapshot(const EngineSnapshot& s) {
  if (s.engine_rebuilt) requestId_ = -1;
  if (requestId_ < 0) return;
  QTextCursor c(output_->document());
  c.movePosition(QTextCursor::End);
  for (const auto& e : s.events) {
    if (e.request_id != requestId_ || e.sample_index != 0) continue;
    QTextCharFormat f;
    f.setBackground(originColor(e.origin));
    f.setForeground(Qt::black);
    c.insertText(QString::fromStdString(e.text), f);
  }
  for (const auto& r : s.requests) {
    if (r.id != requestId_) continue;
    status_->setText(tr("Request %1: %2 prompt tokens (%3 from the prefix cache), %4 generated, state %5")
                         .arg(r.id).arg(r.n_prompt).arg(r.n_prefix_hit).arg(r.n_generated)
                         .arg(QString::fromStdString(r.state)));
  }
}

void PlaygroundPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void PlaygroundPanel::retranslateUi() {
  prompt_->setPlaceholderText(tr("Type a prompt, e.g. \"Explain the KV cache in one sentence.\""));
  mode_->setItemText(0, tr("Chat (template)"));
  mode_->setItemText(1, tr("Raw prompt"));
  mode_->setToolTip(tr("Chat wraps the prompt in the model's chat template; raw sends the text as is."));
  maxTokensLabel_->setText(tr("Max tokens"));
  tempLabel_->setText(tr("Temperature"));
  temperature_->setToolTip(tr("0 picks the most likely token every time (greedy); higher values sample more freely."));
  topKLabel_->setText(tr("Top-k"));
  topK_->setToolTip(tr("Sample only among the k most likely tokens (0 = off)."));
  topPLabel_->setText(tr("Top-p"));
  topP_->setToolTip(tr("Sample among the smallest set of tokens whose probability reaches p (1 = off)."));
  seedLabel_->setText(tr("Seed"));
  seed_->setToolTip(tr("Random seed, so a sampled answer can be reproduced."));
  send_->setText(tr("Send"));
  legend_->setText(tr("Token colours: <span style=\"background:#fff59d;color:black\">&nbsp;decoded&nbsp;</span> "
                      "<span style=\"background:#e1bee7;color:black\">&nbsp;accepted draft&nbsp;</span> "
                      "<span style=\"background:#c8e6c9;color:black\">&nbsp;prefix-cache hit&nbsp;</span> "
                      "<span style=\"background:#bbdefb;color:black\">&nbsp;prefilled&nbsp;</span>"));
}

}  // namespace inferscope::ui
