#include "ui/lessons/lesson_texts.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>

namespace inferscope::ui {

LessonTexts LessonTexts::load(const QString& id, const QString& fallbackTitle) {
  QFile f(QStringLiteral(":/lessons/%1.json").arg(id));
  if (!f.open(QIODevice::ReadOnly)) return fromJson({}, fallbackTitle);
  return fromJson(QJsonDocument::fromJson(f.readAll()).object(), fallbackTitle);
}

LessonTexts LessonTexts::fromJson(const QJsonObject& o, const QString& fallbackTitle) {
  LessonTexts t;
  t.json_ = o;
  t.fallbackTitle_ = fallbackTitle;
  return t;
}

QString LessonTexts::pick(const QJsonValue& v, const QString& lang) {
  if (v.isString()) return v.toString();
  const QJsonObject o = v.toObject();
  const QString s = o.value(lang).toString();
  return s.isEmpty() ? o.value(QStringLiteral("en")).toString() : s;
}

QString LessonTexts::title(const QString& lang) const {
  const QString s = pick(json_.value(QStringLiteral("title")), lang);
  return s.isEmpty() ? fallbackTitle_ : s;
}

QString LessonTexts::body(const QString& lang) const { return pick(json_.value(QStringLiteral("body")), lang); }

std::vector<LessonTexts::Challenge> LessonTexts::challenges(const QString& lang) const {
  std::vector<Challenge> out;
  for (const QJsonValue& v : json_.value(QStringLiteral("challenges")).toArray()) {
    const QJsonObject c = v.toObject();
    Challenge ch;
    ch.level = std::clamp(c.value(QStringLiteral("level")).toInt(1), 1, 3);
    ch.question = pick(c.value(QStringLiteral("question")), lang);
    ch.answer = pick(c.value(QStringLiteral("answer")), lang);
    if (!ch.question.isEmpty()) out.push_back(ch);
  }
  return out;
}

QString LessonTexts::label(const QString& english, const QString& lang) const {
  if (lang == QLatin1String("en")) return english;
  const QJsonValue v = json_.value(QStringLiteral("labels")).toObject().value(english);
  const QString s = v.isObject() ? v.toObject().value(lang).toString() : QString();
  return s.isEmpty() ? english : s;
}

}  // namespace inferscope::ui
