## /fit and /tco (issue 4). Numbers are estimates; each answer names its basis.

fit-title = Memory estimate: { $model } · { $quant } · { $task }{ $method ->
    [none] {""}
   *[other] {" "}{ $method }
  } · { $context } tokens × { $batch } · { $engine }
fit-method-assumed = No fine-tuning method given: sized as LoRA (adapters on a 16-bit base), the method most people can afford. Add full or qlora to size another; both are below.
fit-method-other = { $task ->
    [full] Full fine-tuning
   *[qlora] QLoRA (4-bit NF4 base)
  } would need about { $need } GiB per card{ $verdict ->
    [fits] : fits on { $cards } × { $gpu }, { $margin } GiB to spare per card
    [tight] : fits on { $cards } × { $gpu } with { $margin } GiB to spare per card, inside the margin
    [short] : { $margin } GiB short per card on { $cards } × { $gpu }, inside the margin
    [no] : does not fit on { $cards } × { $gpu }, { $margin } GiB short per card
   *[none] {""}
  } (add { $word }).
fit-quant-assumed = No quantization given: assuming { $quant }. { $task ->
    [qlora] QLoRA's base is bitsandbytes 4-bit: bnb-fp4 sizes it in FP4.
    [infer] Add e.g. int4, awq, q4_k_m or fp8.
   *[other] Add fp16 or fp32 for another load precision, or use qlora for a 4-bit base.
}
fit-assume-context = No context given: sized for { $context } tokens per sequence (prompt + output). Add e.g. ctx=32k.
fit-assume-training = { $task ->
    [tuner] PEFT tuner { $tuner } over a frozen 16-bit base (its rank and layers on its own line)
    [full] Full fine-tune
   *[other] { $task ->
        [qlora] QLoRA
       *[lora] LoRA
      }, rank { $rank } { $targets ->
        [qv] on the q and v projections only
        [qkvo] on the attention projections q, k, v and o only
        [mlp] on the MLP projections gate, up and down only
        [modules] on { $modules } only
       *[all] on every linear layer
      }{ $moe ->
        [off] {" "}outside the { $experts } routed experts of each MoE layer (what PEFT's all-linear wraps in Transformers v5, where experts are not linear modules; experts=on adds adapters to every expert)
        [on] {" "}including all { $experts } routed experts of each MoE layer (experts=off: attention, dense and shared-expert layers only)
       *[no] {""}
      } (rank=…; targets=qv|attn|mlp|all or a module list such as k_proj,v_proj,down_proj picks the adapted layers)
  }, gradient checkpointing { $gc ->
    [on] on{ $given ->
        [yes] {""}
       *[no] {" "}(the default of { $on_default }; { $off_default } leave it off: gc=off sizes without it)
      }
   *[off] off{ $given ->
        [yes] {""}
       *[no] {" "}(gc=on to save activation memory)
      }
  }.
fit-breakdown = { $copies ->
    [yes] Per card (plain data parallel: each card holds a full copy): weights
   *[no] Weights
} { $weights } GiB · KV cache { $kv } GiB · activations { $act } GiB{ $training ->
    [yes] {" "}· gradients + optimizer { $optim } GiB
   *[no] {""}
} · overhead { $overhead } GiB
    = { $copies ->
        [yes] { $card_total } GiB per card, { $total } GiB over the { $cards } cards
       *[no] total { $total } GiB over { $cards } card(s)
    }; the busiest card needs { $per_card } GiB{ $cache ->
        [yes] {" "}as nvidia-smi would show it, { $required } GiB allocated (PyTorch gives its cache back before running out; the verdict counts what must be allocated)
        [vllm] {" "}as nvidia-smi would show it: vLLM fills its budget with KV cache whatever the job needs; this job needs { $required } GiB of it (the verdict counts that)
       *[no] {""}
    }.
fit-setup = Setup assumed: { $attention ->
    [eager] eager attention (the full score matrix in memory)
    [sdpa] SDPA attention (the engine's default)
   *[flash] flash attention (the engine's default)
  }{ $parallelism ->
    [tensor] , tensor parallel across the { $cards } cards (each holds a slice of every layer)
    [pipeline] , vLLM pipeline parallel over the { $cards } cards (tensor parallel inside each stage; each stage holds its own layers)
    [layer] , layers split across the { $cards } cards (each needs its own working memory)
    [data] , plain data parallel (every card holds everything)
    [zero1] , ZeRO-1 across the { $cards } cards (optimizer state sharded)
    [zero2] , ZeRO-2 across the { $cards } cards (optimizer state and gradients sharded)
    [zero3] , ZeRO-3 across the { $cards } cards (everything sharded)
   *[none] {""}
  }. attn=eager|sdpa|flash changes the attention.
fit-margin = Expect up to ±{ $pct }% { $measured ->
    [yes] (the largest error against public measurements of this kind of setup)
   *[no] (a stated allowance: no public measurement covers this setup yet)
  }; an estimate near the card's limit may not fit.
fit-verdict = { $verdict ->
    [starts] ⚠️ vLLM starts on { $cards } × { $gpu } ({ $vram } GiB each): its KV cache pool holds at least one request at full length, { $margin } GiB to spare per card for it; not all the requests at once (below).
    [pool] ⚠️ SGLang starts on { $cards } × { $gpu } ({ $vram } GiB each), with a smaller KV cache pool than the job asks for (below); { $margin } GiB to spare per card for the server as it starts, not for the whole demand.
    [refused] ❌ SGLang starts on { $cards } × { $gpu } ({ $vram } GiB each) but refuses this request: its KV cache pool holds fewer tokens than the prompt (below), and it answers "Input length … exceeds the maximum allowed length". The whole demand is { $margin } GiB short per card.
    [fits] ✅ Fits on { $cards } × { $gpu } ({ $vram } GiB each), { $margin } GiB to spare per card.
    [tight] ⚠️ Tight on { $cards } × { $gpu } ({ $vram } GiB each): fits with { $margin } GiB to spare per card, but inside the ±{ $pct }% this estimate can be off.
    [short] ⚠️ Tight on { $cards } × { $gpu } ({ $vram } GiB each): { $margin } GiB short per card on paper, inside the ±{ $pct }% this estimate can be off; it may run, but do not count on it.
   *[no] ❌ Does not fit on { $cards } × { $gpu } ({ $vram } GiB each): { $margin } GiB short per card.
}
fit-sglang-pool = ℹ️ SGLang takes { $fraction } of each card (--mem-fraction-static) for the weights and its token pool, and what the weights leave holds { $tokens } tokens{ $clipped ->
    [yes] : fewer than the { $context } tokens asked for, so a request is capped at the pool and a longer one is refused ("Input length … exceeds the maximum allowed length"; --allow-auto-truncate cuts it instead)
   *[no] : { $n } of the { $batch } requests at { $context } tokens at once; the others wait for room in the pool
  }. Each card then holds about { $held } GiB (what nvidia-smi shows once it has served). It refuses to start only when the weights leave no pool at all; a larger --mem-fraction-static (mfs=) or more cards make the pool longer.
fit-vllm-kv-pool = ℹ️ vLLM will keep about { $gib } GiB of each card for KV cache ≈ { $tokens } tokens across requests (its log's "Available KV cache memory" and "GPU KV cache size"): the share left after the weights and its start-up profile, filled with cache blocks whatever one request needs.
fit-vllm-max-len = ⛔ By this estimate vLLM does not start at { $context } tokens: after the weights and its start-up profile, its share of the card cannot hold one request of that length (its error: "larger than the available KV cache memory"). It starts at --max-model-len { $tokens } or less (or with a higher gpu_memory_utilization, gmu=), and each card then shows about { $gib } GiB: the share filled with cache blocks and the CUDA graphs.
fit-vllm-v0-pp = ⛔ By this estimate vLLM's V0 engine does not start: it runs the { $pp } pipeline stages as { $pp } virtual engines, each over 1/{ $pp } of a card's KV cache pool, and one request of { $context } tokens must fit one of them (its check: "The model's max seq len … is larger than the maximum number of tokens that can be stored in KV cache"). One request needs { $need } GiB of cache per card; one virtual engine's share holds { $held } GiB. Tensor parallel over the same cards, or the V1 engine (vLLM 0.8 and later), holds it in one pool.
fit-vllm-holds = ℹ️ vLLM still starts: after the weights and its start-up profile, the KV cache pool on each card holds { $n } of the { $batch } requests at { $context } tokens at once (its log's "Maximum concurrency"); the others wait for a free slot, and shorter requests leave room for more.
fit-verdict-gc = { $gc ->
    [off] That is with gradient checkpointing on, the default of { $on_default }. Without it ({ $off_default } leave it off unless told) { $verdict ->
        [fits] it fits with { $margin } GiB to spare per card.
        [tight] it fits with { $margin } GiB to spare per card, inside the margin.
        [short] it is { $margin } GiB short per card, inside the margin: it may not run.
       *[no] it is { $margin } GiB short per card: turn it on (gradient_checkpointing: true).
      }
   *[on] That is without gradient checkpointing. With it on (gc=on; the default of { $on_default }) { $verdict ->
        [fits] it fits with { $margin } GiB to spare per card.
        [tight] it fits with { $margin } GiB to spare per card, inside the margin.
        [short] it is still { $margin } GiB short per card, inside the margin.
       *[no] it is still { $margin } GiB short per card.
      }
}
fit-price-unknown = no known price
fit-tight-remedies = { $goal ->
    [fit] What makes it fit (memory per card then): { $list }.
   *[safe] What makes it safe (memory per card then): { $list }.
}
fit-tight-none = No single change of context, batch, adapters or card count makes it a clear fit; leave a larger margin or take a larger card.
fit-alloc-expandable = ℹ️ Near the card's limit, PyTorch's caching allocator can run out on fragmentation before the memory counted here is used up: when tensor sizes change from step to step (samples of different lengths, a changing batch), its cached segments are left with free slices at their ends that a larger request cannot use. Starting the training with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True lets it grow one segment instead; it does not lower the need counted here. Source: PyTorch's CUDA semantics notes, https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf
fit-why-not = The largest part is { $part ->
    [weights] the weights
    [kv] the KV cache (shorter context, smaller batch or kv=fp8 help)
    [activations] the activations (shorter context, smaller batch or gradient checkpointing help)
    [activations_infer] the activations (a shorter context or a smaller batch helps)
   *[optimizer] gradients and optimizer state (LoRA/QLoRA or more cards with ZeRO help)
} ({ $gib } GiB).
fit-speed-decode = Speed estimate: about { $tps } tokens/s for one stream on { $cards } card(s).
fit-speed-prefill = Prompt processing: about { $tps } tokens/s.
fit-basis-decode = (estimate: { $gib } GiB read per step from { $bandwidth } GB/s at { $eta }% efficiency{ $scale ->
    [100] {""}
   *[other] {" "}× { $scale }% multi-card scaling
  } = { $mem_ms } ms{ $overhead ->
    [yes] {" "}+ { $overhead_ms } ms of Transformers per-layer overhead ({ $layers } layers)
   *[no] {""}
  }{ $bound ->
    [compute] ; compute needs { $comp_ms } ms, which bounds it
   *[memory] {""}
  } → { $step_ms } ms per step of { $batch } token(s); efficiency calibrated on Qwen2.5 vLLM measurements)
fit-basis-prefill = (estimate based on { $tflops } dense FP16 TFLOPS at { $eff }% efficiency, 2 FLOPs per active parameter per token)
fit-options-intro = { $count } card types can hold it. { $by ->
    [speed] Cheapest known pay-as-you-go list prices first ({ $currency } at the catalog rate, dated) among the configurations that keep up with a reader in every conversation (about { $reader } tokens/s, the tok/s column is the estimate); slower ones and those of unknown speed after them; each doubling of cards counts as 15% dearer, since more cards bring more to go wrong:
   *[price] Cheapest known pay-as-you-go list prices first ({ $currency } at the catalog rate, dated), counting each doubling of cards as 15% dearer, since more cards bring more to go wrong:
  }
fit-alternatives-intro = What does hold it: { $count } card types, { $by ->
    [speed] cheapest known pay-as-you-go list prices first ({ $currency } at the catalog rate, dated) among those that keep up with a reader in every conversation (about { $reader } tokens/s), slower ones after, counting each doubling of cards as 15% dearer:
   *[price] cheapest known pay-as-you-go list prices first ({ $currency } at the catalog rate, dated), counting each doubling of cards as 15% dearer:
  }
fit-options-tight = ⚠️ beside the memory: that card holds it only inside this estimate's error margin (tight); { $safer ->
    [qlora] one more card or QLoRA (a 4-bit base) makes it safe.
    [lora] one more card (with ZeRO or FSDP) or LoRA makes it safe.
    [cards] one more card makes it safe.
   *[four-bit] one more card or a 4-bit form makes it safe.
}
fit-options-note = More cards is not a linear speed-up: cards on PCIe without NVLink spend more time talking to each other.
fit-no-option = No card in the catalog holds it with up to 8 cards. Try a smaller quantization, a shorter context or a smaller batch.
fit-col-gpu = Card
fit-col-cards = Cards
fit-col-per-card = GiB per card
fit-col-price = Price
fit-col-speed = tok/s
fit-col-interconnect = Interconnect
fit-basis = Estimate based on the model's config.json, measured bits per weight (GGUF: llama.cpp tables), KV = 2 × layers × KV heads × head dim × bytes × tokens, activations calibrated on Qwen's published transformers memory tables (Qwen2, Qwen2.5, Qwen3: every row within 15%), and about 0.65 GiB CUDA overhead per card. Leave 1–2 GiB of margin.
fit-warn-size-only = ⚠️ Known only by size: { $like ->
    [none] I assumed a Llama-like shape ({ $layers } layers, hidden size { $hidden }, { $kv_heads } KV heads).
   *[other] shaped like { $like }, the catalog's dense model nearest in size (for a mixture of experts, in active size): { $layers } layers, { $kv_heads } KV heads of { $head_dim }, hidden size { $hidden } (the width scaled to the size).
  } The real model may differ, especially in KV cache: this assumes grouped-query attention, as current models of this size have; a model with multi-head attention (every head its own keys and values) keeps { $mha_times }× this KV cache, and the error stated covers that case.
fit-warn-context = ⚠️ { $context } tokens is beyond this model's maximum context ({ $max }); { $positions ->
    [alibi] its ALiBi positions need no scaling (its code builds the bias at any length), but it was not trained that long.
   *[rope] it may not work without RoPE scaling.
}
fit-warn-moe = ℹ️ Mixture of experts: all { $total }B parameters must be in memory, but only { $active }B are read per token (speed follows the active count).
fit-warn-moe-4bit-experts = ⚠️ The routed experts are sized in 4 bits, as { $train ->
    [yes] Transformers 4.x (one linear layer per expert), Unsloth since 2026.6 and axolotl with quantize_moe_experts=true load them
   *[no] Transformers 4.x loads them (one linear layer per expert)
}. Transformers v5 stores them as fused 3-D weights that bitsandbytes alone leaves in 16-bit{ $fp32 ->
    [yes] {" "}(fp32 once PEFT's k-bit preparation has run)
   *[no] {""}
}: { $gib } GiB more; moeq=off sizes that. Check the loaded size before renting.
fit-assume-moe-experts-16bit = Sized with the routed experts unquantized (moeq=off): Transformers v5 stores them as fused 3-D weights that bitsandbytes leaves in 16-bit{ $fp32 ->
    [yes] , and PEFT's k-bit preparation casts them to fp32
   *[no] {""}
}, { $gib } GiB more than in 4 bits{ $train ->
    [yes] {" "}(plain PEFT/TRL, Unsloth before 2026.6). moeq=on sizes them in 4 bits (Unsloth since 2026.6, axolotl with quantize_moe_experts=true).
   *[no] . moeq=on sizes them in 4 bits (Transformers 4.x).
}
fit-assume-compressed-tensors = Sized as a compressed-tensors checkpoint (compressed-tensors): Transformers decompresses each quantized layer to 16-bit on its first forward pass and keeps that copy beside the packed weights, { $gib } GiB more. vLLM runs the packed weights as they are; an AutoAWQ or GPTQ checkpoint (or bitsandbytes 4-bit for QLoRA) keeps no such copy.
fit-warn-compressed-tensors = ⚠️ Sized as an AutoAWQ/GPTQ checkpoint. One in compressed-tensors' format (llm-compressor's AWQ/GPTQ: quant_method "compressed-tensors" in its config.json) is decompressed to 16-bit layer by layer on the first forward pass and Transformers keeps both copies: { $gib } GiB more; the word compressed-tensors sizes that.
fit-warn-sliding = { $sliding } of the { $layers } layers attend over a { $window }-token window only, so their KV cache holds { $kept ->
    [window] that window (Transformers' sliding-window cache)
    [chunk] that window plus one prefill chunk (vLLM's hybrid KV cache manager; V0 or --disable-hybrid-kv-cache-manager keeps the whole context)
    [ubatch] that window plus one micro-batch (llama.cpp's SWA cache); swafull=on (llama.cpp's --swa-full) keeps the whole context
    [ollama] 4096 tokens plus one batch (Ollama's own cache)
    [ollamawindow] that window for each parallel slot plus one shared batch (Ollama's own cache, since Ollama 0.6.3)
    [sglang] 0.8 of the context (SGLang's SWA pool)
   *[other] the whole context all the same under this engine
}.
fit-warn-recurrent = ℹ️ Hybrid model: { $kept ->
    [yes] only { $attention } of the { $layers } layers are attention and keep a KV cache that grows with the context; the other { $recurrent } are { $kind ->
        [mamba2] Mamba-2 layers
       *[deltanet] linear-attention (Gated DeltaNet) layers
    } and keep one fixed state per sequence, about { $mib } MiB whatever the length. A long context needs far less KV than a plain transformer of this size.
   *[no] { $recurrent } of the { $layers } layers keep a fixed state per sequence, not a KV cache, but how this engine lays them out was not checked, so the KV cache is sized on every layer (an upper bound).
}
fit-warn-kv-replicated = ⚠️ { $cards } cards but only { $kv_heads } KV heads: with tensor parallelism each card keeps a copy of some KV heads, so the KV cache does not shrink further.
fit-warn-gguf-engine = ℹ️ { $quant } is a llama.cpp GGUF format; sized as llama.cpp would load it.
fit-warn-exl2 = ℹ️ EXL2 at { $bpw } bits per weight, sized as ExLlamaV2 loads it: the decoder layers at { $bpw } bits (scales included), the output head at about { $head } bits, the token embedding kept in system RAM; the { $cache } cache is allocated for all { $context } tokens at load (TabbyAPI's cache_mode Q8, Q6 or Q4 shrinks it: kv=q4).
fit-kv-cache = KV cache in { $kv }: { $bits } bits a value, { $share }% of the 16-bit cache (kv=f16 for the default; ctk= / ctv= set K and V apart, as llama.cpp's -ctk / -ctv).
fit-warn-kv-engine = ℹ️ { $engine ->
    [vllm] vLLM's and SGLang's --kv-cache-dtype offer auto (16-bit) and fp8, not llama.cpp's block types
    [llamacpp] llama.cpp (and Ollama) have no fp8 cache; their 8-bit type is q8_0
   *[other] { $engine } has no { $asked } cache
  }: sized with { $sized } in place of { $asked }.
fit-warn-kv-transformers = ℹ️ Transformers' generate keeps its cache in the model's dtype unless a quantized cache is set up (cache_implementation="quantized", quanto or HQQ); sized with a { $kv } cache as asked.
fit-warn-tuple-cache = ℹ️ Transformers before 4.42 copies every layer's keys and values into a new, longer tensor at each generated token, and PyTorch's caching allocator cannot reuse the smaller blocks left behind for the larger ones: nvidia-smi shows about { $gib } GiB of outgrown cache blocks beside what the job needs (in the figure as nvidia-smi would show it). PyTorch gives them back before running out, so the verdict counts the need; Transformers 4.42 and later update the cache in place.
fit-warn-kv-needs-fa = ❌ llama.cpp will not start this: a quantized V cache ({ $kv }) needs flash attention ("V cache quantization requires flash_attn"; Ollama only quantizes the cache with flash attention on). Add attn=flash (-fa on), or keep V in 16 bits (ctv=f16: a quantized K cache alone runs without it). The figures below are the cache as asked.
fit-warn-vllm-prealloc = ℹ️ vLLM takes { $util }% of each card up front (--gpu-memory-utilization; gmu=0.95 to change it) and fills the rest with KV cache; activations are sized by its start-up profile on this card class: prefill chunks of { $tokens } tokens, then sampling for { $seqs } requests at once (lower with --max-num-seqs).
fit-note-vllm-flashinfer-sampler = ℹ️ The sampling is sized as FlashInfer's top-k/top-p kernel (VLLM_USE_FLASHINFER_SAMPLER=1), which needs no sort and holds about a third of the PyTorch path's memory. If FlashInfer is not installed, vLLM falls back to the PyTorch path and its start-up takes more: then leave the word out.
fit-warn-server-pool = ℹ️ { $server ->
    [sglang] SGLang keeps { $pct }% of each card for the weights and its KV pool (--mem-fraction-static{ $given ->
        [yes] {""}
       *[no] {" "}by default{ $card ->
            [yes] {" "}for this card: the card less 0.5 GiB, 1.5 MiB a token of its prefill chunk, 2 MiB a CUDA-graph batch and 1/8 GiB a tensor-parallel card, at least 10 GiB on a card over 60 GiB
           *[no] {" "}when it cannot read the card
          }
      }; mfs=0.85 to change it) and leaves the rest to activations and CUDA graphs
    [tgi] TGI takes { $pct }% of each card (--cuda-memory-fraction{ $given ->
        [yes] {""}
       *[no] {" "}default 1.0
      }; mfs=0.9 to change it) for the weights, its warm-up and KV blocks
    [lmdeploy] LMDeploy gives { $pct }% of the memory the weights leave free to its KV cache (cache_max_entry_count{ $given ->
        [yes] {""}
       *[no] {" "}default 0.8
      }; mfs=0.5 to change it)
   *[other] TensorRT-LLM gives { $pct }% of the memory the engine leaves free to its KV cache (free_gpu_memory_fraction{ $given ->
        [yes] {""}
       *[no] {" "}default 0.9
      }; mfs=0.5 to change it)
  }. The rest is sized as vLLM's class (paged KV cache, its start-up profile), an assumption for this server; the verdict counts what the job needs, not the pool it fills.
fit-warn-data-parallel = ℹ️ Sized as vLLM's data parallel (-dp { $ranks }): the { $cards } cards run { $ranks } engines of { $tp }-way tensor parallel, each with its own KV cache that must hold a whole request of the context, the attention weights on every engine and an MoE's routed experts split over all { $cards } cards. Without --data-parallel the cards are sized as one tensor-parallel group, which splits the cache.
fit-warn-vllm-v0 = ℹ️ Sized for vLLM's V0 engine (before 0.8, or VLLM_USE_V1=0): it takes { $util }% of each card up front and its start-up profile runs { $tokens } tokens in one pass (no chunked prefill below 32K tokens), images at their full size; without vllm=v0 the V1 engine is sized. { $eager ->
        [yes] Started with --enforce-eager (enforce_eager=on), it captures no CUDA graphs, so nothing of it needs the other { $rest }% of the card; without it the graphs are captured there after the KV cache ({ $graphs_lo } to { $graphs_hi } GiB in vLLM's own logs, vllm#11452).
       *[no] Its CUDA graphs are captured after that, in the other { $rest }% of the card: vLLM's own logs show { $graphs_lo } to { $graphs_hi } GiB for them (vllm#11452), too wide a range to size one figure; if it fails while capturing, lower gpu_memory_utilization (gmu=) or start it with --enforce-eager (enforce_eager=on).
    }
fit-warn-vllm-v0-graph-room = ⚠️ Tight for vLLM V0: its share leaves { $room } GiB of the card for the CUDA graphs it captures after the KV cache, and its own start-up log warns they "can take additional { $lo }~{ $hi } GiB memory per GPU". It may start or die while capturing; a lower gpu_memory_utilization (gmu=) or --enforce-eager (enforce_eager=on) is what makes it safe.
fit-warn-vllm-large-cards = ℹ️ On a card of 70 GiB or more other than an A100 (H100, H200, B200), vLLM profiles chunks of { $tokens } tokens and { $seqs } requests at once: { $extra } GiB more activations per card; the card list counts it.
fit-warn-vllm-fewer-seqs = ℹ️ With --max-num-seqs { $seqs } (vLLM's default on smaller cards) its start-up profile samples for fewer requests at once: { $need } GiB per card ({ $spare } GiB left { $within ->
        [share] in vLLM's share of this card
       *[card] on this card
    }).
fit-warn-vllm-launch-seqs = ℹ️ vLLM { $release } (V1 as it launched, 0.8.0 to 0.8.3) samples for { $default } requests at once in its start-up profile on every card; with --max-num-seqs { $seqs } (its default on this card from 0.8.4) it needs { $need } GiB per card ({ $spare } GiB left { $within ->
        [share] in vLLM's share of this card
       *[card] on this card
    }).
fit-warn-vllm-no-room = ❌ --gpu-memory-utilization { $util } leaves { $room } GiB of this card outside vLLM's share, and { $what ->
        [context] the CUDA context alone takes about { $needs } GiB there: vLLM refuses to start ("Free memory on device … is less than desired GPU memory utilization"). A share of at most { $share } leaves that room.
       *[graphs] its CUDA graphs, captured after the KV cache has filled the share, take at least about { $needs } GiB there: the server runs out of memory before it serves. A share of at most { $share } leaves that room, or --enforce-eager (enforce_eager=on) captures no graphs.
    }
fit-note-vllm-share = ℹ️ The verdict is on vLLM's share, not the whole card: at --gpu-memory-utilization { $util } it takes { $share } GiB of this card, and the weights, its start-up profile and this job's KV cache ({ $core } GiB, the need above without the CUDA context and graphs) must fit inside it — { $holds ->
        [yes] { $left } GiB to spare there; the KV cache takes the rest of the share.
       *[no] { $left } GiB short there: by this estimate vLLM does not start ("No available memory for the cache blocks").
    } { $gmu ->
        [ok] That share holds it with the stated margin.
        [none] No share of this card holds it with the stated margin.
       *[other] gmu={ $gmu } holds it with the stated margin, a wider share rather than a second card.
    }
fit-warn-mla-transformers = ℹ️ Hugging Face Transformers stores DeepSeek's KV cache decompressed (much larger); vLLM, SGLang and llama.cpp store the compressed latent (engine=vllm).
fit-warn-zero = ℹ️ Training over several cards assumed with ZeRO stage { $stage } sharding (DeepSpeed/FSDP); plain data parallel keeps a full copy per card.
fit-warn-device-map = ℹ️ Training over { $cards } cards in one process, the model split by whole layers (Transformers `device_map`): no ZeRO sharding and no data parallelism; each card holds its own layers with their adapters and optimizer state, and the cards compute in turn.
fit-warn-whole-load = ⚠️ This trainer loads the whole model ({ $gib } GiB) onto every card before sharding it (LLaMA-Factory 0.5.3 to 0.7.0 under FSDP): each card must hold it once at load, whatever the sharding keeps later. LLaMA-Factory 0.7.1 or later, or DeepSpeed ZeRO-3, loads it sharded.
fit-warn-whole-load-quantized = ⚠️ DeepSpeed ZeRO-3 does not shard a bitsandbytes 4-bit or 8-bit base while it loads: Transformers skips zero.Init for a quantized model and bitsandbytes puts it on the current card, so every card first holds the whole quantized model ({ $gib } GiB) and PyTorch keeps that memory reserved afterwards. Each card must hold it once, whatever ZeRO-3 keeps later. PyTorch FSDP with cpu_ram_efficient_loading (the FSDP-QLoRA setup of Accelerate and axolotl; say fsdp) shards it as it loads.
fit-warn-whole-load-axolotl-fsdp = ⚠️ axolotl under FSDP2 loads a bitsandbytes base whole onto every card ({ $gib } GiB; cpu_ram_efficient_loading off, its default and its example configs' setting), and while it wraps the model each card holds the whole model and its own shard of it together ({ $peak } GiB) until the wrap returns. Each card must hold that once, whatever FSDP keeps later. ramload=on (cpu_ram_efficient_loading: true) sizes a load on the CPU sharded from there, without this peak.
fit-warn-gptq-dequant = ℹ️ A LoRA on a GPTQ checkpoint runs auto_gptq's PyTorch path (exllama off for training): each matrix is unpacked to a 16-bit copy, and the backward pass keeps it: { $layers ->
    [one] one layer's copies and the unpack beside them ({ $gib } GiB) live from its recompute to its backward, counted beside that layer (the activations' peak is the larger of it and the loss head)
   *[all] without gradient checkpointing every layer's copies wait for its backward ({ $gib } GiB, counted in the activations); gc=on keeps only one layer's
}.
fit-warn-expert-stack = ℹ️ axolotl's quantized experts (quantize_moe_experts) are dequantized whole when an MoE layer runs, and the backward pass keeps that copy: { $layers ->
    [one] one layer's stack ({ $gib } GiB), from its recompute to its backward, is counted in the activations
   *[all] without gradient checkpointing every MoE layer's stack waits for its backward ({ $gib } GiB, counted in the activations); gc=on keeps only one
}.
fit-warn-offload = ℹ️ CPU offload (zero3-offload, fsdp-offload): { $params ->
    [yes] the parameter shards, gradients and optimizer state wait in CPU RAM; each card holds only the layers being computed, the activations and a gradient bucket (figures above are per card)
   *[no] the optimizer state and its step move to CPU RAM; each card still holds the whole 16-bit model (figures above are per card)
  }. The machine needs the CPU RAM for them (a full fine-tune's fp32 master weights, moments and gradients alone are 16 bytes per parameter), and each step waits on the PCIe transfers. Treat the per-card figure as a floor: the one public measurement of a ZeRO-3 offload run here (Llama-3-8B full, 8 × RTX 3090) showed about twice what this sizes.
fit-warn-multi-card = ℹ️ { $cards } cards are not { $cards }× faster. Interconnect: { $interconnect }.
fit-error-quant = I don't know the quantization "{ $value }". Try fp16, bf16, fp8, int8, int4, gptq, awq, nf4, q4_k_m, q5_k_m, q8_0…
fit-error-task = I don't know the task "{ $value }". Use infer, lora, qlora or full.
fit-error-engine = I don't know the engine "{ $value }". Use transformers, vllm or llamacpp.
fit-error-size = A model size must be between 0.01B and 10000B parameters, not { $value }B.
fit-error-context = The context must be between 1 and { $max } tokens, not { $value }.
fit-error-batch = The batch must be between 1 and { $max }, not { $value }.
fit-error-cards = The number of cards must be between 1 and { $max }, not { $value }.
fit-error-gguf-training = { $quant } is a llama.cpp GGUF format: it is for inference, not for fine-tuning. Train with bf16 (LoRA) or nf4 (QLoRA).
fit-error-qlora-quant = QLoRA trains on a 4-bit base; { $quant } is not 4-bit. Use nf4 (bitsandbytes) or a GPTQ/AWQ int4 model, or choose lora.
fit-error-value = I can't read "{ $value }".
fit-error-word = "{ $value }" is neither a quantization, a task, an engine nor a card I know.
fit-error-model = The catalog entry for { $model } is incomplete, so I can't size it.
fit-error-spec-unknown = No speed estimate: the catalog does not know the { $gpu }'s { $field ->
    [bandwidth] memory bandwidth
   *[tflops] dense FP16/BF16 tensor TFLOPS
  } (no source gives it), and a figure computed from a guess could mislead you.

tco-title = Rent vs API: { $model } · { $quant } on { $cards } × { $gpu }
tco-price-catalog = Card price: { $from ->
    [yes] from { $price } { $currency }/hour, the cheapest list price in my catalog, a “from” price: the cheapest configuration, the only kind listed for this card, so yours may cost more
   *[other] { $price } { $currency }/hour, the cheapest list price in my catalog that is a firm price (“from” prices, the cheapest configuration only, left out)
  } (as of { $as_of ->
    [undated] an unknown date: the source gives none
   *[other] { $as_of }
  }). Prices move: give your own with price=…
tco-price-user = Card price: { $price } { $currency }/hour (yours).
tco-does-not-fit = ❌ { $model } · { $quant } does not fit on { $cards } × { $gpu } even for one 2048-token conversation, so there is nothing to compare: renting these cards cannot serve it.
tco-throughput = Serving estimate: about { $tps } tokens/s with { $concurrency } conversations of { $context } tokens in parallel, so at most { $capacity } tokens a day.
tco-self-hosted = Self-hosted: { $busy } { $currency } per 1M tokens if you rent only the hours you need ({ $setups ->
    [1] about { $hours } h a day for { $tokens } tokens
   *[other] about { $hours } setup-hours a day for { $tokens } tokens, on { $setups } setups at once
  }), or { $always } { $currency } per 1M tokens { $setups ->
    [1] if the card runs all day
   *[other] with { $setups } setups running all day
  } ({ $day } { $currency }/day).
tco-over-capacity = ⚠️ One setup cannot serve that daily volume: it takes { $setups } setups at once ({ $cards } × { $gpu }), or the API.
tco-api = API: { $api } { $currency } per 1M tokens = { $day } { $currency } a day at your volume.
tco-break-even = Break-even for a card rented around the clock: { $tokens } tokens a day{ $reachable ->
    [yes] {""}.
   *[no] {" "}— more than this card can serve, so around-the-clock renting does not pay off here.
}
tco-verdict = { $verdict ->
    [rent] 👉 At this volume renting is cheaper, even with the card on all day.
    [rent_part_time] 👉 Renting is cheaper only if you rent just the hours the volume needs (about { $hours } h a day) on a platform billed by the second or minute; kept on all day, the API is cheaper.
   *[api] 👉 At this volume the API is cheaper.
}
tco-no-api = Add the API's price per 1M tokens to compare, e.g. /tco qwen2.5-7b int4 4090 20m 0.3
tco-cpu-moe-speed = ⚠️ With the experts in system RAM (cpu-moe: { $ram } GiB of it on the host, plus what the OS needs), tokens come at the speed of the host's RAM or PCIe link, not of the card, so no cost per million tokens is estimated here. The cards cost { $day } { $currency } a day around the clock; at T tokens/s measured on your host, a million tokens costs { $day } ÷ (0.0864 × T) { $currency } with the card busy all day.
tco-basis = Estimate based on decode speed from memory bandwidth (calibrated on Qwen2.5 vLLM measurements) with batching; real throughput depends on prompt lengths and the engine. Run a small trial and record what you really get.
tco-faq = Renting is not always cheaper than an API. Small volume and a model available by API: pay per call. Renting wins for open weights, your own quantization, or a long, steady, high-volume workload.
tco-no-price = I have no list price for { $gpu }. Give one with price=…, e.g. price=2.5
tco-platform-no-price = My data has no list price for { $gpu } on { $platform }, so I price it on no other platform. Where it is listed: `/compare { $id } 24h`; or give your own with price=…, e.g. price=2.5
tco-prepaid-plan = Around the clock a prepaid plan is cheaper: { $platform } by the { $unit ->
    [month] month
    [week] week
    [day] day
    [year] year
   *[other] { $unit }
  }, { $day } a day (as of { $date }). A plan is billed whether the card is busy or not, so the all-day figures below use it.
tco-no-fx = I have no exchange rate from { $from } to { $to }.
fit-warn-iquant = { $quant } files differ from model to model (llama.cpp keeps some tensors at higher-bit types; the bits per weight used here were measured on Llama-3.1-8B): check the size of the .gguf file you download.
fit-warn-bare-size = { $size } is sized as a dense model (every parameter active in each token). Many models this large are mixture-of-experts: give the active count as { $example } for a speed estimate that reads only the active weights{ $models ->
    [none] .
   *[other] , or name the model: { $models }.
  }
fit-read-as = ℹ️ No model is called { $typed }: read as { $model }, the catalog's model of that family and size{ $others ->
    [none] .
   *[other] ; it could also mean { $others } (the one needing the most memory is sized). Name the model to size another.
  }
fit-assume-serving = A service with { $batch } concurrent sequences is sized on vLLM (paged KV cache, continuous batching); add transformers to size it on Hugging Face Transformers.
fit-assume-beams = { $engine ->
    [transformers] Beam search with { $beams } beams: Transformers' generate copies the prompt once per beam, so { $sequences } sequences are prefilled and cached ({ $kv } GiB of KV cache on the busiest card), and each step scores { $sequences } rows of the vocabulary ({ $scores } GiB); beams=1 sizes greedy or sampled decoding.
   *[other] Beam search with { $beams } beams is sized as Transformers' generate holds it: { $sequences } sequences in the cache ({ $kv } GiB of KV cache on the busiest card) and { $scores } GiB of scores a step; beams=1 sizes one sequence per request.
}
fit-4bit-on-card = { $verdict ->
    [fits] ✅ In 4-bit ({ $quant }) it fits on { $cards } × { $gpu }: about { $need } GiB per card (add { $quant }).
   *[other] ⚠️ In 4-bit ({ $quant }) it fits on { $cards } × { $gpu }, tightly: about { $need } GiB per card (add { $quant }).
}
fit-more-cards = { $verdict ->
    [fits] ✅ On { $cards } × { $gpu } it fits: about { $need } GiB per card.
    [tight] ⚠️ On { $cards } × { $gpu } it fits, tightly: about { $need } GiB per card.
   *[no] ❌ Even { $cards } × { $gpu } (one server) do not hold it: about { $need } GiB per card.
}
fit-short-assumed = Where you said nothing I assumed the usual (Details say why). Change it with: { $words }
fit-warn-tp-pipeline = ⚠️ vLLM cannot run { $cards } cards as tensor parallel: the size must divide the model's { $heads } attention heads, and its { $kv_heads } KV heads must divide by it or it by them. Sized as the split vLLM runs on all { $cards }: --tensor-parallel-size { $tp } --pipeline-parallel-size { $pp }, the decoder layers { $layers } over the stages (vLLM's own even split); each card holds its stage's layers and their KV cache{ $tp ->
    [1] {""}
   *[other] , split { $tp } ways
  }, the first stage also the embedding and the last the output head.
fit-warn-tp-invalid = ⚠️ vLLM cannot run { $cards } cards as tensor parallel: the size must divide the model's { $heads } attention heads, and its { $kv_heads } KV heads must divide by it or it by them, so vLLM refuses to start. Sized below for { $sized } { $sized ->
    [one] card
   *[other] cards
  }{ $next ->
    [0] {""}
   *[other] {""} (the next size up that starts is { $next })
  }.{ $pp ->
    [0] {""}
   *[other] {" "}To use all { $cards }, vLLM's pipeline parallelism splits whole layers: --tensor-parallel-size { $tp } --pipeline-parallel-size { $pp } (not sized here).
  }
tco-error-tokens = Tokens a day (the number after the card) must be a whole number of at least 1, e.g. 20m; "{ $value }" is not.
tco-error-api = The API price per 1M tokens (the last number) must be more than 0, e.g. 0.3; "{ $value }" is not.
fit-error-torchao = torchao weight-only quantization (int8wo, int4wo, float8wo) is sized for inference on a PyTorch model in int8, int4 or fp8, and its generate.py also unquantized in bf16 or fp16; not { $value }.
fit-error-method-scope = { $method } is a way to fine-tune, not to serve: add lora, qlora or full.
fit-error-dora-scope = DoRA is a LoRA variant (PEFT use_dora): use it with lora or qlora.
fit-warn-torchao = ℹ️ torchao { $scheme }: sized as torchao's own benchmark runs it — the model loaded in 16-bit on the card, then quantized in place. { $pinned } GiB of the 16-bit weights' memory stays reserved around the quantized weights (PyTorch cannot give it back), counted in the overhead; loading peaks at { $peak } GiB before that. Quantizing a model still on the CPU (quantize_ with device="cuda", one layer at a time) or loading through Transformers' TorchAoConfig avoids the 16-bit peak.
fit-warn-torchao-load-short = ⚠️ torchao { $scheme }: loading the model in 16-bit on this card and quantizing it there (torchao's own benchmark way) peaks at { $peak } GiB, more than the card holds. Quantize a model still on the CPU (quantize_ with device="cuda", one layer at a time) or load through Transformers' TorchAoConfig. After quantizing, { $pinned } GiB of 16-bit memory stays reserved around the quantized weights (counted in the overhead).
fit-autocast-copies = fp32 weights under 16-bit autocast (amp): PyTorch multiplies by a 16-bit copy of each linear weight and keeps those copies while it runs, { $gib } GiB per card counted in the activations{ $gc ->
    [on] {" "}(with gradient checkpointing, one layer's at a time)
   *[other] {""}
  }. Loading the model in bf16 (bf16) needs neither the fp32 weights nor the copies.

## /fit with a memory size and no model (`/fit 16gb`, `/fit 24gb lora`): which catalog models fit.
fit-memory-title = Which models fit in { $gb } GB of GPU memory
fit-memory-read = Read as one card with { $gb } GiB of memory, as the catalog reads a card sold as { $gb } GB (its memory chips); each figure counts the CUDA context, as on any card. From the catalog's { $count } text models, one per architecture, each sized as /fit sizes it.
fit-memory-read-on = Sized on { $card } itself, where CUDA gives a job { $usable } GiB. Each figure counts the CUDA context. From the catalog's { $count } text models, one per architecture, each sized as /fit sizes it.
fit-memory-read-card = Read as the tightest card sold as { $gb } GB that the catalog knows: { $card }, where CUDA gives a job { $usable } GiB; what fits there fits every { $gb } GB card listed. Each figure counts the CUDA context, as on any card. From the catalog's { $count } text models, one per architecture, each sized as /fit sizes it.
fit-memory-method = { $method ->
    [infer16] 16-bit inference
    [infer4] 4-bit inference (int4)
    [lora] LoRA (16-bit base)
    [qlora] QLoRA (4-bit base)
    [full] Full fine-tuning
   *[infer] Inference in { $quant }
  }: up to { $model }, about { $need } GiB, { $left } GiB left.
fit-memory-tight = Larger, { $model } needs about { $need } GiB ({ $left } GiB left): inside the ±{ $pct }% this estimate can be off, so it may not fit.
fit-memory-also = Also fits, from other families: { $models }.
fit-memory-none-clear = { $method ->
    [infer16] 16-bit inference
    [infer4] 4-bit inference (int4)
    [lora] LoRA (16-bit base)
    [qlora] QLoRA (4-bit base)
    [full] Full fine-tuning
   *[infer] Inference in { $quant }
  }: none of the catalog's models fits clearly in { $gb } GiB.
fit-memory-none = { $method ->
    [infer16] 16-bit inference
    [infer4] 4-bit inference (int4)
    [lora] LoRA (16-bit base)
    [qlora] QLoRA (4-bit base)
    [full] Full fine-tuning
   *[infer] Inference in { $quant }
  }: none of the catalog's models fits in { $gb } GiB; the smallest, { $model }, needs about { $need } GiB.
fit-memory-basis = Basis: { $context } tokens, one sequence, the engines /fit assumes (Transformers, gradient checkpointing for training); expect up to ±{ $pct }%: a model near { $gb } GiB may not fit. /fit <model> gives one model's breakdown and the cards that hold it.

# Training methods beyond SFT (vram::method, answer/fit_rl.rs)
fit-method-pairs = { $method }: chosen and rejected run in one forward (TRL's trainers, which ms-swift and LLaMA-Factory use), so { $batch } pair(s) are { $seqs } sequences of { $context } tokens; ctx= is one sequence of the pair, batch= counts pairs.
fit-method-kto = KTO: one completion per example trains with gradients; its KL batch and the reference pass run without them.
fit-method-reward = Reward model: a value head scores each sequence, so no vocabulary-wide logits are held.
fit-method-grpo = GRPO: batch= counts completions on each card ({ $batch }; TRL and ms-swift), { $generations } per prompt (generations=); logits only for the { $completion } completion tokens (completion=) of the { $context }-token sequence.
fit-method-ppo = PPO ({ $trainer ->
    [swift] ms-swift's layout
   *[trl] TRL's layout
  }): the policy; a value model trained beside it { $value ->
    [full] in full (TRL trains it whole even when the policy is LoRA)
   *[adapter] with LoRA adapters on a backbone of its own (ms-swift gives it the policy's tuner)
  }; a frozen reward model ({ $reward } GiB a card); the policy first generates { $completion } tokens per query on the card. { $gc ->
    [on] Gradient checkpointing on the policy only, as you said (neither trainer turns it on for PPO, and the value model runs without it).
   *[off] No gradient checkpointing: neither trainer turns it on for PPO (gc=on if your script does it for the policy).
  } trainer=swift or trainer=trl sizes the other layout.
fit-rollout-hf = Rollout: the policy generates on the training card with Transformers' generate (its KV cache counted before the loss forward); rollout=separate when vLLM runs on other cards, rollout=colocate when it shares this one.
fit-rollout-separate = Rollout: vLLM or LMDeploy on cards of their own (rollout=separate), nothing of it on the training card; rollout=colocate if it shares this one.
fit-rollout-colocate = Rollout: vLLM colocated on the training card keeps its gmu= share of the card through training (TRL vllm_mode=colocate without sleep mode); rollout=separate puts it on other cards.
fit-rollout-unsloth = Rollout: Unsloth's vLLM shares the trained model's weights and sizes its cache into what is left of its gpu_memory_utilization, so nothing is added beyond training.
fit-ref-none = { $method } uses no reference model.
fit-ref-grpo-default = No reference model: TRL's GRPO defaults to beta=0.0 since v0.19 and then loads none; ms-swift keeps beta=0.04 and a reference (trainer=swift), as does an older TRL (trl=0.18); ref=on if your beta is above 0.
fit-ref-off = No reference model during training (ref=off: log-probs precomputed, precompute_ref_log_probs, or GRPO with beta=0).
fit-ref-copy = Reference model: a frozen copy of the model in the dtype it was loaded in ({ $gib } GiB on the busiest card), as TRL loads it for full fine-tuning; ref=off if the log-probs are precomputed (precompute_ref_log_probs) or GRPO runs with beta=0.
fit-ref-adapter = Reference model: the LoRA base with its adapters off (TRL), no second copy of the weights; its forward runs without gradients.
fit-tuner-ranked = PEFT tuner { $tuner }: { $params } trainable parameters at { $unit ->
    [blocks] { $rank } blocks per layer
   *[rank] rank { $rank }
  } ({ $rank_from ->
    [said] as you set it
    [swift] ms-swift's default
   *[peft] PEFT's default
  }) on { $targets } ({ $targets_from ->
    [said] as you set them
    [swift] ms-swift's default, all-linear
   *[peft] PEFT's default for { $model_type }
  }); r= changes the rank, targets= the layers. The 16-bit base stays frozen, as under LoRA.
fit-tuner-unranked = PEFT tuner { $tuner }: { $params } trainable parameters on { $targets } ({ $targets_from ->
    [said] as you set them
    [swift] ms-swift's default, all-linear
   *[peft] PEFT's default for { $model_type }
  }){ $unit ->
    [blocks] , block size 32 (PEFT's default; r=N makes it N blocks per layer)
   *[none] ; it has no rank, so r= does not change it
  }; targets= changes the layers. The 16-bit base stays frozen, as under LoRA.
fit-tuner-fixed = PEFT tuner { $tuner }: { $params } trainable parameters (ms-swift's defaults: one 128-wide bottleneck after each MLP); rank and targets do not apply to it.
fit-tuner-dense = { $tuner } builds each adapted layer's full out × in update matrix on every forward pass, and the backward pass keeps it: { $gib } GiB in the activations ({ $gc ->
    [on] the one layer gradient checkpointing recomputes
   *[off] every layer's, without gradient checkpointing
  }), which LoRA at the same rank does not hold.
fit-tuner-llamapro = LLaMA-Pro: { $blocks } new decoder blocks ({ $params } parameters) join the frozen model and train in full, their gradients and AdamW moments in 16-bit; tuner=llamapro:N sets the blocks.
fit-tuner-prefix = Prefix tuning (P-Tuning v2): { $tokens } virtual tokens, each layer's prefix key and value trained ({ $params } parameters, fp32 with AdamW); the frozen model and its activations are sized as for LoRA, without LoRA's input copies; tuner=prefix:N sets the tokens.
fit-dora = DoRA: a magnitude vector per wrapped matrix, the base and adapter outputs each layer keeps for it, and each matrix's weight norm while it runs ({ $gib } GiB at its peak); dora=off sizes plain LoRA.
fit-no-bf16-infer = ⚠️ No bf16 on the { $card } (compute capability { $cc }; bf16 needs 8.0 or newer): vLLM refuses --dtype bfloat16 there and runs fp16 with dtype auto. The weights take the same two bytes, so the size above stands; a model trained in bf16 can overflow in fp16 (rare for LLMs, watch for NaN or empty output).
fit-no-bf16-train = ⚠️ Training in bf16 is not available on the { $card } (compute capability { $cc }; bf16 needs 8.0 or newer). Use fp16 mixed precision with loss scaling (fp32 master weights: more memory than sized here), or a card with compute capability 8.0 or newer (A100, L4, RTX 30xx and later).
fit-no-bf16-image = ⚠️ No bf16 on the { $card } (compute capability { $cc }; bf16 needs 8.0 or newer). { $model } is published in bf16; bf16 pipelines run in fp16 have overflowed (NaN, black images: FLUX until diffusers clipped its activations, FLUX Fill since). It may work in fp16, or not; a card with compute capability 8.0 or newer runs it as published.
fit-cpu-moe = Expert offload (llama.cpp --cpu-moe / --n-cpu-moe): { $layers ->
    [0] no layer moves — this model has no routed experts in those layers, so everything stays on the card.
   *[other] the routed experts of { $layers } MoE layers stay in system RAM ({ $ram } GiB, plus what the OS needs); the card keeps attention, the router, shared experts, the output head and the KV cache, and copies one expert tensor at a time into its compute buffer for a prompt batch. Tokens come slower: those experts are read from RAM or over PCIe.
}
fit-llamacpp-embedding = Token embedding: llama.cpp (and Ollama) keep it in system RAM ({ $ram } GiB, read one row per token), not on the card, whatever the offload setting; { $tied ->
    [yes] this model's output head is the same matrix, so llama.cpp puts a copy of it on the card as the head (counted above).
   *[other] the card holds the output head, not the embedding (counted above without it).
}
fit-error-cpu-moe = cpu-moe (llama.cpp's --cpu-moe / --n-cpu-moe) keeps an MoE's experts in system RAM for inference in llama.cpp or Ollama; it does not apply to { $value }. Add engine=llamacpp, or drop cpu-moe.
fit-speed-cpu-moe = Speed: not estimated. With experts in system RAM each token reads them at your RAM's (or PCIe's) bandwidth, which depends on the host, not on the card.
fit-warn-mxfp4-dequantized = ⚠️ { $card } has compute capability { $cc }: Transformers keeps MXFP4 packed only on 7.5 or newer, so it loads these experts as bf16 (sized so above, about four times the MXFP4 size). llama.cpp / Ollama run the MXFP4 GGUF on this card (engine=llamacpp).
fit-warn-sdpa-math = ⚠️ { $card } has compute capability { $cc }: PyTorch has no fused attention kernel for bf16 below 8.0, so Transformers' default attention (sdpa) runs its math path and the vision encoder holds its attention scores over the whole image in fp32, about 13 bytes per score and head (sized so above). Loading the model in fp16 keeps the memory-efficient kernel on this card.
fit-warn-vision-sdpa-3d = ⚠️ Transformers { $release } runs Qwen2-VL / Qwen2.5-VL's vision encoder with its default attention (sdpa) on 3-D tensors, which PyTorch's fused kernels do not take, so it falls back to the math path on any card and holds the attention scores over all { $patches } patches of the batch's images at once, about { $gib } GiB (sized so above). Transformers 4.51 or later, attn_implementation="flash_attention_2", or a smaller max_pixels avoids it.
fit-note-fp32-rest = ℹ️ Loaded with fp32 as the model's dtype: the embedding, the norms and any output head the format leaves unquantized are held in fp32 (+{ $gib } GiB over 16-bit), and so is the KV cache (sized so above). Loading in float16 or bfloat16 saves it.
fit-note-exllama-v1 = ℹ️ Transformers { $release } runs a 4-bit GPTQ checkpoint on AutoGPTQ's ExLlama (v1) kernel by default, which keeps one buffer per card for the widest matrix dequantized to fp16: { $gib } GiB (sized so above). A checkpoint quantized with act-order (desc_act) keeps { $state } GiB more per card for 2048 input rows; exllamav2=on sizes ExLlamaV2's scratch instead.
fit-note-gptq-int3 = ℹ️ Sized as GPTQ at 3 bits (gptq-int3): { $bits } bits per weight of the decoder's matrices, 3-bit values plus a 16-bit scale and a 3-bit zero point for each group of { $group } weights (GPTQ-for-LLaMa's and AutoGPTQ's packing). A checkpoint quantized without grouping stores about 3.0 bits, a little less.
fit-warn-rope-per-layer = ⚠️ Transformers { $release } builds this model's RoPE tables (cos and sin over every position it supports) inside each attention layer: about { $gib } GiB in all beside the weights (sized so above). Later releases share one table across the model: Llama from 4.41, Mistral from 4.42, Qwen2 from 4.45.
fit-warn-tgi-masked-prefill = ⚠️ TGI { $release } serves Gemma-3 with its vision tower: its warm-up prefills { $tokens } tokens with an image, and before 3.3 a prefill with an image attends through a dense mask on PyTorch's math path, so each card holds one layer's attention scores in fp32, about { $gib } GiB (sized so above). TGI 3.3 or later runs that prefill with flashinfer; a shorter max-input-tokens / max-batch-prefill-tokens also makes it smaller.
fit-warn-vllm-awq-split-k = ⚠️ vLLM { $release } runs every AWQ layer through llm-awq's split-K GEMM, whatever the length: its start-up profile of { $tokens } tokens holds eight 16-bit partial outputs of the widest one (the merged gate/up projection) before summing them, about { $gib } GiB per card (sized so above). vLLM 0.3.0 or later dequantizes for a pass of 256 tokens or more instead; a shorter max-model-len also makes it smaller.
fit-warn-vllm-mrv2-sampler = ℹ️ vLLM { $release } runs this model on its Model Runner V2, whose start-up profile samples without top-k / top-p: its KV cache gets about { $gib } GiB per card more than the V1 runner's profile would leave, and a full batch of requests that sample with top-k / top-p needs those { $gib } GiB again beyond vLLM's share (counted above). If it runs out of memory under load, lower --max-num-seqs or gpu_memory_utilization (gmu=), or start it with VLLM_USE_V2_MODEL_RUNNER=0.
fit-warn-vllm-mrv2-load = ⛔ By this estimate vLLM starts, then runs out of memory under load: its share ({ $util }) fills with KV cache, and the rest of the card ({ $room } GiB) must hold the CUDA context, its CUDA graphs and the { $gib } GiB a full batch's top-k / top-p sampling takes beyond the start-up profile ({ $needs } GiB in all). gmu={ $share } or a lower --max-num-seqs leaves room for it, as does VLLM_USE_V2_MODEL_RUNNER=0.
fit-error-mxfp4-vllm = vLLM does not load MXFP4 on { $card } (compute capability { $cc }; it needs 8.0 or newer). On this card llama.cpp / Ollama run the MXFP4 GGUF (engine=llamacpp), and Transformers keeps MXFP4 from 7.5 (engine=transformers).
fit-error-exl2-bpw = EXL2 is sized by its bits per weight, which the file chooses: say it as exl2-4.65bpw (or 4.65bpw, --bpw 4.65 on the command line).
fit-error-exl2-scope = EXL2 files run on ExLlamaV2 (TabbyAPI, text-generation-webui) for inference, and ExLlamaV2 does not train; not { $value }. For fine-tuning use bf16 (LoRA) or nf4 (QLoRA); for vLLM or llama.cpp use their formats (awq, gptq, q4_k_m).
fit-error-media-unsized = “{ $model }” is an image/video model ({ $family }) I don't size yet: its denoiser, text encoders and VAE are not in my data, and sizing it as a language model from the size in its name would be wrong. Image and video models I do size include flux.1-dev, sdxl, sd3.5-large, wan2.1 and hunyuanvideo.
fit-error-tuner-targets = PEFT has no default target modules for { $tuner } on this model (its mapping by model type lacks it, and PEFT itself stops with "Please specify `target_modules`"), so I would be guessing which layers it adapts. Say them: targets=qv, targets=attn, targets=mlp, targets=all or a module list such as targets=q_proj,v_proj.
fit-warn-vision-images-v0 = ℹ️ vLLM V0's start-up profile puts { $images ->
    [one] one such image
   *[other] { $images } such images
  } in each dummy request{ $given ->
    [yes] , as images_per_prompt= sets it (vLLM's --limit-mm-per-prompt).
   *[no] , vLLM's default limit; images_per_prompt=N (vLLM's --limit-mm-per-prompt image=N) sizes a server that takes more.
  }
fit-warn-vision-image = ℹ️ vLLM's start-up profile encodes the largest image the processor takes: { $pixels } pixels, { $tokens } image tokens{ $given ->
    [yes] , as max_pixels= sets it (vLLM's mm_processor_kwargs).
   *[no] , the processor's own limit; max_pixels=1048576 (vLLM's mm_processor_kwargs) sizes a smaller cap.
  }
fit-warn-vision-video = ℹ️ This model's processor also takes video, and at max_model_len { $ctx } a video of { $frames } frames of that image holds { $tokens } tokens ({ $patches } patches through the vision tower), more than one image: vLLM V1's start-up profile encodes that video instead, and it is sized so. videos=0 (vLLM's --limit-mm-per-prompt video=0) or a shorter ctx= sizes the image alone.
fit-warn-vision-encoder-dp = ℹ️ With --mm-encoder-tp-mode data every one of the { $ranks } ranks holds the whole vision tower and encodes its own images unsplit: the start-up profile's largest image lands whole on one rank, and every rank gathers the ranks' image outputs. The busiest rank is sized so; the default (weights) splits the tower like the decoder.
fit-warn-vllm-v0-tiled = ⚠️ vLLM V0 starts Llama-3.2-Vision with a profile that encodes one image of 4 tiles for every sequence it may run at once (max_num_seqs { $seqs }): { $gib } GiB on top of the weights. seqs={ $few } (vLLM --max-num-seqs) makes it { $few_gib } GiB; the default 256 is what kills these servers at start-up (vllm#9445).
fit-warn-ollama-projector = ℹ️ Ollama loads the vision projector as its own 16-bit file on the first card ({ $weights } GiB, whatever the text model's quantization) and reserves { $graph } GiB for its graph: the attention over every tile of the largest image at once (Ollama's own estimate, what `ollama ps` shows).
fit-warn-ollama-ps = ℹ️ Ollama's own estimate (its llm/memory.go formula, read at ollama@000ce020; what `ollama ps` shows as SIZE): { $size } ({ $gib } GiB) at num_ctx { $ctx } × { $parallel } { $parallel ->
        [one] slot
       *[other] slots
    } (KV { $kv } GiB, a { $graph } GiB graph reserved on each card with layers){ $card ->
        [yes] , { $spill ->
            [yes] { $cpu }%/{ $gpu }% CPU/GPU
           *[other] 100% GPU{ $tight ->
                [yes] , but inside this estimate's ±{ $margin }% of the card: Ollama 0.12 and later lay the model out by measuring instead and may put part of it on the CPU
               *[other] {""}
            }
        }
       *[other] {""}
    }. It is Ollama's own sum (weights, cache, a graph and a spare layer per card), which decides how many layers it puts on the cards, not what the cards hold: the figures above are llama.cpp's buffers, what nvidia-smi shows. Ollama before 0.11 opens 4 (up to 0.6.0) or 2 (0.6.8 to 0.7) slots when the model still fits that way, each holding the full context: set OLLAMA_NUM_PARALLEL to pin it.
fit-warn-ollama-measured = ℹ️ Ollama's own figure (what `ollama ps` shows as SIZE), as its Ollama engine lays the model out from 0.11.11 (read at ollama v0.13.3 and v0.13.4): { $size } ({ $gib } GiB) at num_ctx { $ctx } × { $parallel } { $parallel ->
        [one] slot
       *[other] slots
    }: every weight (the vision tower kept 16-bit), KV { $kv } GiB and one { $graph } GiB compute buffer, the larger of the graphs it reserves at load: a full text batch, or one 2048×2048 test image scaled to the release's pixel limit (about 1 MP up to 0.13.3, 2 MP from 0.13.4), whose vision attention keeps fp32 scores for every pair of patches. It is Ollama's sum, not what nvidia-smi shows: the figures above are llama.cpp's.
fit-warn-ollama-spill = ❌ Under Ollama: its estimate exceeds { $several ->
        [yes] the { $free } GiB of each of the { $cards } × { $card }
       *[other] the { $card }'s { $free } GiB
    }, so Ollama puts { $cpu_layers } of { $layers } layers on the CPU (a CPU/GPU split in `ollama ps`) and runs slower. Fewer tokens of context, a smaller quantization or q8_0 cache (with flash attention), or another card keep it all on the GPU.
fit-warn-ollama-unknown = ℹ️ Ollama's own estimate (what `ollama ps` shows, and whether it puts layers on the CPU) is not modelled for this architecture: only llama.cpp's figure, what the cards hold, is given.
fit-warn-vision-eager = ℹ️ With eager attention the vision encoder holds one block's attention scores over one attention call: { $tokens } image tokens (one image; before Transformers 4.53 every image of the batch at once), { $gib } GiB at once (flash attention avoids it; max_pixels= makes the image smaller).
fit-note-vit-train = ℹ️ Vision tower in training: { $patches } patches a sample (max_pixels=, images=, video_frames= set them; no more image tokens than the sequence), it keeps { $gib } GiB on the card over the batch — { $trained ->
    [yes] trained (train_vit=on)
   *[no] frozen (the default; train_vit=on if it trains)
}, { $gc ->
    [yes] its own checkpointing on (block inputs only; vit_gc=off keeps every block's tensors when it trains)
   *[no] its own checkpointing off (vit_gc=on keeps only the block inputs)
}.
fit-warn-chatglm-eager = ℹ️ This model runs its own code (modeling_chatglm.py), and with eager attention (what that code does on torch before 2.0) every layer builds its attention scores over the whole prompt: { $tokens } tokens, { $gib } GiB at once ({ $bytes } bytes per score and head: 16-bit scores and their buffer, an fp32 copy scaled and masked, the fp32 softmax and its 16-bit cast). On torch 2.0 or later the code calls SDPA and holds none of it.
fit-warn-chatglm-torch = ℹ️ Sized for torch 2.0 or later, where this model's own code (modeling_chatglm.py) calls SDPA. On an older torch the same code builds every layer's attention scores over the whole prompt: { $gib } GiB more at { $tokens } tokens ({ $bytes } bytes per score and head); attn=eager sizes that.
fit-warn-alibi-bias = ℹ️ This model's own code (modeling_baichuan.py) gives its ALiBi positions as a bias it builds in full for every head: a [{ $heads } heads × tokens × tokens] mask it keeps, plus its sum with the padding mask for each sequence, which every layer holds until the backward pass: { $gib } GiB at { $tokens } tokens, counted in the activations. It grows with the square of the length, whatever attention kernel runs; without xformers the same code also computes every layer's attention scores in full (attn=eager sizes that).
fit-warn-alibi-eval = ℹ️ In inference this model's own code (modeling_baichuan.py) computes attention without a fused kernel whatever attn= says (its xformers path runs only in training): every layer builds the full score matrices, { $scores } GiB at { $tokens } tokens for its { $heads } heads, counted in the activations; and its ALiBi positions are kept as a future_mask buffer of { $buffer } GiB from the first request on, counted in the overhead. Both grow with the square of the length.
fit-warn-unsloth-fp32 = ℹ️ This card has no bf16: Unsloth trains this model in float32 mixed precision and casts the checkpoint to float16 while loading, which holds the embedding twice for a moment; PyTorch keeps the spare { $gib } GiB reserved (nvidia-smi shows it; it is given back before running out, so the verdict does not count it).
fit-warn-qat = ℹ️ Quantization-aware training ({ $scheme }, torchao's fake quantization as Unsloth's `qat_scheme` runs it): every forward makes a fake-quantized copy of each weight, working on an fp32 copy of the matrix; the output head's copy and fp32 work add up to { $gib } GiB at the loss{ $untied ->
    [yes] , and int8-int4 unties the tied embedding and output head first: a second vocabulary × hidden matrix, counted (trained under full fine-tuning)
   *[no] {""}
}. Without `qat=` the same training needs less.
fit-warn-qat-unsized = ℹ️ Quantization-aware training ({ $scheme }) is sized only for LoRA and full fine-tuning of a 16-bit or fp32 model (Unsloth fake-quantizes 16-bit weights); this estimate does not count it.

# A model judged on a memory size (answer/fit_vram.rs)
fit-vram-verdict = { $verdict ->
    [fits] ✅ Fits on
    [tight] ⚠️ Tight on
    [short] ⚠️ Tight on
    [starts] ⚠️ vLLM starts on
    [pool] ⚠️ SGLang starts on
    [refused] ❌ SGLang refuses the request on
   *[no] ❌ Does not fit on
  } { $cards ->
    [1] one { $gb } GB card
   *[other] { $cards } × { $gb } GB cards
  }: { $verdict ->
    [fits] needs { $need } GiB per card, { $margin } GiB to spare
    [tight] needs { $need } GiB per card, { $margin } GiB to spare, inside the ±{ $pct }% this estimate can be off
    [short] needs { $need } GiB per card, { $margin } GiB short on paper, inside the ±{ $pct }% this estimate can be off; it may run, but do not count on it
    [starts] its KV cache pool holds at least one request at full length, not all of them at once (below)
    [pool] with a smaller KV cache pool than the job asks for (below)
    [refused] its KV cache pool holds fewer tokens than the prompt (below); the whole demand needs { $need } GiB per card, { $margin } GiB short
   *[no] needs { $need } GiB per card, { $margin } GiB short
  }; { $card ->
    [none] no { $gb } GB card in the catalog has a driver reading on file, so such a card is read as { $usable } GiB of memory chips.
   *[other] the tightest { $gb } GB card the catalog knows, { $card }, gives a job { $usable } GiB: what fits there fits every { $gb } GB card it lists.
  }
fit-vram-roomier = On { $gb } GB cards that give a job more it fits: { $list }.{ $tight ->
    [yes] {" "}⚠️: only inside this estimate's margin there (tight).
   *[no] {""}
  }{ $unread ->
    [yes] {" "}A card with no driver reading on file is counted at its size read as GiB of memory chips.
   *[no] {""}
  }
fit-vram-size-unknown = No card in the catalog is sold with { $gb } GB of memory, so there is no card to judge it on. Sizes the catalog's cards are sold with (GB): { $sizes }.
fit-vram-card-size = { $card } is sold with { $card_gb } GB, not { $gb } GB: name the card, or the memory alone (/fit <model> { $gb }gb).
fit-vram-image-basis = Judged on one { $gb } GB card: { $card ->
    [none] no { $gb } GB card in the catalog has a driver reading on file, so such a card is read as { $usable } GiB of memory chips.
   *[other] the tightest { $gb } GB card the catalog knows, { $card }, gives a job { $usable } GiB; what fits there fits every { $gb } GB card it lists.
  }

# The checkpoint declares one format and stores its experts in another (vram::declared_quant).
fit-note-declared-quant = ℹ️ This model's checkpoint declares { $typed } for the whole model but stores its routed experts in FP4; SGLang and vLLM load it as published, so { $typed } is sized as the published checkpoint ({ $stored } experts, the rest as shipped).
fit-note-qlora-gptq-int8 = ℹ️ Read as LoRA on the frozen GPTQ-Int8 checkpoint: QLoRA proper trains on a 4-bit base, but Qwen's and ms-swift's scripts call LoRA on an -Int8 GPTQ model "Q-LoRA". The adapters train in 16 bits; the Int8 base stays frozen and is dequantized layer by layer, sized as lora gptq-int8.
fit-note-zero-init-fp32 = ℹ️ DeepSpeed ZeRO-3 with neither fp16 nor bf16 turned on in the trainer builds the model in fp32 while it loads (zero.Init), whatever the checkpoint's dtype: the { $typed } checkpoint is sized as an fp32 model (fp32 weights, gradients, optimizer state and activations). Turning bf16 or fp16 on in the trainer (autocast=on) keeps the { $typed } load and needs far less.
fit-note-online-quant-load = ℹ️ The server quantizes this 16-bit checkpoint to FP8 while it loads: { $way ->
    [whole] it puts each card's whole 16-bit share on the card first and quantizes after (SGLang; vLLM up to 0.12)
    [both] it keeps each card's 16-bit share and the FP8 copies side by side until the load ends (vLLM 0.13 and 0.14)
   *[layer] it loads and quantizes one layer at a time (vLLM 0.15 and later)
  }, so a card holds { $gib } GiB at the peak of the load. { $sets ->
    [yes] That load, not the running server, sets this job's peak: a checkpoint stored in FP8 (a -FP8 repository) or vLLM 0.15 or later avoids it.
   *[no] The running server needs more than that.
  }
fit-note-mxfp4-backend-unknown = ℹ️ No card named: vLLM pads the MXFP4 experts by the MoE kernels of the card (Marlin on A100, L40S and RTX 50, Triton on H100 and H200, FlashInfer on B200), so these weights take the largest padding (B200's); the card list sizes each card with its own.
fit-note-nvfp4-marlin = ℹ️ { $card } (compute capability { $cc }) has no native FP4 kernels: those are on Blackwell only (10.0 and 12.0: B200, RTX 50, RTX PRO 6000). vLLM runs NVFP4 here through its weight-only Marlin FP4 kernel, so the weights take the same memory as sized above, but run slower than on a Blackwell card.
fit-warn-nvfp4-no-kernel = ⚠️ vLLM has no NVFP4 kernel for { $card } (compute capability { $cc }): native FP4 needs Blackwell (10.0 or newer) and the Marlin fallback needs 8.0 or newer, so the server stops with "No valid NVFP4 GEMM backend found". Pick an AWQ / GPTQ or GGUF build of this model for this card.
fit-note-nvfp4-scope = ℹ️ Sized as this model's published NVFP4 checkpoint keeps it: only the MLP matrices are 4-bit; the attention projections ({ $kept_b }B parameters), embeddings, vision tower and head stay 16-bit.
fit-note-name-format = ℹ️ Format read from the model's name ({ $words }): sized as { $quant }, the weights that checkpoint holds. Type another format to size a different file.
fit-note-name-overridden = ⚠️ The model's name says { $named } ({ $words }), but { $typed } was typed: sized as { $typed }, as typed. That repository holds { $named } weights; { $typed } is another checkpoint of the model.
fit-note-name-mlx = ⚠️ That is an MLX checkpoint: MLX runs on Apple silicon (mlx-lm), and no CUDA engine loads it. Sized as the same model in a CUDA format of those bits ({ $quant }, AWQ/GPTQ/bitsandbytes): rent a GPU with such a checkpoint, or a Mac for the MLX one.
fit-note-name-no-kernel = ⚠️ { $engine } has no kernel for the name's format ({ $quant }): that file does not load there. llama.cpp loads GGUF only and ExLlamaV2 EXL2 only; pick the engine that loads it, or a checkpoint in a format { $engine } loads.
fit-note-mtp = ℹ️ MTP speculative decoding ({ $drafts } tokens drafted a step): vLLM loads the checkpoint's { $layers } MTP layer(s) beside the model, sized in 16 bits ({ $gib } GiB a card; embeddings and output head are the model's, shared), and each draft layer's attention takes one more layer's KV per token from the same pool, so the pool holds fewer tokens.
fit-note-mtp-fp8 = ℹ️ MTP speculative decoding ({ $drafts } tokens drafted a step): vLLM loads the checkpoint's { $layers } MTP layer(s) beside the model with the checkpoint's own FP8 config, so the layer's matrices are FP8 like the model's and only its joining projection, norms and router are 16-bit ({ $gib } GiB a card; embeddings and output head are the model's, shared), and each draft layer's attention takes one more layer's KV per token from the same pool, so the pool holds fewer tokens.
fit-note-mtp-unknown = ℹ️ MTP speculative decoding ({ $drafts } tokens a step): no MTP layer is known for this model's checkpoint, so the draft is not sized; the figures are the model's alone.
fit-vllm-started = Right after start-up, before its first request, nvidia-smi shows { $started } GiB per card: vLLM hands its start-up profile's { $profile } GiB of activations back before it allocates the KV cache, and a full batch takes them again.
