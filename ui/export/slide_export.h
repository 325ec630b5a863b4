#pragma once
// Slides: any exportable view drawn on a 16:9 page of 1920x1080 pixels for a projector or a deck, with
// a title, a subtitle (the model and the settings it ran with) and, for views whose marks need words, a
// legend, every text at kSlideTextPx or more. The view is drawn by its own widget at the slide's size,
// the same drawing as on screen, not a scaled grab.
#include <QCoreApplication>
#include <QSize>
#include <QString>

class QWidget;

namespace inferscope::ui {

inline constexpr QSize kSlideSize{1920, 1080};
// The smallest text on a slide: tick labels and legends read from the back of a classroom.
inline constexpr int kSlideTextPx = 26;

// The translation context of the texts slides add (titles, subtitles): SlideExport::tr().
class SlideExport {
  Q_DECLARE_TR_FUNCTIONS(inferscope::ui::SlideExport)
};

struct SlideText {
  QString title;     // large, top left
  QString subtitle;  // one or two lines under the title (model, settings, the finding)
  QString legend;    // optional wrapped text under the view (what its marks mean)
};

// Renders w as a slide into a 1920x1080 PNG. Charts get kSlideTextPx text and thick lines for the
// drawing and their own looks back afterwards; a chart shows its whole history. *smallestTextPx, when
// given, is the smallest text pixel size the drawing used, read back from the fonts the view had while
// it was drawn (0 when the view's texts could not be read). Returns false with *error set.
bool exportSlidePng(QWidget* w, const QString& path, const SlideText& text, QString* error = nullptr,
                    int* smallestTextPx = nullptr);

}  // namespace inferscope::ui
