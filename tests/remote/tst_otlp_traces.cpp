// OTLP traces (remote/otlp): export requests decoded from protobuf and JSON into vLLM's request figures, every
// malformed payload refused with a reason and nothing taken from it, the HTTP framing's bounds (413 before a
// body is read, 431, 411), the receiver's answers, the bounded store, the listen address rule and request
// spans in an attached session's recording (a reader from before them skips them).
#include <QtTest>
#include <cstring>
#include <sstream>

#include "engine/record/poll_recording_writer.h"
#include "engine/record/recording.h"
#include "remote/otlp/listen_address.h"
#include "remote/otlp/llm_request_span.h"
#include "remote/otlp/otlp_trace.h"
#include "remote/otlp/otlp_trace_receiver.h"
#include "remote/otlp/protobuf_wire.h"
#include "remote/otlp/request_span_record.h"
#include "remote/otlp/span_timeline.h"

using namespace inferscope;
using namespace inferscope::remote;
namespace pbw = inferscope::remote::pb;

namespace {

// Encoders for the messages of otlp_trace_decode.cpp, by field number, written here independently of it.
std::string any_string(const std::string& s) { std::string o; pbw::put_len(o, 1, s); return o; }
std::string any_int(int64_t v) { std::string o; pbw::put_uint(o, 3, uint64_t(v)); return o; }
std::string any_double(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  std::string o;
  pbw::put_fixed64(o, 4, bits);
  return o;
}
std::string key_value(const std::string& k, const std::string& any) {
  std::string o;
  pbw::put_len(o, 1, k);
  pbw::put_len(o, 2, any);
  return o;
}
std::string id_bytes(uint8_t seed, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s.push_back(char(uint8_t(seed + i)));
  return s;
}

struct SpanSpec {
  uint8_t seed = 1;
  std::string name = "llm_request";
  uint64_t start = 1000, end = 2000;
  std::vector<std::string> attributes;  // encoded KeyValues
  size_t trace_id_len = 16;
};

std::string span(const SpanSpec& s) {
  std::string o;
  pbw::put_len(o, 1, id_bytes(s.seed, s.trace_id_len));
  pbw::put_len(o, 2, id_bytes(uint8_t(s.seed + 100), 8));
  pbw::put_len(o, 5, s.name);
  pbw::put_uint(o, 6, 2);                    // kind SERVER
  pbw::put_fixed64(o, 7, s.start);
  pbw::put_fixed64(o, 8, s.end);
  for (const std::string& a : s.attributes) pbw::put_len(o, 9, a);
  pbw::put_uint(o, 99, 7);                   // a field from a later schema: skipped
  return o;
}

std::string request(const std::vector<std::string>& spans, const std::string& service = "vllm") {
  std::string resource, scope_spans, resource_spans, out;
  pbw::put_len(resource, 1, key_value("service.name", any_string(service)));
  std::string scope;
  pbw::put_len(scope, 1, "vllm.llm_engine");
  pbw::put_len(scope_spans, 1, scope);
  for (const std::string& s : spans) pbw::put_len(scope_spans, 2, s);
  // Scopes before the resource on the wire: field order is the sender's choice.
  pbw::put_len(resource_spans, 2, scope_spans);
  pbw::put_len(resource_spans, 1, resource);
  pbw::put_len(out, 1, resource_spans);
  return out;
}

std::vector<std::string> vllm_attributes(int i) {
  return {key_value(genai::kRequestId, any_string("cmpl-" + std::to_string(i))),
          key_value(genai::kPromptTokens, any_int(100 + i)),
          key_value(genai::kCompletionTokens, any_int(20 + i)),
          key_value(genai::kTimeInQueue, any_double(0.001 * i + 1.0 / 3.0)),
          key_value(genai::kTimeToFirstToken, any_double(0.05 + i / 7.0)),
          key_value(genai::kE2e, any_double(1.5 + i)),
          key_value(genai::kMaxTokens, any_int(256)),
          key_value(genai::kTemperature, any_double(0.7)),
          key_value(genai::kTopP, any_double(0.95)),
          key_value(genai::kN, any_int(1))};
}

HttpRequest post(const std::string& body, const std::string& type = "application/x-protobuf") {
  HttpRequest r;
  r.method = "POST";
  r.target = "/v1/traces";
  r.headers = {{"content-type", type}};
  r.body = body;
  return r;
}

}  // namespace

