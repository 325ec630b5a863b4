#pragma once
// LessonsPanel: the Lessons tab. A numbered list of every lesson in lessons::all_lessons() (titles
// from the lesson texts, in the current language) and the selected lesson's page. Pages are built
// when first shown and keep their settings and results while the user moves between lessons.
#include <QWidget>
#include <vector>

class QListWidget;
class QStackedWidget;

namespace inferscope::ui {

class EngineController;
class LessonPage;

class LessonsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit LessonsPanel(EngineController* controller, QWidget* parent = nullptr);

  QListWidget* list() const { return list_; }
  int lessonCount() const;
  // Selects the lesson and returns its page (built on first use); null for an unknown id.
  LessonPage* showLesson(const QString& id);
  LessonPage* currentPage() const;
  // Pages built so far (in teaching order), e.g. for export.
  std::vector<LessonPage*> pages() const;
  void setLanguage(const QString& lang);  // "en", "zh_TW", "zh_CN": the lesson texts' language
  QString language() const { return lang_; }
  void setDark(bool dark);
  void setLineWidth(qreal width);
  // Presentation mode: the list and every page with text at px pixels (0: the normal fonts).
  void setTextPixelSize(int px);

 signals:
  void seeItForReal(const QString& scenarioFile);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  LessonPage* pageAt(int row);
  void onModelChanged();
  void retranslateUi();

  EngineController* controller_;
  QListWidget* list_ = nullptr;
  QStackedWidget* stack_ = nullptr;
  std::vector<LessonPage*> pages_;  // one slot per lesson, null until built
  std::vector<bool> stale_;         // the model changed since this page computed
  QString lang_ = QStringLiteral("en");
  bool dark_ = false;
  qreal lineWidth_ = 2.0;
  int textPx_ = 0;
};

}  // namespace inferscope::ui
