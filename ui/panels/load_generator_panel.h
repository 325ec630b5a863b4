#pragma once
// LoadGeneratorPanel: a synthetic workload (users, arrivals, length ranges, shared prefix, seed) handed
// to the engine thread, where make_workload + WorkloadDriver submit it by engine time.
#include <QWidget>

#include "engine/workload/workload.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSpinBox;

namespace inferscope::ui {

class LoadGeneratorPanel : public QWidget {
  Q_OBJECT
 public:
  explicit LoadGeneratorPanel(QWidget* parent = nullptr);
  WorkloadSpec spec() const;
  void setSpec(const WorkloadSpec& s);
  // Why the engine did not start the last workload, shown under Start until the next one (empty: none).
  void setRefusal(const QString& reason);
  QString refusal() const;

 signals:
  void startRequested(const inferscope::WorkloadSpec& spec);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();

  QFormLayout* form_ = nullptr;
  QSpinBox* users_ = nullptr;
  QComboBox* arrival_ = nullptr;
  QDoubleSpinBox* rate_ = nullptr;
  QSpinBox* promptMin_ = nullptr;
  QSpinBox* promptMax_ = nullptr;
  QSpinBox* genMin_ = nullptr;
  QSpinBox* genMax_ = nullptr;
  QCheckBox* sharedOn_ = nullptr;
  QSpinBox* sharedLen_ = nullptr;
  QSpinBox* seed_ = nullptr;
  QPushButton* start_ = nullptr;
  QLabel* refusal_ = nullptr;
};

}  // namespace inferscope::ui
