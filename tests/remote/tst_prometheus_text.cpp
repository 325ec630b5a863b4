// The Prometheus text-format reader against the format's published example, the escapes it documents,
// malformed lines, and the histogram quantile estimate against values worked out by hand.
#include <QtTest>
#include <cmath>

#include "remote/metrics/histogram_window.h"
#include "remote/metrics/prometheus_text.h"
#include "tests/remote/remote_test_data.h"

using namespace inferscope::remote;

class TestPrometheusText : public QObject {
  Q_OBJECT
 private slots:
  void publishedExample() {
    const Exposition e = parse_prometheus_text(remote_test_data("published/prometheus_exposition_example.txt"));
    QVERIFY2(e.warnings.empty(), e.warnings.empty() ? "" : e.warnings.front().c_str());
    QCOMPARE(e.families.size(), std::size_t(6));
    QCOMPARE(e.sample_count(), std::size_t(2 + 1 + 1 + 1 + 8 + 7));

    const MetricFamily* requests = e.family("http_requests_total");
    QVERIFY(requests);
    QCOMPARE(requests->type, MetricType::Counter);
    QCOMPARE(requests->help, std::string("The total number of HTTP requests."));
    QCOMPARE(requests->samples.size(), std::size_t(2));
    QCOMPARE(requests->samples[0].value, 1027.0);
    QCOMPARE(*requests->samples[0].label("code"), std::string("200"));
    QCOMPARE(requests->samples[1].value, 3.0);  // "   3": any run of blanks separates tokens
    QCOMPARE(requests->samples[1].timestamp_ms.value(), std::int64_t(1395066363000));

    const MetricFamily* msdos = e.family("msdos_file_access_time_seconds");
    QVERIFY(msdos);
    QCOMPARE(*msdos->samples[0].label("path"), std::string("C:\\DIR\\FILE.TXT"));
    QCOMPARE(*msdos->samples[0].label("error"), std::string("Cannot find file:\n\"FILE.TXT\""));
    QCOMPARE(msdos->samples[0].value, 1.458255915e9);

    QCOMPARE(e.family("metric_without_timestamp_and_labels")->samples[0].value, 12.47);
    const Sample& weird = e.family("something_weird")->samples[0];
    QVERIFY(std::isinf(weird.value) && weird.value > 0);
    QCOMPARE(weird.timestamp_ms.value(), std::int64_t(-3982045));

    const MetricFamily* hist = e.family("http_request_duration_seconds");
    QCOMPARE(hist->type, MetricType::Histogram);
    QCOMPARE(hist->samples.size(), std::size_t(8));  // six buckets, _sum and _count join the family
    const MetricFamily* summary = e.family("rpc_duration_seconds");
    QCOMPARE(summary->type, MetricType::Summary);
    QCOMPARE(summary->samples.size(), std::size_t(7));
    QCOMPARE(summary->samples.back().value, 2693.0);
  }

  void histogramQuantileOfThePublishedExample() {
    const Exposition e = parse_prometheus_text(remote_test_data("published/prometheus_exposition_example.txt"));
    const auto h = read_histogram(e, "http_request_duration_seconds");
    QVERIFY(h);
    QCOMPARE(h->buckets.size(), std::size_t(6));
    QVERIFY(std::isinf(h->buckets.back().upper_bound));
    QCOMPARE(h->count, 144320.0);
    QCOMPARE(h->sum, 53423.0);
    // By hand: rank 0.5 * 144320 = 72160 falls in (0.1, 0.2] holding 100392 - 33444 = 66948, of
    // which 72160 - 33444 = 38716 lie below it: 0.1 + 0.1 * 38716 / 66948 = 0.157829...
    QVERIFY(std::abs(*histogram_quantile(0.5, *h) - 0.15782996) < 1e-7);
    // 0.25 * 144320 = 36080 in (0.1, 0.2]: 0.1 + 0.1 * 2636 / 66948 = 0.103937...
    QVERIFY(std::abs(*histogram_quantile(0.25, *h) - 0.10393738) < 1e-7);
    // 0.01 * 144320 = 1443.2 in the first bucket (0, 0.05]: 0.05 * 1443.2 / 24054 = 0.0029999...
    QVERIFY(std::abs(*histogram_quantile(0.01, *h) - 0.00299992) < 1e-7);
    // 0.99 * 144320 = 142876.8 lies above the last finite bound (133988): that bound, as Prometheus does.
    QCOMPARE(*histogram_quantile(0.99, *h), 1.0);
    QCOMPARE(*histogram_mean(*h), 53423.0 / 144320.0);
  }

