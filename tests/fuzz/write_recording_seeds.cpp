// Writes seed recordings for fuzz_recording into DIR: a small synthetic run (a pool of 8 blocks, three
// sequences that grow, share a prefix block, one preempted and one finished, prefill chunks beside the steps) encoded with the format's
// own codec, compressed and uncompressed, whole and cut short. Each seed starts with the fuzz target's
// mode byte (0x80: recompute CRCs).
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <sstream>

#include "engine/record/poll_recording_writer.h"
#include "engine/record/record_format.h"
#include "engine/record/step_codec.h"

using namespace inferscope;
using namespace inferscope::record;

namespace {

std::vector<uint8_t> synthetic(bool compress) {
  std::vector<uint8_t> f = file_header();
  nlohmann::json cols = nlohmann::json::array();
  for (const auto& [name, type] : metric_columns()) cols.push_back({name, type});
  const nlohmann::json meta = {{"format", kFormatVersion}, {"writer", "seed"}, {"columns", cols}, {"prefill_chunks", true},
                               {"engine", {{"block_size", 4}}}, {"model", {{"name", "seed"}, {"n_layers", 2}}}};
  const std::string ms = meta.dump();
  auto append = [&](const std::vector<uint8_t>& frame) { f.insert(f.end(), frame.begin(), frame.end()); };
  append(encode_frame(FrameType::Meta, std::vector<uint8_t>(ms.begin(), ms.end()), compress));

  BlockMapSnapshot prev;
  ByteWriter frame, chunks;
  int in_frame = 0;
  int64_t first = 0;
  for (int step = 0; step < 10; ++step) {
    BlockMapSnapshot s;
    s.block_size = 4;
    s.blocks.resize(8);
    for (int b = 0; b < 8; ++b) s.blocks[size_t(b)].id = b;
    const int live = step < 6 ? 3 : 2;  // sequence 2 is preempted at step 6
    for (int q = 0; q < live; ++q) {
      SequenceBlocks sb;
      sb.seq_id = q;
      sb.num_tokens = 4 + step + q;
      sb.block_table.push_back(0);  // the shared prefix block
      for (int k = 1; k * 4 < sb.num_tokens && k < 3; ++k) sb.block_table.push_back(1 + q * 2 + (k - 1));
      for (int32_t b : sb.block_table) {
        BlockInfo& bi = s.blocks[size_t(b)];
        bi.state = BlockState::Used;
        ++bi.ref_count;
        bi.owners.push_back(q);
        bi.filled = 4;
      }
      s.sequences.push_back(sb);
    }
    StepMetrics m;
    m.step = step;
    m.t_ms = step * 1.5;
    m.running = live;
    m.kv_blocks_total = 8;
    m.prefix_hit_tokens = step == 1 ? 4 : 0;
    m.preempted = step == 6;
    // Request 0's prompt in two chunks, request 1's recompute in one: a prefill chunks frame per steps frame.
    m.prefill_tokens = step < 2 ? 2 : step == 6 ? 4 : 0;
    if (in_frame == 0) first = step;
    encode_metrics(frame, m);
    const bool key = step % 4 == 0;
    frame.u8(key ? 0 : 1);
    if (key) encode_block_map(frame, s);
    else encode_delta(frame, diff_block_maps(prev, s));
    RequestInfo q;
    q.id = step < 6 ? 0 : 1;
    q.state = step == 9 ? RequestState::Finished : RequestState::Running;
    q.finish_reason = step == 9 ? "length" : "";
    q.n_prompt = 4;
    q.n_generated = step;
    q.seq_ids = {q.id};
    q.preemptions = step >= 6 ? 1 : 0;
    if (step == 9) q.texts = {"once upon"};
    q.prompt_ids = {1, 2, 3, 4};
    frame.uvar(1);
    encode_request(frame, q, step == 0 || step == 6);
    frame.uvar(1);
    TokenEvent e;
    e.request_id = q.id;
    e.token = 100 + step;
    e.text = step % 2 ? " upon" : "once";
    encode_token(frame, e);
    frame.uvar(step == 0 ? 1 : 0);
    if (step == 0) {
      frame.u8(2);
      frame.str("engine: seed");
    }
    std::vector<PrefillChunk> step_chunks;
    if (m.prefill_tokens > 0) step_chunks.push_back({q.id, m.prefill_tokens});
    encode_prefill_chunks(chunks, step_chunks);
    prev = s;
    if (++in_frame == 3 || step == 9) {
      for (auto [type, body] : {std::pair{FrameType::Steps, &frame}, std::pair{FrameType::PrefillChunks, &chunks}}) {
        ByteWriter payload;
        payload.uvar(uint64_t(first));
        payload.uvar(uint64_t(in_frame));
        payload.raw(body->bytes());
        append(encode_frame(type, payload.bytes(), compress));
        body->clear();
      }
      in_frame = 0;
    }
  }
  const std::string lessons = R"([{"lesson":"seed","value":1}])";
  append(encode_frame(FrameType::Lessons, std::vector<uint8_t>(lessons.begin(), lessons.end()), compress));
  const std::string end = R"({"steps":10,"limited":false,"log":[[2,"done"]]})";
  append(encode_frame(FrameType::End, std::vector<uint8_t>(end.begin(), end.end()), compress));
  return f;
}

// An attached session: a llama.cpp server polled busy, down, up again, and a KV-event reading.
std::vector<uint8_t> attach_session() {
  std::ostringstream out;
  PollRecordingWriter w(out, {"seed", {"http://127.0.0.1:8080"}, 200, "tcp://127.0.0.1:5557"});
  for (int i = 0; i < 4; ++i) {
    ServerPollRecord p;
    p.server = "http://127.0.0.1:8080";
    p.t_s = 0.2 * i;
    p.up = i != 2;
    p.kind = "llama.cpp";
    if (!p.up) {
      p.error = "connection refused";
      p.consecutive_failures = 1;
    } else {
      p.values = {{"scrape_t_s", p.t_s}, {"running", 2}, {"generation_tokens", 48.0 * i}};
      p.histograms.push_back({"ttft_s", 0.5, 2, {{0.1, 1}, {1e300, 2}}});
      p.has_window = i > 0;
      if (p.has_window) p.window = {{"seconds", 0.2}, {"generation_tokens_per_s", 240}};
      p.has_slots = true;
      p.slot_list = {{0, 512, true, {{"prompt_tokens", 18}, {"generated_tokens", 12 * i}}}, {1, 512, false, {}}};
    }
    w.add_poll(p);
  }
  w.add_kv_events({0.8, "tcp://127.0.0.1:5557", {{"batches", 3}, {"blocks_held", 9}}, ""});
  w.finish();
  const std::string s = out.str();
  return {s.begin(), s.end()};
}

void write(const std::string& path, uint8_t mode, const std::vector<uint8_t>& bytes, size_t keep) {
  std::ofstream o(path, std::ios::binary);
  o.put(char(mode));
  o.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(std::min(keep, bytes.size())));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: write_recording_seeds DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::system(("mkdir -p '" + dir + "'").c_str());
  const auto packed = synthetic(true);
  const auto plain = synthetic(false);
  write(dir + "/zstd.isrec", 0x00, packed, packed.size());
  write(dir + "/plain.isrec", 0x80, plain, plain.size());
  write(dir + "/plain_cut.isrec", 0x80, plain, plain.size() * 2 / 3);
  write(dir + "/zstd_cut.isrec", 0x00, packed, packed.size() / 2);
  const auto attach = attach_session();
  write(dir + "/attach.isrec", 0x80, attach, attach.size());
  write(dir + "/attach_cut.isrec", 0x80, attach, attach.size() * 2 / 3);
  return 0;
}
