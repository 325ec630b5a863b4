"""The peer on the GPU: Hugging Face transformers' eager greedy generate on the same GGUF model.

transformers dequantizes the GGUF (through the `gguf` package) into a torch model; we run it in bf16
with eager attention and time greedy decode tokens/s at batch 1: generate(max_new_tokens=N) minus
generate(max_new_tokens=1) (the prefill), median of REPS, after a warm-up. Prints one JSON line.
"""
import json
import os
import statistics
import sys
import time

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

path = sys.argv[1]
n_new = int(sys.argv[2]) if len(sys.argv) > 2 else 128
reps = int(sys.argv[3]) if len(sys.argv) > 3 else 3
folder, name = os.path.dirname(path), os.path.basename(path)
tok = AutoTokenizer.from_pretrained(folder, gguf_file=name)
try:  # transformers 5 names it dtype; older releases torch_dtype
    model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, dtype=torch.bfloat16, attn_implementation="eager")
except TypeError:
    model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, torch_dtype=torch.bfloat16,
                                                 attn_implementation="eager")
model = model.cuda().eval()
ids = tok("The capital of France is", return_tensors="pt").input_ids.cuda()


def timed(n):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    with torch.no_grad():
        out = model.generate(ids, max_new_tokens=n, min_new_tokens=n, do_sample=False)
    torch.cuda.synchronize()
    return time.perf_counter() - t0, out


timed(8)  # warm-up: kernels, allocator
decode = []
for _ in range(reps):
    t_full, out = timed(n_new)
    t_first, _ = timed(1)
    decode.append((n_new - 1) / max(t_full - t_first, 1e-9))
print(json.dumps({"peer": "transformers eager generate (bf16, GGUF dequantized)", "torch": torch.__version__,
                  "decode_tok_s": statistics.median(decode), "runs": decode, "new_tokens": n_new,
                  "text": tok.decode(out[0][ids.shape[1]:])[:80]}))
