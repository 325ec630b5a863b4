#include "ui/panels/playground_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextBlock>
#include <QTextEdit>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/engine/engine_texts.h"
#include "ui/panels/token_style.h"
#include "ui/session/workbench_session.h"

namespace inferscope::ui {


PlaygroundPanel::PlaygroundPanel(WorkbenchSession* session, QWidget* parent) : QWidget(parent), session_(session) {
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
  legend_ = new QTextEdit;
  legend_->setObjectName(QStringLiteral("token_legend"));
  legend_->setReadOnly(true);
  legend_->setFrameShape(QFrame::NoFrame);
  legend_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  legend_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  legend_->setFixedHeight(legend_->fontMetrics().height() * 2);
  legend_->viewport()->setAutoFillBackground(false);
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
  connect(session_, &WorkbenchSession::requestSubmitted, this, [this](quint64 tag, qint64 id, const QString& err) {
    if (tag != tag_) return;
    requestId_ = id;
    status_->setText(err.isEmpty() ? tr("Request %1 submitted; press Run or Step to generate.").arg(id) : tr("Not submitted: %1").arg(err));
  });
  connect(session_, &WorkbenchSession::transcriptReady, this,
          [this](qint64 id, bool known, const QStringList& prompt, const QStringList& output) {
            if (id != requestId_ || !awaitingTranscript_) return;
            awaitingTranscript_ = false;
            if (!known) {
              status_->setText(tr("Request %1 is no longer held by the engine.").arg(id));
              return;
            }
            promptPieces_ = prompt;
            output_tokens_.clear();
            for (const QString& piece : output) output_tokens_.push_back({piece, TokenOrigin::Decoded});
            if (const EngineSnapshotPtr s = session_->lastSnapshot()) takeState(*s);
            render();
          });
  connect(session_, &WorkbenchSession::promptTokens, this, [this](qint64 id, const QStringList& pieces) {
    if (id != requestId_) return;
    promptPieces_ = pieces;
    render();
  });
  retranslateUi();
}

void PlaygroundPanel::setPrompt(const QString& p) { prompt_->setPlainText(p); }

QString PlaygroundPanel::outputText() const {
  QString s;
  for (const auto& t : output_tokens_) s += t.text;
  return s;
}

QString PlaygroundPanel::transcriptText() const { return output_->toPlainText(); }

int PlaygroundPanel::shownTokenCount(TokenOrigin origin) const {
  // Every token's tooltip names its index, so no two tokens share a format; a token with a newline
  // spans two blocks, so count distinct tooltips rather than fragments.
  QSet<QString> tokens;
  for (QTextBlock b = output_->document()->begin(); b.isValid(); b = b.next())
    for (auto it = b.begin(); !it.atEnd(); ++it) {
      const QTextCharFormat f = it.fragment().charFormat();
      if (f.hasProperty(kTokenOriginProperty) && f.intProperty(kTokenOriginProperty) == int(origin)) tokens.insert(f.toolTip());
    }
  return int(tokens.size());
}

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
  awaitingTranscript_ = false;
  promptPieces_.clear();
  promptHit_ = -1;
  output_tokens_.clear();
  shownTokens_ = shownHit_ = -1;
  tag_ = session_->submit(r, mode_->currentIndex() == 0);
}

void PlaygroundPanel::followRequest(qint64 id) {
  if (id < 0 || id == requestId_ || !session_->source()->isLive()) return;
  output_->clear();
  tag_ = 0;  // a submission still in flight no longer takes the panel over
  requestId_ = id;
  promptPieces_.clear();
  promptHit_ = -1;
  output_tokens_.clear();
  shownTokens_ = shownHit_ = -1;
  awaitingTranscript_ = true;
  status_->setText(tr("Request %1: reading its prompt and output so far...").arg(id));
  session_->describeRequest(id);
}

void PlaygroundPanel::addSnapshot(const EngineSnapshot& s) {
  if (s.engine_rebuilt) requestId_ = -1;
  if (requestId_ < 0) return;
  takeState(s);
  const bool following = shownTokens_ < 0;
  for (const auto& e : s.events) {
    if (e.request_id != requestId_ || e.sample_index != 0 || awaitingTranscript_) continue;
    output_tokens_.push_back({QString::fromStdString(e.text), e.origin});
    if (following) appendOutput(output_tokens_.back().text, e.origin, int(output_tokens_.size()));
  }
}

