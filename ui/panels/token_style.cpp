#include "ui/panels/token_style.h"

#include <QCoreApplication>
#include <QTextCursor>
#include <QTextEdit>

namespace inferscope::ui {

namespace {
QString trStyle(const char* s) { return QCoreApplication::translate("inferscope::ui::TokenStyle", s); }
}  // namespace

QTextCharFormat tokenFormat(TokenOrigin origin, const QString& tooltip) {
  QTextCharFormat f;
  f.setForeground(Qt::black);
  switch (origin) {
    case TokenOrigin::PrefixHit:  // reused, not computed: dotted like a "ghost" of earlier work
      f.setBackground(QColor(0xc8, 0xe6, 0xc9));
      f.setUnderlineStyle(QTextCharFormat::DotLine);
      f.setUnderlineColor(QColor(0x1b, 0x5e, 0x20));
      break;
    case TokenOrigin::Prompt:  // prefilled: computed in a prefill pass, no underline
      f.setBackground(QColor(0xbb, 0xde, 0xfb));
      break;
    case TokenOrigin::Decoded:  // one forward pass per token: a solid line
      f.setBackground(QColor(0xff, 0xf5, 0x9d));
      f.setUnderlineStyle(QTextCharFormat::SingleUnderline);
      f.setUnderlineColor(QColor(0x8d, 0x6e, 0x00));
      break;
    case TokenOrigin::Accepted:  // speculative draft accepted by the verifier: a wave
      f.setBackground(QColor(0xe1, 0xbe, 0xe7));
      f.setUnderlineStyle(QTextCharFormat::WaveUnderline);
      f.setUnderlineColor(QColor(0x6a, 0x1b, 0x9a));
      break;
  }
  f.setProperty(kTokenOriginProperty, int(origin));
  if (!tooltip.isEmpty()) f.setToolTip(tooltip);
  return f;
}

QString tokenOriginName(TokenOrigin origin) {
  switch (origin) {
    case TokenOrigin::PrefixHit: return trStyle(QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "prefix-cache hit"));
    case TokenOrigin::Prompt: return trStyle(QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "prefilled"));
    case TokenOrigin::Decoded: return trStyle(QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "decoded"));
    case TokenOrigin::Accepted: return trStyle(QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "accepted draft"));
  }
  return {};
}

void fillTokenLegend(QTextEdit* legend) {
  legend->clear();
  QTextCursor c(legend->document());
  c.insertText(trStyle(QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "Tokens:")) + QLatin1Char(' '), QTextCharFormat());
  const std::pair<TokenOrigin, const char*> items[] = {
      {TokenOrigin::PrefixHit, QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "Prompt token whose KV blocks came from the prefix cache: not computed again.")},
      {TokenOrigin::Prompt, QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "Prompt token computed in a prefill pass.")},
      {TokenOrigin::Decoded, QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "Generated token: one decode step each.")},
      {TokenOrigin::Accepted, QT_TRANSLATE_NOOP("inferscope::ui::TokenStyle", "Draft token accepted by speculative verification: the model checked it and would have produced it itself.")}};
  for (const auto& [origin, tip] : items) {
    c.insertText(QStringLiteral(" %1 ").arg(tokenOriginName(origin)), tokenFormat(origin, trStyle(tip)));
    c.insertText(QStringLiteral("  "), QTextCharFormat());
  }
}

}  // namespace inferscope::ui
