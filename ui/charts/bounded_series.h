#pragma once
// BoundedSeries: the history of one chart line over a run of any length, in a bounded number of points.
// The newest `tail` points are kept as they came (the live window draws them at full resolution);
// older ones are folded into buckets of equal width (2, then 4, 8, ... points), each kept as its
// minimum and maximum in x order, so peaks and dips survive; when the buckets reach `buckets`, the
// width doubles and neighbouring buckets merge. The run's first point is always kept, so the whole
// history still spans the whole run: at most tail + 2 x buckets + 3 points whatever the run's length.
// Below tail + 2 x buckets points nothing is folded: a short run keeps every point.
#include <QList>
#include <QPointF>

namespace inferscope::ui {

class BoundedSeries {
 public:
  explicit BoundedSeries(qsizetype tail = 2048, qsizetype buckets = 1024);

  void append(QPointF p);
  void clear();
  // Every point held, ascending x: the first point, the folded buckets, then the tail.
  const QList<QPointF>& points() const;
  qsizetype size() const { return (hasFirst_ ? 1 : 0) + folded_.size() + (pendingCount_ > 0 ? 2 : 0) + tail_.size(); }
  bool isEmpty() const { return !hasFirst_; }
  QPointF first() const { return first_; }
  QPointF last() const { return tail_.isEmpty() ? first_ : tail_.last(); }
  // The newest points as they came.
  const QList<QPointF>& tail() const { return tail_; }
  // Points folded into one bucket (1 while nothing is folded).
  qsizetype bucketWidth() const { return width_; }
  qsizetype maxPoints() const { return tailMax_ + 2 * bucketsMax_ + 3; }

 private:
  void fold(QPointF p);
  void halveBuckets();

  qsizetype tailMax_, bucketsMax_;
  bool hasFirst_ = false;
  QPointF first_;
  QList<QPointF> folded_;   // width 1: one point per bucket; wider: two (min and max, x order) per bucket
  QPointF pendingMin_, pendingMax_;
  qsizetype pendingCount_ = 0;  // points in the bucket being filled
  qsizetype width_ = 1;         // points per bucket
  QList<QPointF> tail_;
  mutable QList<QPointF> joined_;
  mutable bool joinedValid_ = false;
};

}  // namespace inferscope::ui
