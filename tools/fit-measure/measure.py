#!/usr/bin/env python3
"""Measure the peak GPU memory of Hugging Face Transformers inference for the VRAM-fit reference.

Builds each model of models.json from its published shape with random bf16 weights (no
download: the device has no network; memory does not depend on the weights' values), runs
`generate` (prefill with use_cache, `logits_to_keep=1` as generate passes it, then a few decode
steps) and records `torch.cuda.max_memory_allocated()` after `reset_peak_memory_stats()`:

  (a) long context: 4k/8k/16k/32k tokens, eager versus sdpa attention, batch 1
      (+64k/128k with sdpa where the model's max_position_embeddings allows it);
  (b) batch 1/2/4/8/16 at 1k and 4k tokens, sdpa.

Every case is guarded: an out-of-memory error is recorded as an `[[oom]]` entry with the memory
the job could use, memory is freed between cases, a global time budget skips what would not
finish (smallest models and cheapest cases first, so a cut run still returns useful rows), and
the TOML file is rewritten after every case, so a run killed from outside keeps what it measured.

Output: `[[row]]` / `[[oom]]` entries in the format of bot-core/tests/data/fit_reference.toml,
read by bot-core/tests/suite/fit_reference.rs from tests/data/fit_measured.toml. See README.md here.

`--dry-run` runs the whole loop on the CPU with the shapes shrunk and memory NOT measured
(entries get kind = "dry-run", which the reference test refuses as measurements).
"""

import argparse
import datetime
import gc
import json
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GIB = 1024**3
NEW_TOKENS = 8  # decode steps after the prefill: the cache grows, the peak is the prefill's
LONG_CONTEXTS = [4096, 8192, 16384, 32768]
EXTRA_SDPA_CONTEXTS = [65536, 131072]  # only where max_position_embeddings allows
BATCHES = [1, 2, 4, 8, 16]
BATCH_CONTEXTS = [1024, 4096]


def log(*a):
    print(*a, flush=True)


def load_models(path):
    with open(path) as f:
        data = json.load(f)
    return {k: v for k, v in data.items() if not k.startswith("_")}


def param_count(cfg):
    """Rough parameter count, only to order the models and cases by cost."""
    h, i, layers = cfg["hidden_size"], cfg["intermediate_size"], cfg["num_hidden_layers"]
    heads, kv = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim", h // heads)
    per_layer = h * hd * (heads * 2 + kv * 2) + 3 * h * i
    emb = cfg["vocab_size"] * h * (1 if cfg["tie_word_embeddings"] else 2)
    return layers * per_layer + emb


def shrink(cfg):
    """A tiny model of the same kind for --dry-run (CPU): same code paths, seconds to run."""
    c = dict(cfg)
    c.update(
        num_hidden_layers=2,
        hidden_size=64,
        num_attention_heads=4,
        num_key_value_heads=2,
        intermediate_size=128,
        vocab_size=512,
    )
    if "head_dim" in c:
        c["head_dim"] = 16
    return c


class Case:
    def __init__(self, model, attention, batch, context, group):
        self.model = model
        self.attention = attention
        self.batch = batch
        self.context = context
        self.group = group

    def key(self):
        return f"{self.model} attn={self.attention} batch={self.batch} ctx={self.context}"

    def cost(self, models):
        # Linear work plus, for eager, the s^2 score matrices: only used for ordering.
        m = models[self.model]["config"]
        tokens = self.batch * self.context
        c = param_count(m) * tokens
        if self.attention == "eager":
            c += self.batch * self.context**2 * m["num_attention_heads"] * m["num_hidden_layers"] * 64
        return c


def plan(models, only=None):
    cases = []
    for name, spec in models.items():
        if (only and name not in only) or spec.get("train_only"):
            continue
        max_ctx = spec["config"]["max_position_embeddings"]
        for attn in ("sdpa", "eager"):
            for ctx in LONG_CONTEXTS:
                if ctx <= max_ctx:
                    cases.append(Case(name, attn, 1, ctx, f"inference, fit-measure {attn} long context"))
        for ctx in EXTRA_SDPA_CONTEXTS:
            if ctx <= max_ctx:
                cases.append(Case(name, "sdpa", 1, ctx, "inference, fit-measure sdpa long context"))
        for ctx in BATCH_CONTEXTS:
            for b in BATCHES:
                if b == 1 and ctx == 4096:
                    continue  # the same case as the long-context sdpa row at 4k
                cases.append(Case(name, "sdpa", b, ctx, "inference, fit-measure batch"))
    order = sorted(models, key=lambda n: param_count(models[n]["config"]))
    # Smallest model first, and within a model the cheapest case first: a run cut by the budget
    # still has whole sets for the models it reached.
    cases.sort(key=lambda c: (order.index(c.model), c.cost(models)))
    return cases


