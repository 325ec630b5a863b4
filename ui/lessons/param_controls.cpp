#include "ui/lessons/param_controls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>
#include <cmath>

#include "ui/lessons/lesson_texts.h"

namespace inferscope::ui {

namespace {
using Kind = lessons::ParamSpec::Kind;
constexpr int kSliderSteps = 1000;

bool linearInts(const lessons::ParamSpec& s) {
  return s.kind == Kind::Int && !s.log_scale && s.max - s.min <= kSliderSteps;
}
// Offset that makes a log scale usable when the range starts at or below zero.
double logOffset(const lessons::ParamSpec& s) { return s.min > 0 ? 0.0 : 1.0 - s.min; }

int decimalsFor(const lessons::ParamSpec& s) {
  if (s.kind == Kind::Int) return 0;
  const double span = s.max - s.min;
  int d = span >= 100 ? 1 : span >= 10 ? 2 : 3;
  // Enough digits that the minimum and the default are shown exactly.
  auto exact = [&](double v) { return std::abs(std::round(v * std::pow(10, d)) - v * std::pow(10, d)) < 1e-6; };
  while (d < 6 && !(exact(s.min) && exact(s.def))) ++d;
  return d;
}

QString numberText(double v) { return QString::number(v, 'g', 17); }
}  // namespace

int ParamControls::toPos(const lessons::ParamSpec& s, double v) {
  if (linearInts(s)) return int(std::lround(v - s.min));
  if (s.max <= s.min) return 0;
  double t;
  if (s.log_scale) {
    const double off = logOffset(s);
    t = (std::log(v + off) - std::log(s.min + off)) / (std::log(s.max + off) - std::log(s.min + off));
  } else {
    t = (v - s.min) / (s.max - s.min);
  }
  return int(std::lround(std::clamp(t, 0.0, 1.0) * kSliderSteps));
}

double ParamControls::fromPos(const lessons::ParamSpec& s, int pos) {
  if (linearInts(s)) return s.min + pos;
  const double t = double(pos) / kSliderSteps;
  double v;
  if (s.log_scale) {
    const double off = logOffset(s);
    v = std::exp(std::log(s.min + off) + t * (std::log(s.max + off) - std::log(s.min + off))) - off;
  } else {
    v = s.min + t * (s.max - s.min);
  }
  if (s.kind == Kind::Int) v = std::round(v);
  return std::clamp(v, s.min, s.max);
}

ParamControls::ParamControls(std::vector<lessons::ParamSpec> specs, QWidget* parent) : QWidget(parent) {
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setColumnStretch(1, 1);
  int r = 0;
  for (lessons::ParamSpec& s : specs) {
    Row row;
    row.spec = std::move(s);
    const lessons::ParamSpec& sp = row.spec;
    const QString name = QString::fromStdString(sp.name);
    row.label = new QLabel;
    grid->addWidget(row.label, r, 0);
    switch (sp.kind) {
      case Kind::Int:
      case Kind::Real: {
        row.slider = new QSlider(Qt::Horizontal);
        row.slider->setObjectName(QStringLiteral("slider_") + name);
        row.slider->setRange(0, linearInts(sp) ? int(sp.max - sp.min) : kSliderSteps);
        row.slider->setMinimumWidth(60);
        row.spin = new QDoubleSpinBox;
        row.spin->setObjectName(QStringLiteral("param_") + name);
        row.spin->setDecimals(decimalsFor(sp));
        row.spin->setRange(sp.min, sp.max);  // impossible values cannot be entered at all
        row.spin->setGroupSeparatorShown(sp.max >= 10000);
        if (sp.kind == Kind::Real || sp.log_scale) row.spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
        row.spin->setMinimumWidth(90);
        row.spin->setValue(sp.def);
        row.slider->setValue(toPos(sp, sp.def));
        QSlider* slider = row.slider;
        QDoubleSpinBox* spin = row.spin;
        connect(slider, &QSlider::valueChanged, this, [spin, slider, sp](int pos) {
          if (slider->signalsBlocked()) return;
          // The spin box holds the value; it moves only when the slider means a different one.
          if (toPos(sp, spin->value()) != pos) spin->setValue(fromPos(sp, pos));
        });
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, slider, sp](double v) {
          const QSignalBlocker block(slider);
          slider->setValue(toPos(sp, v));
          emit changed();
        });
        grid->addWidget(row.slider, r, 1);
        grid->addWidget(row.spin, r, 2);
        break;
      }
      case Kind::Choice: {
        row.combo = new QComboBox;
        row.combo->setObjectName(QStringLiteral("param_") + name);
        for (const std::string& c : sp.choices) row.combo->addItem(QString::fromStdString(c), QString::fromStdString(c));
        row.combo->setCurrentIndex(std::max(0, row.combo->findData(QString::fromStdString(sp.def_text))));
        connect(row.combo, &QComboBox::currentIndexChanged, this, &ParamControls::changed);
        grid->addWidget(row.combo, r, 1, 1, 2);
        break;
      }
      case Kind::Bool: {
        row.check = new QCheckBox;
        row.check->setObjectName(QStringLiteral("param_") + name);
        row.check->setChecked(sp.def != 0);
        connect(row.check, &QCheckBox::toggled, this, &ParamControls::changed);
        grid->addWidget(row.check, r, 1, 1, 2);
        break;
      }
      case Kind::Text: {
        row.edit = new QLineEdit(QString::fromStdString(sp.def_text));
        row.edit->setObjectName(QStringLiteral("param_") + name);
        connect(row.edit, &QLineEdit::textChanged, this, &ParamControls::changed);
        grid->addWidget(row.edit, r, 1, 1, 2);
        break;
      }
    }
    row.specMax = row.spec.max;
    rows_.push_back(row);
    rows_.back().label->setBuddy(editor(name));
    ++r;
  }
  grid->setRowStretch(r, 1);
  retranslate(LessonTexts(), QStringLiteral("en"));
}

