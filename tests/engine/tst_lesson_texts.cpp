// The Lessons tab's texts (resources/lessons/<id>.json): every lesson present, well formed and fully
// translated, with Traditional Chinese (Taiwan) and Simplified Chinese kept apart, so a translation
// pasted into the wrong language fails here rather than in front of a classroom. The "labels" table
// translates the engine's English strings (parameters, numbers, chart); every parameter label and help
// of the registered lessons must be in it, so a new parameter without a translation fails here.
#include <QtTest/QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>

#include "engine/lessons/lesson.h"

namespace {

const char* const kLessonDir = INFERSCOPE_SOURCE_DIR "/resources/lessons";

// Teaching order, as engine/lessons registers them.
const QStringList kLessonIds = {
    "kv-size",     "prefill-decode", "cache-work", "qkv-lookup", "kv-reads",   "prefix-reuse",   "memory-planner",
    "quant-error", "quant-methods",  "spec-decode", "batching",  "paged-kv",   "moe",        "flash-attention",
    "parallelism",
};

const QStringList kLanguages = {"en", "zh_TW", "zh_CN"};

// (simplified, traditional) character pairs where the simplified form is not used in Taiwan text and
// the traditional form is not used in mainland text. Characters that stand for themselves in both
// scripts (后, 里, 并, 准, 范, 面 ...) are left out on purpose.
const char* const kScriptPairs[][2] = {
    {"这", "這"}, {"们", "們"}, {"数", "數"}, {"据", "據"}, {"个", "個"}, {"记", "記"}, {"忆", "憶"},
    {"储", "儲"}, {"时", "時"}, {"为", "為"}, {"会", "會"}, {"说", "說"}, {"对", "對"}, {"长", "長"},
    {"间", "間"}, {"与", "與"}, {"块", "塊"}, {"头", "頭"}, {"层", "層"}, {"缓", "緩"}, {"读", "讀"},
    {"写", "寫"}, {"参", "參"}, {"过", "過"}, {"还", "還"}, {"开", "開"}, {"关", "關"}, {"么", "麼"},
    {"样", "樣"}, {"级", "級"}, {"页", "頁"}, {"码", "碼"}, {"题", "題"}, {"问", "問"}, {"显", "顯"},
    {"机", "機"}, {"专", "專"}, {"请", "請"}, {"输", "輸"}, {"选", "選"}, {"种", "種"}, {"实", "實"},
    {"现", "現"}, {"该", "該"}, {"节", "節"}, {"处", "處"}, {"应", "應"}, {"试", "試"}, {"验", "驗"},
    {"权", "權"}, {"压", "壓"}, {"动", "動"}, {"图", "圖"}, {"计", "計"}, {"预", "預"}, {"设", "設"},
    {"点", "點"}, {"变", "變"}, {"从", "從"}, {"进", "進"}, {"结", "結"}, {"单", "單"}, {"认", "認"},
    {"质", "質"}, {"线", "線"}, {"类", "類"}, {"组", "組"}, {"经", "經"}, {"确", "確"}, {"误", "誤"},
    {"离", "離"}, {"标", "標"}, {"边", "邊"}, {"总", "總"}, {"续", "續"}, {"连", "連"}, {"让", "讓"},
    {"给", "給"}, {"则", "則"}, {"当", "當"}, {"无", "無"}, {"阶", "階"}, {"视", "視"}, {"内", "內"},
    {"术", "術"}, {"执", "執"}, {"换", "換"}, {"丢", "丟"}, {"释", "釋"}, {"两", "兩"}, {"复", "復"},
    {"复", "複"}, {"产", "產"}, {"态", "態"}, {"习", "習"}, {"练", "練"}, {"课", "課"}, {"际", "際"},
};

// Whole terms that give a translation away even where every character exists in both scripts.
// (算法 is not among them: Taiwan's 演算法 contains it.)
const char* const kTaiwanOnlyTerms[] = {"記憶體", "快取", "資料"};
const char* const kMainlandOnlyTerms[] = {"内存", "缓存", "数据"};

// The Qt rich-text subset the lesson page renders.
const QSet<QString> kAllowedTags = {"p", "b", "i", "code", "ul", "li", "sub", "sup", "br"};

QString readText(const QJsonObject& o, const QString& field, const QString& lang) {
  return o.value(field).toObject().value(lang).toString();
}

QJsonObject readLessonJson(const QString& id) {
  QFile file(QString::fromUtf8(kLessonDir) + "/" + id + ".json");
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object();
}

bool hasHan(const QString& s) {
  for (const QChar c : s) {
    if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) return true;
  }
  return false;
}

