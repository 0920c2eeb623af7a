#!/usr/bin/env python3
"""Bucket every numeric held-out row of the fit reference by kind of job.

usage:
  cargo test -p bot-core --test suite fit_reference -- --nocapture --test-threads=1 > /tmp/fr.txt 2>&1
  python3 tools/mem_buckets.py /tmp/fr.txt [--markdown] [--list BUCKET]
  python3 tools/mem_buckets.py /tmp/fr.txt --verdicts [--markdown] [--list BUCKET] [--wrong]

Reads the scored rows the suite prints (`+12.3%  <row> [basis]: measured X GiB, estimated Y`), matches
each one to its line in bot-core/tests/data/measured_memory_heldout*.tsv (the row's engine and flags
are only there), and prints, for every bucket with at least 5 rows: rows, within 15 %, under by more
than 15 % (the user's job dies), over by more than 15 %, the share of unders and the median signed
error. measured_memory.tsv (the tuned table) is left out. `--list 'infer|4-bit'` prints the rows of
one bucket (its dimension and value as printed, joined by `|`).

`--verdicts` buckets the held-out verdict rows instead (session 37, mem_eg): by the row's truth (the run
FITS or ran out of memory), the answer (fits / tight / short / no / starts / pool / refused / Ollama's
own words / the image pipeline's peak against the card / cannot state), task, engine, format, card count
and whether the answer's allocated need is within 10 % of the card's usable memory (`near`: the
driver's total less what CUDA keeps, `Gpu::usable_gib`, read from bot-core/catalog/gpus.toml). Each
bucket counts its wrong verdicts, and of those the run that died answered fits/tight (the user pays
and the job dies) and the run that ran answered short/no (the user rents more than needed).
`--wrong` with `--list` prints only the wrong rows of the bucket.
"""
import glob
import os
import re
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, 'bot-core', 'tests', 'data')
ROW = re.compile(r'([!\s])\s*([+-]\d+\.\d)%\s+(.*?) \[([\w-]+)\]: measured (\S+) (?:GiB|GB), estimated (\S+)')
SUMMARY = re.compile(r'(measured_memory\S*\.tsv)[^:]*: \d+ numeric rows')
RL = {'dpo', 'grpo', 'orpo', 'ppo', 'simpo', 'kto'}


def tsv_rows(name):
    out = []
    for line in open(os.path.join(DATA, name), encoding='utf-8'):
        if line.startswith('#') or not line.strip():
            continue
        f = line.rstrip('\n').split('\t')
        if f[0] == 'model':
            continue
        # A language-model row prints its shape; an image/video pipeline row (the suite picks
        # those by the model's name) prints its precision, flags and card. Either may match.
        keys = (f"{f[0]} {f[1]} {f[2]} ctx={f[3]} batch={f[4]} cards={f[5]} {f[6]}",
                f"{f[0]} {f[2]} {f[10]} {f[6]}")
        out.append(dict(keys=keys, basis=f[8], f=f, used=False))
    return out


NOT_STATED = [0]


def table_end(line):
    """None: not a table's summary line. '': a summary that ends no held-out table (the
    reference table's). Else the held-out table's name. Per-table parts and the one-row scores
    (held-out 17 on) are not a table's end."""
    if 'numeric rows' not in line:
        return None
    if 'language models:' in line or 'image/video:' in line or line.startswith('row'):
        return None
    s = SUMMARY.search(line)
    return s.group(1) if s and s.group(1) != 'measured_memory.tsv' else ''


def scored_rows(path):
    """(table, err, key, basis, line) for every numeric row of a held-out table's summary.
    Rows the CLI cannot state (`not stated:`) have no error and are only counted."""
    pending, out = [], []
    stated_pending = 0
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        if 'not stated:' in line and '[verdict]' not in line:
            stated_pending += 1
            continue
        m = ROW.search(line)
        if m:
            pending.append((float(m.group(2)) / 100.0, m.group(3), m.group(4), m.group(0).strip()))
            continue
        end = table_end(line)
        if end is not None:
            if end:
                out.extend((end, *p) for p in pending)
                NOT_STATED[0] += stated_pending
            pending = []
            stated_pending = 0
    return out


def flag(flags, name):
    for x in flags.split():
        if x == name:
            return ''
        if x.startswith(name + '='):
            return x.split('=', 1)[1]
    return None


