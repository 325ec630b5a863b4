#pragma once
#include <utility>
// NumbersTable: a lesson's computed numbers as rows of label, value, unit. Values are formatted for
// reading (thousands separators, a few significant digits); the exact double stays in Qt::UserRole of
// the value cell and the number's key in Qt::UserRole of the label cell.
#include <QTableWidget>
#include <vector>

#include "engine/lessons/lesson.h"

namespace inferscope::ui {

class LessonTexts;

class NumbersTable : public QTableWidget {
  Q_OBJECT
 public:
  enum Column { LabelColumn, ValueColumn, UnitColumn };
  explicit NumbersTable(QWidget* parent = nullptr);

  void setNumbers(const std::vector<lessons::Quantity>& numbers, const LessonTexts& texts, const QString& lang);
  void retranslateHeaders();
  // Whole numbers with separators ("131,072"), others with about four significant digits.
  static QString formatValue(double v);
  // "1.50 GiB" for byte counts of 1 KiB or more, else empty.
  static QString humanBytes(double bytes);
  // The value and unit as the table shows them: byte counts of 1 KiB or more in KiB, MiB, GiB...
  // (17,179,869,184 B reads "16 GiB"; the exact count is in the tooltip), everything else as given.
  static std::pair<QString, QString> shown(double value, const std::string& unit);
  QSize sizeHint() const override;
};

}  // namespace inferscope::ui
