// Seeds for fuzz_otlp: a vLLM-shaped export request in each of the target's three ways in (the first byte
// picks it: 0 protobuf, 1 OTLP/JSON, 2 the same protobuf inside an HTTP POST). Usage: write_otlp_seeds DIR
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "remote/otlp/protobuf_wire.h"

namespace pb = inferscope::remote::pb;

namespace {

std::string key_value(const std::string& k, const std::string& any) {
  std::string o;
  pb::put_len(o, 1, k);
  pb::put_len(o, 2, any);
  return o;
}
std::string str_value(const std::string& s) { std::string o; pb::put_len(o, 1, s); return o; }
std::string int_value(int64_t v) { std::string o; pb::put_uint(o, 3, uint64_t(v)); return o; }
std::string double_value(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  std::string o;
  pb::put_fixed64(o, 4, bits);
  return o;
}

std::string export_request() {
  std::string span;
  pb::put_len(span, 1, std::string(16, '\x11'));
  pb::put_len(span, 2, std::string(8, '\x22'));
  pb::put_len(span, 5, "llm_request");
  pb::put_uint(span, 6, 2);
  pb::put_fixed64(span, 7, 1700000000000000000ull);
  pb::put_fixed64(span, 8, 1700000001000000000ull);
  pb::put_len(span, 9, key_value("gen_ai.request.id", str_value("cmpl-1")));
  pb::put_len(span, 9, key_value("gen_ai.usage.prompt_tokens", int_value(120)));
  pb::put_len(span, 9, key_value("gen_ai.usage.completion_tokens", int_value(32)));
  pb::put_len(span, 9, key_value("gen_ai.latency.time_in_queue", double_value(0.012)));
  pb::put_len(span, 9, key_value("gen_ai.latency.time_to_first_token", double_value(0.08)));
  pb::put_len(span, 9, key_value("gen_ai.latency.e2e", double_value(0.9)));
  std::string scope_spans, resource, resource_spans, out;
  pb::put_len(scope_spans, 2, span);
  pb::put_len(resource, 1, key_value("service.name", str_value("vllm")));
  pb::put_len(resource_spans, 1, resource);
  pb::put_len(resource_spans, 2, scope_spans);
  pb::put_len(out, 1, resource_spans);
  return out;
}

void write(const std::filesystem::path& p, char way, const std::string& bytes) {
  std::ofstream f(p, std::ios::binary);
  f.put(way);
  f << bytes;
  if (!f) throw std::runtime_error("cannot write " + p.string());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: write_otlp_seeds DIR\n";
    return 2;
  }
  const std::filesystem::path dir(argv[1]);
  std::filesystem::create_directories(dir);
  const std::string pbuf = export_request();
  write(dir / "export.pb", 0, pbuf);
  write(dir / "export.json", 1,
        R"({"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"vllm"}}]},)"
        R"("scopeSpans":[{"spans":[{"traceId":"11111111111111111111111111111111","spanId":"2222222222222222",)"
        R"("name":"llm_request","startTimeUnixNano":"1700000000000000000","endTimeUnixNano":"1700000001000000000",)"
        R"("attributes":[{"key":"gen_ai.usage.prompt_tokens","value":{"intValue":"120"}},)"
        R"({"key":"gen_ai.latency.time_to_first_token","value":{"doubleValue":0.08}}]}]}]}]})");
  // Piece sizes come from the bytes fed: the request line's first byte ('P') makes the first piece 321 bytes.
  write(dir / "post.http", 2,
        "POST /v1/traces HTTP/1.1\r\nHost: 127.0.0.1:4318\r\nContent-Type: application/x-protobuf\r\nContent-Length: " +
            std::to_string(pbuf.size()) + "\r\n\r\n" + pbuf);
  return 0;
}
