"""`measure.py --train`: peak GPU memory of training steps, for the VRAM-fit reference.

Each model of models.json is built from its published shape with random bf16 weights (as for
inference), then trained as the most common rented jobs run:

  (a) LoRA: PEFT `LoraConfig(r=16, lora_alpha=32, lora_dropout=0.0, target_modules="all-linear")`
      (PEFT's and LLaMA-Factory's default dropout, `lora_target: all`), AdamW over the adapters,
      sdpa attention, with and without gradient checkpointing (non-reentrant), batch 1/4/8 at
      1k-4k tokens;
  (b) full fine-tuning in pure bf16 (the model loaded in bf16, AdamW's state in the parameters'
      dtype, no fp32 master copy: ms-swift's and LLaMA-Factory's pure-bf16 way), with and
      without checkpointing, on the models up to 3B.

Each case: `reset_peak_memory_stats()`, then two optimizer steps on random token ids with
`labels = input_ids` (Transformers' own loss: fp32 logits), `torch.cuda.max_memory_allocated()`
over both (the second step holds the optimizer state the first one created). Out-of-memory is an
`[[oom]]` entry with the memory the job had; a time budget skips what would not finish.
"""

import gc
import os
import sys
import time

import measure

GIB = 1024**3
STEPS = 2
LORA_CASES = [  # (context, batch, checkpointing)
    (1024, 1, True), (4096, 1, True), (2048, 4, True), (1024, 8, True),
    (1024, 1, False), (4096, 1, False), (1024, 4, False), (2048, 4, False), (1024, 8, False),
]
FULL_CASES = [(1024, 1, True), (2048, 4, True), (1024, 1, False), (2048, 2, False)]
FULL_MAX_PARAMS = 3.5e9  # full fine-tuning only where weights + grads + state leave room
MODELS = ["qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen3-4b", "qwen2.5-7b", "qwen3-8b",
          # Multi-head attention (no GQA), the shape of PEFT's LoRA-FA example (held-out 10).
          "llama-2-7b"]


class Case:
    def __init__(self, model, task, context, batch, checkpointing):
        self.model, self.task, self.context = model, task, context
        self.batch, self.checkpointing = batch, checkpointing

    def key(self):
        gc_word = "gc" if self.checkpointing else "no-gc"
        return f"{self.model} {self.task} ctx={self.context} batch={self.batch} {gc_word}"


def plan(models, only):
    names = [m for m in MODELS if m in models and (not only or m in only)]
    cases = []
    for name in names:
        for ctx, b, ckpt in LORA_CASES:
            cases.append(Case(name, "lora", ctx, b, ckpt))
        if measure.param_count(models[name]["config"]) <= FULL_MAX_PARAMS:
            for ctx, b, ckpt in FULL_CASES:
                cases.append(Case(name, "full", ctx, b, ckpt))
    return cases


HEADER = [
    f"# measured_gib = torch.cuda.max_memory_allocated() / 2**30 over {STEPS} training steps (forward with",
    "# labels = input ids, Transformers' own loss, backward, AdamW step, zero_grad), random bf16 weights",
    "# built from models.json, sdpa attention, peak stats reset before each case.",
    "# measures = \"reserved\": torch.cuda.max_memory_reserved() over the same steps (the caching",
    "# allocator's segments, what an out-of-memory error is decided on).",
    "# lora: PEFT r=16, alpha 32, dropout 0, all linear layers, adapters as PEFT makes them;",
    "# full: every parameter trained in pure bf16 (AdamW state in bf16, no fp32 master weights).",
    "# [[oom]]: the case raised torch.OutOfMemoryError; limit_gib = free at the case's start +",
    "# what was already allocated (the weights).",
    "# grad_accum = 1: one micro-batch per optimizer step, its gradients freed by",
    "# zero_grad(set_to_none=True) before the next forward pass.",
]


