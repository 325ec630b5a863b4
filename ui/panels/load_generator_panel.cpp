#include "ui/panels/load_generator_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/engine/engine_texts.h"

namespace inferscope::ui {

LoadGeneratorPanel::LoadGeneratorPanel(QWidget* parent) : QWidget(parent) {
  auto spin = [](int lo, int hi) {
    auto* s = new QSpinBox;
    s->setRange(lo, hi);
    return s;
  };
  users_ = spin(1, 1024);
  arrival_ = new QComboBox;
  arrival_->addItems({QString(), QString()});
  rate_ = new QDoubleSpinBox;
  rate_->setRange(0.1, 1000);
  promptMin_ = spin(1, 8192);
  promptMax_ = spin(1, 8192);
  genMin_ = spin(1, 8192);
  genMax_ = spin(1, 8192);
  sharedOn_ = new QCheckBox;
  sharedLen_ = spin(1, 4096);
  seed_ = spin(0, 1 << 30);
  start_ = new QPushButton;
  start_->setObjectName(QStringLiteral("load_start"));
  form_ = new QFormLayout;
  for (QWidget* w : std::initializer_list<QWidget*>{users_, arrival_, rate_, promptMin_, promptMax_, genMin_, genMax_, sharedOn_, sharedLen_, seed_})
    form_->addRow(QStringLiteral("-"), w);
  auto* l = new QVBoxLayout(this);
  l->addLayout(form_);
  l->addWidget(start_);
  refusal_ = new QLabel;
  refusal_->setObjectName(QStringLiteral("load_refusal"));
  refusal_->setWordWrap(true);
  refusal_->setStyleSheet(QStringLiteral("QLabel { color: #b00020; font-weight: bold; }"));
  refusal_->setVisible(false);
  l->addWidget(refusal_);
  l->addStretch(1);
  // Keep min <= max as the user types, so an impossible range cannot be entered.
  connect(promptMin_, &QSpinBox::valueChanged, promptMax_, [this](int v) { if (promptMax_->value() < v) promptMax_->setValue(v); });
  connect(promptMax_, &QSpinBox::valueChanged, promptMin_, [this](int v) { if (promptMin_->value() > v) promptMin_->setValue(v); });
  connect(genMin_, &QSpinBox::valueChanged, genMax_, [this](int v) { if (genMax_->value() < v) genMax_->setValue(v); });
  connect(genMax_, &QSpinBox::valueChanged, genMin_, [this](int v) { if (genMin_->value() > v) genMin_->setValue(v); });
  connect(arrival_, &QComboBox::currentIndexChanged, rate_, [this](int i) { rate_->setEnabled(i == 1); });
  connect(sharedOn_, &QCheckBox::toggled, sharedLen_, &QSpinBox::setEnabled);
  connect(start_, &QPushButton::clicked, this, [this] {
    setRefusal({});
    emit startRequested(spec());
  });
  WorkloadSpec d;
  d.requests = 8;
  d.prompt_min = 16;
  d.prompt_max = 64;
  d.gen_min = 16;
  d.gen_max = 48;
  setSpec(d);
  retranslateUi();
}

void LoadGeneratorPanel::setRefusal(const QString& reason) {
  refusal_->setText(reason.isEmpty() ? QString() : tr("Not started: %1").arg(EngineTexts::error(reason.toStdString())));
  refusal_->setVisible(!reason.isEmpty());
}

QString LoadGeneratorPanel::refusal() const { return refusal_->isHidden() ? QString() : refusal_->text(); }

WorkloadSpec LoadGeneratorPanel::spec() const {
  WorkloadSpec s;
  s.requests = users_->value();
  s.arrival = arrival_->currentIndex() == 0 ? "all-at-once" : "poisson";
  s.rate = rate_->value();
  s.prompt_min = promptMin_->value();
  s.prompt_max = promptMax_->value();
  s.gen_min = genMin_->value();
  s.gen_max = genMax_->value();
  s.shared_prefix = sharedOn_->isChecked() ? sharedLen_->value() : 0;
  s.seed = uint64_t(seed_->value());
  return s;
}

void LoadGeneratorPanel::setSpec(const WorkloadSpec& s) {
  users_->setValue(s.requests);
  arrival_->setCurrentIndex(s.arrival == "poisson" ? 1 : 0);
  rate_->setValue(s.rate);
  rate_->setEnabled(s.arrival == "poisson");
  promptMax_->setValue(s.prompt_max);
  promptMin_->setValue(s.prompt_min);
  genMax_->setValue(s.gen_max);
  genMin_->setValue(s.gen_min);
  sharedOn_->setChecked(s.shared_prefix > 0);
  sharedLen_->setValue(std::max(1, s.shared_prefix > 0 ? s.shared_prefix : 32));
  sharedLen_->setEnabled(s.shared_prefix > 0);
  seed_->setValue(int(s.seed));
}

void LoadGeneratorPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void LoadGeneratorPanel::retranslateUi() {
  auto label = [this](QWidget* field, const QString& text, const QString& tip) {
    if (auto* l = qobject_cast<QLabel*>(form_->labelForField(field))) l->setText(text);
    field->setToolTip(tip);
  };
  label(users_, tr("Users (requests)"), tr("How many requests the generator submits."));
  label(arrival_, tr("Arrival"), tr("All at once floods the queue; Poisson spreads arrivals randomly over time."));
  label(rate_, tr("Rate (requests/s)"), tr("Average Poisson arrival rate, in engine seconds."));
  label(promptMin_, tr("Prompt tokens, min"), tr("Shortest prompt, drawn uniformly between min and max."));
  label(promptMax_, tr("Prompt tokens, max"), tr("Longest prompt, drawn uniformly between min and max."));
  label(genMin_, tr("Generated tokens, min"), tr("Fewest tokens to generate; EOS is ignored so lengths hold."));
  label(genMax_, tr("Generated tokens, max"), tr("Most tokens to generate; EOS is ignored so lengths hold."));
  label(sharedOn_, tr("Shared system prompt"), tr("Start every prompt with the same text so prefix caching can share its blocks."));
  label(sharedLen_, tr("Shared prompt tokens"), tr("Length of the common system prompt in tokens."));
  label(seed_, tr("Seed"), tr("The same seed gives the same prompts, lengths and arrivals."));
  arrival_->setItemText(0, tr("All at once"));
  arrival_->setItemText(1, tr("Poisson"));
  start_->setText(tr("Submit workload"));
}

}  // namespace inferscope::ui