class TestOtlpTraces : public QObject {
  Q_OBJECT
 private slots:
  void decodesSpansAndAttributes() {
    SpanSpec s;
    s.attributes = vllm_attributes(3);
    std::string arr, arr_any;
    pbw::put_len(arr, 1, any_int(1));
    pbw::put_len(arr, 1, any_string("x"));
    pbw::put_len(arr_any, 5, arr);
    s.attributes.push_back(key_value("an.array", arr_any));
    SpanSpec other;
    other.seed = 9;
    other.name = "http.request";
    other.attributes = {key_value("http.method", any_string("POST"))};
    const OtlpDecodeResult d = decode_export_trace_request(request({span(s), span(other)}));
    QVERIFY2(d.ok(), d.error.c_str());
    QCOMPARE(d.spans.size(), std::size_t(2));
    const OtlpSpan& a = d.spans[0];
    QCOMPARE(a.trace_id, std::string("0102030405060708090a0b0c0d0e0f10"));
    QCOMPARE(a.span_id, std::string("65666768696a6b6c"));
    QVERIFY(a.parent_span_id.empty());
    QCOMPARE(a.name, std::string("llm_request"));
    QCOMPARE(a.start_unix_ns, uint64_t(1000));
    QCOMPARE(a.end_unix_ns, uint64_t(2000));
    QCOMPARE(a.service_name, std::string("vllm"));  // the resource came after the scopes
    QCOMPARE(a.attribute("an.array")->type, OtlpValue::Type::Other);

    const auto r = read_llm_request(a, 2.5);
    QVERIFY(r.has_value());
    QCOMPARE(r->request_id, std::string("cmpl-3"));
    QCOMPARE(r->prompt_tokens.value(), int64_t(103));
    QCOMPARE(r->completion_tokens.value(), int64_t(23));
    QCOMPARE(r->queue_s.value(), 0.003 + 1.0 / 3.0);  // every bit: the double goes through as it was sent
    QCOMPARE(r->ttft_s.value(), 0.05 + 3 / 7.0);
    QCOMPARE(r->e2e_s.value(), 4.5);
    QCOMPARE(r->max_tokens.value(), int64_t(256));
    QCOMPARE(r->temperature.value(), 0.7);
    QCOMPARE(r->top_p.value(), 0.95);
    QCOMPARE(r->n.value(), int64_t(1));
    QVERIFY(!r->prefill_s);  // not sent: absent, not 0
    QCOMPARE(r->received_t_s, 2.5);
    QVERIFY(!read_llm_request(d.spans[1], 0).has_value());  // not a served request
  }

  void figuresOfTheWrongTypeStayAbsent() {
    OtlpSpan s;
    s.name = "llm_request";
    s.attributes = {{genai::kPromptTokens, {OtlpValue::Type::Double, {}, false, 0, 12.0}},
                    {genai::kCompletionTokens, {OtlpValue::Type::Double, {}, false, 0, 12.5}},
                    {genai::kTimeToFirstToken, {OtlpValue::Type::String, "0.2", false, 0, 0}},
                    {genai::kE2e, {OtlpValue::Type::Int, {}, false, 2, 0}}};
    const auto r = read_llm_request(s, 0);
    QCOMPARE(r->prompt_tokens.value(), int64_t(12));  // an integral float is a count
    QVERIFY(!r->completion_tokens);
    QVERIFY(!r->ttft_s);
    QCOMPARE(r->e2e_s.value(), 2.0);
    // A span of another name with a GenAI figure (SGLang's naming) is a request too.
    OtlpSpan g;
    g.name = "Req 5";
    g.attributes = {{genai::kTimeInQueue, {OtlpValue::Type::Double, {}, false, 0, 0.1}}};
    QVERIFY(read_llm_request(g, 0).has_value());
  }

