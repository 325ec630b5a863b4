#pragma once
// A small non-modal window that follows a calibrated weight mode (gptq:, awq:, rtn:) while it is computed:
// the mode, the layer and projection being quantized out of how many, the elapsed time, and Cancel. The
// main window opens it on the first calibration report (a result read from the cache sends none) and
// closes it when the new weights arrive, the run fails or is cancelled.
#include <QDialog>
#include <QElapsedTimer>
#include <QString>

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace inferscope::ui {

class CalibrationProgressDialog : public QDialog {
  Q_OBJECT
 public:
  explicit CalibrationProgressDialog(QWidget* parent = nullptr);

  // Resets the elapsed time and shows the dialog for mode (its label) on a model of `layers` layers.
  void start(const QString& mode, int layers);
  // One report: fraction 0..1 of the whole run; step is "calibration" (the model running over the
  // calibration text) or the name of the projection just quantized, done of total.
  void setProgress(double fraction, const QString& step, int done, int total);

  QString modeText() const;
  QString stepText() const;  // "Layer 3 of 5, projection 17 of 35" (or the calibration pass)
  QString tensorText() const;  // the projection just quantized
  int progressValue() const;  // 0..1000

 signals:
  void cancelRequested();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void updateElapsed();

  QLabel* mode_ = nullptr;
  QLabel* step_ = nullptr;
  QLabel* tensor_ = nullptr;
  QLabel* elapsed_ = nullptr;
  QProgressBar* bar_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QTimer* tick_ = nullptr;
  QElapsedTimer clock_;
  QString modeName_, stepName_;
  int layers_ = 0, done_ = 0, total_ = 0;
};

}  // namespace inferscope::ui