def main(args):
    t0 = time.monotonic()
    models = measure.load_models(args.models)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    cases = plan(models, only)
    if args.list:
        for i, c in enumerate(cases, 1):
            measure.log(f"{i:3} {c.key()}")
        return
    import torch

    if not torch.cuda.is_available():
        sys.exit("no CUDA device: --train measures on a GPU only")
    import peft

    props = torch.cuda.get_device_properties(0)
    gpu = f"{props.name} {props.total_memory / GIB:.1f} GiB"
    meta = measure.run_meta(args, gpu, "train")
    out = args.out or os.path.join(os.environ.get("OUT", "."), "fit_measured_train.toml")
    source = (f"tools/fit-measure/measure.py @{meta['commit']} --train on {gpu}, torch {meta['torch']}, "
              f"transformers {meta['transformers']}, peft {peft.__version__}")
    writer = measure.Writer(out, meta, HEADER)
    writer.flush()
    measure.log(f"fit-measure --train: {len(cases)} cases, budget {args.budget:.0f} s, {gpu}, out {out}")

    def left():
        return args.budget - (time.monotonic() - t0)

    def free_memory():
        gc.collect()
        torch.cuda.synchronize()
        torch.cuda.empty_cache()

    def build(case):
        spec = models[case.model]
        model = measure.build_model(spec, dict(spec["config"]), "cuda", "sdpa", use_cache=False)
        if case.checkpointing:
            model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        if case.task == "lora":
            lcfg = peft.LoraConfig(r=16, lora_alpha=32, lora_dropout=0.0, target_modules="all-linear",
                                   task_type="CAUSAL_LM")
            model = peft.get_peft_model(model, lcfg)
        model.train()
        return model

    def steps(model, case, vocab):
        params = [p for p in model.parameters() if p.requires_grad]
        opt = torch.optim.AdamW(params, lr=1e-5)
        for _ in range(STEPS):
            ids = torch.randint(0, vocab, (case.batch, case.context), device="cuda")
            loss = model(input_ids=ids, labels=ids).loss
            loss.backward()
            loss = None
            opt.step()
            opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        peak = torch.cuda.max_memory_allocated(), torch.cuda.max_memory_reserved()
        opt = None
        return peak

    oom_at = {}  # (model, task, checkpointing, batch) -> smallest context that ran out
    for case in cases:
        k = (case.model, case.task, case.checkpointing, case.batch)
        if k in oom_at and case.context > oom_at[k]:
            writer.skip(case, f"a shorter context ({oom_at[k]}) already ran out of memory")
            continue
        if left() < 15:
            writer.skip(case, "time budget")
            continue
        free_memory()
        torch.cuda.reset_peak_memory_stats()
        free_b, _ = torch.cuda.mem_get_info()
        limit = (free_b + torch.cuda.memory_allocated()) / GIB
        tc = time.monotonic()
        status, peak, model = "ok", (0, 0), None
        try:
            model = build(case)
            # A model built for the case: its weights count in the peak, as in a real run.
            peak = steps(model, case, models[case.model]["config"]["vocab_size"])
        except torch.OutOfMemoryError as e:
            status = "oom"
            measure.log(f"  oom: {str(e).splitlines()[0][:160]}")
            e = None
        except Exception as e:
            msg = f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
            e = None
            model = None
            free_memory()
            measure.log(f"{case.key()}: error {msg}")
            writer.skip(case, f"error {msg}")
            continue
        model = None
        free_memory()
        took = time.monotonic() - tc
        spec = models[case.model]
        common = {
            "model": case.model,
            "quant": "bf16",
            "task": case.task,
            "context": case.context,
            "batch": case.batch,
            "engine": "transformers",
            "cards": 1,
            "attention": "sdpa",
            "grad_checkpointing": case.checkpointing,
            "group": f"training, fit-measure {case.task} ({props.name})",
            # A loop of its own on a bf16 model: no 16-bit autocast (`FitRequest::autocast`).
            "autocast": False,
            # One micro-batch per step, `zero_grad(set_to_none=True)` after it: no gradient
            # lives through the next forward pass (`FitRequest::grad_accum`).
            "grad_accum": 1,
        }
        if case.task == "lora":
            common.update(lora_rank=16, lora_targets="all", lora_dropout=False)
        notes = (f"{spec['source']} shape, random bf16 weights; {STEPS} steps of batch {case.batch} x "
                 f"{case.context} tokens, checkpointing {'on' if case.checkpointing else 'off'}; {took:.1f} s")
        if status == "oom":
            oom_at[k] = min(case.context, oom_at.get(k, case.context))
            writer.add("oom", {**common,
                               "limit_gib": round(limit, 4), "source": source, "as_of": meta["as_of"],
                               "kind": "measured", "notes": notes})
            measure.log(f"{case.key()}: OOM (limit {limit:.2f} GiB) [{took:.1f} s, {left():.0f} s left]")
        else:
            gib, reserved = peak[0] / GIB, peak[1] / GIB
            writer.add("row", {**common, "measures": "allocated", "measured_gib": round(gib, 4),
                               "unit": "GiB (torch.cuda.max_memory_allocated()/1024**3)", "source": source,
                               "as_of": meta["as_of"], "kind": "measured", "notes": notes})
            # What the caching allocator held at most: what an out-of-memory error is decided on.
            writer.add("row", {**common, "group": f"training, fit-measure {case.task} reserved ({props.name})",
                               "measures": "reserved", "measured_gib": round(reserved, 4),
                               "unit": "GiB (torch.cuda.max_memory_reserved()/1024**3)", "source": source,
                               "as_of": meta["as_of"], "kind": "measured", "notes": notes})
            measure.log(f"{case.key()}: peak {gib:.3f} GiB, reserved {reserved:.3f} GiB "
                        f"[{took:.1f} s, {left():.0f} s left]")
    rows = sum(1 for k, _ in writer.entries if k == "row")
    ooms = sum(1 for k, _ in writer.entries if k == "oom")
    measure.log(f"done: {rows} rows, {ooms} oom, {len(writer.skipped)} not run, "
                f"{time.monotonic() - t0:.0f} s; wrote {out}")
