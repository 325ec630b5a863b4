#include "ui/panels/calibration_progress_dialog.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTimer>
#include <QVBoxLayout>

namespace inferscope::ui {

CalibrationProgressDialog::CalibrationProgressDialog(QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("calibration_progress"));
  setModal(false);  // the workbench stays usable: the engine keeps running the current weights
  mode_ = new QLabel;
  mode_->setObjectName(QStringLiteral("calibration_mode"));
  step_ = new QLabel;
  step_->setObjectName(QStringLiteral("calibration_step"));
  tensor_ = new QLabel;
  tensor_->setObjectName(QStringLiteral("calibration_tensor"));
  elapsed_ = new QLabel;
  elapsed_->setObjectName(QStringLiteral("calibration_elapsed"));
  bar_ = new QProgressBar;
  bar_->setObjectName(QStringLiteral("calibration_bar"));
  bar_->setRange(0, 1000);
  bar_->setTextVisible(false);
  cancel_ = new QPushButton;
  cancel_->setObjectName(QStringLiteral("calibration_cancel"));
  connect(cancel_, &QPushButton::clicked, this, &CalibrationProgressDialog::cancelRequested);
  tick_ = new QTimer(this);
  tick_->setInterval(500);
  connect(tick_, &QTimer::timeout, this, &CalibrationProgressDialog::updateElapsed);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(elapsed_, 1);
  buttons->addWidget(cancel_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(mode_);
  layout->addWidget(step_);
  layout->addWidget(tensor_);
  layout->addWidget(bar_);
  layout->addLayout(buttons);
  setMinimumWidth(480);
  retranslateUi();
}

void CalibrationProgressDialog::start(const QString& mode, int layers) {
  modeName_ = mode;
  layers_ = layers;
  stepName_.clear();
  done_ = total_ = 0;
  bar_->setValue(0);
  clock_.start();
  tick_->start();
  retranslateUi();
  show();
  raise();
}

void CalibrationProgressDialog::setProgress(double fraction, const QString& step, int done, int total) {
  stepName_ = step;
  done_ = done;
  total_ = total;
  bar_->setValue(int(std::clamp(fraction, 0.0, 1.0) * 1000));
  retranslateUi();
}

QString CalibrationProgressDialog::modeText() const { return mode_->text(); }
QString CalibrationProgressDialog::stepText() const { return step_->text(); }
QString CalibrationProgressDialog::tensorText() const { return tensor_->text(); }
int CalibrationProgressDialog::progressValue() const { return bar_->value(); }

void CalibrationProgressDialog::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QDialog::changeEvent(event);
}

void CalibrationProgressDialog::updateElapsed() {
  const qint64 s = clock_.isValid() ? clock_.elapsed() / 1000 : 0;
  elapsed_->setText(tr("Elapsed %1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0')));
}

void CalibrationProgressDialog::retranslateUi() {
  setWindowTitle(tr("Calibrating weights"));
  mode_->setText(tr("Weight mode: %1").arg(modeName_));
  cancel_->setText(tr("Cancel"));
  cancel_->setToolTip(tr("Stop; the current weights stay and nothing is cached."));
  static const QRegularExpression layerOf(QStringLiteral("^blk\\.(\\d+)\\."));
  const QRegularExpressionMatch m = layerOf.match(stepName_);
  if (stepName_.isEmpty() || stepName_ == QLatin1String("calibration")) {
    step_->setText(tr("Running the model over the calibration text ..."));
    tensor_->clear();
  } else {
    step_->setText(m.hasMatch() && layers_ > 0
                       ? tr("Layer %1 of %2, projection %3 of %4").arg(m.captured(1).toInt() + 1).arg(layers_).arg(done_).arg(total_)
                       : tr("Projection %1 of %2").arg(done_).arg(total_));
    tensor_->setText(stepName_);  // the tensor's name in the file, as the log and the model card show it
  }
  updateElapsed();
}

}  // namespace inferscope::ui
