// A lesson's layer and head controls end at the loaded model's last layer and head (ParamSpec::bound_by):
// a 30-layer model's layer slider stops at 29, a value beyond it is pulled back, and 40 cannot be typed.
#include <QDoubleSpinBox>
#include <QSlider>
#include <QtTest/QtTest>

#include "engine/lessons/lesson.h"
#include "ui/lessons/param_controls.h"

using namespace inferscope;
using namespace inferscope::ui;

class TstParamBounds : public QObject {
  Q_OBJECT
 private slots:
  void layerAndHeadFollowTheModel() {
    using K = lessons::ParamSpec::Kind;
    std::vector<lessons::ParamSpec> specs = {
        {"layer", "Layer", K::Int, 0, 0, 255, {}, "", "Transformer layer.", false, "layers"},
        {"head", "Query head", K::Int, 0, 0, 255, {}, "", "Query head.", false, "heads"},
        {"steps", "Steps", K::Int, 4, 1, 64, {}, "", "Not a model index."}};
    QCOMPARE(lessons::bounded_max(specs[0], 30, 9), 29.0);
    QCOMPARE(lessons::bounded_max(specs[1], 30, 9), 8.0);
    QCOMPARE(lessons::bounded_max(specs[2], 30, 9), 64.0);
    QCOMPARE(lessons::bounded_max(specs[0], 0, 0), 255.0);  // no model: the spec's own bound

    ParamControls c(specs);
    QVERIFY(c.setValue(QStringLiteral("layer"), QStringLiteral("200")));
    c.setModelDimensions(30, 9);
    auto* layer = qobject_cast<QDoubleSpinBox*>(c.editor(QStringLiteral("layer")));
    QVERIFY(layer);
    QCOMPARE(layer->maximum(), 29.0);
    QCOMPARE(layer->value(), 29.0);  // pulled back onto the model
    QCOMPARE(c.slider(QStringLiteral("layer"))->maximum(), 29);
    QCOMPARE(c.slider(QStringLiteral("layer"))->value(), 29);
    QVERIFY(!c.setValue(QStringLiteral("layer"), QStringLiteral("40")));
    QCOMPARE(c.values().at("layer"), std::string("29"));
    QCOMPARE(qobject_cast<QDoubleSpinBox*>(c.editor(QStringLiteral("head")))->maximum(), 8.0);
    QCOMPARE(qobject_cast<QDoubleSpinBox*>(c.editor(QStringLiteral("steps")))->maximum(), 64.0);
    // Another model: the range follows it both ways.
    c.setModelDimensions(2, 4);
    QCOMPARE(layer->maximum(), 1.0);
    c.setModelDimensions(30, 9);
    QCOMPARE(layer->maximum(), 29.0);
  }
};

QTEST_MAIN(TstParamBounds)
#include "tst_param_bounds.moc"
