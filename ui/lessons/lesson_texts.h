#pragma once
// LessonTexts: a lesson's classroom texts from resources/lessons/<id>.json (embedded as
// ":/lessons/<id>.json"): title, rich-text body and challenges in en / zh_TW / zh_CN, plus an optional
// "labels" table translating the engine's English labels (parameters, numbers, series, axes). Missing
// files, languages or labels fall back to English, then to the engine's own text.
#include <QString>
#include <QStringList>
#include <QJsonObject>
#include <vector>

namespace inferscope::ui {

class LessonTexts {
 public:
  struct Challenge {
    int level = 1;
    QString question, answer;  // rich text in the requested language
  };

  LessonTexts() = default;
  // Reads ":/lessons/<id>.json"; fallbackTitle (the engine's English title) is used when it is absent.
  static LessonTexts load(const QString& id, const QString& fallbackTitle);
  static LessonTexts fromJson(const QJsonObject& o, const QString& fallbackTitle);

  bool loaded() const { return !json_.isEmpty(); }
  QString title(const QString& lang) const;
  QString body(const QString& lang) const;  // empty when there is no text
  std::vector<Challenge> challenges(const QString& lang) const;
  // english translated through "labels": an exact key, else a template key whose %1, %2 ... stand for
  // values (each value is itself looked up, then put into the translation); english when nothing matches.
  QString label(const QString& english, const QString& lang) const;
  // Whether text is pattern with each %N replaced by some non-empty text; args[N-1] receives it.
  static bool matchTemplate(const QString& pattern, const QString& text, QStringList* args);

 private:
  static QString pick(const QJsonValue& v, const QString& lang);
  QJsonObject json_;
  QString fallbackTitle_;
};

}  // namespace inferscope::ui