void ParamControls::setModelDimensions(int n_layers, int n_heads) {
  for (Row& r : rows_) {
    // Only whole-number sliders with one position per value: their mapping does not depend on max.
    if (r.spec.bound_by.empty() || !r.spin || !linearInts(r.spec)) continue;
    lessons::ParamSpec full = r.spec;
    full.max = r.specMax;
    const double max = lessons::bounded_max(full, n_layers, n_heads);
    if (max == r.spec.max) continue;
    r.spec.max = max;
    r.spin->setMaximum(max);  // clamps the value, which moves the slider through valueChanged
    r.slider->setRange(0, int(max - r.spec.min));
  }
}

const ParamControls::Row* ParamControls::find(const QString& name) const {
  for (const Row& r : rows_)
    if (QString::fromStdString(r.spec.name) == name) return &r;
  return nullptr;
}

QWidget* ParamControls::editor(const QString& name) const {
  const Row* r = find(name);
  if (!r) return nullptr;
  if (r->spin) return r->spin;
  if (r->combo) return r->combo;
  if (r->check) return r->check;
  return r->edit;
}

QSlider* ParamControls::slider(const QString& name) const {
  const Row* r = find(name);
  return r ? r->slider : nullptr;
}

lessons::ParamValues ParamControls::values() const {
  lessons::ParamValues v;
  for (const Row& r : rows_) {
    std::string text;
    if (r.spin) text = numberText(r.spec.kind == Kind::Int ? std::round(r.spin->value()) : r.spin->value()).toStdString();
    else if (r.combo) text = r.combo->currentData().toString().toStdString();
    else if (r.check) text = r.check->isChecked() ? "1" : "0";
    else if (r.edit) text = r.edit->text().toStdString();
    v[r.spec.name] = text;
  }
  return v;
}

bool ParamControls::setValue(const QString& name, const QString& text) {
  const Row* r = find(name);
  if (!r) return false;
  if (r->spin) {
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || v < r->spin->minimum() || v > r->spin->maximum()) return false;
    r->spin->setValue(v);
    return true;
  }
  if (r->combo) {
    const int i = r->combo->findData(text);
    if (i < 0) return false;
    r->combo->setCurrentIndex(i);
    return true;
  }
  if (r->check) {
    if (text != QLatin1String("0") && text != QLatin1String("1")) return false;
    r->check->setChecked(text == QLatin1String("1"));
    return true;
  }
  r->edit->setText(text);
  return true;
}

void ParamControls::retranslate(const LessonTexts& texts, const QString& lang) {
  for (Row& r : rows_) {
    const QString label = texts.label(QString::fromStdString(r.spec.label), lang);
    r.label->setText(label + QLatin1Char(':'));
    const QString help = texts.label(QString::fromStdString(r.spec.help), lang);
    QString tip = help;
    if (r.spin) tip += QStringLiteral("\n[%1 … %2]").arg(numberText(r.spec.min), numberText(r.spec.max));
    for (QWidget* w : {static_cast<QWidget*>(r.label), static_cast<QWidget*>(r.slider), editor(QString::fromStdString(r.spec.name))})
      if (w) w->setToolTip(tip);
    if (r.combo)
      for (int i = 0; i < r.combo->count(); ++i) r.combo->setItemText(i, texts.label(r.combo->itemData(i).toString(), lang));
  }
}

}  // namespace inferscope::ui