// Characters or terms of the other script found in `text`, empty when clean.
QStringList wrongScript(const QString& text, const QString& lang) {
  QStringList found;
  const bool taiwan = lang == "zh_TW";
  for (const auto& pair : kScriptPairs) {
    const QString bad = QString::fromUtf8(taiwan ? pair[0] : pair[1]);
    if (text.contains(bad)) found << bad;
  }
  if (taiwan) {
    for (const char* t : kMainlandOnlyTerms) {
      if (text.contains(QString::fromUtf8(t))) found << QString::fromUtf8(t);
    }
  } else {
    for (const char* t : kTaiwanOnlyTerms) {
      if (text.contains(QString::fromUtf8(t))) found << QString::fromUtf8(t);
    }
  }
  return found;
}

QStringList disallowedTags(const QString& text) {
  QStringList bad;
  static const QRegularExpression tag(QStringLiteral("</?([A-Za-z][A-Za-z0-9]*)[^>]*>"));
  auto it = tag.globalMatch(text);
  while (it.hasNext()) {
    const QString name = it.next().captured(1).toLower();
    if (!kAllowedTags.contains(name)) bad << name;
  }
  return bad;
}

// The %N placeholders of a template label ("... (layer %1, head %2)"), as numbers in order of appearance.
QList<int> placeholders(const QString& text) {
  static const QRegularExpression placeholder(QStringLiteral("%(\\d+)"));
  QList<int> found;
  for (auto it = placeholder.globalMatch(text); it.hasNext();) found << it.next().captured(1).toInt();
  return found;
}

int englishWords(QString html) {
  static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
  html.replace(tag, QStringLiteral(" "));
  return html.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size();
}

}  // namespace

class TestLessonTexts : public QObject {
  Q_OBJECT

 private slots:
  void everyLessonHasAFile() {
    const QDir dir(QString::fromUtf8(kLessonDir));
    QVERIFY2(dir.exists(), qPrintable("missing " + dir.path()));
    const QStringList files = dir.entryList({"*.json"}, QDir::Files);
    for (const QString& id : kLessonIds) {
      QVERIFY2(files.contains(id + ".json"), qPrintable("no text for lesson " + id));
    }
  }

  void lessonText_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(QString::fromUtf8(kLessonDir));
    for (const QString& f : dir.entryList({"*.json"}, QDir::Files, QDir::Name)) {
      QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
  }

