#include "ui/presentation_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

namespace inferscope::ui {

PresentationBar::PresentationBar(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("presentation_bar"));
  auto* h = new QHBoxLayout(this);
  h->setContentsMargins(12, 4, 12, 4);
  h->setSpacing(32);
  for (QLabel** l : {&step_, &rate_, &kv_, &requests_}) {
    *l = new QLabel;
    h->addWidget(*l);
  }
  step_->setObjectName(QStringLiteral("presentation_step"));
  h->addStretch(1);
  setTextPixelSize(32);
  retranslateUi();
}

void PresentationBar::setNumbers(int64_t step, double tokensPerS, double kvUsed, int running, int waiting) {
  stepValue_ = step, rateValue_ = tokensPerS, kvValue_ = kvUsed, running_ = running, waiting_ = waiting;
  retranslateUi();
}

void PresentationBar::setTextPixelSize(int px) {
  px_ = px;
  QFont f = font();
  f.setPixelSize(px);
  f.setBold(true);
  for (QLabel* l : {step_, rate_, kv_, requests_}) l->setFont(f);
}

QString PresentationBar::text() const {
  return QStringList{step_->text(), rate_->text(), kv_->text(), requests_->text()}.join(QStringLiteral(" · "));
}

void PresentationBar::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void PresentationBar::retranslateUi() {
  step_->setText(tr("Step %1").arg(stepValue_));
  rate_->setText(tr("%1 tokens/s").arg(rateValue_, 0, 'f', 0));
  kv_->setText(kvValue_ < 0 ? tr("KV used –") : tr("KV used %1%").arg(kvValue_ * 100.0, 0, 'f', 0));
  requests_->setText(tr("%1 running, %2 waiting").arg(running_).arg(waiting_));
}

}  // namespace inferscope::ui
