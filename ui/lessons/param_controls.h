#pragma once
// ParamControls: the editors for a lesson's parameters, generated from its ParamSpecs. Int/Real get a
// slider (logarithmic where log_scale) and a spin box whose range is the spec's [min, max], Choice a
// combo box, Bool a check box, Text a line edit; each carries the parameter's help as its tooltip.
// values() is what the user set, as the text Lesson::run() parses.
#include <QWidget>
#include <vector>

#include "engine/lessons/lesson.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSlider;

namespace inferscope::ui {

class LessonTexts;

class ParamControls : public QWidget {
  Q_OBJECT
 public:
  explicit ParamControls(std::vector<lessons::ParamSpec> specs, QWidget* parent = nullptr);

  lessons::ParamValues values() const;
  // Sets one control from text (a number, a choice, 0/1, free text); false for an unknown name or a
  // value the control cannot take (it then keeps its current value).
  bool setValue(const QString& name, const QString& text);
  // The control holding a parameter's value: QDoubleSpinBox, QComboBox, QCheckBox or QLineEdit.
  QWidget* editor(const QString& name) const;
  QSlider* slider(const QString& name) const;  // null for non-numeric parameters
  // Narrows the range of each parameter bound by a model dimension (ParamSpec::bound_by) to the loaded
  // model's: a layer slider ends at its last layer. Values beyond it are pulled back. 0s: no model.
  void setModelDimensions(int n_layers, int n_heads);
  // Labels, tooltips and choice texts through the lesson's "labels" table in language lang.
  void retranslate(const LessonTexts& texts, const QString& lang);

 signals:
  void changed();

 private:
  struct Row {
    lessons::ParamSpec spec;
    double specMax = 0;  // the spec's own maximum (before a model narrowed it)
    QLabel* label = nullptr;
    QSlider* slider = nullptr;
    QDoubleSpinBox* spin = nullptr;
    QComboBox* combo = nullptr;
    QCheckBox* check = nullptr;
    QLineEdit* edit = nullptr;
  };
  const Row* find(const QString& name) const;
  static int toPos(const lessons::ParamSpec& s, double v);
  static double fromPos(const lessons::ParamSpec& s, int pos);

  std::vector<Row> rows_;
};

}  // namespace inferscope::ui
