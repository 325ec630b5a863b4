#pragma once
// ChallengesView: a lesson's challenges, one per row with its level (1-3 stars), the question and a
// "Show answer" button that reveals (and hides again) the answer. Revealed answers stay revealed when
// the texts are replaced by another language.
#include <QWidget>
#include <vector>

#include "ui/lessons/lesson_texts.h"

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace inferscope::ui {

class ChallengesView : public QWidget {
  Q_OBJECT
 public:
  explicit ChallengesView(QWidget* parent = nullptr);

  void setChallenges(const std::vector<LessonTexts::Challenge>& challenges);
  int count() const { return int(rows_.size()); }
  QPushButton* answerButton(int i) const { return rows_[size_t(i)].button; }
  QLabel* answerLabel(int i) const { return rows_[size_t(i)].answer; }

 protected:
  void changeEvent(QEvent* e) override;

 private:
  struct Row {
    QWidget* box = nullptr;
    QLabel* question = nullptr;
    QLabel* answer = nullptr;
    QPushButton* button = nullptr;
  };
  void updateButton(const Row& r);
  QVBoxLayout* layout_ = nullptr;
  std::vector<Row> rows_;
};

}  // namespace inferscope::ui
