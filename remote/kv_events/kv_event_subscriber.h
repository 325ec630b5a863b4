#pragma once
// Subscribes to a vLLM server's KV-event stream over ZeroMQ on a thread of its own: a SUB socket on the
// publisher's endpoint (multipart [topic, seq, payload], seq 8 bytes big-endian) and, when given, the
// replay endpoint (a ROUTER): when sequence numbers jump, or when it joins a stream already under way,
// it asks for the batches from the first one it lacks (the documented replay request: the start
// sequence, 8 bytes big-endian) and reads them ([topic, seq, payload] from vLLM 0.34, [seq, payload] from
// older servers) until the end marker (seq -1, empty payload). Nothing else is ever sent to the server.

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "remote/kv_events/kv_event_batch.h"

namespace inferscope::remote {

struct KvEventStreamStatus {
  std::uint64_t batches = 0;        // decoded and handed on, replayed ones included
  std::uint64_t replayed = 0;       // of which came through the replay socket
  std::uint64_t missed = 0;         // sequence numbers that were never received
  std::uint64_t decode_errors = 0;
  std::int64_t last_seq = -1;
  std::string last_error;           // the latest decode or socket error, for the view
  bool receiving = false;           // a message arrived in the last 5 s
};

// vLLM's default layout puts the replay socket on the publisher's next port (tcp://h:5557 -> tcp://h:5558);
// empty when the endpoint has no numeric port.
std::string default_replay_endpoint(const std::string& endpoint);

class KvEventSubscriber {
 public:
  // Called on the subscriber's thread, in sequence order, once per batch.
  using BatchHandler = std::function<void(std::int64_t seq, KvEventBatch batch)>;

  // endpoint: e.g. "tcp://10.0.0.5:5557"; replay_endpoint may be empty (no replay); topic as the server
  // was configured ("" subscribes to everything).
  KvEventSubscriber(std::string endpoint, std::string replay_endpoint, std::string topic, BatchHandler handler);
  ~KvEventSubscriber();  // stops and joins
  KvEventSubscriber(const KvEventSubscriber&) = delete;
  KvEventSubscriber& operator=(const KvEventSubscriber&) = delete;

  void start();
  void stop();  // returns within about 100 ms
  KvEventStreamStatus status() const;

 private:
  void run();

  std::string endpoint_, replay_endpoint_, topic_;
  BatchHandler handler_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  mutable std::mutex mutex_;
  KvEventStreamStatus status_;
};

}  // namespace inferscope::remote
