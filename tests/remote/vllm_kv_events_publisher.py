#!/usr/bin/env python3
"""A stand-in for the KV-event publisher of older vLLM releases (and SGLang's): vLLM 0.34's own is run by
vllm_kv_publisher_real.py; this one keeps the layouts it no longer sends tested.

A PUB socket sending multipart [topic, seq (8 bytes, big-endian), payload], a ROUTER replay socket
answering a start sequence with [seq, payload] frames (no topic frame, unlike vLLM 0.34) and then the
end marker (seq -1, empty payload), and msgpack payloads of an EventBatch, in the array-like encoding
(msgspec array_like=True: [ts, events, dp_rank?], events tagged [name, fields...]) or the map encoding
({"ts", "events": [{"type": name, ...}]}). Sequences 3 and 4 are kept off the PUB socket, so a
subscriber must fetch them through the replay socket.

With --scenario tree it publishes instead three prompts that share their first two blocks and then
diverge (1-2-3, 1-2-4, 1-2-5-6), all on the PUB socket, and keeps publishing nothing more: a forest
known in closed form for the Servers tab's prefix tree.

Usage: vllm_kv_events_publisher.py --encoding array|map [--scenario vllm|tree]
Prints "PUB <port> REPLAY <port>" and runs the scenario; exits when stdin closes or after 20 s.
"""
import argparse, select, sys, time

import msgpack
import zmq

BLOCK = 4
H7 = bytes(range(32))  # newer vLLM hashes are bytes


def stored(encoding, hashes, parent, tokens, lora=None, medium="GPU"):
    if encoding == "array":
        return ["BlockStored", hashes, parent, tokens, BLOCK, lora, medium]
    return {"type": "BlockStored", "block_hashes": hashes, "parent_block_hash": parent,
            "token_ids": tokens, "block_size": BLOCK, "lora_id": lora, "medium": medium}


def removed(encoding, hashes):
    return ["BlockRemoved", hashes, "GPU"] if encoding == "array" else {"type": "BlockRemoved", "block_hashes": hashes, "medium": "GPU"}


def cleared(encoding):
    return ["AllBlocksCleared"] if encoding == "array" else {"type": "AllBlocksCleared"}


def batch(encoding, ts, events, rank=None):
    if encoding == "array":
        return [ts, events] if rank is None else [ts, events, rank]
    b = {"ts": ts, "events": events}
    if rank is not None:
        b["data_parallel_rank"] = rank
    return b


def scenario(e):
    t = list(range(100, 112))
    return [
        batch(e, 1.0, [stored(e, [1, 2, 3], None, t)]),
        batch(e, 1.5, [stored(e, [4], 3, [200, 201, 202, 203])], rank=0),
        batch(e, 2.0, [stored(e, [5, 6], 2, list(range(300, 308)))]),
        batch(e, 2.5, [removed(e, [4])]),                                   # replay only
        batch(e, 3.0, [stored(e, [H7], None, [7, 7, 7, 7], lora=2)]),       # replay only
        batch(e, 3.5, [removed(e, [1]), ["SomeFutureEvent", 1] if e == "array" else {"type": "SomeFutureEvent"}]),
        batch(e, 4.0, [cleared(e)]),
        batch(e, 4.5, [stored(e, [8, 9], None, list(range(400, 408)))]),
        batch(e, 5.0, [stored(e, [10], 9, [500, 501, 502, 503])]),
    ]


def tree_scenario(e):
    return [
        batch(e, 1.0, [stored(e, [1, 2, 3], None, list(range(100, 112)))]),
        batch(e, 1.5, [stored(e, [4], 2, list(range(200, 204)))]),
        batch(e, 2.0, [stored(e, [5, 6], 2, list(range(300, 308)))]),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--encoding", choices=["array", "map"], required=True)
    ap.add_argument("--scenario", choices=["vllm", "tree"], default="vllm")
    args = ap.parse_args()
    ctx = zmq.Context()
    pub = ctx.socket(zmq.PUB)
    router = ctx.socket(zmq.ROUTER)
    pub_port = pub.bind_to_random_port("tcp://127.0.0.1")
    replay_port = router.bind_to_random_port("tcp://127.0.0.1")
    print(f"PUB {pub_port} REPLAY {replay_port}", flush=True)
    batches = tree_scenario(args.encoding) if args.scenario == "tree" else scenario(args.encoding)
    payloads = [msgpack.packb(b, use_bin_type=True) for b in batches]
    held_back = (3, 4) if args.scenario == "vllm" else ()
    time.sleep(1.0)  # let the subscriber connect (PUB drops what is sent before)
    poller = zmq.Poller()
    poller.register(router, zmq.POLLIN)
    next_seq = 0
    deadline = time.time() + 20
    while time.time() < deadline:
        if next_seq < len(payloads):
            if next_seq not in held_back:
                pub.send_multipart([b"kv-events", next_seq.to_bytes(8, "big"), payloads[next_seq]])
            next_seq += 1
        for sock, _ in poller.poll(100):
            ident, _empty, start = router.recv_multipart()
            first = int.from_bytes(start, "big")
            for seq in range(max(first, 0), next_seq):
                router.send_multipart([ident, b"", seq.to_bytes(8, "big"), payloads[seq]])
            router.send_multipart([ident, b"", (-1).to_bytes(8, "big", signed=True), b""])
        if select.select([sys.stdin], [], [], 0)[0] and not sys.stdin.read(1):
            break


if __name__ == "__main__":
    main()
