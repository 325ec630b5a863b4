#include "remote/kv_events/kv_event_subscriber.h"

#include <zmq.hpp>

#include <chrono>
#include <optional>
#include <vector>

namespace inferscope::remote {
namespace {

using Clock = std::chrono::steady_clock;

std::optional<std::int64_t> read_seq(const zmq::message_t& m) {
  if (m.size() != 8) return std::nullopt;
  const auto* b = static_cast<const unsigned char*>(m.data());
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | b[i];
  return static_cast<std::int64_t>(v);
}

zmq::message_t seq_message(std::int64_t seq) {
  unsigned char b[8];
  auto v = static_cast<std::uint64_t>(seq);
  for (int i = 7; i >= 0; --i) {
    b[i] = static_cast<unsigned char>(v & 0xff);
    v >>= 8;
  }
  return zmq::message_t(b, 8);
}

bool recv_all(zmq::socket_t& s, std::vector<zmq::message_t>& parts, std::size_t max_parts) {
  parts.clear();
  while (true) {
    zmq::message_t m;
    if (!s.recv(m, zmq::recv_flags::dontwait)) return !parts.empty();
    const bool more = m.more();
    if (parts.size() < max_parts) parts.push_back(std::move(m));
    if (!more) return true;
  }
}

}  // namespace

std::string default_replay_endpoint(const std::string& endpoint) {
  const auto colon = endpoint.rfind(':');
  if (colon == std::string::npos || colon + 1 >= endpoint.size()) return {};
  int port = 0;
  for (size_t i = colon + 1; i < endpoint.size(); ++i) {
    if (endpoint[i] < '0' || endpoint[i] > '9' || port > 65535) return {};
    port = port * 10 + (endpoint[i] - '0');
  }
  return endpoint.substr(0, colon + 1) + std::to_string(port + 1);
}

KvEventSubscriber::KvEventSubscriber(std::string endpoint, std::string replay_endpoint, std::string topic,
                                     BatchHandler handler)
    : endpoint_(std::move(endpoint)), replay_endpoint_(std::move(replay_endpoint)), topic_(std::move(topic)),
      handler_(std::move(handler)) {}

KvEventSubscriber::~KvEventSubscriber() { stop(); }

void KvEventSubscriber::start() {
  if (thread_.joinable()) return;
  stop_ = false;
  thread_ = std::thread([this] { run(); });
}

void KvEventSubscriber::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

KvEventStreamStatus KvEventSubscriber::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

void KvEventSubscriber::run() {
  std::optional<std::int64_t> last_seq;
  Clock::time_point last_message{};
  auto note_error = [&](std::string what) {
    std::lock_guard lock(mutex_);
    status_.last_error = std::move(what);
  };
  try {
    zmq::context_t context(1);
    zmq::socket_t sub(context, zmq::socket_type::sub);
    sub.set(zmq::sockopt::linger, 0);
    sub.set(zmq::sockopt::rcvhwm, 100000);
    sub.set(zmq::sockopt::subscribe, topic_);
    sub.connect(endpoint_);
    std::optional<zmq::socket_t> replay;
    if (!replay_endpoint_.empty()) {
      replay.emplace(context, zmq::socket_type::dealer);
      replay->set(zmq::sockopt::linger, 0);
      replay->connect(replay_endpoint_);
    }

    auto deliver = [&](std::int64_t seq, const zmq::message_t& payload, bool replayed) {
      KvDecodeResult r = decode_kv_event_batch(payload.data(), payload.size());
      {
        std::lock_guard lock(mutex_);
        status_.last_seq = seq;
        if (!r.batch) {
          ++status_.decode_errors;
          status_.last_error = "batch " + std::to_string(seq) + ": " + r.error;
        } else {
          ++status_.batches;
          if (replayed) ++status_.replayed;
        }
      }
      last_seq = seq;
      if (r.batch) handler_(seq, std::move(*r.batch));
    };

    // Asks for every batch from `from` up to (not including) `until`, and delivers those it gets.
    auto replay_range = [&](std::int64_t from, std::int64_t until) {
      if (!replay) return;
      replay->send(zmq::message_t(), zmq::send_flags::sndmore);
      replay->send(seq_message(from), zmq::send_flags::none);
      const auto deadline = Clock::now() + std::chrono::seconds(2);
      std::vector<zmq::message_t> parts;
      while (!stop_ && Clock::now() < deadline) {
        zmq::pollitem_t item{replay->handle(), 0, ZMQ_POLLIN, 0};
        zmq::poll(&item, 1, std::chrono::milliseconds(100));
        if (!(item.revents & ZMQ_POLLIN)) continue;
        if (!recv_all(*replay, parts, 4)) continue;
        // [empty delimiter, topic, seq, payload] (vLLM 0.34 sends the topic here too), or [empty delimiter,
        // seq, payload] from older servers: the sequence number is always next to last.
        if (parts.size() < 3) continue;
        const auto seq = read_seq(parts[parts.size() - 2]);
        const zmq::message_t& payload = parts.back();
        if (!seq || *seq < 0 || payload.size() == 0) return;  // the end marker
        if ((!last_seq || *seq > *last_seq) && *seq < until) deliver(*seq, payload, true);
      }
    };

    std::vector<zmq::message_t> parts;
    while (!stop_) {
      zmq::pollitem_t item{sub.handle(), 0, ZMQ_POLLIN, 0};
      zmq::poll(&item, 1, std::chrono::milliseconds(100));
      {
        std::lock_guard lock(mutex_);
        status_.receiving = last_message != Clock::time_point{} && Clock::now() - last_message < std::chrono::seconds(5);
      }
      if (!(item.revents & ZMQ_POLLIN)) continue;
      if (!recv_all(sub, parts, 4)) continue;
      last_message = Clock::now();
      // [topic, seq, payload], or [seq, payload] from a publisher without topic frames.
      if (parts.size() < 2) continue;
      const zmq::message_t& payload = parts.back();
      const auto seq = read_seq(parts[parts.size() - 2]);
      if (!seq) {
        note_error("a message without an 8-byte sequence number");
        continue;
      }
      if (last_seq && *seq <= *last_seq) continue;  // already delivered through a replay
      const std::int64_t expected = last_seq ? *last_seq + 1 : 0;
      if (*seq > expected) {
        replay_range(expected, *seq);
        const std::int64_t got_to = last_seq ? *last_seq + 1 : 0;
        if (*seq > got_to) {
          std::lock_guard lock(mutex_);
          status_.missed += static_cast<std::uint64_t>(*seq - got_to);
        }
      }
      deliver(*seq, payload, false);
    }
  } catch (const zmq::error_t& e) {
    note_error(std::string("ZeroMQ: ") + e.what());
  }
}

}  // namespace inferscope::remote