  void histogramWindowAndRestart() {
    Histogram before{{{0.1, 10}, {0.5, 30}, {1.0, 40}, {INFINITY, 40}}, 12, 40};
    Histogram now{{{0.1, 10}, {0.5, 70}, {1.0, 100}, {INFINITY, 100}}, 42, 100};
    const Histogram w = histogram_window(now, before);
    QCOMPARE(w.count, 60.0);
    QCOMPARE(w.sum, 30.0);
    QCOMPARE(w.buckets[0].cumulative, 0.0);
    QCOMPARE(w.buckets[1].cumulative, 40.0);
    // Rank 30 of 60 in (0.1, 0.5] holding 40: 0.1 + 0.4 * 30 / 40 = 0.4.
    QVERIFY(std::abs(*histogram_quantile(0.5, w) - 0.4) < 1e-12);
    // A server restart (counts went down): the new scrape alone is the window.
    Histogram restarted{{{0.1, 1}, {0.5, 2}, {1.0, 2}, {INFINITY, 2}}, 0.3, 2};
    QCOMPARE(histogram_window(restarted, now).count, 2.0);
    QVERIFY(!histogram_quantile(0.5, Histogram{{{0.1, 0}, {INFINITY, 0}}, 0, 0}));
  }

  void malformedLinesAreSkippedWithAWarning() {
    const std::string body =
        "# TYPE good gauge\n"
        "good 1\n"
        "bad{le=\"1\" 2\n"           // unterminated label set
        "novalue{a=\"b\"}\n"         // no value
        "9starts_with_digit 3\n"     // not a metric name
        "trailing 1 2 3\n"           // text after the timestamp
        "unterminated{a=\"b} 4\n"
        "good2{x=\"1\",} 5\n"        // a trailing comma is allowed
        "good3 NaN\n";
    const Exposition e = parse_prometheus_text(body);
    QCOMPARE(e.warnings.size(), std::size_t(5));
    QVERIFY(e.warnings[0].starts_with("line 3:"));
    QCOMPARE(e.family("good")->samples[0].value, 1.0);
    QCOMPARE(e.family("good2")->samples[0].value, 5.0);
    QVERIFY(std::isnan(e.family("good3")->samples[0].value));
    QCOMPARE(e.sample_count(), std::size_t(3));
  }

  void limitsBoundWhatIsRead() {
    std::string body;
    for (int i = 0; i < 1000; ++i) body += "m{i=\"" + std::to_string(i) + "\"} 1\n";
    ParseLimits limits;
    limits.max_samples = 100;
    const Exposition e = parse_prometheus_text(body, limits);
    QCOMPARE(e.sample_count(), std::size_t(100));
    QCOMPARE(e.warnings.size(), std::size_t(1));
    limits = ParseLimits{};
    limits.max_body_bytes = 64;
    const Exposition cut = parse_prometheus_text(body, limits);
    QVERIFY(cut.sample_count() < 10);
    QVERIFY(!cut.warnings.empty());
    std::string many_labels = "m{";
    for (int i = 0; i < 100; ++i) many_labels += "l" + std::to_string(i) + "=\"v\",";
    many_labels += "} 1\n";
    QCOMPARE(parse_prometheus_text(many_labels).sample_count(), std::size_t(0));
  }

  void crlfAndCommentsAndValues() {
    const Exposition e = parse_prometheus_text("# just a comment\r\n#\r\nx 2.5e-3\r\ny -Inf\r\nz +1\r\n");
    QVERIFY(e.warnings.empty());
    QCOMPARE(e.family("x")->samples[0].value, 2.5e-3);
    QVERIFY(std::isinf(e.family("y")->samples[0].value) && e.family("y")->samples[0].value < 0);
    QCOMPARE(e.family("z")->samples[0].value, 1.0);
    QVERIFY(!parse_prometheus_value("1.0x"));
    QVERIFY(!parse_prometheus_value(""));
  }
};

QTEST_GUILESS_MAIN(TestPrometheusText)
#include "tst_prometheus_text.moc"
