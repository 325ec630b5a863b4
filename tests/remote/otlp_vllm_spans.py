#!/usr/bin/env python3
"""A stand-in for vLLM started with --otlp-traces-endpoint (vLLM itself needs a GPU), for tests/remote/cli/tst_attach_otlp.

  otlp_vllm_spans.py serve-metrics FILE      serve FILE as /metrics on 127.0.0.1 (a free port, printed) until stdin closes
  otlp_vllm_spans.py send ENDPOINT COUNT     post, to ENDPOINT (http://HOST:PORT/v1/traces):
      1. a corrupt protobuf export (raw HTTP), noting the status and the google.rpc.Status message answered;
      2. COUNT spans shaped like vLLM's llm_request (name, SERVER kind, gen_ai.* attributes as vllm/tracing.py's
         SpanAttributes spells them), through the OpenTelemetry SDK's BatchSpanProcessor and its OTLP/HTTP
         protobuf exporter, in batches of 32;
      3. one export in OTLP/JSON (raw HTTP).
  and print, as one JSON document, what was sent and what the receiver answered.
  otlp_vllm_spans.py send-live ENDPOINT SECONDS   for the README's picture: requests finishing as time passes
      (ends at the real clock, a load that rises and falls), through the same SDK exporter every 0.5 s.

The figures are inexact binary fractions on purpose: the receiver must keep every bit.
"""
import http.client
import http.server
import json
import sys
import threading
import urllib.parse


def serve_metrics(path):
    body = open(path, "rb").read()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path.split("?")[0] != "/metrics":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()  # until the test closes our stdin
    server.shutdown()


def raw_post(endpoint, body, content_type):
    u = urllib.parse.urlsplit(endpoint)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    conn.request("POST", u.path, body=body, headers={"Content-Type": content_type})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, data


def figures(i):
    queue = 0.001 * i + 1.0 / 3.0
    ttft = 0.05 + i / 7.0
    return {
        "gen_ai.request.id": "cmpl-%04d" % i,
        "gen_ai.usage.prompt_tokens": 100 + 3 * i,
        "gen_ai.usage.completion_tokens": 16 + i,
        "gen_ai.latency.time_in_queue": queue,
        "gen_ai.latency.time_to_first_token": ttft,
        "gen_ai.latency.e2e": ttft + 0.02 * (16 + i) + 0.1,
        "gen_ai.latency.time_in_model_prefill": ttft - queue,
        "gen_ai.latency.time_in_model_decode": 0.02 * (16 + i),
        "gen_ai.request.max_tokens": 256,
        "gen_ai.request.temperature": 0.7,
        "gen_ai.request.top_p": 0.95,
        "gen_ai.request.n": 1,
    }


def send(endpoint, count):
    from google.rpc import status_pb2
    from opentelemetry import trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    out = {}
    # 1. Corrupt: a resource_spans field whose length runs past the end.
    status, data = raw_post(endpoint, b"\x0a\xff\xff\x03\x01\x02", "application/x-protobuf")
    st = status_pb2.Status()
    st.ParseFromString(data)
    out["corrupt"] = {"status": status, "code": st.code, "message": st.message}

    # 2. The SDK's exporter, as vLLM uses it.
    results = []

    class NotingExporter(OTLPSpanExporter):
        def export(self, spans):
            r = super().export(spans)
            results.append({"spans": len(spans), "result": r.name})
            return r

    provider = TracerProvider(resource=Resource.create({"service.name": "vllm"}))
    provider.add_span_processor(BatchSpanProcessor(NotingExporter(endpoint=endpoint), max_export_batch_size=32,
                                                   schedule_delay_millis=50))
    tracer = provider.get_tracer("vllm.llm_engine")
    t0 = 1_700_000_000_000_000_000
    sent = []
    for i in range(count):
        f = figures(i)
        start = t0 + i * 10_000_000
        span = tracer.start_span("llm_request", kind=trace.SpanKind.SERVER, start_time=start, attributes=f)
        span.end(end_time=start + int(f["gen_ai.latency.e2e"] * 1e9))
        sent.append({"request_id": f["gen_ai.request.id"], "queue_s": f["gen_ai.latency.time_in_queue"],
                     "ttft_s": f["gen_ai.latency.time_to_first_token"], "e2e_s": f["gen_ai.latency.e2e"],
                     "prompt_tokens": f["gen_ai.usage.prompt_tokens"],
                     "completion_tokens": f["gen_ai.usage.completion_tokens"]})
    provider.force_flush()
    provider.shutdown()
    out["exports"] = results
    out["requests"] = sent

    # 3. OTLP/JSON.
    doc = {"resourceSpans": [{"resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "sglang"}}]},
                              "scopeSpans": [{"spans": [{
                                  "traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b174",
                                  "name": "llm_request", "startTimeUnixNano": str(t0), "endTimeUnixNano": str(t0 + 10**9),
                                  "attributes": [{"key": "gen_ai.request.id", "value": {"stringValue": "json-1"}},
                                                 {"key": "gen_ai.usage.prompt_tokens", "value": {"intValue": "11"}},
                                                 {"key": "gen_ai.latency.time_to_first_token",
                                                  "value": {"doubleValue": 0.25}}]}]}]}]}
    status, data = raw_post(endpoint, json.dumps(doc).encode(), "application/json")
    out["json"] = {"status": status, "body": data.decode()}
    print(json.dumps(out), flush=True)


def send_live(endpoint, seconds):
    import time
    from opentelemetry import trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": "vllm"}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=endpoint), schedule_delay_millis=500))
    tracer = provider.get_tracer("vllm.llm_engine")
    seed, i, t_end = 12345, 0, time.time() + seconds
    while time.time() < t_end:
        seed = (seed * 1103515245 + 12345) % 2**31
        phase = (i % 60) / 60.0  # the queue builds up and drains once a minute's worth of requests
        load = 4 * phase * (1 - phase)
        queue = 0.01 + 0.8 * load + (seed % 100) / 2000.0
        prompt, gen = 64 + seed % 448, 16 + (seed >> 8) % 112
        ttft = queue + 0.03 + prompt / 4000.0
        e2e = ttft + gen * (0.015 + 0.01 * load)
        f = figures(i)
        f.update({"gen_ai.request.id": "cmpl-live-%04d" % i, "gen_ai.usage.prompt_tokens": prompt,
                  "gen_ai.usage.completion_tokens": gen, "gen_ai.latency.time_in_queue": queue,
                  "gen_ai.latency.time_to_first_token": ttft, "gen_ai.latency.e2e": e2e,
                  "gen_ai.latency.time_in_model_prefill": ttft - queue, "gen_ai.latency.time_in_model_decode": e2e - ttft})
        end = time.time_ns()
        span = tracer.start_span("llm_request", kind=trace.SpanKind.SERVER, start_time=end - int(e2e * 1e9), attributes=f)
        span.end(end_time=end)
        i += 1
        time.sleep(0.08)
    provider.force_flush()
    provider.shutdown()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "serve-metrics":
        serve_metrics(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "send":
        send(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "send-live":
        send_live(sys.argv[2], float(sys.argv[3]))
    else:
        sys.exit(__doc__)
