// Settings changed but not applied are seen as pending (marked label, Apply names the count, the status
// line says the engine still runs the applied ones), and the mouse wheel changes no value of an unfocused
// spin box or combo box (it scrolls the dock instead).
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSpontaneKeyEvent>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest/QtTest>

#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/wheel_guard.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

// A wheel notch over w.
void wheel(QWidget* w, int notches) {
  const QPointF local(w->width() / 2.0, w->height() / 2.0);
  QWheelEvent e(local, w->mapToGlobal(local), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier,
                Qt::NoScrollPhase, false);
  QSpontaneKeyEvent::setSpontaneous(&e);  // as from the window system
  QApplication::sendEvent(w, &e);
}

}  // namespace

class TstSettingsPending : public QObject {
  Q_OBJECT
 private slots:
  void changesWaitingForApplyAreMarked() {
    EngineSettingsPanel panel;
    panel.show();
    QVERIFY(panel.pendingChanges().isEmpty());  // nothing applied yet: nothing to differ from
    EngineConfig applied;
    applied.spec = spec::parse_spec("ngram:3");
    panel.setConfig(applied);
    panel.setAppliedConfig(applied);
    QVERIFY(panel.pendingChanges().isEmpty());
    auto* apply = panel.findChild<QPushButton*>(QStringLiteral("apply_settings"));
    QVERIFY(apply);
    const QString idleText = apply->text();

    QSignalSpy pending(&panel, &EngineSettingsPanel::pendingChanged);
    auto* spec = panel.findChild<QCheckBox*>(QStringLiteral("spec_enabled"));
    QVERIFY(spec);
    spec->setChecked(false);  // the teacher unticks speculation ...
    QCOMPARE(panel.pendingChanges(), QStringList{QStringLiteral("Speculative decoding")});
    QCOMPARE(pending.count(), 1);
    QCOMPARE(pending.last().at(0).toInt(), 1);
    QVERIFY2(apply->text() != idleText && apply->text().contains(QLatin1Char('1')), qPrintable(apply->text()));
    bool statusSaysSo = false;
    for (auto* l : panel.findChildren<QLabel*>())
      statusSaysSo |= l->text().startsWith(QStringLiteral("Not applied yet: Speculative decoding"));
    QVERIFY(statusSaysSo);

    // ... and the engine is rebuilt with it: nothing is pending any more.
    panel.setAppliedConfig(panel.config());
    QVERIFY(panel.pendingChanges().isEmpty());
    QCOMPARE(apply->text(), idleText);
    QCOMPARE(pending.last().at(0).toInt(), 0);

    // Two changes are two.
    auto* k = panel.findChild<QSpinBox*>(QStringLiteral("spec_k"));
    QVERIFY(k);
    spec->setChecked(true);
    k->setValue(applied.spec.k + 2);  // k only counts while speculation is on in both
    QCOMPARE(panel.pendingChanges().size(), 1);
    panel.setAppliedConfig(applied);  // applied: ngram with the old k
    QCOMPARE(panel.pendingChanges(), QStringList{QStringLiteral("Draft tokens (k)")});
  }

  void wheelOverAnUnfocusedFieldScrollsInstead() {
    QWidget window;
    auto* area = new QScrollArea;
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    auto* spin = new QSpinBox;
    spin->setRange(0, 1000);
    spin->setValue(256);
    auto* combo = new QComboBox;
    combo->addItems({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    auto* other = new QSpinBox;
    layout->addWidget(other);
    layout->addWidget(spin);
    layout->addWidget(combo);
    layout->addSpacing(2000);  // taller than the window: the area can scroll
    area->setWidget(content);
    (new QVBoxLayout(&window))->addWidget(area);
    window.resize(300, 200);
    WheelGuard::install(&window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    other->setFocus();

    wheel(spin, -1);
    wheel(combo, -1);
    QCOMPARE(spin->value(), 256);
    QCOMPARE(combo->currentIndex(), 0);
    QVERIFY2(area->verticalScrollBar()->maximum() > 0, "the area must be able to scroll");
    QVERIFY(area->verticalScrollBar()->value() > 0);  // the wheel went to the scroll area
    QCOMPARE(spin->focusPolicy(), Qt::StrongFocus);

    // Focused (clicked or tabbed into), the field takes the wheel as usual.
    window.activateWindow();
    spin->setFocus();
    QTRY_VERIFY(spin->hasFocus());
    wheel(spin, 1);
    QCOMPARE(spin->value(), 257);
  }
};

QTEST_MAIN(TstSettingsPending)
#include "tst_settings_pending.moc"