def fmt_bucket(q):
    if q in ('bf16', 'fp16'):
        return '16-bit'
    if q == 'fp32':
        return 'fp32'
    if q == 'fp8':
        return 'fp8'
    if q in ('int8', 'gptq-int8'):
        return 'int8 (bnb / gptq)'
    if q == 'awq':
        return 'awq'
    if q in ('gptq-int4', 'int4', 'int4-g32'):
        return 'gptq / int4'
    if q == 'nf4':
        return 'nf4'
    if q == 'mxfp4':
        return 'mxfp4'
    if re.match(r'^(i?q\d)', q):
        return 'gguf'
    return 'other (' + q + ')'


def bits_bucket(q):
    b = fmt_bucket(q)
    if b in ('16-bit', 'fp32'):
        return '16/32-bit'
    if b in ('fp8', 'int8 (bnb / gptq)') or q in ('q8_0',):
        return '8-bit'
    return '4-bit or less'


def dims(f):
    model, task, quant, ctx, batch, cards, gpu, expect, basis, engine, flags = f[:11]
    method = flag(flags, '--method')
    if task in ('image', 'video') or (ctx == '0' and task != 'infer'):
        t = 'diffusion'
    elif method in RL or flag(flags, '--rl-trainer') is not None:
        t = 'rl'
    else:
        t = task
    b = int(batch)
    c = int(ctx)
    diff = t == 'diffusion'
    zero = flag(flags, '--zero')
    if flag(flags, '--unsloth') is not None:
        eng = 'unsloth'
    elif flag(flags, '--axolotl') is not None:
        eng = 'axolotl'
    elif zero in ('2', '3', '0') and task != 'infer':
        eng = 'deepspeed'
    elif zero == 'fsdp':
        eng = 'fsdp'
    elif engine in ('llama.cpp', 'llamacpp', 'ollama'):
        eng = 'llama.cpp/ollama'
    elif task != 'infer' and engine == 'transformers' and not diff:
        eng = 'transformers (trainer)'
    else:
        eng = engine
    return {
        'task': t,
        'format': fmt_bucket(quant),
        'bits': bits_bucket(quant),
        'batch': 'n/a' if diff and b == 0 else ('1' if b <= 1 else '2-3' if b <= 3 else '>=4'),
        'context': 'n/a' if diff else ('<8k' if c < 8192 else '8k-32k' if c < 32768 else '>=32k'),
        'basis': basis,
        'engine': eng,
        'cards': '1' if int(cards) <= 1 else '>1',
    }


VERDICT = re.compile(r'^([!\s])\s*verdict (FITS|OOM) (.*?): needs (\S+) GiB per card allocated '
                     r'\((\S+) as nvidia-smi\), answered (\S*)')
PIPE_VERDICT = re.compile(r'^([!\s])\s*verdict (FITS|OOM) (.*?) \[verdict\]: peak (\S+) GiB on (\S+) GiB')
NOT_STATED_V = re.compile(r'^! not stated: (\S+) (\S+) ctx=(\d+) \[verdict\] engine (\S+) flags (.*)$')


def verdict_lines(path):
    """(table, kind, parsed) for every verdict row of a held-out table, as the suite prints it."""
    pending, out = [], []
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        # A test's first printed row can share the line of its name (`test x ... ! verdict ...`);
        # rows printed before a test's name belong to another test (a scorer's own rows).
        if line.startswith('test '):
            pending = []
            line = line.split(' ... ', 1)[1] if ' ... ' in line else ''
        if line.startswith('own verdict rows'):
            pending = []
            continue
        m = VERDICT.match(line)
        if m:
            pending.append(('llm', m))
            continue
        m = PIPE_VERDICT.match(line)
        if m:
            pending.append(('pipe', m))
            continue
        m = NOT_STATED_V.match(line)
        if m:
            pending.append(('unstated', m))
            continue
        end = table_end(line)
        if end is not None:
            if end:
                out.extend((end, *p) for p in pending)
            pending = []
    return out


def gpu_usable():
    """Card id or alias (normalised as the catalog normalises) -> usable GiB (`Gpu::usable_gib`)."""
    import tomllib
    cat = tomllib.load(open(os.path.join(ROOT, 'bot-core', 'catalog', 'gpus.toml'), 'rb'))
    norm = lambda x: re.sub(r'[\s_-]', '', x.lower())
    out = {}
    for g in cat['gpu']:
        if g.get('cuda_total_gib') is not None:
            cap = g['cuda_total_gib']
        elif g.get('memory_mib') is not None:
            cap = g['memory_mib'] / 1024.0
        else:
            cap = float(g['vram_gb'])
        for a in [g['id']] + g.get('aliases', []):
            out[norm(a)] = cap
    return lambda gid: out.get(norm(gid))


