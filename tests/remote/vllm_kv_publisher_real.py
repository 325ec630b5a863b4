#!/usr/bin/env python3
"""vLLM's own KV-event publisher, run without a GPU: vllm/distributed/kv_events.py and vllm/config/kv_events.py
are read unchanged out of the pinned vLLM sdist (packaging/bootstrap.sh caches it), their sha256 checked.

Importing vLLM itself pulls torch in; these two files need only msgspec, pyzmq and four vLLM names that say
nothing about the wire format, shimmed below: a logger, the config decorator (a pydantic dataclass in vLLM,
whose utils module imports torch; a plain dataclass here), the block-hash type alias (bytes | int, as vLLM
defines it) and the host-IP helpers the publisher's bind of tcp://*:0 uses (VLLM_HOST_IP, as vLLM reads first).
Everything on the wire -- EventBatch, BlockStored, BlockRemoved, AllBlocksCleared, msgspec's encoding,
ZmqEventPublisher's PUB frames, replay buffer and ROUTER replies -- is vLLM's code.

Scenario vllm: batches 0-4 are published before the ports are printed, while no subscriber can be there,
so PUB drops them and only the replay socket has them (a subscriber that attaches late, the usual case);
5-8 follow on PUB. The blocks are those of vllm_kv_events_publisher.py's scenario. Scenario tree: prompts
1-2-3 (replay only), then 1-2-4 and 1-2-5-6.

Usage: vllm_kv_publisher_real.py SDIST [--scenario vllm|tree] [--topic T]
Prints "PUB <port> REPLAY <port>"; exits when stdin closes or after 20 s.
"""
import argparse, dataclasses, hashlib, ipaddress, logging, os, select, sys, tarfile, time, types
from urllib.parse import urlsplit

VERSION = "0.34.0"
SHA256 = "fcad848b246a9d8652b47e6425af92334dc02492f9802720f54e27b823cf0113"


def module(name, **attrs):
    m = types.ModuleType(name)
    m.__path__ = []  # a package too, so that submodules can be registered under it
    m.__dict__.update(attrs)
    sys.modules[name] = m
    return m


def read_from_sdist(sdist, names):
    """The sources of modules `names`, read in one pass that stops once all are found (a 49 MB archive)."""
    paths = {f"vllm-{VERSION}/{n.replace('.', '/')}.py": n for n in names}
    found = {}
    with tarfile.open(sdist, "r|gz") as tar:
        for member in tar:
            if member.name in paths:
                found[paths[member.name]] = (member.name, tar.extractfile(member).read())
                if len(found) == len(paths):
                    return found
    sys.exit(f"{sdist} lacks {set(names) - set(found)}")


def load_source(name, path, source):
    m = module(name)
    m.__file__ = path
    exec(compile(source, path, "exec"), m.__dict__)
    return m


def load_vllm(sdist):
    with open(sdist, "rb") as f:
        if hashlib.sha256(f.read()).hexdigest() != SHA256:
            sys.exit(f"{sdist} is not the pinned vLLM {VERSION} sdist (sha256 differs)")
    for pkg in ("vllm", "vllm.config", "vllm.distributed", "vllm.utils", "vllm.v1", "vllm.v1.core"):
        module(pkg)
    # The shims (the docstring says why): vLLM's real modules behind these names import torch or vllm.envs.
    module("vllm.logger", init_logger=logging.getLogger)
    module("vllm.config.utils", config=dataclasses.dataclass)  # vLLM's: a pydantic dataclass, extra fields forbidden
    module("vllm.v1.core.kv_cache_utils", ExternalBlockHash=bytes | int)  # vLLM's own definition

    # vLLM's get_ip() returns VLLM_HOST_IP first; its other three helpers, in short.

    def is_valid_ipv6_address(ip):
        try:
            return bool(ipaddress.IPv6Address(ip))
        except ValueError:
            return False

    def get_tcp_uri(ip, port):
        return f"tcp://[{ip}]:{port}" if is_valid_ipv6_address(ip) else f"tcp://{ip}:{port}"

    def split_zmq_path(path):
        u = urlsplit(path)
        return u.scheme, u.hostname or "", "" if u.port is None else str(u.port)

    module("vllm.utils.network_utils", get_ip=lambda: os.environ.get("VLLM_HOST_IP", "0.0.0.0"),
           get_tcp_uri=get_tcp_uri, is_valid_ipv6_address=is_valid_ipv6_address, split_zmq_path=split_zmq_path)
    sources = read_from_sdist(sdist, ["vllm.config.kv_events", "vllm.distributed.kv_events"])
    load_source("vllm.config.kv_events", *sources["vllm.config.kv_events"])  # the publisher imports it
    return load_source("vllm.distributed.kv_events", *sources["vllm.distributed.kv_events"])