  void lessonText() {
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &err);
    QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(path + ": " + err.errorString()));
    QVERIFY(doc.isObject());
    const QJsonObject o = doc.object();

    QCOMPARE(o.value("id").toString(), QFileInfo(path).completeBaseName());
    QVERIFY2(kLessonIds.contains(o.value("id").toString()), "id is not one of the registered lessons");

    QStringList texts;  // (lang, text) flattened for the script checks below
    for (const QString& field : {QStringLiteral("title"), QStringLiteral("body")}) {
      QVERIFY2(o.value(field).isObject(), qPrintable(field + " is not an object"));
      for (const QString& lang : kLanguages) {
        const QString t = readText(o, field, lang).trimmed();
        QVERIFY2(!t.isEmpty(), qPrintable(field + "." + lang + " is empty"));
        texts << lang << t;
      }
    }
    const int words = englishWords(readText(o, "body", "en"));
    QVERIFY2(words >= 120 && words <= 220, qPrintable(QString("English body has %1 words (120-220)").arg(words)));
    QVERIFY(readText(o, "body", "zh_TW") != readText(o, "body", "zh_CN"));

    const QJsonArray challenges = o.value("challenges").toArray();
    QCOMPARE(challenges.size(), 3);
    for (int i = 0; i < challenges.size(); ++i) {
      const QJsonObject c = challenges.at(i).toObject();
      QCOMPARE(c.value("level").toInt(), i + 1);
      for (const QString& field : {QStringLiteral("question"), QStringLiteral("answer")}) {
        for (const QString& lang : kLanguages) {
          const QString t = readText(c, field, lang).trimmed();
          QVERIFY2(!t.isEmpty(), qPrintable(QString("challenge %1 %2.%3 is empty").arg(i + 1).arg(field, lang)));
          texts << lang << t;
        }
      }
    }

    // "labels": {"<engine's English string>": {"zh_TW": ..., "zh_CN": ...}}, looked up by exact match, or
    // a template key whose %1, %2 ... stand for values the engine fills in (matched, then substituted).
    QVERIFY2(o.value("labels").isObject(), "labels is missing or not an object");
    const QJsonObject labels = o.value("labels").toObject();
    QVERIFY2(!labels.isEmpty(), "labels is empty");
    for (auto it = labels.begin(); it != labels.end(); ++it) {
      const QString english = it.key();
      QVERIFY2(!english.trimmed().isEmpty(), "labels has an empty English key");
      QVERIFY2(it.value().isObject(), qPrintable("label '" + english + "' is not an object"));
      const QJsonObject entry = it.value().toObject();
      for (const QString& key : entry.keys()) {
        QVERIFY2(key == "zh_TW" || key == "zh_CN", qPrintable("label '" + english + "' has an unknown language " + key));
      }
      for (const QString& lang : {QStringLiteral("zh_TW"), QStringLiteral("zh_CN")}) {
        const QString t = entry.value(lang).toString();
        QVERIFY2(!t.trimmed().isEmpty(), qPrintable("label '" + english + "' has no " + lang));
        QVERIFY2(t == t.trimmed(), qPrintable("label '" + english + "' " + lang + " has surrounding spaces"));
        QVERIFY2(hasHan(t), qPrintable("label '" + english + "' " + lang + " has no Chinese: " + t));
        const QStringList wrong = wrongScript(t, lang);
        QVERIFY2(wrong.isEmpty(), qPrintable("label '" + english + "' " + lang + " uses the other script's forms " +
                                             wrong.join(' ') + ": " + t));
        const QStringList tags = disallowedTags(t);
        QVERIFY2(tags.isEmpty(), qPrintable("label '" + english + "' " + lang + " uses tags: " + tags.join(' ')));
      }
      // A template's placeholders are %1..%n, each once; each translation has exactly the same ones, each
      // once (in any order), so no value is dropped or doubled. A plain key's translations have none.
      QList<int> keyHoles = placeholders(english);
      std::sort(keyHoles.begin(), keyHoles.end());
      for (int i = 0; i < keyHoles.size(); ++i) {
        QVERIFY2(keyHoles.at(i) == i + 1,
                 qPrintable("label '" + english + "' must use the placeholders %1..%" +
                            QString::number(keyHoles.size()) + ", each once"));
      }
      for (const QString& lang : {QStringLiteral("zh_TW"), QStringLiteral("zh_CN")}) {
        const QString t = entry.value(lang).toString();
        QList<int> holes = placeholders(t);
        std::sort(holes.begin(), holes.end());
        QVERIFY2(holes == keyHoles,
                 qPrintable("label '" + english + "' " + lang + " does not have the same placeholders, each once: " + t));
      }
    }

    for (int i = 0; i < texts.size(); i += 2) {
      const QString& lang = texts.at(i);
      const QString& text = texts.at(i + 1);
      const QStringList tags = disallowedTags(text);
      QVERIFY2(tags.isEmpty(), qPrintable(lang + " uses tags outside the rich-text subset: " + tags.join(' ')));
      if (lang == "en") continue;
      QVERIFY2(hasHan(text), qPrintable(lang + " text has no Chinese: " + text.left(60)));
      const QStringList wrong = wrongScript(text, lang);
      QVERIFY2(wrong.isEmpty(), qPrintable(lang + " text uses the other script's forms " + wrong.join(' ') + ": " +
                                           text.left(60)));
    }
  }

  // Every parameter the engine declares (label and help, as the GUI shows them) has a translation in
  // its lesson's labels, so adding a parameter without one fails here.
  void everyParamIsTranslated() {
    const auto& lessons = inferscope::lessons::all_lessons();
    QCOMPARE(int(lessons.size()), int(kLessonIds.size()));
    for (const auto& lesson : lessons) {
      const QString id = QString::fromStdString(lesson->id());
      QVERIFY2(kLessonIds.contains(id), qPrintable("lesson " + id + " is not in kLessonIds"));
      const QJsonObject labels = readLessonJson(id).value("labels").toObject();
      QStringList missing;
      for (const inferscope::lessons::ParamSpec& spec : lesson->params()) {
        for (const std::string& english : {spec.label, spec.help}) {
          const QString e = QString::fromStdString(english);
          if (e.isEmpty()) continue;
          const QJsonObject entry = labels.value(e).toObject();
          if (entry.value("zh_TW").toString().isEmpty() || entry.value("zh_CN").toString().isEmpty()) {
            missing << QString::fromStdString(spec.name) + ": '" + e + "'";
          }
        }
      }
      QVERIFY2(missing.isEmpty(), qPrintable(id + ".json labels lack " + missing.join("; ")));
    }
  }

  // The checker itself: a mixed-up translation must be caught.
  void scriptCheckCatchesMixups() {
    QVERIFY(!wrongScript(QString::fromUtf8("这个数据存储在内存里"), "zh_TW").isEmpty());
    QVERIFY(!wrongScript(QString::fromUtf8("這個資料儲存在記憶體裡"), "zh_CN").isEmpty());
    QVERIFY(wrongScript(QString::fromUtf8("這個資料儲存在記憶體裡"), "zh_TW").isEmpty());
    QVERIFY(wrongScript(QString::fromUtf8("这个数据存储在内存里"), "zh_CN").isEmpty());
  }
};

QTEST_APPLESS_MAIN(TestLessonTexts)
#include "tst_lesson_texts.moc"
