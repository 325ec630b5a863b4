#pragma once
// LogPanel: the session's log lines (the engine's spdlog output, which LiveEngineSource captures, and the
// GUI's own messages); warnings and errors are coloured.
#include <QWidget>

class QPlainTextEdit;

namespace inferscope::ui {

class LogPanel : public QWidget {
  Q_OBJECT
 public:
  enum Level { Info, Warning, Error };
  explicit LogPanel(QWidget* parent = nullptr);
  void append(const QString& line, int level = Info);  // GUI thread
  QString text() const;

 private:
  QPlainTextEdit* view_ = nullptr;
};

}  // namespace inferscope::ui