def git_commit():
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], cwd=HERE, capture_output=True, text=True, timeout=10
        )
        commit = out.stdout.strip() or "unknown"
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", HERE], cwd=HERE, capture_output=True, text=True, timeout=10
        ).stdout.strip()
        return commit + ("-dirty" if dirty else "")
    except Exception:
        return "unknown"



def run_meta(args, gpu, mode):
    """What a run's output file names about the run: commit, card, library versions, date."""
    import torch
    import transformers

    return {
        "commit": args.commit or git_commit(),
        "gpu": gpu,
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "python": platform.python_version(),
        "as_of": datetime.date.today().isoformat(),
        "budget": int(args.budget),
        "mode": mode,
    }


def build_model(spec, cfg_values, device, attn, **config_overrides):
    """A model of `spec`'s type with `cfg_values` and random bf16 weights, built on `device`."""
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM

    cfg = AutoConfig.for_model(spec["model_type"], **cfg_values)
    for k, v in config_overrides.items():
        setattr(cfg, k, v)
    with torch.device(device):
        model = AutoModelForCausalLM.from_config(cfg, dtype=torch.bfloat16, attn_implementation=attn)
    # Some Transformers versions build on the CPU despite the device context: move it.
    if next(model.parameters()).device.type != device:
        model.to(device)
    return model

def toml_str(s):
    return json.dumps(str(s), ensure_ascii=False)  # a JSON string is a valid TOML basic string


