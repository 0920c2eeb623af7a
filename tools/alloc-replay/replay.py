#!/usr/bin/env python3
"""A rough replay of PyTorch's CUDA caching allocator (large pool) over a LoRA training run.

Evidence for docs/fit-reference.md, 129th pass (mem_es), not a model the engine uses. It asks
one question: does the allocator's own rule set, fed steps of varied lengths in a random order,
grow `max_memory_reserved` far above a run whose steps all have one length, and by how much
does the order alone move it?

Rules replayed (pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp, read at 001074d2; the same
constants and rules in the header comment of the 1.13-2.x files): a request is rounded up to
512 B; requests of 1 MiB or less go to the small pool (left out here); a request under 10 MiB
with no free block that fits takes a 20 MiB segment (kLargeBuffer), a larger one a segment of
its size rounded up to 2 MiB (kRoundLarge); a request takes the smallest free block of the
pool that holds it (best fit) and splits it when more than 1 MiB (kSmallSize) is left; a freed
block merges with free neighbours of the same segment only (one cudaMalloc each: segments never
merge); nothing is given back to CUDA unless a cudaMalloc fails (not reached here).
pytorch/devlogs@5e6ea704 content/eager/2026-06-01-cuda-caching-allocator.md walks the same
rules through "small then large (bad order)": freed smaller segments stay reserved beside the
new larger ones.

The step's trace is a simplification of a Hugging Face Trainer step with gradient checkpointing
under bf16 autocast: per layer the checkpointed input kept, the layer's forward temporaries
freed as used; the loss head as Transformers' fp32 path (16-bit logits, the shifted copy, the
fp32 cast, the saved log-softmax, the fp32 copy Accelerate returns; in the backward the fp32
gradients, their 16-bit cast and the slice's zero-filled gradient); in the backward each layer's
recomputed temporaries held, then their gradients made and freed in reverse. Weights, adapters,
optimizer state and the small pool are constant or left out: the figures are the step's own
segments, compared between orders, not a prediction of a measurement.

Lengths: log-normal with the mean and spread ms-swift's Benchmark.md states for
cls-fudan-news-zh (3234.4 +- 2547.5 tokens, min 91); `--strategy delete` drops samples over the
cap (swift's default then), `truncation_left` cuts them to it.
"""
import argparse
import bisect
import math
import random

MIB = 1 << 20


class Block:
    __slots__ = ("size", "free", "prev", "next", "small")

    def __init__(self, size, small=False):
        self.size, self.free, self.prev, self.next, self.small = size, True, None, None, small


