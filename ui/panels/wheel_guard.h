#pragma once
// WheelGuard: spin boxes and combo boxes take the mouse wheel only once they have focus (a click or Tab).
// Scrolling a settings dock with the wheel otherwise changes whatever value passes under the pointer
// (Max batched tokens 256 -> 251) without anyone noticing; the wheel scrolls the dock instead.
#include <QObject>

class QWidget;

namespace inferscope::ui {

class WheelGuard : public QObject {
  Q_OBJECT
 public:
  // Guards every spin box and combo box under root (those that exist now): focus by click or Tab only,
  // and a wheel over an unfocused one scrolls the scroll area around it instead (if there is one).
  static void install(QWidget* root);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  using QObject::QObject;
};

}  // namespace inferscope::ui
