#!/usr/bin/env python3
"""A minimal OTLP/HTTP trace collector built on opentelemetry-proto's own generated classes (PyPI,
pinned in packaging/bootstrap.sh): what InferScope exports is decoded by the peer's protobuf code, not ours.

Usage: otlp_collector.py accept|reject|partial OUT.json [SECONDS]
Prints "PORT <port>" and serves POST /v1/traces on 127.0.0.1 until stdin closes or after SECONDS (60):
  accept   200 with an empty ExportTraceServiceResponse
  reject   400 with a google.rpc.Status {code 3, message "trace ids are unwelcome here"}
  partial  200 with partial_success {rejected_spans 3, error_message "3 spans too old"}
Every export it decodes is appended to OUT.json (rewritten after each): {"exports": n, "content_types": [...],
"spans": [{name, trace_id, span_id, parent_span_id, start_ns, end_ns, kind, service, scope, attributes}]}.
"""
import http.server, json, select, sys, threading, time

from google.rpc import status_pb2
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

MODE, OUT = sys.argv[1], sys.argv[2]
seen = {"exports": 0, "content_types": [], "spans": []}


def value(v):
    kind = v.WhichOneof("value")
    return None if kind is None else getattr(v, kind)


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path != "/v1/traces":
            self.send_response(404)
            self.end_headers()
            return
        req = trace_service_pb2.ExportTraceServiceRequest()
        req.ParseFromString(body)  # raises (500) on bytes that are not an export
        seen["exports"] += 1
        seen["content_types"].append(self.headers.get("Content-Type"))
        for rs in req.resource_spans:
            service = {a.key: value(a.value) for a in rs.resource.attributes}.get("service.name")
            for ss in rs.scope_spans:
                for s in ss.spans:
                    seen["spans"].append({
                        "name": s.name, "trace_id": s.trace_id.hex(), "span_id": s.span_id.hex(),
                        "parent_span_id": s.parent_span_id.hex(), "start_ns": s.start_time_unix_nano,
                        "end_ns": s.end_time_unix_nano, "kind": s.kind, "service": service, "scope": ss.scope.name,
                        "attributes": {a.key: value(a.value) for a in s.attributes}})
        with open(OUT, "w") as f:
            json.dump(seen, f)
        if MODE == "reject":
            reply, code = status_pb2.Status(code=3, message="trace ids are unwelcome here"), 400
        else:
            reply, code = trace_service_pb2.ExportTraceServiceResponse(), 200
            if MODE == "partial":
                reply.partial_success.rejected_spans = 3
                reply.partial_success.error_message = "3 spans too old"
        data = reply.SerializeToString()
        self.send_response(code)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print("PORT", server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
deadline = time.time() + float(sys.argv[3]) if len(sys.argv) > 3 else time.time() + 60
while time.time() < deadline:
    r, _, _ = select.select([sys.stdin], [], [], 0.5)
    if r and not sys.stdin.read(1):
        break
server.shutdown()