class LargePool:
    def __init__(self):
        self.free = []  # (size, id, block), sorted: best fit is the first size >= request
        self.reserved = 0
        self.peak_reserved = 0
        self.allocated = 0
        self.peak_allocated = 0

    def _insert(self, b):
        bisect.insort(self.free, (b.size, id(b), b))

    def _remove(self, b):
        self.free.remove((b.size, id(b), b))

    def malloc(self, nbytes):
        req = max(512, -(-nbytes // 512) * 512)
        if req <= MIB:
            return Block(req, small=True)
        i = bisect.bisect_left(self.free, (req, -1, None))
        if i < len(self.free):
            b = self.free[i][2]
            self._remove(b)
        else:
            seg = 20 * MIB if req < 10 * MIB else -(-req // (2 * MIB)) * 2 * MIB
            b = Block(seg)
            self.reserved += seg
            self.peak_reserved = max(self.peak_reserved, self.reserved)
        rest = b.size - req
        if rest > MIB:
            n = Block(rest)
            n.prev, n.next = b, b.next
            if b.next:
                b.next.prev = n
            b.next, b.size = n, req
            self._insert(n)
        b.free = False
        self.allocated += b.size
        self.peak_allocated = max(self.peak_allocated, self.allocated)
        return b

    def release(self, b):
        if b.small:
            return
        self.allocated -= b.size
        b.free = True
        p = b.prev
        if p is not None and p.free:
            self._remove(p)
            p.size += b.size
            p.next = b.next
            if b.next:
                b.next.prev = p
            b = p
        n = b.next
        if n is not None and n.free:
            self._remove(n)
            b.size += n.size
            b.next = n.next
            if n.next:
                n.next.prev = b
        self._insert(b)


def step(pool, tokens, hidden, inter, vocab, layers, normhead=False):
    """One micro-batch of `tokens` (batch x padded length) tokens; bf16 activations.

    `normhead`: Baichuan2's `NormHead` (its modeling_baichuan.py) computes
    `F.normalize(self.weight)` on every training forward, a vocab x hidden 16-bit block of one
    size whatever the step's length, held from the head's forward to its backward (mem_fb).
    """
    m, f = pool.malloc, pool.release
    t, h, i, v = tokens, hidden, inter, vocab
    kept = [m(t * h * 2)]
    for _ in range(layers):
        ln = m(t * h * 2); qkv = m(t * 3 * h * 2); f(ln)
        q = m(t * h * 2); k = m(t * h * 2); vv = m(t * h * 2); f(qkv)
        at = m(t * h * 2); f(q); f(k); f(vv)
        o = m(t * h * 2); f(at); r1 = m(t * h * 2); f(o)
        ln2 = m(t * h * 2); w1 = m(t * i * 2); w2 = m(t * i * 2); f(ln2)
        ac = m(t * i * 2); f(w1); mu = m(t * i * 2); f(ac); f(w2)
        dn = m(t * h * 2); f(mu); out = m(t * h * 2); f(dn); f(r1)
        kept.append(out)
    norm = m(t * h * 2)
    nw = m(v * h * 2) if normhead else None
    logits = m(t * v * 2); shifted = m(t * v * 2); cast = m(t * v * 4); lsm = m(t * v * 4)
    f(cast); f(shifted)
    fp32_out = m(t * v * 4); f(logits); f(fp32_out)
    g1 = m(t * v * 4); g2 = m(t * v * 4); f(g1); f(lsm)
    g3 = m(t * v * 2); f(g2); g4 = m(t * v * 2); f(g3)
    gh = m(t * h * 2); f(g4); f(norm)
    if nw is not None:
        f(nw)
    for layer in reversed(range(layers)):
        held = [m(t * w * 2) for w in (h, 3 * h, h, h, h, h, h, h, h, i, i, i, i, h)]
        grads = []
        for x in reversed(held):
            g = m(x.size); f(x); grads.append(g)
            if len(grads) > 2:
                f(grads.pop(0))
        for g in grads:
            f(g)
        nxt = m(t * h * 2); f(gh); gh = nxt
        f(kept[layer + 1])
    f(kept[0]); f(gh)


def lengths(rnd, samples, cap, strategy):
    sigma = math.sqrt(math.log(1 + (2547.5 / 3234.4) ** 2))
    mu = math.log(3234.4) - sigma * sigma / 2
    raw = [max(91, int(rnd.lognormvariate(mu, sigma))) for _ in range(samples)]
    if strategy == "delete":
        return [x for x in raw if x <= cap]
    return [min(x, cap) for x in raw]


def replay(steps, batch, shape, normhead=False):
    pool = LargePool()
    for s in range(0, len(steps) - batch + 1, batch):
        chunk = steps[s:s + batch]
        step(pool, batch * max(chunk), *shape, normhead=normhead)  # padded to the batch's longest sample
    return pool.peak_reserved / 2**30, pool.peak_allocated / 2**30


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hidden", type=int, default=4096)
    ap.add_argument("--inter", type=int, default=11008)
    ap.add_argument("--vocab", type=int, default=151936)
    ap.add_argument("--layers", type=int, default=32)
    ap.add_argument("--cap", type=int, default=2048, help="max_length")
    ap.add_argument("--samples", type=int, default=4000, help="dataset rows before the cap")
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--strategy", choices=["delete", "truncation_left"], default="delete")
    ap.add_argument("--normhead", action="store_true",
                    help="Baichuan2's NormHead: a vocab x hidden block each step (mem_fb)")
    a = ap.parse_args()
    shape = (a.hidden, a.inter, a.vocab, a.layers)
    one = replay([a.cap] * 8 * a.batch, a.batch, shape, a.normhead)
    print(f"every step {a.cap} tokens x {a.batch}: step segments reserved {one[0]:.2f} GiB, "
          f"allocated peak {one[1]:.2f} GiB")
    for seed in range(1, a.seeds + 1):
        ls = lengths(random.Random(seed), a.samples, a.cap, a.strategy)
        r, al = replay(ls, a.batch, shape, a.normhead)
        print(f"seed {seed}: {len(ls)} samples ({a.strategy}), reserved {r:.2f} GiB "
              f"(+{r - one[0]:.2f} over one length), allocated peak {al:.2f} GiB")


if __name__ == "__main__":
    main()
