# Advice shared by /fit, /tco and /pick (bot-core/src/advice.rs, dialogue/result.rs).
advice-link-margin = Several cards that are not known to be on NVLink count as another { $pct }% dearer in this order: tensor parallelism and ZeRO wait on the link between cards every layer.
advice-warn-pcie = ⚠️ { $cards } × { $gpu } have no NVLink: every layer's tensor-parallel (or ZeRO) traffic goes over PCIe, so { $cards } cards are well short of { $cards }× as fast, and consumer cards often have peer-to-peer disabled. One card with enough memory is the safer choice; ranked { $pct }% dearer for this.
advice-warn-bridge = ⚠️ { $gpu } can be paired with an NVLink bridge, but no platform in the catalog says its hosts fit one: ask before renting { $cards }, or count on PCIe (ranked { $pct }% dearer for this).
advice-warn-link-unknown = ⚠️ What links { $cards } × { $gpu } is unknown in the catalog: count on PCIe until the platform says otherwise (ranked { $pct }% dearer for this).
advice-unverified-facts = { $platform }: not verified — { $facts }. Check on its site before you pay.
advice-fact-web = a web terminal
advice-fact-img = ready images
advice-fact-nrn = sign-up without a real-name check
advice-fact-pay = payment by { $methods }
advice-monthly-unpriced = { $platform } also rents by the month, but its monthly price is not in the catalog, so this is 730 × the hourly price: ask for the monthly rate, which is usually lower.
advice-pay-method = { $method ->
    [alipay] Alipay
    [wechat] WeChat Pay
    [card] a bank card
    [paypal] PayPal
    [crypto] crypto
    [unionpay] UnionPay
    [bank_transfer] a bank transfer
    [invoice] invoiced billing
   *[other] { $method }
  }
advice-or = { " or " }
advice-list-sep = { ", " }
advice-assume-fused-loss = Liger's fused linear cross-entropy (liger): the loss never holds the logits of the whole vocabulary, one chunk of tokens at a time; without liger every token's full-vocabulary logits are counted.
advice-liger-logits-kept = Liger (liger) does not shorten the loss of { $method }: the trainer takes its log-probabilities from every token's full-vocabulary logits and calls the model without labels (LLaMA-Factory turns the fused cross-entropy off for every stage but pt and sft), so those logits are counted as without liger.
advice-liger-unpatched = Liger (liger) has no patch for { $model }: its model type is not among those Liger Kernel patches (as of August 2026), so nothing is fused and every token's full-vocabulary logits are counted as without liger.
advice-assume-triton-loss = fms-acceleration's fast loss (fast_loss, Unsloth's Triton cross-entropy): every token's full-vocabulary logits are still made, but only as Transformers' fp32 logits and their shifted copy, the gradient written over them in place: { $bytes } bytes per token and vocabulary entry (10 from Transformers 4.46, which also holds the 16-bit logits the model returns; 8 with transformers=4.45 or older; Transformers' own loss holds about 14). nvidia-smi shows those blocks about twice, as PyTorch allocates them afresh each step. liger fuses the loss and holds no such logits.
advice-assume-half-loss = The loop takes its own cross-entropy on the model's 16-bit logits (loss=half, no fp32 upcast): { $kept ->
    [yes] the model's logits are held through the backward beside the loss's log-softmax and its two gradients; a loop that deletes the model's output once it has the loss (del_logits=on) holds one copy fewer.
   *[no] the loop deletes the model's output before the backward (del_logits=on), so only the loss's log-softmax and its two gradients are held.
  }
advice-triton-loss-unapplied = fms-acceleration's fast loss (fast_loss) runs only where its plugin patches the model's own loss (Llama, Mistral, Mixtral and Granite model classes, fine-tuning on labels): here it does not, so the logits are counted as Transformers' own loss holds them.
advice-assume-dropout = { $on ->
    [yes] LoRA dropout counted: each adapter keeps a dropped-out copy of its input for the backward pass (dropout=0 or dropout=off when your trainer leaves lora_dropout at 0).
   *[no] LoRA dropout 0, the default of PEFT and LLaMA-Factory: adapters read their inputs as they are (dropout=0.1 counts the copies a trainer with dropout keeps).
  }