  void refusesMalformedPayloads_data() {
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("reason");
    SpanSpec good;
    const std::string ok = request({span(good)});
    auto row = [](const char* name, const std::string& b, const char* reason) {
      QTest::newRow(name) << QByteArray(b.data(), qsizetype(b.size())) << QString(reason);
    };
    row("cut short", ok.substr(0, ok.size() - 3), "runs past the end");
    row("length past the end", std::string("\x0a\xff\x01\x00", 4), "runs past the end");
    row("varint overflow", std::string("\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 11), "varint");
    row("group wire type", std::string("\x0b\x0c", 2), "wire type 3");
    row("field number 0", std::string("\x00\x01", 2), "field number 0");
    std::string wrong_type;
    pbw::put_uint(wrong_type, 1, 5);  // resource_spans as a varint
    row("wrong wire type", wrong_type, "ExportTraceServiceRequest.resource_spans: wire type varint");
    SpanSpec short_id;
    short_id.trace_id_len = 15;
    row("trace id of 15 bytes", request({span(short_id)}), "Span.trace_id has 15 bytes");
    SpanSpec bad_utf8;
    bad_utf8.name = "\xc3\x28";
    row("name not UTF-8", request({span(bad_utf8)}), "Span.name is not valid UTF-8");
    // AnyValue arrays nested 20 deep.
    std::string any = any_int(1);
    for (int i = 0; i < 20; ++i) {
      std::string arr, wrapped;
      pbw::put_len(arr, 1, any);
      pbw::put_len(wrapped, 5, arr);
      any = wrapped;
    }
    SpanSpec deep;
    deep.attributes = {key_value("deep", any)};
    row("values nested too deep", request({span(deep)}), "nested deeper");
  }
  void refusesMalformedPayloads() {
    QFETCH(QByteArray, body);
    QFETCH(QString, reason);
    const OtlpDecodeResult d = decode_export_trace_request(std::string_view(body.constData(), size_t(body.size())));
    QVERIFY(!d.ok());
    QVERIFY(d.spans.empty());  // nothing half-taken
    QVERIFY2(d.error.find(reason.toStdString()) != std::string::npos, d.error.c_str());
  }

  void everyPrefixIsRefusedOrShorter() {
    std::vector<std::string> spans;
    for (int i = 0; i < 3; ++i) {
      SpanSpec s;
      s.seed = uint8_t(i * 20);
      s.attributes = vllm_attributes(i);
      spans.push_back(span(s));
    }
    const std::string whole = request(spans);
    for (size_t n = 0; n < whole.size(); ++n) {
      const OtlpDecodeResult d = decode_export_trace_request(std::string_view(whole).substr(0, n));
      // One resource_spans holds all: any cut inside it leaves its length running past the end.
      QVERIFY2(n == 0 ? d.ok() : !d.ok(), std::to_string(n).c_str());
    }
  }

  void decodesJson() {
    const std::string body = R"({"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"sglang"}}]},
      "scopeSpans":[{"scope":{"name":"x"},"spans":[{"traceId":"0102030405060708090A0B0C0D0E0F10","spanId":"65666768696a6b6c",
      "name":"llm_request","kind":2,"startTimeUnixNano":"1700000000000000001","endTimeUnixNano":1700000000000000999,
      "attributes":[{"key":"gen_ai.request.id","value":{"stringValue":"r1"}},
                    {"key":"gen_ai.usage.prompt_tokens","value":{"intValue":"42"}},
                    {"key":"gen_ai.usage.completion_tokens","value":{"intValue":7}},
                    {"key":"gen_ai.latency.time_to_first_token","value":{"doubleValue":0.125}},
                    {"key":"gen_ai.latency.e2e","value":{"doubleValue":"Infinity"}},
                    {"key":"tags","value":{"arrayValue":{"values":[{"stringValue":"a"}]}}}],
      "unknownField":{"x":1}}]}]}]})";
    const OtlpDecodeResult d = decode_export_trace_request_json(body);
    QVERIFY2(d.ok(), d.error.c_str());
    QCOMPARE(d.spans.size(), std::size_t(1));
    QCOMPARE(d.spans[0].trace_id, std::string("0102030405060708090a0b0c0d0e0f10"));
    QCOMPARE(d.spans[0].start_unix_ns, uint64_t(1700000000000000001ull));
    QCOMPARE(d.spans[0].service_name, std::string("sglang"));
    const auto r = read_llm_request(d.spans[0], 0);
    QCOMPARE(r->prompt_tokens.value(), int64_t(42));
    QCOMPARE(r->completion_tokens.value(), int64_t(7));
    QCOMPARE(r->ttft_s.value(), 0.125);
    QVERIFY(std::isinf(r->e2e_s.value()));

    for (const char* bad : {"", "{", "[]", R"({"resourceSpans":{}})", R"({"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"zz"}]}]}]})",
                            R"({"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"6566676869","name":"x"}]}]}]})",
                            R"({"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"65666768696a6b6c","startTimeUnixNano":"-1"}]}]}]})",
                            "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"name\":\"\xff\"}]}]}]}"}) {
      const OtlpDecodeResult b = decode_export_trace_request_json(bad);
      QVERIFY2(!b.ok() && b.spans.empty(), bad);
    }
  }

  void receiverAnswersAndKeepsGoing() {
    OtlpTraceReceiver rx(1000);
    std::vector<std::string> seen;
    rx.on_requests([&](const std::vector<LlmRequestSpan>& got) {
      for (const auto& r : got) seen.push_back(r.request_id);
    });
    SpanSpec s;
    s.attributes = vllm_attributes(1);
    HttpResponse ok = rx.handle(post(request({span(s)})), 1.0);
    QCOMPARE(ok.status, 200);
    QVERIFY(ok.body.empty());  // an empty ExportTraceServiceResponse
    QCOMPARE(ok.content_type, std::string("application/x-protobuf"));

    // Corrupt: 400, a google.rpc.Status saying why, nothing kept; the next export is taken as usual.
    const std::string good = request({span(s)});
    HttpResponse bad = rx.handle(post(good.substr(0, good.size() / 2)), 2.0);
    QCOMPARE(bad.status, 400);
    int32_t code = 0;
    std::string message;
    QVERIFY(decode_rpc_status(bad.body, code, message));
    QCOMPARE(code, 3);
    QVERIFY2(message.find("malformed ExportTraceServiceRequest") != std::string::npos, message.c_str());
    SpanSpec s2;
    s2.attributes = vllm_attributes(2);
    QCOMPARE(rx.handle(post(request({span(s2)})), 3.0).status, 200);
    QCOMPARE(seen, (std::vector<std::string>{"cmpl-1", "cmpl-2"}));
    QCOMPARE(rx.stats().exports, uint64_t(2));
    QCOMPARE(rx.stats().refused, uint64_t(1));
    QCOMPARE(rx.store().kept().size(), std::size_t(2));

    HttpResponse j = rx.handle(post("{}", "application/json; charset=utf-8"), 4.0);
    QCOMPARE(j.status, 200);
    QCOMPARE(j.body, std::string("{}"));
    HttpResponse jbad = rx.handle(post("{\"resourceSpans\":5}", "application/json"), 4.0);
    QCOMPARE(jbad.status, 400);
    QVERIFY(nlohmann::json::parse(jbad.body).at("message").get<std::string>().find("resourceSpans") != std::string::npos);

    HttpRequest wrong_path = post(good);
    wrong_path.target = "/v1/metrics";
    QCOMPARE(rx.handle(wrong_path, 5).status, 404);
    HttpRequest get = post("");
    get.method = "GET";
    QCOMPARE(rx.handle(get, 5).status, 405);
    QCOMPARE(rx.handle(post(good, "text/plain"), 5).status, 415);
    HttpRequest gz = post(good);
    gz.headers.emplace_back("content-encoding", "gzip");
    const HttpResponse gzr = rx.handle(gz, 5);
    QCOMPARE(gzr.status, 415);
    QVERIFY(gzr.body.find("gzip") != std::string::npos);
    QCOMPARE(rx.store().kept().size(), std::size_t(2));
    QCOMPARE(rx.stats().refused, uint64_t(6));
  }

  // The sender's clock is 990.8 s ahead of the session's here; the export sent soonest after its request
  // ended (B, 0 s after) fixes the offset, A lands 0.5 s before B, a span without an end at its arrival.
  void finishTimesOnTheSessionClock() {
    auto span = [](uint64_t end_ns, double received) {
      LlmRequestSpan r;
      r.end_unix_ns = end_ns;
      r.received_t_s = received;
      return r;
    };
    const uint64_t s = 1'000'000'000ULL;
    std::deque<LlmRequestSpan> rows{span(1000 * s + s / 2, 10.0), span(1001 * s, 10.2), span(0, 11.0)};
    std::vector<double> x = finish_times_on_session_clock(rows);
    QCOMPARE(x.size(), std::size_t(3));
    QCOMPARE(x[0], 10.2 - 0.5);
    QCOMPARE(x[1], 10.2);
    QCOMPARE(x[2], 11.0);
    // Unix nanoseconds of today: the sub-millisecond differences survive (one double of 1.7e18 ns would not).
    const uint64_t now = 1'796'000'000ULL * s;
    rows = {span(now + 1, 5.0), span(now + 250'001, 5.0)};
    x = finish_times_on_session_clock(rows);
    QVERIFY(qAbs((x[1] - x[0]) - 250e-6) < 1e-9);
    QCOMPARE(x[1], 5.0);
    QVERIFY(finish_times_on_session_clock({}).empty());
  }

  void storeKeepsTheNewest() {
    RequestSpanStore store(3);
    for (int i = 1; i <= 5; ++i) {
      LlmRequestSpan r;
      r.request_id = std::to_string(i);
      store.add(r);
    }
    QCOMPARE(store.kept().size(), std::size_t(3));
    QCOMPARE(store.kept().front().request_id, std::string("3"));
    QCOMPARE(store.dropped(), uint64_t(2));
    QCOMPARE(store.received(), uint64_t(5));
  }

  void httpFraming() {
    const std::string body = "0123456789";
    const std::string one = "POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-protobuf\r\nContent-Length: 10\r\n\r\n" + body;
    // Two pipelined requests fed a byte at a time.
    HttpRequestReader r;
    std::vector<HttpRequest> got;
    for (char c : one + one) {
      r.feed(std::string_view(&c, 1));
      for (auto n = r.next(); n.request; n = r.next()) got.push_back(*n.request);
    }
    QCOMPARE(got.size(), std::size_t(2));
    QCOMPARE(got[1].body, body);
    QCOMPARE(got[0].header("content-type"), std::string("application/x-protobuf"));
    QVERIFY(got[0].keep_alive);
    QCOMPARE(r.buffered(), std::size_t(0));

    // Over the cap: 413 from the Content-Length alone, before the body's bytes come.
    HttpRequestReader small(HttpLimits{16 * 1024, 100});
    small.feed("POST /v1/traces HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n");
    auto n = small.next();
    QVERIFY(n.error.has_value());
    QCOMPARE(n.error->status, 413);
    QVERIFY(n.error->close);
    QVERIFY(n.error->body.find("100-byte cap") != std::string::npos);
    small.feed(std::string(1000, 'x'));
    QCOMPARE(small.buffered(), std::size_t(0));  // nothing more is held

    HttpRequestReader chunked;
    chunked.feed("POST /v1/traces HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n");
    QCOMPARE(chunked.next().error->status, 411);
    HttpRequestReader huge_header(HttpLimits{64, 100});
    huge_header.feed("POST /v1/traces HTTP/1.1\r\nX-Padding: " + std::string(100, 'a'));
    QCOMPARE(huge_header.next().error->status, 431);
    HttpRequestReader garbage;
    garbage.feed("\x16\x03\x01 hello\r\n\r\n");  // a TLS hello, say
    QCOMPARE(garbage.next().error->status, 400);
    HttpRequestReader old;
    old.feed("POST /v1/traces HTTP/1.0\r\nContent-Length: 0\r\n\r\n");
    QVERIFY(!old.next().request->keep_alive);
    HttpRequestReader two_lengths;
    two_lengths.feed("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab");
    QCOMPARE(two_lengths.next().error->status, 400);

    HttpResponse resp;
    resp.status = 400;
    resp.content_type = "text/plain";
    resp.body = "why";
    QCOMPARE(resp.serialize(), std::string("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\nwhy"));
  }

  void listenAddresses() {
    std::string why;
    auto a = parse_listen_address("127.0.0.1:4318", &why);
    QVERIFY(a && a->loopback && a->port == 4318);
    QVERIFY(parse_listen_address("localhost:0", &why)->loopback);
    QVERIFY(parse_listen_address("127.3.4.5:1", &why)->loopback);
    QVERIFY(parse_listen_address("[::1]:4318", &why)->loopback);
    QCOMPARE(parse_listen_address("[::1]:4318", &why)->text(), std::string("[::1]:4318"));
    QVERIFY(!parse_listen_address("0.0.0.0:4318", &why)->loopback);
    QVERIFY(!parse_listen_address("[::]:4318", &why)->loopback);
    QVERIFY(!parse_listen_address("192.168.1.2:4318", &why)->loopback);
    QVERIFY(!parse_listen_address("4318", &why));
    QVERIFY(!parse_listen_address("127.0.0.1:70000", &why));
    QVERIFY(!parse_listen_address("example.com:4318", &why));
    QVERIFY(why.find("IP address") != std::string::npos);
  }

  void spansInTheRecording() {
    SpanSpec s;
    s.attributes = vllm_attributes(5);
    const OtlpDecodeResult d = decode_export_trace_request(request({span(s)}));
    LlmRequestSpan live = read_llm_request(d.spans.at(0), 7.25).value();
    std::ostringstream out;
    record::PollRecordingWriter w(out, {"test", {"http://gpu:8000"}, 500, ""});
    record::ServerPollRecord poll;
    poll.server = "http://gpu:8000";
    poll.t_s = 7.0;
    w.add_poll(poll);
    w.add_request_spans({to_record(live), to_record(live)});
    w.finish();
    QCOMPARE(w.request_spans_recorded(), int64_t(2));
    const std::string bytes = out.str();
    const auto rec = record::Recording::from_bytes(std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    QVERIFY2(rec.warning().empty(), rec.warning().c_str());
    QCOMPARE(rec.server_polls().size(), std::size_t(1));
    QCOMPARE(rec.request_spans().size(), std::size_t(2));
    const LlmRequestSpan back = from_record(rec.request_spans()[0]);
    QCOMPARE(back.request_id, live.request_id);
    QCOMPARE(back.service, std::string("vllm"));
    QCOMPARE(back.trace_id, live.trace_id);
    QCOMPARE(back.received_t_s, 7.25);
    QCOMPARE(back.queue_s.value(), live.queue_s.value());
    QCOMPARE(back.ttft_s.value(), live.ttft_s.value());
    QCOMPARE(back.prompt_tokens.value(), int64_t(105));
    QCOMPARE(back.completion_tokens.value(), int64_t(25));
    QVERIFY(!back.prefill_s);
    QCOMPARE(back.end_unix_ns, uint64_t(2000));

    // A reader from before request spans (the four-list decode) takes the frame and skips them.
    const auto frame = record::encode_polls_frame({poll}, {}, {to_record(live)});
    std::vector<record::ServerPollRecord> p;
    std::vector<record::KvEventsRecord> k;
    record::decode_polls_frame(frame, "test", p, k);
    QCOMPARE(p.size(), std::size_t(1));
  }
};

QTEST_GUILESS_MAIN(TestOtlpTraces)
#include "tst_otlp_traces.moc"
