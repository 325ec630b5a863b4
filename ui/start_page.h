#pragma once
// StartPage: what the charts tab shows before any workload has run. Four one-click experiments, each
// naming its scenario, what to watch on the charts and what to try next; choosing one asks the main
// window to load and run that scenario.
#include <QString>
#include <QWidget>
#include <vector>

class QLabel;
class QPushButton;

namespace inferscope::ui {

class StartPage : public QWidget {
  Q_OBJECT
 public:
  struct Experiment {
    QString scenario;  // a resource path, ":/scenarios/....json"
    QPushButton* button = nullptr;
    QLabel* title = nullptr;
    QLabel* text = nullptr;
  };

  explicit StartPage(QWidget* parent = nullptr);
  const std::vector<Experiment>& experiments() const { return experiments_; }
  // The experiment Run offers when nothing is loaded (the first one, continuous batching).
  static QString defaultScenario();

 signals:
  void experimentChosen(const QString& scenario);
  void skipped();  // "Open the workbench": the empty charts, to build a workload by hand

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();

  QLabel* heading_ = nullptr;
  QLabel* intro_ = nullptr;
  QPushButton* skip_ = nullptr;
  std::vector<Experiment> experiments_;
};

}  // namespace inferscope::ui
