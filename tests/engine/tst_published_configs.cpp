// The Gemma 3 presets of the KV-size and memory-planner lessons against the published config.json of each
// model (the text model's values; Hugging Face google/gemma-3-270m, gemma-3-1b-pt, gemma-3-4b-pt,
// gemma-3-12b-pt, gemma-3-27b-pt): num_hidden_layers, num_attention_heads, num_key_value_heads, head_dim,
// hidden_size, max_position_embeddings, sliding_window and sliding_window_pattern (a global layer after
// every five local ones; the 270M's layer_types list says the same), copied here by hand from those files.
#include <QtTest/QtTest>

#include "engine/lessons/published_configs.h"

using namespace inferscope::lessons;

class TestPublishedConfigs : public QObject {
  Q_OBJECT

 private slots:
  void gemma3MatchesItsConfigJson_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kv_heads");
    QTest::addColumn<int>("head_dim");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("context");
    QTest::addColumn<int>("window");
    QTest::addColumn<int>("pattern");
    QTest::addColumn<int>("local_layers");  // counted by hand from the layer_types pattern
    // Gemma 3 270M: hidden_size 640, 18 layers, 4 heads, 1 KV head, head_dim 256, 32768 positions, window 512.
    QTest::newRow("gemma-3-270m") << "gemma-3-270m" << 18 << 4 << 1 << 256 << 640 << 32768 << 512 << 6 << 15;
    // Gemma 3 1B: hidden_size 1152, 26 layers, 4 heads, 1 KV head, head_dim 256, 32768 positions, window 512.
    QTest::newRow("gemma-3-1b") << "gemma-3-1b" << 26 << 4 << 1 << 256 << 1152 << 32768 << 512 << 6 << 22;
    // Gemma 3 4B: hidden_size 2560, 34 layers, 8 heads, 4 KV heads, head_dim 256, 131072 positions, window 1024.
    QTest::newRow("gemma-3-4b") << "gemma-3-4b" << 34 << 8 << 4 << 256 << 2560 << 131072 << 1024 << 6 << 29;
    // Gemma 3 12B: hidden_size 3840, 48 layers, 16 heads, 8 KV heads, head_dim 256, 131072 positions, window 1024.
    QTest::newRow("gemma-3-12b") << "gemma-3-12b" << 48 << 16 << 8 << 256 << 3840 << 131072 << 1024 << 6 << 40;
    // Gemma 3 27B: hidden_size 5376, 62 layers, 32 heads, 16 KV heads, head_dim 128, 131072 positions, window 1024.
    QTest::newRow("gemma-3-27b") << "gemma-3-27b" << 62 << 32 << 16 << 128 << 5376 << 131072 << 1024 << 6 << 52;
  }
  void gemma3MatchesItsConfigJson() {
    QFETCH(QString, id);
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, kv_heads);
    QFETCH(int, head_dim);
    QFETCH(int, hidden);
    QFETCH(int, context);
    QFETCH(int, window);
    QFETCH(int, pattern);
    QFETCH(int, local_layers);
    const PublishedConfig* c = find_published_config(id.toStdString());
    QVERIFY2(c, qPrintable(id));
    QCOMPARE(c->n_layers, layers);
    QCOMPARE(c->n_heads, heads);
    QCOMPARE(c->n_kv_heads, kv_heads);
    QCOMPARE(c->head_dim, head_dim);
    QCOMPARE(c->hidden, hidden);
    QCOMPARE(c->context, context);
    QCOMPARE(c->sliding_window, window);
    QCOMPARE(c->global_every, pattern);
    // Global layers: every sixth (5, 11, ...): 270M 3, 1B 4, 4B 5, 12B 8, 27B 10; the rest use the window.
    QCOMPARE(c->window_layers(), local_layers);
  }
};

QTEST_APPLESS_MAIN(TestPublishedConfigs)
#include "tst_published_configs.moc"
