#include "ui/lessons/lesson_texts.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
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
  const QJsonObject labels = json_.value(QStringLiteral("labels")).toObject();
  const QJsonValue v = labels.value(english);
  if (v.isObject()) {
    const QString s = v.toObject().value(lang).toString();
    if (!s.isEmpty()) return s;
  }
  // Template keys ("... (layer %1, head %2)") cover strings the engine builds from values. Of the keys
  // that match, the one with the most literal text wins ("random: group %1" over "%1: group %2").
  QString best;
  qsizetype bestLiteral = -1;
  QStringList bestArgs;
  for (auto it = labels.begin(); it != labels.end(); ++it) {
    if (!it.key().contains(QLatin1String("%1"))) continue;
    const QString translated = it.value().toObject().value(lang).toString();
    if (translated.isEmpty()) continue;
    QStringList args;
    if (!matchTemplate(it.key(), english, &args)) continue;
    const qsizetype literal = it.key().size() - 2 * args.size();  // each %N is two characters
    if (literal <= bestLiteral) continue;
    best = translated, bestLiteral = literal, bestArgs = args;
  }
  if (bestLiteral >= 0) {
    // Highest placeholder first, so that %1 never eats the start of %10.
    for (int i = int(bestArgs.size()); i >= 1; --i) {
      best.replace(QLatin1Char('%') + QString::number(i), label(bestArgs[i - 1], lang));
    }
    return best;
  }
  return english;
}

bool LessonTexts::matchTemplate(const QString& pattern, const QString& text, QStringList* args) {
  // Escape the literal parts and turn each %N into a capture; groups are numbered by placeholder.
  static const QRegularExpression placeholder(QStringLiteral("%(\\d+)"));
  QString rx = QStringLiteral("^");
  std::vector<int> order;
  qsizetype last = 0;
  for (auto m = placeholder.globalMatch(pattern); m.hasNext();) {
    const QRegularExpressionMatch pm = m.next();
    rx += QRegularExpression::escape(pattern.mid(last, pm.capturedStart() - last)) + QStringLiteral("(.+?)");
    order.push_back(pm.captured(1).toInt());
    last = pm.capturedEnd();
  }
  rx += QRegularExpression::escape(pattern.mid(last)) + QStringLiteral("$");
  const QRegularExpressionMatch m = QRegularExpression(rx).match(text);
  if (!m.hasMatch()) return false;
  const int n = order.empty() ? 0 : *std::max_element(order.begin(), order.end());
  args->clear();
  for (int i = 0; i < n; ++i) args->append(QString());
  for (size_t g = 0; g < order.size(); ++g) (*args)[order[g] - 1] = m.captured(int(g) + 1);
  return true;
}

}  // namespace inferscope::ui
