#include "ui/lessons/numbers_table.h"

#include <QHeaderView>
#include <QLocale>
#include <cmath>

#include "ui/lessons/lesson_texts.h"

namespace inferscope::ui {

namespace {
QLocale numberLocale() {
  QLocale loc;
  if (loc.language() == QLocale::C) loc = QLocale(QLocale::English, QLocale::UnitedStates);
  loc.setNumberOptions(loc.numberOptions() & ~QLocale::OmitGroupSeparator);
  return loc;
}
}  // namespace

NumbersTable::NumbersTable(QWidget* parent) : QTableWidget(0, 3, parent) {
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setAlternatingRowColors(true);
  verticalHeader()->hide();
  horizontalHeader()->setSectionResizeMode(LabelColumn, QHeaderView::Stretch);
  horizontalHeader()->setSectionResizeMode(ValueColumn, QHeaderView::ResizeToContents);
  horizontalHeader()->setSectionResizeMode(UnitColumn, QHeaderView::ResizeToContents);
  setWordWrap(true);
  retranslateHeaders();
}

void NumbersTable::retranslateHeaders() {
  setHorizontalHeaderLabels({tr("Quantity"), tr("Value"), tr("Unit")});
}

QSize NumbersTable::sizeHint() const { return {480, 220}; }

QString NumbersTable::formatValue(double v) {
  if (std::isnan(v)) return QStringLiteral("—");
  if (std::isinf(v)) return v > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
  const QLocale loc = numberLocale();
  const double a = std::abs(v);
  if (v == std::floor(v) && a < 1e15) return loc.toString(qlonglong(v));
  if (a >= 1e15 || a < 1e-3) return QString::number(v, 'g', 4);  // 5.722e-06
  int decimals = std::max(0, 3 - int(std::floor(std::log10(a))));
  if (a < 1e5) decimals = std::max(decimals, 1);
  QString s = loc.toString(v, 'f', decimals);
  const QString dp = loc.decimalPoint();
  if (s.contains(dp)) {
    while (s.endsWith(QLatin1Char('0'))) s.chop(1);
    if (s.endsWith(dp)) s.chop(dp.size());
  }
  return s;
}

QString NumbersTable::humanBytes(double bytes) {
  if (!std::isfinite(bytes) || std::abs(bytes) < 1024) return {};
  static const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int i = -1;
  double v = bytes;
  while (std::abs(v) >= 1024 && i < 5) v /= 1024, ++i;
  return numberLocale().toString(v, 'f', 2) + QLatin1Char(' ') + QLatin1String(units[i]);
}

std::pair<QString, QString> NumbersTable::shown(double value, const std::string& unit) {
  if (unit != "B" || !std::isfinite(value) || std::abs(value) < 1024) return {formatValue(value), QString::fromStdString(unit)};
  static const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int i = -1;
  double v = value;
  while (std::abs(v) >= 1024 && i < 5) v /= 1024, ++i;
  return {formatValue(v), QLatin1String(units[i])};
}

void NumbersTable::setNumbers(const std::vector<lessons::Quantity>& numbers, const LessonTexts& texts, const QString& lang) {
  setRowCount(int(numbers.size()));
  for (int r = 0; r < int(numbers.size()); ++r) {
    const lessons::Quantity& q = numbers[size_t(r)];
    auto* label = new QTableWidgetItem(texts.label(QString::fromStdString(q.label), lang));
    label->setData(Qt::UserRole, QString::fromStdString(q.key));
    label->setToolTip(QString::fromStdString(q.key));
    const auto [valueText, unitText] = shown(q.value, q.unit);
    auto* value = new QTableWidgetItem(valueText);
    value->setData(Qt::UserRole, q.value);
    value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    const QString human = q.unit == "B" ? humanBytes(q.value) : QString();
    value->setToolTip(human.isEmpty() ? QString::number(q.value, 'g', 17) : QString::number(q.value, 'g', 17) + QStringLiteral(" = ") + human);
    auto* unit = new QTableWidgetItem(unitText);
    setItem(r, LabelColumn, label);
    setItem(r, ValueColumn, value);
    setItem(r, UnitColumn, unit);
  }
  resizeRowsToContents();
}

}  // namespace inferscope::ui
