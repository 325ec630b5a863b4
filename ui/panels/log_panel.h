#pragma once
// LogPanel: the engine's spdlog output and the GUI's own messages. A spdlog sink (installed by
// installEngineLogSink) forwards lines from any thread with a queued call; warnings and errors are coloured.
#include <QWidget>

class QPlainTextEdit;

namespace inferscope::ui {

class LogPanel : public QWidget {
  Q_OBJECT
 public:
  enum Level { Info, Warning, Error };
  explicit LogPanel(QWidget* parent = nullptr);
  ~LogPanel() override;
  void append(const QString& line, int level = Info);  // GUI thread
  // Routes spdlog's default logger into this panel too (thread-safe); undone by the destructor.
  void installEngineLogSink();
  QString text() const;

 private:
  QPlainTextEdit* view_ = nullptr;
  bool sinkInstalled_ = false;
};

}  // namespace inferscope::ui