advice-assume-double-quant = { $on ->
    [yes] 4-bit base with double quantization (bnb_4bit_use_double_quant, the default of LLaMA-Factory, fms-acceleration and torchtune): about 4.13 bits per weight. dq=off for a plain load_in_4bit or LitGPT's bnb.nf4 (4.5 bits).
   *[no] 4-bit base without double quantization (a plain load_in_4bit, LitGPT's bnb.nf4): 4.5 bits per weight. dq=on for LLaMA-Factory's default (about 4.13 bits).
  }
advice-assume-bnb-load = { $on ->
    [yes] { $bits }-bit base quantized while a 16-bit checkpoint loads (Transformers' from_pretrained with a BitsAndBytesConfig): its loader first reserves half the 16-bit model in one block (caching_allocator_warmup), and PEFT's fp32 embedding and head take a block of their own where the rest does not hold them, { $gib } GiB kept reserved on the card (nvidia-smi and max_memory_reserved show it; the training step reuses it, so it does not decide the fit). A checkpoint saved in 4-bit (a -bnb-4bit repository) or a Transformers without that warm-up: warmup=off.
   *[no] { $bits }-bit base loaded without the loader's half-model reserve (a checkpoint saved in 4-bit, or a Transformers without caching_allocator_warmup). warmup=on when a 16-bit checkpoint is quantized while loading ({ $gib } GiB kept reserved).
  }
advice-assume-kbit-upcast = { $on ->
    [yes] { $bits }-bit base prepared by PEFT's prepare_model_for_kbit_training (TRL's SFTTrainer, the PEFT examples): norms, embedding and output head cast to fp32, { $gib } GiB more than in 16-bit, and an fp32 stream through the layers. LLaMA-Factory and Unsloth skip the cast: upcast=off (or trainer=llamafactory) sizes without it; axolotl casts them back to 16-bit (trainer=axolotl).
   *[no] { $bits }-bit base without PEFT's fp32 cast (LLaMA-Factory's own preparation: upcast_layernorm off): norms, embedding and output head stay 16-bit. upcast=on for TRL and the PEFT examples ({ $gib } GiB more); trainer=axolotl for axolotl.
  }
