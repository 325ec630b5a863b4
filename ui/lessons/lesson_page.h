#pragma once
// LessonPage: one lesson. Title and explanation (from LessonTexts), the parameter controls, and what
// the engine computed for them: numbers, chart and, for matrix results, a heat map; then the
// challenges. A control change recomputes after a short pause (debounced); the computation runs on
// the engine thread through EngineController::computeLesson and only the newest answer is shown.
#include <QWidget>

#include "ui/engine/engine_snapshot.h"
#include "ui/lessons/lesson_texts.h"

class QLabel;
class QPushButton;
class QSplitter;
class QTextBrowser;
class QTimer;

namespace inferscope::ui {

class ChallengesView;
class EngineController;
class HeatMapView;
class LessonChart;
class NumbersTable;
class ParamControls;

class LessonPage : public QWidget {
  Q_OBJECT
 public:
  LessonPage(const lessons::Lesson& lesson, int number, EngineController* controller, QWidget* parent = nullptr);

  const lessons::Lesson& lesson() const { return lesson_; }
  QString id() const;
  void setLanguage(const QString& lang);
  // Recompute after the debounce pause / right now (tests, a newly loaded model).
  void scheduleCompute();
  void computeNow();
  // A recompute is waiting for the debounce pause or for the engine thread's answer.
  bool isComputing() const;
  // The result on screen (null before the first one or while an error is shown).
  LessonResultPtr result() const { return shownError_.isEmpty() ? result_ : nullptr; }
  QString errorText() const { return shownError_; }
  QString exportId() const;  // "lesson_kv_size": file names in exports

  ParamControls* controls() const { return controls_; }
  NumbersTable* numbers() const { return numbers_; }
  LessonChart* chart() const { return chart_; }
  HeatMapView* heatMap() const { return heatMap_; }
  QLabel* titleLabel() const { return title_; }
  QLabel* errorLabel() const { return error_; }
  ChallengesView* challenges() const { return challenges_; }
  QPushButton* seeItButton() const { return seeIt_; }
  void setDark(bool dark);
  void setLineWidth(qreal width);
  // Presentation: every text of the page (explanation, inputs, numbers, heat map, chart) at px pixels,
  // the title larger; 0 restores the application's font.
  void setTextPixelSize(int px);

 signals:
  void seeItForReal(const QString& scenarioFile);
  void updated();  // a result or an error was just shown

 protected:
  void changeEvent(QEvent* e) override;
  void resizeEvent(QResizeEvent* e) override;

 private:
  void onComputed(quint64 tag, const QString& id, LessonResultPtr result, const QString& error);
  void showResult();
  void showError(const QString& text);
  void retranslateUi();
  void exportChart(const QString& ext, qreal scale);
  // With a "preset" other than custom, the layers / KV heads / head size controls show the shape the
  // lesson computes with (the loaded model's or the published one's) and are locked; custom unlocks.
  void syncShapeControls();

  const lessons::Lesson& lesson_;
  const int number_;
  EngineController* controller_;
  LessonTexts texts_;
  QString lang_ = QStringLiteral("en");
  quint64 pendingTag_ = 0;
  LessonResultPtr result_;
  QString shownError_;
  QTimer* debounce_ = nullptr;

  QLabel* title_ = nullptr;
  QTextBrowser* body_ = nullptr;
  QPushButton* seeIt_ = nullptr;
  QPushButton* export_ = nullptr;
  QLabel* paramsTitle_ = nullptr;
  ParamControls* controls_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* error_ = nullptr;
  QLabel* texts_label_ = nullptr;
  NumbersTable* numbers_ = nullptr;
  LessonChart* chart_ = nullptr;
  HeatMapView* heatMap_ = nullptr;
  QLabel* challengesTitle_ = nullptr;
  QWidget* challengeArea_ = nullptr;
  QSplitter* top_ = nullptr;  // inputs beside the chart, or above it on a narrow page
  ChallengesView* challenges_ = nullptr;
};

}  // namespace inferscope::ui
