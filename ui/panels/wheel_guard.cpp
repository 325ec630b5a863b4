#include "ui/panels/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QEvent>
#include <QWheelEvent>
#include <QWidget>

namespace inferscope::ui {

void WheelGuard::install(QWidget* root) {
  // One guard per root, parented to it, so it lives exactly as long as the widgets it watches.
  auto* guard = root->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly);
  if (!guard) guard = new WheelGuard(root);
  const auto guardOne = [guard](QWidget* w) {
    w->setFocusPolicy(Qt::StrongFocus);  // not Qt::WheelFocus: the wheel must not give focus either
    w->removeEventFilter(guard);         // installing twice would not filter twice, but keep it explicit
    w->installEventFilter(guard);
  };
  for (auto* w : root->findChildren<QAbstractSpinBox*>()) guardOne(w);
  for (auto* w : root->findChildren<QComboBox*>()) guardOne(w);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::Wheel) return false;
  auto* w = qobject_cast<QWidget*>(watched);
  if (!w || w->hasFocus()) return false;
  // The wheel goes to the scroll area around the field (the dock scrolls on), or nowhere.
  auto* wheel = static_cast<QWheelEvent*>(event);
  for (QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
    auto* area = qobject_cast<QAbstractScrollArea*>(p);
    if (!area) continue;
    QWidget* viewport = area->viewport();
    const QPointF at = viewport->mapFromGlobal(wheel->globalPosition());
    QWheelEvent forwarded(at, wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(),
                          wheel->modifiers(), wheel->phase(), wheel->inverted(), wheel->source(), wheel->pointingDevice());
    QCoreApplication::sendEvent(viewport, &forwarded);
    return true;
  }
  event->ignore();
  return true;
}

}  // namespace inferscope::ui
