// OTLP export (remote/otlp/otlp_trace_encode, otlp_export_reply): spans written as ExportTraceServiceRequest
// read back whole by the receiver's decoder (ids, times, every scalar type, services as resources), ids that
// OTLP forbids refused, batches that split and keep every span, and collectors' replies (partial success,
// google.rpc.Status, JSON, garbage) read into a person's line. The peer's own decoder reads our bytes in
// tests/remote/cli/tst_otlp_export.cpp.
#include <QtTest>
#include <cstring>

#include "remote/otlp/otlp_export_reply.h"
#include "remote/otlp/otlp_trace.h"
#include "remote/otlp/otlp_trace_encode.h"
#include "remote/otlp/protobuf_wire.h"

using namespace inferscope::remote;
namespace pbw = inferscope::remote::pb;

namespace {

OtlpValue value(OtlpValue::Type t) {
  OtlpValue v;
  v.type = t;
  return v;
}

OtlpSpan span(const std::string& service, const std::string& name, char tail) {
  OtlpSpan s;
  s.service_name = service;
  s.trace_id = std::string(31, 'a') + tail;
  s.span_id = std::string(15, '0') + tail;
  s.name = name;
  s.start_unix_ns = 1796653800000000000ull;
  s.end_unix_ns = s.start_unix_ns + 123456789;
  return s;
}

}  // namespace

class TestOtlpEncode : public QObject {
  Q_OBJECT
 private slots:
  void roundTripThroughTheDecoder() {
    OtlpSpan a = span("vllm", "llm_request", '1');
    OtlpValue s = value(OtlpValue::Type::String), b = value(OtlpValue::Type::Bool), i = value(OtlpValue::Type::Int),
              d = value(OtlpValue::Type::Double);
    s.s = "请求 7";
    b.b = true;
    i.i = -42;
    d.d = 0.1 + 0.2;
    a.attributes = {{"s", s}, {"b", b}, {"i", i}, {"d", d}};
    OtlpSpan child = span("vllm", "prefill", '2');
    child.parent_span_id = a.span_id;
    const OtlpSpan other = span("sglang", "decode", '3');
    const std::string bytes = encode_export_trace_request({a, other, child});

    const OtlpDecodeResult r = decode_export_trace_request(bytes);
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(int(r.spans.size()), 3);
    // Grouped by service in order of first appearance; order kept within a service.
    QCOMPARE(r.spans[0].name, std::string("llm_request"));
    QCOMPARE(r.spans[1].name, std::string("prefill"));
    QCOMPARE(r.spans[2].name, std::string("decode"));
    QCOMPARE(r.spans[0].service_name, std::string("vllm"));
    QCOMPARE(r.spans[2].service_name, std::string("sglang"));
    QCOMPARE(r.spans[0].trace_id, a.trace_id);
    QCOMPARE(r.spans[0].span_id, a.span_id);
    QVERIFY(r.spans[0].parent_span_id.empty());
    QCOMPARE(r.spans[1].parent_span_id, a.span_id);
    QCOMPARE(r.spans[0].start_unix_ns, a.start_unix_ns);
    QCOMPARE(r.spans[0].end_unix_ns, a.end_unix_ns);
    QCOMPARE(r.spans[0].attribute("s")->s, std::string("请求 7"));
    QCOMPARE(r.spans[0].attribute("b")->b, true);
    QCOMPARE(r.spans[0].attribute("i")->i, int64_t(-42));
    const double got = r.spans[0].attribute("d")->d, want = 0.1 + 0.2;
    QVERIFY(std::memcmp(&got, &want, sizeof got) == 0);
  }

  void refusesIdsOtlpForbids() {
    OtlpSpan s = span("x", "y", '1');
    s.trace_id = "abc";
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, encode_export_trace_request({s}));
    s = span("x", "y", '1');
    s.span_id = "000000000000000A";  // upper case is not the form ids travel in
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, encode_export_trace_request({s}));
    s = span("x", "y", '0');  // span id all zeros: OTLP's "no id"
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, encode_export_trace_request({s}));
    s = span("x", "y", '1');
    s.attributes = {{"k", value(OtlpValue::Type::Other)}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, encode_export_trace_request({s}));
  }

  void batchesKeepEverySpan() {
    std::vector<OtlpSpan> spans;
    for (char c : std::string("12345")) spans.push_back(span("svc", std::string("s") + c, c));
    const std::vector<std::string> bodies = encode_export_trace_batches(spans, 2);
    QCOMPARE(int(bodies.size()), 3);
    std::vector<std::string> names;
    for (const std::string& b : bodies)
      for (const OtlpSpan& s : decode_export_trace_request(b).spans) names.push_back(s.name);
    QCOMPARE(names, (std::vector<std::string>{"s1", "s2", "s3", "s4", "s5"}));
    QVERIFY(encode_export_trace_batches({}, 2).empty());
  }

  void readsCollectorReplies() {
    // 200 with an empty ExportTraceServiceResponse, and with no body at all.
    QVERIFY(describe_otlp_export_reply(200, read_otlp_export_reply(200, "application/x-protobuf", "")).empty());
    // partial_success {rejected_spans 3, error_message "too old"}, written by field number here.
    std::string partial, ps;
    pbw::put_uint(ps, 1, 3);
    pbw::put_len(ps, 2, "too old");
    pbw::put_len(partial, 1, ps);
    OtlpExportReply r = read_otlp_export_reply(200, "application/x-protobuf", partial);
    QVERIFY(r.accepted);
    QCOMPARE(r.rejected_spans, int64_t(3));
    QCOMPARE(describe_otlp_export_reply(200, r), std::string("the collector rejected 3 span(s): too old"));
    // 400 with google.rpc.Status {code 3, message}.
    std::string status;
    pbw::put_uint(status, 1, 3);
    pbw::put_len(status, 2, "bad span");
    r = read_otlp_export_reply(400, "application/x-protobuf", status);
    QVERIFY(!r.accepted && !r.retryable);
    QCOMPARE(describe_otlp_export_reply(400, r), std::string("HTTP 400: bad span"));
    // 503: retry later, said so.
    r = read_otlp_export_reply(503, "text/plain", "overloaded");
    QVERIFY(r.retryable);
    QCOMPARE(describe_otlp_export_reply(503, r), std::string("HTTP 503: overloaded (the collector asks to retry later)"));
    // OTLP/JSON: int64 as a decimal string.
    r = read_otlp_export_reply(200, "application/json", R"({"partialSuccess":{"rejectedSpans":"2","errorMessage":"late"}})");
    QCOMPARE(r.rejected_spans, int64_t(2));
    QCOMPARE(r.message, std::string("late"));
    // Garbage where protobuf was promised: no message, no throw, still an error.
    r = read_otlp_export_reply(400, "application/x-protobuf", std::string("\xff\xff\xff", 3));
    QVERIFY(r.message.empty());
    QCOMPARE(describe_otlp_export_reply(400, r), std::string("HTTP 400"));
  }
};

QTEST_GUILESS_MAIN(TestOtlpEncode)
#include "tst_otlp_encode.moc"
