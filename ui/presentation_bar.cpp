#include "ui/presentation_bar.h"

#include <QEvent>
#include <QFontMetrics>
#include <QVBoxLayout>
#include <algorithm>
#include <QLabel>

namespace inferscope::ui {

namespace {
constexpr int kMinPx = 12;

// The largest pixel size from `from` down to kMinPx at which text fits in room (kMinPx if none does);
// `from` itself while the strip has no width yet to measure against.
int fittedPixelSize(QFont f, const QString& text, int from, int room, bool measure) {
  int px = from;
  for (; px > kMinPx && measure; --px) {
    f.setPixelSize(px);
    if (QFontMetrics(f).horizontalAdvance(text) <= room) break;
  }
  return px;
}
const QString kGap = QStringLiteral("    ");  // between the numbers on the strip
}  // namespace

PresentationBar::PresentationBar(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("presentation_bar"));
  auto* h = new QVBoxLayout(this);
  h->setContentsMargins(12, 4, 12, 4);
  h->setSpacing(0);
  line_ = new QLabel;
  line_->setObjectName(QStringLiteral("presentation_numbers"));
  // The type is fitted to the width (fitText), so a long line never widens the window.
  line_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  h->addWidget(line_);
  conditions_ = new QLabel;
  conditions_->setObjectName(QStringLiteral("presentation_conditions"));
  conditions_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  conditions_->setStyleSheet(QStringLiteral("color: #b26a00;"));
  conditions_->hide();
  h->addWidget(conditions_);
  retranslateUi();
}

void PresentationBar::setNumbers(int64_t step, double tokensPerS, double kvUsed, int running, int waiting, bool runAverage) {
  stepValue_ = step, rateValue_ = tokensPerS, kvValue_ = kvUsed, running_ = running, waiting_ = waiting;
  runAverage_ = runAverage;
  serversUp_ = -1;
  retranslateUi();
}

void PresentationBar::setConditions(const QStringList& conditions) {
  if (conditions == conditionParts_) return;
  conditionParts_ = conditions;
  fitText();
}

QString PresentationBar::conditionsText() const { return conditionParts_.join(QStringLiteral(" · ")); }
QString PresentationBar::smallText() const { return conditions_->text(); }

void PresentationBar::setServerNumbers(int up, int servers, double tokensPerS, double kvUsed, int running, int waiting) {
  serversUp_ = up, servers_ = servers;
  runAverage_ = false;
  rateValue_ = tokensPerS, kvValue_ = kvUsed, running_ = running, waiting_ = waiting;
  retranslateUi();
}

void PresentationBar::setTextPixelSize(int px) {
  px_ = px;
  fitText();
}

QString PresentationBar::text() const { return parts_.join(QStringLiteral(" · ")); }

void PresentationBar::fitText() {
  QFont f = font();
  f.setBold(true);
  const QString line = parts_.join(kGap);
  const QMargins m = layout()->contentsMargins();
  const int room = width() - m.left() - m.right();
  const int px = fittedPixelSize(f, line, px_, room, width() > 0);
  f.setPixelSize(px);
  shownPx_ = px;
  line_->setFont(f);
  line_->setText(line);
  // The conditions in about half the size, shrunk the same way where they would not fit.
  QFont cf = font();
  // The note on the rate goes on the small line: the large one must keep its size on a 1280 px projector.
  QStringList small = conditionParts_;
  if (runAverage_) small.prepend(tr("run ended: tokens/s is the whole run's average"));
  conditions_->setVisible(!small.isEmpty());
  const QString cond = small.join(QStringLiteral("  ·  "));
  cf.setPixelSize(fittedPixelSize(cf, cond, std::max(kMinPx, px_ * 11 / 20), room, width() > 0));
  conditions_->setFont(cf);
  conditions_->setText(cond);
}

void PresentationBar::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  fitText();
}

void PresentationBar::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void PresentationBar::retranslateUi() {
  const QString step = stepValue_ < 0 ? tr("Step –") : tr("Step %1").arg(stepValue_);
  parts_ = {serversUp_ < 0 ? step : tr("%1 of %2 servers up").arg(serversUp_).arg(servers_),
            tr("%1 tokens/s").arg(rateValue_, 0, 'f', 0),
            kvValue_ < 0 ? tr("KV used –") : tr("KV used %1%").arg(kvValue_ * 100.0, 0, 'f', 0),
            tr("%1 running, %2 waiting").arg(running_).arg(waiting_)};
  fitText();
}

}  // namespace inferscope::ui
