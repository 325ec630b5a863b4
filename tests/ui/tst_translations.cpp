// Every user-visible text of the GUI exists in Traditional and Simplified Chinese: the .ts files hold a
// finished translation for each message, every plain tr("...") literal in ui/ and fetch/ is among their sources
// (so a new text cannot ship without lupdate and a translation), and the .qm files embedded in the
// binary translate every message exactly as the .ts file says (so they are not stale).
#include <QtTest/QtTest>

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>

#include "ui/engine/engine_texts.h"

namespace {

struct Message {
  QString context, source, translation;
  bool finished = true;
};

QList<Message> readTs(const QString& path) {
  QList<Message> out;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return out;
  QXmlStreamReader xml(&f);
  QString context;
  Message m;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    const auto name = xml.name();
    if (name == QLatin1String("context")) {
      context.clear();
    } else if (name == QLatin1String("name") && context.isEmpty()) {
      context = xml.readElementText();
    } else if (name == QLatin1String("message")) {
      m = Message{context, {}, {}, true};
    } else if (name == QLatin1String("source")) {
      m.source = xml.readElementText();
    } else if (name == QLatin1String("translation")) {
      const auto type = xml.attributes().value(QLatin1String("type"));
      m.finished = type.isEmpty();
      m.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
      out.append(m);
    }
  }
  return out;
}

QString tsPath(const QString& lang) {
  return QStringLiteral(INFERSCOPE_SOURCE_DIR "/resources/translations/inferscope_%1.ts").arg(lang);
}

}  // namespace

class TestTranslations : public QObject {
  Q_OBJECT
 private slots:
  void everyMessageIsTranslated_data() {
    QTest::addColumn<QString>("lang");
    QTest::newRow("zh_TW") << QStringLiteral("zh_TW");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
  }
  void everyMessageIsTranslated() {
    QFETCH(QString, lang);
    const auto messages = readTs(tsPath(lang));
    QVERIFY2(messages.size() > 300, qPrintable(QString::number(messages.size())));
    for (const auto& m : messages) {
      QVERIFY2(m.finished && !m.translation.trimmed().isEmpty(), qPrintable(lang + QStringLiteral(": ") + m.source));
      QVERIFY2(m.context.startsWith(QLatin1String("inferscope::")), qPrintable(m.context));
    }
  }

  void everyTrLiteralIsInTheTsFiles() {
    QSet<QString> sources;
    for (const auto& m : readTs(tsPath(QStringLiteral("zh_TW")))) sources.insert(m.source);
    // Plain literals only (no escapes, no concatenation): those are compared byte for byte.
    static const char* const kPattern = "\\btr\\(\"([^\"\\\\]*)\"\\s*[,)]";
    static const QRegularExpression trCall(QString::fromLatin1(kPattern));
    QStringList missing;
    int seen = 0;
    // ui/ and fetch/ (the model download's stage and error texts, shown by the Get models dialog).
    QStringList files;
    for (const char* dir : {"/ui", "/fetch"}) {
      QDirIterator it(QStringLiteral(INFERSCOPE_SOURCE_DIR) + QLatin1String(dir), {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                      QDir::Files, QDirIterator::Subdirectories);
      while (it.hasNext()) files << it.next();
    }
    for (const QString& path : files) {
      QFile f(path);
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QString text = QString::fromUtf8(f.readAll());
      for (auto match = trCall.globalMatch(text); match.hasNext();) {
        const QString s = match.next().captured(1);
        ++seen;
        if (!s.isEmpty() && !sources.contains(s)) missing << QFileInfo(f.fileName()).fileName() + QStringLiteral(": ") + s;
      }
    }
    QVERIFY2(seen > 300, qPrintable(QString::number(seen)));
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in the .ts files (run lupdate and fill_translations.py):\n") +
                                           missing.join(QLatin1Char('\n'))));
  }

  // Texts the engine produces in English (a backend probe's reason, a stop reason) reach the GUI translated,
  // with the CUDA runtime's own words kept as they are.
  void backendReasonIsTranslated() {
    QTranslator zh;
    QVERIFY(zh.load(QStringLiteral(":/i18n/inferscope_zh_CN.qm")));
    QCoreApplication::installTranslator(&zh);
    const QString runtime = QStringLiteral("CUDA driver version is insufficient for CUDA runtime version");
    const QString got = inferscope::ui::EngineTexts::backendReason("no CUDA device (cudaGetDeviceCount: " + runtime.toStdString() + ")");
    const QString none = inferscope::ui::EngineTexts::backendReason("no CUDA device (cudaGetDeviceCount: 0 devices)");
    const QString stop = inferscope::ui::EngineTexts::stopReason("kv_full");
    QCoreApplication::removeTranslator(&zh);
    QCOMPARE(stop, QStringLiteral("KV 缓存已满"));  // the engine's stop reasons take the same path
    QCOMPARE(got, QStringLiteral("没有 CUDA 设备（CUDA 运行时报告：%1）").arg(runtime));
    QCOMPARE(none, QStringLiteral("没有 CUDA 设备"));
    QCOMPARE(inferscope::ui::EngineTexts::backendReason("something new"), QStringLiteral("something new"));
  }

  void embeddedQmMatchesTheTsFile_data() { everyMessageIsTranslated_data(); }
  void embeddedQmMatchesTheTsFile() {
    QFETCH(QString, lang);
    QTranslator tr;
    QVERIFY(tr.load(QStringLiteral(":/i18n/inferscope_%1.qm").arg(lang)));
    for (const auto& m : readTs(tsPath(lang))) {
      const QString got = tr.translate(m.context.toUtf8().constData(), m.source.toUtf8().constData());
      QVERIFY2(got == m.translation, qPrintable(m.source + QStringLiteral(" -> '") + got + QStringLiteral("'")));
    }
  }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