class Writer:
    """Rewrites the whole file after every case (atomically), so a killed run keeps its rows."""

    def __init__(self, path, meta, header=None):
        self.path = path
        self.meta = meta
        self.header = header
        self.entries = []
        self.skipped = []

    def add(self, kind, fields):
        self.entries.append((kind, fields))
        self.flush()

    def skip(self, case, why):
        self.skipped.append(f"{case.key()}: {why}")
        self.flush()

    def flush(self):
        m = self.meta
        lines = [
            "# Written by tools/fit-measure/measure.py; do not edit by hand (rerun the script).",
            f"# commit {m['commit']}, {m['gpu']}, torch {m['torch']}, transformers {m['transformers']},",
            f"# python {m['python']}, run {m['as_of']}, budget {m['budget']} s, mode {m['mode']}.",
        ]
        lines += self.header if self.header is not None else [
            "# measured_gib = torch.cuda.max_memory_allocated() / 2**30 over one generate() call",
            f"# (prefill with use_cache and logits_to_keep=1, then {NEW_TOKENS} decode steps; `context` = prompt +",
            "# generated tokens), random bf16 weights built from models.json, peak stats reset before each case.",
            "# measures = \"resident\": torch.cuda.memory_allocated() right after the same call, cache still held.",
            "# [[oom]]: the case raised torch.OutOfMemoryError; limit_gib = memory the job could use",
            "# (free at the case's start + what was already allocated, i.e. the weights).",
        ]
        for s in self.skipped:
            lines.append(f"# not run: {s}")
        for kind, fields in self.entries:
            lines.append("")
            lines.append(f"[[{kind}]]")
            for k, v in fields.items():
                if isinstance(v, bool):
                    lines.append(f"{k} = {'true' if v else 'false'}")
                elif isinstance(v, int):
                    lines.append(f"{k} = {v}")
                elif isinstance(v, float):
                    lines.append(f"{k} = {v:.4f}")
                else:
                    lines.append(f"{k} = {toml_str(v)}")
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, self.path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=float, default=480.0, help="seconds for the whole run (default 480)")
    ap.add_argument("--out", default=None, help="output TOML (default $OUT/fit_measured.toml, else ./fit_measured.toml)")
    ap.add_argument("--models", default=os.path.join(HERE, "models.json"))
    ap.add_argument("--only", default="", help="comma-separated model ids (default: all)")
    ap.add_argument("--commit", default="", help="commit to name in `source` where git is not available")
    ap.add_argument("--dry-run", action="store_true", help="CPU, shrunk shapes, memory NOT measured")
    ap.add_argument(
        "--simulate-oom-above",
        type=int,
        default=0,
        help="dry-run test hook: raise torch.OutOfMemoryError for batch x context above this",
    )
    ap.add_argument("--list", action="store_true", help="print the cases in run order and exit (no torch needed)")
    ap.add_argument("--train", action="store_true",
                    help="training steps instead of generate(): LoRA and full fine-tuning (train.py)")
    args = ap.parse_args()
    if args.train:
        import train
        return train.main(args)
    if args.list:
        models = load_models(args.models)
        cases = plan(models, [s.strip() for s in args.only.split(",") if s.strip()])
        for i, c in enumerate(cases, 1):
            log(f"{i:3} {c.key()}")
        return

    out = args.out or os.path.join(os.environ.get("OUT", "."), "fit_measured.toml")
    t0 = time.monotonic()

    import torch

    models = load_models(args.models)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    cases = plan(models, only)
    dry = args.dry_run
    if dry:
        device = "cpu"
        gpu = "cpu (dry run, memory not measured)"
        gpu_name = "cpu dry run"
    else:
        if not torch.cuda.is_available():
            sys.exit("no CUDA device: use --dry-run to test the script without one")
        device = "cuda"
        props = torch.cuda.get_device_properties(0)
        gpu = f"{props.name} {props.total_memory / GIB:.1f} GiB"
        gpu_name = props.name
    meta = run_meta(args, gpu, "dry-run" if dry else "measure")
    source = (
        f"tools/fit-measure/measure.py @{meta['commit']} on {gpu}, torch {meta['torch']}, "
        f"transformers {meta['transformers']}"
    )
    writer = Writer(out, meta)
    writer.flush()
    log(f"fit-measure: {len(cases)} cases, budget {args.budget:.0f} s, {gpu}, torch {meta['torch']}, "
        f"transformers {meta['transformers']}, out {out}")

    def left():
        return args.budget - (time.monotonic() - t0)

    def free_memory():
        gc.collect()
        if device == "cuda":
            torch.cuda.synchronize()
            torch.cuda.empty_cache()

    def build(name, attn):
        spec = models[name]
        cfg_values = shrink(spec["config"]) if dry else dict(spec["config"])
        model = build_model(spec, cfg_values, device, attn)
        model.eval()
        return model

    def run_case(model, case, vocab):
        if args.simulate_oom_above and case.batch * case.context > args.simulate_oom_above:
            raise torch.OutOfMemoryError("simulated (--simulate-oom-above)")
        ctx = case.context if not dry else max(NEW_TOKENS + 8, case.context // 64)
        prompt = ctx - NEW_TOKENS
        ids = torch.randint(0, vocab, (case.batch, prompt), device=device)
        with torch.inference_mode():
            out = model.generate(
                input_ids=ids,
                attention_mask=torch.ones_like(ids),
                max_new_tokens=NEW_TOKENS,
                min_new_tokens=NEW_TOKENS,
                do_sample=False,
                use_cache=True,
                pad_token_id=0,
                # Keeps the KV cache referenced after the call, for the resident figure.
                return_dict_in_generate=True,
            )
        assert out.sequences.shape == (case.batch, ctx), f"generated shape {tuple(out.sequences.shape)}"
        if device == "cuda":
            torch.cuda.synchronize()
            # Peak of the call; then what is still held: weights + the KV cache (+ the ids).
            return torch.cuda.max_memory_allocated(), torch.cuda.memory_allocated()
        return 0, 0

    current = None  # (name, model): one model on the card at a time, nothing else allocated
    failed = set()  # models that could not be built
    oom_at = {}  # (model, attention, batch) -> smallest context that ran out of memory
    last_time = {}  # model -> (seconds, cost) of its latest case, to predict the next one
    for case in cases:
        if case.model in failed:
            writer.skip(case, "model did not load")
            continue
        if current is None or current[0] != case.model:
            if current is not None:
                current = None
                free_memory()
            if left() < 20:
                writer.skip(case, "time budget")
                continue
            try:
                tb = time.monotonic()
                model = build(case.model, case.attention)
                current = (case.model, model)
                del model
                # Warm-up outside the measurement: cuBLAS handles and kernels are loaded once.
                run_case(current[1], Case(case.model, case.attention, 1, 64 if not dry else 1024, ""),
                         current[1].config.vocab_size)
                log(f"built {case.model} in {time.monotonic() - tb:.1f} s")
            except Exception as e:  # OOM or anything else: the other models still run
                log(f"cannot build {case.model}: {type(e).__name__}: {str(e)[:200]}")
                current = None
                model = None
                e = None
                free_memory()
                failed.add(case.model)
                writer.skip(case, "model did not load")
                continue
        if left() < 5:
            writer.skip(case, "time budget")
            continue
        prev = last_time.get(case.model)
        if prev:
            predicted = prev[0] * case.cost(models) / max(prev[1], 1)
            if predicted * 1.5 > left():
                writer.skip(case, f"time budget (predicted {predicted:.0f} s, {left():.0f} s left)")
                continue
        k = (case.model, case.attention, case.batch)
        if k in oom_at and case.context > oom_at[k]:
            writer.skip(case, f"a shorter context ({oom_at[k]}) already ran out of memory")
            continue
        current[1].set_attn_implementation(case.attention)
        free_memory()
        if device == "cuda":
            torch.cuda.reset_peak_memory_stats()
            free_b, _ = torch.cuda.mem_get_info()
            limit = (free_b + torch.cuda.memory_allocated()) / GIB
        else:
            limit = 0.0
        tc = time.monotonic()
        status, peak, resident = "ok", 0, 0
        try:
            peak, resident = run_case(current[1], case, current[1].config.vocab_size)
        except torch.OutOfMemoryError as e:
            # The exception's frames hold the case's tensors: drop them before freeing.
            status = "oom"
            log(f"  oom: {str(e).splitlines()[0][:160]}")
            e = None
        except Exception as e:
            msg = f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
            e = None
            free_memory()
            log(f"{case.key()}: error {msg}")
            writer.skip(case, f"error {msg}")
            continue
        free_memory()
        took = time.monotonic() - tc
        last_time[case.model] = (took, case.cost(models))
        spec = models[case.model]
        common = {
            "model": case.model,
            "quant": "bf16",
            "task": "infer",
            "context": case.context,
            "batch": case.batch,
            "engine": "transformers",
            "cards": 1,
            "attention": case.attention,
            "group": f"{case.group} ({gpu_name})",
        }
        kind = "dry-run" if dry else "measured"
        notes = (
            f"{spec['source']} shape, random bf16 weights; generate(): prompt {case.context - NEW_TOKENS} "
            f"+ {NEW_TOKENS} new tokens, batch {case.batch}, attn_implementation={case.attention}; "
            f"{took:.1f} s" + ("; DRY RUN: shape shrunk, context / 64, memory not measured" if dry else "")
        )
        if status == "oom":
            oom_at[k] = min(case.context, oom_at.get(k, case.context))
            writer.add("oom", {**common, "limit_gib": round(limit, 4), "source": source,
                               "as_of": meta["as_of"], "kind": kind, "notes": notes})
            log(f"{case.key()}: OOM (limit {limit:.2f} GiB) [{took:.1f} s, {left():.0f} s left]")
        else:
            gib = peak / GIB
            writer.add("row", {**common, "measures": "allocated", "measured_gib": round(gib, 4),
                               "unit": "GiB (torch.cuda.max_memory_allocated()/1024**3)", "source": source,
                               "as_of": meta["as_of"], "kind": kind, "notes": notes})
            # What stays allocated after generate: compared with weights + KV cache, so a miss
            # in the peak can be told apart from a miss in the cache.
            writer.add("row", {**common, "group": f"inference, fit-measure resident ({gpu_name})",
                               "measures": "resident", "measured_gib": round(resident / GIB, 4),
                               "unit": "GiB (torch.cuda.memory_allocated()/1024**3 after generate, cache held)",
                               "source": source, "as_of": meta["as_of"], "kind": kind, "notes": notes})
            shown = (f"peak {gib:.3f} GiB, resident {resident / GIB:.3f} GiB" if not dry
                     else "memory not measured (dry run)")
            log(f"{case.key()}: {shown} [{took:.1f} s, {left():.0f} s left]")
    rows = sum(1 for k, _ in writer.entries if k == "row")
    ooms = sum(1 for k, _ in writer.entries if k == "oom")
    log(f"done: {rows} rows, {ooms} oom, {len(writer.skipped)} not run, "
        f"{time.monotonic() - t0:.0f} s; wrote {out}")


if __name__ == "__main__":
    main()