# Answers that say the job runs (the scorer's `fits`), and those that say it does not.
RUNS = ('fits', 'tight', 'starts', 'pool', 'pipeline: peak fits')
NOT_RUNS = ('short', 'no', 'refused', 'pipeline: peak over')


def verdict_main(args):
    path = args[0]
    markdown = '--markdown' in args
    listing = args[args.index('--list') + 1] if '--list' in args else None
    wrong_only = '--wrong' in args
    usable = gpu_usable()
    tables = {}
    rows, unmatched = [], []
    for table, kind, m in verdict_lines(path):
        if table not in tables:
            tables[table] = tsv_rows(table)
        cand = [r for r in tables[table] if not r['used'] and r['basis'] == 'verdict']
        if kind == 'llm':
            key = m.group(3)
            hit = next((r for r in cand if r['f'][7] == m.group(2) and key == r['keys'][0]), None)
        elif kind == 'pipe':
            key = m.group(3)
            hit = next((r for r in cand if r['f'][7] == m.group(2) and key == r['keys'][1]), None)
        else:
            hit = next((r for r in cand if (r['f'][0], r['f'][2], r['f'][3], r['f'][9]) ==
                        (m.group(1), m.group(2), m.group(3), m.group(4))), None)
        if hit is None:
            unmatched.append(f"{table}: {m.group(0)}")
            continue
        hit['used'] = True
        f = hit['f']
        d = dims(f)
        wrong = m.group(1) == '!' if kind != 'unstated' else True
        truth = f[7]
        cap = usable(f[6]) if f[6] != '-' else None
        if kind == 'llm':
            answer = m.group(6) or '(none)'
            need = float(m.group(4))
        elif kind == 'pipe':
            need = float(m.group(4))
            cap = float(m.group(5))
            # The image pipeline's verdict is its peak against the card ("tight" counts as fitting).
            answer = 'pipeline: peak fits' if (not wrong) == (truth == 'FITS') else 'pipeline: peak over'
        else:
            answer, need = 'cannot state', None
        if need is None or cap is None:
            near = 'n/a'
        else:
            near = 'need within 10% of card' if abs(need - cap) <= 0.10 * cap else \
                ('need < 90% of card' if need < cap else 'need > 110% of card')
        row = dict(table=table, line=m.group(0).strip(), wrong=wrong, truth=truth,
                   d={'truth': truth, 'answer': answer, 'task': d['task'], 'engine': d['engine'],
                      'format': d['format'], 'cards': d['cards'], 'near': near})
        if cap is not None and need is not None:
            row['line'] += f"  [usable {cap:.2f} GiB]"
        rows.append(row)
    buckets = {}
    for r in rows:
        d = r['d']
        keys = list(d.items())
        keys += [('truth|answer', f"{d['truth']}|{d['answer']}"),
                 ('truth|answer|task', f"{d['truth']}|{d['answer']}|{d['task']}"),
                 ('truth|answer|near', f"{d['truth']}|{d['answer']}|{d['near']}"),
                 ('truth|answer|engine', f"{d['truth']}|{d['answer']}|{d['engine']}"),
                 ('truth|answer|task|engine|format',
                  f"{d['truth']}|{d['answer']}|{d['task']}|{d['engine']}|{d['format']}"),
                 ('task|engine', f"{d['task']}|{d['engine']}"),
                 ('all seven', '|'.join(d.values()))]
        for k in keys:
            buckets.setdefault(k, []).append(r)
    if listing:
        dim, _, val = listing.partition('=')
        for r in buckets.get((dim, val), []):
            if wrong_only and not r['wrong']:
                continue
            print(f"{r['table']}: {r['line']}")
        return
    n = len(rows)
    nw = sum(r['wrong'] for r in rows)
    print(f"held-out verdict rows: {n} (unmatched: {len(unmatched)}), right {n - nw}, wrong {nw}")
    for u in unmatched:
        print(f"  unmatched {u}")
    head = ('dimension', 'bucket', 'rows', 'right', 'wrong', 'OOM answered fits/tight',
            'ran answered short/no', 'other wrong')
    if markdown:
        print('| ' + ' | '.join(head) + ' |')
        print('|' + '---|' * len(head))
    order = ['truth', 'answer', 'task', 'engine', 'format', 'cards', 'near', 'truth|answer',
             'truth|answer|near', 'truth|answer|task', 'truth|answer|engine', 'task|engine',
             'truth|answer|task|engine|format', 'all seven']
    for dim in order:
        for (k, v), rs in sorted(buckets.items(), key=lambda kv: (-sum(r['wrong'] for r in kv[1]),
                                                                    -len(kv[1]), kv[0][1])):
            if k != dim:
                continue
            w = sum(r['wrong'] for r in rs)
            # The crossings are printed only where they hold a wrong verdict.
            if ('|' in k or k == 'all seven') and w == 0:
                continue
            died = sum(r['wrong'] and r['truth'] == 'OOM' and r['d']['answer'] in RUNS for r in rs)
            ran = sum(r['wrong'] and r['truth'] == 'FITS' and r['d']['answer'] in NOT_RUNS for r in rs)
            other = w - died - ran
            cells = (k, v, len(rs), len(rs) - w, w, died, ran, other)
            if markdown:
                print('| ' + ' | '.join(str(c) for c in cells) + ' |')
            else:
                print(f"{k:32} {v:60} {len(rs):4} {len(rs) - w:5} {w:5} {died:4} {ran:4} {other:4}")


