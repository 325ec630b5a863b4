// `inferscope-cli lesson` end to end: the real binary prints the same numbers as the engine API for the
// same parameters, lists every lesson, and refuses bad input with a one-line reason and a non-zero exit.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest/QtTest>

#include "engine/lessons/lesson.h"
#include "tests/common/cli_run.h"

using namespace inferscope;

namespace {

using test::CliRun;

CliRun cli(const QStringList& args) { return test::run_cli(QStringLiteral(INFERSCOPE_CLI_PATH), args, 120000); }

}  // namespace

class TstCliLesson : public QObject {
  Q_OBJECT
 private slots:
  void kvSizeJsonMatchesTheIssueExample() {
    const CliRun r = cli({"lesson", "kv-size", "--layers", "32", "--kv-heads", "8", "--head-dim", "128", "--dtype",
                          "fp16", "--context=131072", "--users", "1", "--no-model", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j["lesson"].toString(), QStringLiteral("kv-size"));
    QCOMPARE(j["bytes_per_token"].toDouble(), 131072.0);         // 2 x 32 x 8 x 128 x 2
    QCOMPARE(j["total_bytes"].toDouble(), 131072.0 * 131072.0);  // 16 GiB
    QCOMPARE(j["total_gib"].toDouble(), 16.0);
    QCOMPARE(j["params"].toObject()["context"].toInt(), 131072);
    QVERIFY(!j["chart"].toObject()["series"].toArray().isEmpty());
    QVERIFY(r.err.isEmpty());
  }

  void listNamesEveryLesson() {
    const CliRun r = cli({"lesson", "--list", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonArray all = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(size_t(all.size()), lessons::all_lessons().size());
    for (int i = 0; i < all.size(); ++i) {
      const QJsonObject l = all[i].toObject();
      QCOMPARE(l["name"].toString().toStdString(), lessons::all_lessons()[size_t(i)]->id());
      QCOMPARE(size_t(l["params"].toArray().size()), lessons::all_lessons()[size_t(i)]->params().size());
    }
    const CliRun text = cli({"lesson", "--list"});
    QCOMPARE(text.code, 0);
    QVERIFY(text.out.contains("kv-size"));
    QVERIFY(text.out.contains("--kv-heads"));
  }

  // Every lesson that runs without a model prints, with its defaults, exactly the engine API's numbers.
  void everyModelFreeLessonMatchesTheApi() {
    for (const auto& l : lessons::all_lessons()) {
      if (l->needs_model()) continue;
      const CliRun r = cli({"lesson", QString::fromStdString(l->id()), "--no-model", "--json"});
      QVERIFY2(r.code == 0, r.err.constData());
      const QJsonObject j = QJsonDocument::fromJson(r.out).object();
      const lessons::LessonResult api = l->run({}, {});
      for (const lessons::Quantity& q : api.numbers) {
        QVERIFY2(j.contains(QString::fromStdString(q.key)), (l->id() + "." + q.key).c_str());
        QCOMPARE(j[QString::fromStdString(q.key)].toDouble(), q.value);
      }
    }
  }

  void badInputIsRefused() {
    const CliRun zero = cli({"lesson", "kv-size", "--kv-heads", "0", "--no-model"});
    QVERIFY(zero.code != 0);
    QVERIFY(zero.out.isEmpty());
    QVERIFY2(zero.err.contains("--kv-heads = 0 is outside 1..256"), zero.err.constData());
    QCOMPARE(zero.err.count('\n'), 1);
    const CliRun unknown = cli({"lesson", "no-such-lesson"});
    QVERIFY(unknown.code != 0);
    QVERIFY(unknown.err.contains("unknown lesson 'no-such-lesson'"));
    const CliRun dangling = cli({"lesson", "kv-size", "--layers"});
    QVERIFY(dangling.code != 0);
    QVERIFY(dangling.err.contains("needs a value"));
  }
};

QTEST_GUILESS_MAIN(TstCliLesson)
#include "tst_cli_lesson.moc"
#include "tests/common/cli_run.h"
