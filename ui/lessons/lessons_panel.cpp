#include "ui/lessons/lessons_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSplitter>
#include <QStackedWidget>

#include "engine/lessons/lesson.h"
#include "ui/engine/engine_controller.h"
#include "ui/lessons/lesson_page.h"
#include "ui/lessons/lesson_texts.h"

namespace inferscope::ui {

LessonsPanel::LessonsPanel(EngineController* controller, QWidget* parent) : QWidget(parent), controller_(controller) {
  setObjectName(QStringLiteral("lessons"));
  list_ = new QListWidget;
  list_->setObjectName(QStringLiteral("lesson_list"));
  list_->setWordWrap(true);
  list_->setTextElideMode(Qt::ElideNone);
  list_->setMinimumWidth(170);
  list_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
  stack_ = new QStackedWidget;
  const auto& all = lessons::all_lessons();
  for (size_t i = 0; i < all.size(); ++i) {
    auto* item = new QListWidgetItem(list_);
    item->setData(Qt::UserRole, QString::fromStdString(all[i]->id()));
    auto* placeholder = new QWidget;  // replaced by the page when it is first shown
    stack_->addWidget(placeholder);
  }
  pages_.assign(all.size(), nullptr);
  stale_.assign(all.size(), false);
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(list_);
  split->addWidget(stack_);
  split->setStretchFactor(0, 0);
  split->setStretchFactor(1, 1);
  split->setSizes({210, 1000});
  split->setChildrenCollapsible(false);
  auto* h = new QHBoxLayout(this);
  h->setContentsMargins(4, 4, 4, 4);
  h->addWidget(split);

  connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row < 0) return;
    LessonPage* p = pageAt(row);
    stack_->setCurrentWidget(p);
    if (stale_[size_t(row)]) {
      stale_[size_t(row)] = false;
      p->computeNow();
    }
  });
  // A new model changes what model lessons (and "the loaded model" presets) compute.
  connect(controller_, &EngineController::loadFinished, this, [this](bool ok) {
    if (ok) onModelChanged();
  });
  retranslateUi();
  if (!all.empty()) list_->setCurrentRow(0);
}

int LessonsPanel::lessonCount() const { return int(pages_.size()); }

LessonPage* LessonsPanel::pageAt(int row) {
  if (row < 0 || row >= int(pages_.size())) return nullptr;
  if (!pages_[size_t(row)]) {
    const lessons::Lesson& lesson = *lessons::all_lessons()[size_t(row)];
    auto* page = new LessonPage(lesson, row + 1, controller_);
    page->setLanguage(lang_);
    page->setDark(dark_);
    page->setLineWidth(lineWidth_);
    if (textPx_ > 0) page->setTextPixelSize(textPx_);
    connect(page, &LessonPage::seeItForReal, this, &LessonsPanel::seeItForReal);
    QWidget* placeholder = stack_->widget(row);
    stack_->insertWidget(row, page);
    stack_->removeWidget(placeholder);
    delete placeholder;
    pages_[size_t(row)] = page;
    stale_[size_t(row)] = false;
    page->computeNow();
  }
  return pages_[size_t(row)];
}

LessonPage* LessonsPanel::showLesson(const QString& id) {
  for (int i = 0; i < list_->count(); ++i)
    if (list_->item(i)->data(Qt::UserRole).toString() == id) {
      list_->setCurrentRow(i);
      return pageAt(i);
    }
  return nullptr;
}

LessonPage* LessonsPanel::currentPage() const {
  const int row = list_->currentRow();
  return row >= 0 && row < int(pages_.size()) ? pages_[size_t(row)] : nullptr;
}

std::vector<LessonPage*> LessonsPanel::pages() const {
  std::vector<LessonPage*> out;
  for (LessonPage* p : pages_)
    if (p) out.push_back(p);
  return out;
}

void LessonsPanel::onModelChanged() {
  // The visible page recomputes now; the others when they are next shown.
  for (size_t i = 0; i < pages_.size(); ++i) {
    if (!pages_[i]) continue;
    if (int(i) == list_->currentRow()) pages_[i]->computeNow();
    else stale_[i] = true;
  }
}

void LessonsPanel::setLanguage(const QString& lang) {
  lang_ = lang;
  for (LessonPage* p : pages_)
    if (p) p->setLanguage(lang);
  retranslateUi();
}

void LessonsPanel::setDark(bool dark) {
  dark_ = dark;
  for (LessonPage* p : pages_)
    if (p) p->setDark(dark);
}

void LessonsPanel::setLineWidth(qreal width) {
  lineWidth_ = width;
  for (LessonPage* p : pages_)
    if (p) p->setLineWidth(width);
}

void LessonsPanel::setTextPixelSize(int px) {
  textPx_ = px;
  QFont f = QWidget::font();
  if (px > 0) f.setPixelSize(px);
  list_->setFont(px > 0 ? f : QFont());
  if (px <= 0) list_->setAttribute(Qt::WA_SetFont, false);
  for (LessonPage* p : pages_)
    if (p) p->setTextPixelSize(px);
}

void LessonsPanel::retranslateUi() {
  const auto& all = lessons::all_lessons();
  for (int i = 0; i < list_->count() && i < int(all.size()); ++i) {
    const QString id = QString::fromStdString(all[size_t(i)]->id());
    const LessonTexts texts = LessonTexts::load(id, QString::fromStdString(all[size_t(i)]->title()));
    QListWidgetItem* item = list_->item(i);
    item->setText(tr("%1. %2").arg(i + 1).arg(texts.title(lang_)));
    item->setToolTip(all[size_t(i)]->needs_model() ? tr("Runs on the loaded model.") : tr("Computed from the parameters; no model needed."));
  }
}

void LessonsPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

}  // namespace inferscope::ui
