#pragma once
// How the playground marks a token's origin: background colour AND a distinct underline (so the marks
// survive colour blindness and grey-scale projectors) AND a tooltip. The legend uses the same formats.
#include <QString>
#include <QTextCharFormat>

#include "engine/sched/sequence.h"

class QTextEdit;

namespace inferscope::ui {

// The QTextFormat property that stores int(TokenOrigin) on every token's text (tests read it back).
constexpr int kTokenOriginProperty = QTextFormat::UserProperty + 1;

QTextCharFormat tokenFormat(TokenOrigin origin, const QString& tooltip = {});
QString tokenOriginName(TokenOrigin origin);  // translated, e.g. "prefix-cache hit"
// Fills a one-line read-only text edit with a sample of every mark.
void fillTokenLegend(QTextEdit* legend);

}  // namespace inferscope::ui
