#include "ui/start_page.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace inferscope::ui {

namespace {
// The scenarios behind the four cards, in reading order (texts in retranslateUi).
const char* const kScenarios[] = {
    ":/scenarios/continuous_vs_static.json",
    ":/scenarios/prefix_caching.json",
    ":/scenarios/block_size_fragmentation.json",
    ":/scenarios/speculative_decoding.json",
};
}  // namespace

QString StartPage::defaultScenario() { return QString::fromLatin1(kScenarios[0]); }

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("start_page"));
  heading_ = new QLabel;
  QFont hf = heading_->font();
  hf.setBold(true);
  hf.setPointSizeF(hf.pointSizeF() * 1.5);
  heading_->setFont(hf);
  heading_->setWordWrap(true);
  intro_ = new QLabel;
  intro_->setWordWrap(true);

  auto* cards = new QWidget;
  auto* grid = new QGridLayout(cards);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(12);
  int i = 0;
  for (const char* scenario : kScenarios) {
    Experiment e;
    e.scenario = QString::fromLatin1(scenario);
    auto* card = new QFrame;
    card->setFrameShape(QFrame::StyledPanel);
    auto* v = new QVBoxLayout(card);
    e.title = new QLabel;
    QFont tf = e.title->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.2);
    e.title->setFont(tf);
    e.title->setWordWrap(true);
    e.text = new QLabel;
    e.text->setWordWrap(true);
    e.text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    e.button = new QPushButton;
    e.button->setObjectName(QStringLiteral("start_experiment_%1").arg(i));
    const QString path = e.scenario;
    connect(e.button, &QPushButton::clicked, this, [this, path] { emit experimentChosen(path); });
    v->addWidget(e.title);
    v->addWidget(e.text, 1);
    v->addWidget(e.button, 0, Qt::AlignLeft);
    grid->addWidget(card, i / 2, i % 2);
    experiments_.push_back(e);
    ++i;
  }
  grid->setColumnStretch(0, 1);
  grid->setColumnStretch(1, 1);

  skip_ = new QPushButton;
  skip_->setObjectName(QStringLiteral("start_skip"));
  skip_->setFlat(true);
  connect(skip_, &QPushButton::clicked, this, &StartPage::skipped);

  auto* content = new QWidget;
  auto* cv = new QVBoxLayout(content);
  cv->setContentsMargins(24, 16, 24, 16);
  cv->addWidget(heading_);
  cv->addWidget(intro_);
  cv->addSpacing(8);
  cv->addWidget(cards);
  cv->addWidget(skip_, 0, Qt::AlignLeft);
  cv->addStretch(1);
  // Small windows and large presentation fonts scroll instead of clipping the cards.
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);
  retranslateUi();
}

void StartPage::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void StartPage::retranslateUi() {
  heading_->setText(tr("Start with an experiment"));
  intro_->setText(tr("Each experiment loads a scenario (engine settings and a workload), runs its comparison and then "
                     "runs the live engine. Pause with Space, step with N, and watch the charts."));
  const QString titles[] = {tr("Why continuous batching"), tr("Prefix caching"), tr("Paged KV blocks"),
                            tr("Speculative decoding")};
  const QString texts[] = {
      tr("Watch the batch size on \"Tokens per step\": continuous batching refills a slot the moment a request "
         "finishes, so the batch stays full. Next, open the Compare tab to see static batching wait for the "
         "longest request of each batch."),
      tr("Every request starts with the same system prompt: watch \"KV-cache growth\" stay low while the logical "
         "tokens climb, because the shared blocks are computed once. Next, compare against the run without a "
         "prefix cache, or lengthen the shared prefix in the load generator."),
      tr("KV memory is handed out in fixed blocks: watch the gap between allocated and logical KV bytes, the "
         "unused tail of each sequence's last block. Next, compare block sizes 8, 16 and 64 in the Compare "
         "tab, then look at the Block map."),
      tr("A drafter guesses 4 tokens and the model verifies them in one pass: watch \"Speculative decoding\" "
         "for drafted versus accepted tokens and the acceptance rate. Next, compare against plain decoding and "
         "the self-draft variant in the Compare tab."),
  };
  for (size_t i = 0; i < experiments_.size(); ++i) {
    experiments_[i].title->setText(titles[i]);
    experiments_[i].text->setText(texts[i]);
    experiments_[i].button->setText(tr("Run this experiment"));
    experiments_[i].button->setToolTip(tr("Load %1 and run it.").arg(experiments_[i].scenario.section(QLatin1Char('/'), -1)));
  }
  skip_->setText(tr("Skip: open the empty workbench and build a workload yourself"));
}

}  // namespace inferscope::ui