def scenario(kv, name):
    def stored(hashes, parent, tokens, **extra):
        return kv.BlockStored(block_hashes=hashes, parent_block_hash=parent, token_ids=tokens, block_size=4,
                              lora_id=None, medium=kv.MEDIUM_GPU, lora_name=None, **extra)

    def batch(ts, *events):
        return kv.KVEventBatch(ts=ts, events=list(events))

    def removed(*hashes):
        return kv.BlockRemoved(block_hashes=list(hashes), medium=kv.MEDIUM_GPU)

    if name == "tree":
        return 1, [batch(1.0, stored([1, 2, 3], None, list(range(100, 112)))),
                   batch(1.5, stored([4], 2, list(range(200, 204)))),
                   batch(2.0, stored([5, 6], 2, list(range(300, 308))))]
    h7 = bytes(range(32))  # vLLM's default block hashes are bytes; VLLM_KV_EVENTS_USE_INT_BLOCK_HASHES gives ints
    return 5, [
        batch(1.0, stored([1, 2, 3], None, list(range(100, 112)), group_idx=0, kv_cache_spec_kind="full_attention")),
        batch(1.5, stored([4], 3, [200, 201, 202, 203], extra_keys=[("adapter",)])),
        batch(2.0, stored([5, 6], 2, list(range(300, 308)), session_id="s1")),
        batch(2.5, removed(4)),
        batch(3.0, kv.BlockStored(block_hashes=[h7], parent_block_hash=None, token_ids=[7, 7, 7, 7], block_size=4,
                                  lora_id=2, medium=kv.MEDIUM_GPU, lora_name="adapter")),
        batch(3.5, removed(1)),
        batch(4.0, kv.AllBlocksCleared()),
        batch(4.5, stored([8, 9], None, list(range(400, 408)))),
        batch(5.0, stored([10], 9, [500, 501, 502, 503])),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sdist")
    ap.add_argument("--scenario", choices=["vllm", "tree"], default="vllm")
    ap.add_argument("--topic", default="")
    args = ap.parse_args()
    os.environ["VLLM_HOST_IP"] = "127.0.0.1"  # tcp://*:0 then binds loopback only, on ports the OS picks
    kv = load_vllm(args.sdist)
    pub = kv.ZmqEventPublisher(data_parallel_rank=0, endpoint="tcp://*:0", replay_endpoint="tcp://*:0",
                               topic=args.topic)
    early, batches = scenario(kv, args.scenario)
    for b in batches[:early]:
        pub.publish(b)
    pub._event_queue.join()  # sent (to nobody) and in the replay buffer before anyone can know the ports
    cfg = pub.get_publisher_config()
    print(f"PUB {cfg.endpoint.rsplit(':', 1)[1]} REPLAY {cfg.replay_endpoint.rsplit(':', 1)[1]}", flush=True)
    time.sleep(1.0)  # let the subscriber connect (PUB drops what is sent before)
    for b in batches[early:]:
        pub.publish(b)
        time.sleep(0.1)
    deadline = time.time() + 20
    while time.time() < deadline and not (select.select([sys.stdin], [], [], 0.1)[0] and not sys.stdin.read(1)):
        pass
    pub.shutdown()


if __name__ == "__main__":
    main()
