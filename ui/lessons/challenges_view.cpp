#include "ui/lessons/challenges_view.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace inferscope::ui {

ChallengesView::ChallengesView(QWidget* parent) : QWidget(parent) {
  layout_ = new QVBoxLayout(this);
  layout_->setContentsMargins(0, 0, 0, 0);
  layout_->addStretch(1);
}

void ChallengesView::setChallenges(const std::vector<LessonTexts::Challenge>& challenges) {
  std::vector<bool> revealed;
  for (const Row& r : rows_) revealed.push_back(!r.answer->isHidden());
  for (Row& r : rows_) delete r.box;
  rows_.clear();
  for (size_t i = 0; i < challenges.size(); ++i) {
    const auto& c = challenges[i];
    Row r;
    r.box = new QWidget;
    auto* grid = new QGridLayout(r.box);
    grid->setContentsMargins(0, 2, 0, 6);
    auto* level = new QLabel(QString(QChar(0x2605)).repeated(c.level) + QString(QChar(0x2606)).repeated(3 - c.level));
    level->setStyleSheet(QStringLiteral("color:#e0a000"));
    level->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    r.question = new QLabel(c.question);
    r.question->setWordWrap(true);
    r.question->setTextFormat(Qt::RichText);
    r.question->setTextInteractionFlags(Qt::TextSelectableByMouse);
    r.answer = new QLabel(c.answer);
    r.answer->setObjectName(QStringLiteral("challenge_answer_%1").arg(i));
    r.answer->setWordWrap(true);
    r.answer->setTextFormat(Qt::RichText);
    r.answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    r.answer->setStyleSheet(QStringLiteral("QLabel { border-left: 3px solid #4caf50; padding-left: 6px; }"));
    r.answer->setVisible(i < revealed.size() && revealed[i]);
    r.button = new QPushButton;
    r.button->setObjectName(QStringLiteral("challenge_show_%1").arg(i));
    grid->addWidget(level, 0, 0);
    grid->addWidget(r.question, 0, 1);
    grid->addWidget(r.button, 0, 2, Qt::AlignTop);
    grid->addWidget(r.answer, 1, 1, 1, 2);
    grid->setColumnStretch(1, 1);
    QLabel* answer = r.answer;
    QPushButton* button = r.button;
    connect(r.button, &QPushButton::clicked, this, [this, answer, button] {
      answer->setVisible(answer->isHidden());
      updateButton(Row{nullptr, nullptr, answer, button});
    });
    updateButton(r);
    layout_->insertWidget(layout_->count() - 1, r.box);
    rows_.push_back(r);
  }
}

void ChallengesView::updateButton(const Row& r) {
  r.button->setText(r.answer->isHidden() ? tr("Show answer") : tr("Hide answer"));
}

void ChallengesView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange)
    for (const Row& r : rows_) updateButton(r);
  QWidget::changeEvent(e);
}

}  // namespace inferscope::ui