advice-assume-unsloth = Sized as Unsloth runs it: checkpointed activations offloaded to CPU RAM (use_gradient_checkpointing="unsloth"), { $cce ->
    [yes] Cut Cross Entropy (no full-vocabulary logits; Unsloth's compiled forward for this model, or liger),
    [stock] Transformers' own forward for this model (Unsloth loads it through FastModel and leaves its loss as written): every token's logits, 16-bit and one fp32 copy, 6 bytes per vocabulary entry, never chunked: { $loss } GiB here,
   *[no] its own loss over the full-vocabulary logits in chunks (fp32 logits of at most 4 GiB a chunk, half the free memory on a fuller card): { $loss } GiB here; liger sizes Cut Cross Entropy instead (no logits),
} norms kept in 16-bit, adamw_8bit unless optim= says otherwise. Without the word: PEFT on Transformers.
advice-unsloth-fused-mlp = Unsloth's fused LoRA MLP (no dropout, LoRA on gate, up and down) keeps only each layer's input and its gate and up outputs for the backward pass and recomputes the rest: { $gib } GiB less than a stock MLP here. dropout=0.1, or targets without the MLP (targets=qv), keep the stock count.
advice-unsloth-release-today = Sized for today's Unsloth; for an older run say its release (unsloth=2024.5): before 2024.11 the loss of Llama, Qwen, Mistral and Gemma-2 held every token's 16-bit logits, before 2025.1 every attention layer kept its own RoPE tables, and before 2025.8 Gemma-3's loss held every token's logits.
advice-unsloth-release = Sized for Unsloth { $release }: { $rope } GiB of RoPE tables beside the weights (one cos/sin pair per attention layer before 2025.1; shared from 2025.1){ $lossway ->
    [whole] , and Gemma-3's compiled loss over every token's logits, 6 bytes per vocabulary entry ({ $loss } GiB; chunked from 2025.8)
    [nocce] , and, on this card (compute capability below 7.5, where that release does not load Cut Cross Entropy), its Triton cross-entropy over every token's 16-bit logits beside the fp32 copy Accelerate makes of them: 6 bytes per vocabulary entry ({ $loss } GiB; chunked on every card from 2025.8)
    [triton] , and its Triton cross-entropy over every token's 16-bit logits, their gradient written in place, beside the fp32 copy Accelerate makes of the logits the forward returns: 6 bytes per vocabulary entry ({ $loss } GiB; Cut Cross Entropy from 2024.11)
    [uncapped] , and its loss in chunks of up to half the free memory, with no 4 GiB cap before 2026.7 ({ $loss } GiB with no card named)
    [stock] , and Transformers' own loss over every token's logits for this model, 16-bit and one fp32 copy, never chunked ({ $loss } GiB)
   *[today] {""}
}.
advice-assume-precision = { $amp ->
    [fp32] Model in fp32: fp32 weights, fp32 gradients and fp32 { $optim } moments with no separate master copy (the fp32 weights are the masters; DeepSpeed ZeRO adds its own fp32 copy of each card's share), about { $bytes } bytes per parameter for gradients and optimizer; without amp the activations and the KV cache are fp32 too.
    [yes] Mixed precision (amp): fp32 master weights and fp32 { $optim } moments beside the { $half } model, about { $bytes } bytes per parameter for gradients and optimizer.
    [deepspeed] DeepSpeed ZeRO (assumed for several cards; say fsdp for PyTorch FSDP): its optimizer keeps fp32 master weights and fp32 { $optim } moments even for a model loaded in { $half }, about { $bytes } bytes per parameter for gradients and optimizer before they are split over the cards; FSDP keeps them in bf16 like the weights.
   *[no] Model loaded in { $half }, { $optim } moments kept in { $half } like the weights (PyTorch's AdamW on a 16-bit model: LLaMA-Factory with pure_bf16, torchtune, LitGPT bf16-true): about { $bytes } bytes per parameter for gradients and optimizer; amp adds fp32 master weights, as DeepSpeed bf16 and LLaMA-Factory's own default (it upcasts trainable parameters to fp32) hold them; adamw8bit or paged_adamw_8bit shrinks the moments.
  }
advice-quant-4bit-default = No quantization given: { $model } in bf16 needs { $bf16 } GiB, more than one { $gb } GB card holds, so this is sized in { $quant }: 4-bit weights, { $cards ->
    [1] the way models this size are served on one or two cards
    [2] the way models this size are served on one or two cards
   *[other] which still take at least { $cards } cards of { $gb } GB
  }. Add bf16 for full precision.
advice-quant-published = No quantization given: { $model } is published in { $quant ->
    [fp8] FP8
    [mxfp4] 4-bit MXFP4 for its MoE experts
    [int4-g32] native INT4 for its routed experts (groups of 32; attention, shared expert and head in 16-bit)
   *[other] { $quant }
  } (config.json quantization_config), so this is sized as published ({ $quant }). { $quant ->
    [fp8] Add awq for 4-bit weights (smaller, at some quality cost) or bf16 for 16-bit weights.
   *[other] Add bf16 for 16-bit weights.
  }
advice-quant-quality = Quality: in Qwen's own benchmark (average of MMLU, C-Eval and IFEval) Qwen2-72B-Instruct scores { $b72 } in BF16 and { $q72 } in AWQ; small models lose more (Qwen2-7B: { $b7 } and { $q7 }).
advice-bf16-beside = { $priced ->
    [yes] In bf16 the cheapest configuration that holds it is { $cards } × { $gpu } at { $price }.
   *[no] In bf16 it takes { $cards } × { $gpu }; no list price is known for that configuration.
}
advice-bf16-none = In bf16 no card in the catalog holds it with up to 8 cards.
advice-pick-published-first = { $model } is published in { $quant } (its config.json): { $quant } comes first, sized as published.
advice-pick-4bit-first = { $model } in bf16 needs { $bf16 } GiB, more than one { $gb } GB card holds: { $quant } (4-bit weights) comes first, on one or two cards; bf16 takes at least two 80 GB cards.
advice-pick-ask-card-reader = Cards that fit, cheapest for your job first (the price already includes hidden costs) among those that keep up with a reader in every conversation (about { $tps } tokens/s each); slower ones after; each doubling of cards counts as 15% dearer, since more cards bring more to go wrong:
advice-assume-optimizer-step = PyTorch's AdamW updates every tensor at once (foreach) and holds one more copy of the moments while it does, { $gib } GiB per card, after the activations are freed: the activations figure counts the larger of the two. adamw8bit avoids it, as DeepSpeed's own Adam does.
advice-assume-overlap-comm = DeepSpeed's overlap_comm is on: ZeRO-1/2 double-buffers its gradient bucket (reduce_bucket_size), one more bucket of { $gib } GiB per card through the backward pass (LLaMA-Factory's ds_z*_config.json turned it on from 0.6.0 to 0.9.1; DeepSpeed's own default for stages 1-2 is off).
advice-assume-optimizer-step-loop = PyTorch's AdamW steps one tensor at a time here (foreach=off, its default before PyTorch 2.0): the square root of the second moment and its quotient are two temporaries the size of the tensor stepped, { $gib } GiB each per card{ $deepspeed ->
    [yes] , because DeepSpeed steps the card's whole fp32 partition as one tensor
   *[no] {""}
}. PyTorch 2.0 or later holds one such copy (the multi-tensor path).
advice-assume-fsdp-root = FSDP keeps whole on every card what no layer's unit owns (the embedding and the output head, gathered for the whole forward and backward pass), and in full fine-tuning a unit's gradients until they are reduce-scattered: { $gib } GiB per card beyond their shard. DeepSpeed ZeRO-3 (say zero3) gathers each module only while it runs.
advice-assume-bnb-constants = bitsandbytes keeps each 4-bit layer's quantization constants (one absmax per block of 64 weights) outside the parameters FSDP and ZeRO-3 shard or offload: { $gib } GiB whole on every card, however many cards share the rest. Double quantization (the default; dq=off turns it off) keeps them about 4× smaller.
advice-assume-axolotl = Sized as axolotl trains it: its loader casts the embedding and the output head to fp32 and back to 16-bit, and PyTorch's cache keeps the fp32 copies, { $gib } GiB, beyond what the step reuses of them: nvidia-smi shows them, but PyTorch gives them back before running out, so the verdict does not count them. trainer=peft sizes PEFT's own preparation instead.
advice-assume-grad-accum = { $accum ->
    [one] One micro-batch per optimizer step (accum=1): its gradients are freed after each step (zero_grad), so none sits beside the next forward pass, and the peak is the larger of the activations and the gradients with the optimizer step's copy: { $gib } GiB per card less than with gradient accumulation. PyTorch keeps the freed blocks cached (nvidia-smi shows them) but gives them back before running out.
    [same] accum=1 changes little here: DeepSpeed ZeRO and FSDP keep gradient partitions of their own, and LoRA's gradients are small, so this is sized as with gradient accumulation.
    [many] Gradient accumulation over { $n } micro-batches: the gradients stay on the card through every micro-batch's forward and backward pass, and are counted.
   *[default] Gradients counted as held through the forward pass, as gradient accumulation keeps them: LLaMA-Factory's example configs accumulate 2-8 micro-batches, ms-swift 16 ÷ batch ÷ cards by default. With one micro-batch per optimizer step (accum=1, the Hugging Face Trainer's default) they are freed after each step and the job needs { $gib } GiB per card less.
  }
advice-assume-torchao-generate = Sized as torchao's generate.py runs: a short prompt into a cache of { $positions } positions allocated up front, with its { $positions } × { $positions } causal mask ({ $mask } GiB, gone with --linear_causal_mask) and, at each generated token, PyTorch's math attention over the whole cache in fp32 ({ $decode } GiB, one layer at a time). A long prompt adds its prefill on top.