void PlaygroundPanel::takeState(const EngineSnapshot& s) {
  const bool following = shownTokens_ < 0;
  for (const auto& r : s.requests) {
    if (r.id != requestId_) continue;
    // n_prefix_hit is decided when the request is first scheduled (and again after a preemption); a
    // request that never was (failed at submission, cancelled in the queue) has no prefill to show.
    const bool scheduled = r.queue_ms >= 0 && r.state != RequestState::Waiting;
    if (scheduled && r.n_prefix_hit != promptHit_) {
      promptHit_ = r.n_prefix_hit;
      if (following) render();
    }
    if (following) showStatus(r);
  }
}

void PlaygroundPanel::showStatus(const RequestInfo& r) {
  if (r.state == RequestState::Failed) {
    status_->setText(tr("Request %1 failed: %2").arg(r.id).arg(EngineTexts::error(r.error)));
    return;
  }
  QString state = EngineTexts::state(r.state);
  if (r.state == RequestState::Finished && !r.finish_reason.empty()) state = tr("%1 (%2)").arg(state, EngineTexts::stopReason(r.finish_reason));
  QString line = tr("Request %1: %2 prompt tokens (%3 from the prefix cache), %4 generated, state %5")
                     .arg(r.id).arg(r.n_prompt).arg(r.n_prefix_hit).arg(r.n_generated).arg(state);
  if (!r.error.empty()) line += QLatin1Char('\n') + EngineTexts::error(r.error);
  status_->setText(line);
}

void PlaygroundPanel::showState(EngineSnapshotPtr state) {
  if (!state) {
    if (shownTokens_ < 0) return;
    shownTokens_ = shownHit_ = -1;
    render();
    return;
  }
  if (requestId_ < 0) return;
  const RequestInfo* r = nullptr;
  for (const auto& q : state->requests)
    if (q.id == requestId_) r = &q;
  if (r == nullptr) {
    // Not in the step's view: submitted later, or still deep in the queue then.
    shownTokens_ = 0;
    shownHit_ = -1;
    status_->setText(tr("Request %1 had not been scheduled at this step.").arg(requestId_));
  } else {
    // Tokens are streamed in order, so the first n of sample 0 are the ones generated by that step.
    shownTokens_ = r->token_ids.empty() ? 0 : int(r->token_ids.front().size());
    shownHit_ = r->queue_ms >= 0 && r->state != RequestState::Waiting ? r->n_prefix_hit : -1;
    showStatus(*r);
  }
  render();
}

void PlaygroundPanel::appendOutput(const QString& text, TokenOrigin origin, int index) {
  QTextCursor c(output_->document());
  c.movePosition(QTextCursor::End);
  // A token whose text is empty (mid-character) still counts: give it a zero-width mark.
  c.insertText(text.isEmpty() ? QStringLiteral("\u200b") : text,
               tokenFormat(origin, tr("Output token %1: %2").arg(index).arg(tokenOriginName(origin))));
}

void PlaygroundPanel::render() {
  const bool following = shownTokens_ < 0;
  const int hit = following ? promptHit_ : shownHit_;
  const size_t tokens = following ? output_tokens_.size() : std::min(output_tokens_.size(), size_t(shownTokens_));
  output_->clear();
  QTextCursor c(output_->document());
  for (int i = 0; i < promptPieces_.size(); ++i) {
    const QString& piece = promptPieces_[i];
    const QString text = piece.isEmpty() ? QStringLiteral("\u200b") : piece;
    if (hit < 0) {  // not scheduled yet: plain text, no claim about where its KV comes from
      QTextCharFormat f;
      f.setToolTip(tr("Prompt token %1: waiting to be scheduled").arg(i + 1));
      c.insertText(text, f);
      continue;
    }
    const TokenOrigin o = i < hit ? TokenOrigin::PrefixHit : TokenOrigin::Prompt;
    c.insertText(text, tokenFormat(o, tr("Prompt token %1: %2").arg(i + 1).arg(tokenOriginName(o))));
  }
  for (size_t i = 0; i < tokens; ++i)
    appendOutput(output_tokens_[i].text, output_tokens_[i].origin, int(i + 1));
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
  fillTokenLegend(legend_);
}

}  // namespace inferscope::ui