def main():
    args = sys.argv[1:]
    if '--verdicts' in args:
        verdict_main([a for a in args if a != '--verdicts'])
        return
    path = args[0]
    markdown = '--markdown' in args
    listing = args[args.index('--list') + 1] if '--list' in args else None
    tables = {}
    rows = []
    unmatched = []
    for table, err, key, basis, line in scored_rows(path):
        if table not in tables:
            tables[table] = tsv_rows(table)
        hit = next((r for r in tables[table] if not r['used'] and key in r['keys'] and r['basis'] == basis), None)
        if hit is None:
            unmatched.append(f"{table}: {line}")
            continue
        hit['used'] = True
        d = dims(hit['f'])
        rows.append(dict(table=table, err=err, line=line, d=d))
    buckets = {}
    for r in rows:
        d = r['d']
        keys = [(k, v) for k, v in d.items()]
        # The crossings the issue names: a task's bits, basis, batch and context together.
        keys += [('task|bits', f"{d['task']}|{d['bits']}"),
                 ('task|bits|batch', f"{d['task']}|{d['bits']}|{d['batch']}"),
                 ('task|bits|basis', f"{d['task']}|{d['bits']}|{d['basis']}"),
                 ('task|context', f"{d['task']}|{d['context']}"),
                 ('task|engine', f"{d['task']}|{d['engine']}")]
        for k in keys:
            buckets.setdefault(k, []).append(r)
    if listing:
        dim, _, val = listing.partition('=')
        for r in sorted(buckets.get((dim, val), []), key=lambda r: r['err']):
            print(f"{r['table']}: {r['line']}")
        return
    n = len(rows)
    print(f"held-out numeric rows scored: {n} (unmatched: {len(unmatched)}); "
          f"numeric rows the CLI cannot state: {NOT_STATED[0]}")
    for u in unmatched:
        print(f"  unmatched {u}")
    head = ('dimension', 'bucket', 'rows', 'within 15%', 'under >15%', 'over >15%', 'under share', 'median err')
    if markdown:
        print('| ' + ' | '.join(head) + ' |')
        print('|' + '---|' * len(head))
    else:
        print(f"{head[0]:16} {head[1]:40} {'rows':>5} {'within':>7} {'under':>6} {'over':>5} {'u-share':>8} {'median':>8}")
    order = ['task', 'format', 'bits', 'batch', 'context', 'basis', 'engine', 'cards',
             'task|bits', 'task|bits|batch', 'task|bits|basis', 'task|context', 'task|engine']
    for dim in order:
        for (k, v), rs in sorted(buckets.items(), key=lambda kv: (-len(kv[1]), kv[0][1])):
            if k != dim or len(rs) < 5:
                continue
            errs = [r['err'] for r in rs]
            w = sum(abs(e) <= 0.15 for e in errs)
            u = sum(e < -0.15 for e in errs)
            o = sum(e > 0.15 for e in errs)
            med = statistics.median(errs) * 100
            share = 100.0 * u / len(rs)
            if markdown:
                print(f"| {k} | {v} | {len(rs)} | {w} | {u} | {o} | {share:.0f} % | {med:+.1f} % |")
            else:
                print(f"{k:16} {v:40} {len(rs):5} {w:7} {u:6} {o:5} {share:7.0f}% {med:+7.1f}%")


if __name__ == '__main__':
    main()
