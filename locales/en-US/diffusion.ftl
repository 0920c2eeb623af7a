# /fit for image and video generation models (bot-core/src/answer/fit_diffusion.rs).
diff-title = Memory estimate (image/video generation): { $model } · denoiser { $precision } · { $size } · batch { $batch } · offload { $offload }
diff-weights = Weights: denoiser { $denoiser } GiB · text encoders { $text } GiB{ $text_fp8 ->
    [yes] {" "}({ $te_quant })
    [cpu] {" "}(on the CPU, never on the card)
   *[no] {""}
} · VAE { $vae } GiB
diff-t5-off = T5 left out (the pipeline loaded with text_encoder_3=None): the two CLIP encoders alone read the prompt; prompts that need T5's long context follow less closely.
diff-safety-checker = Safety checker (a CLIP ViT-L image model diffusers loads by default and runs on each image): { $checker } GiB; load the pipeline with safety_checker=None to drop it
diff-eager = Eager attention (no fused kernel: torch before 2.0 or diffusers before 0.13): the attention scores and their softmax, { $scores } GiB, are in the step
diff-eager-unsized = Eager attention is not sized for this model: its attention heads are not in my data, so the step counts none
diff-activations = One denoising step: { $step } GiB of activations for { $tokens } tokens · VAE decode: { $decode } GiB
diff-peak = Peak on the card: { $peak } GiB, { $stage ->
    [load] while the models load (bitsandbytes quantizes them on the card, all together, before offload moves any)
    [text] while encoding the prompt
    [decode] while the VAE decodes
    [train] during a training step
   *[denoise] during the denoising steps
} (allocator reserve { $reserve } GiB and CUDA context { $context } GiB included).
diff-decode-released = The VAE decoder grows its feature maps fourfold at each upsampling, so the blocks of its earlier stages stay free in PyTorch's cache: nvidia-smi shows { $shown } GiB while the card has room, { $released } GiB of it blocks that the allocator handed back before an out-of-memory error; the verdict counts the { $peak } GiB the run needs.
diff-offload = { $offload ->
    [model] Offload: one model on the card at a time (diffusers enable_model_cpu_offload(); ComfyUI does this by itself when memory is short). A little slower: each model moves to the card once per generation.
    [seq] Offload: weights streamed to the card layer by layer (diffusers enable_sequential_cpu_offload(); ComfyUI --lowvram). The least memory, but many times slower: the weights cross PCIe at every step.
   *[none] Everything stays on the card (diffusers pipe.to("cuda"); ComfyUI with enough memory). offload=model keeps one model on the card at a time.
}
diff-vae-tiled = VAE decode in tiles ({ $class }'s enable_tiling() defaults in diffusers): { $tile }×{ $tile } px{ $frames ->
    [0] {""}
   *[other] {" "}× { $frames } frames
} at a time, a tile every { $stride } px; sized as one tile's working memory plus every decoded tile, which diffusers keeps until it blends them. Source: { $source }
diff-vae-tiled-small = vae=tiled: the output is no larger than one tile ({ $tile } px a side), so diffusers decodes it whole; sized whole.
diff-vae-tiled-unknown = vae=tiled: this VAE's tile size is not in the catalog, so the decode is sized whole (an upper bound).
diff-vae-tiled-generate = vae=tiled: Wan's own generate.py has no tiled decode (its VAE decodes whole frames, one latent frame at a time), so it is sized as generate.py runs it; diffusers' AutoencoderKLWan tiles (runner=diffusers).
diff-vae-sliced = VAE decode one { $batch ->
    [1] output at a time (diffusers vae.enable_slicing()); at batch 1 that changes nothing.
   *[other] output at a time (diffusers vae.enable_slicing()): the decode works on one of the { $batch } at once, and the finished ones wait beside it. Without it diffusers decodes the whole batch at once.
}
diff-wan-generate = ℹ️ Sized as Wan's own generate.py runs it: the DiT in { $precision } ({ $convert ->
    [yes] generate.py loads it in fp32 unless --convert_model_dtype, the word bf16
   *[no] Wan2.1's generate.py itself loads it in fp32
}) and { $kb } KB of activations per token (its fp32 residual stream, query and key{ $per_token ->
    [yes] {" "}and an fp32 modulation for every token
   *[no] {""}
}, RoPE in float64; { $other_kb } KB otherwise); its VAE stays on the card in fp32 throughout. ComfyUI and diffusers load it in bf16: without the word generate.py it needs { $peak } GiB. Source: { $source }
diff-wan-generate-other = ℹ️ Running Wan's own generate.py (the README's command)? It needs { $peak } GiB: the DiT in { $precision } ({ $convert ->
    [yes] generate.py loads it in fp32 unless --convert_model_dtype, the word bf16
   *[no] Wan2.1's generate.py itself loads it in fp32
}) and { $kb } KB of activations per token (here { $other_kb }). The word generate.py sizes it.
diff-wan-causal-decode = ℹ️ VAE decode sized from { $class }'s own code ({ $file }): fp32, one latent frame at a time; at its widest stage ({ $channels } channels at { $w }×{ $h }) { $transient } GiB of working tensors, { $caches } GiB of causal-conv caches kept from the chunk before and { $earlier } GiB of decoded frames waiting to be joined. Every chunk asks for the same block sizes, but the caching allocator can still fragment: where it is tight, PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (what PyTorch's out-of-memory message suggests for fragmentation) or a larger card; fewer frames (--frame_num) trims only the waiting frames. Source: { $source }
diff-one-card = ℹ️ Sized for one card: diffusers and ComfyUI run one image or clip on one card (more cards run more generations side by side).
diff-verdict = { $fits ->
    [yes] ✅ Fits on 1 × { $gpu } ({ $vram } GiB): { $margin } GiB to spare.
    [tight] ⚠️ Tight on 1 × { $gpu } ({ $vram } GiB): { $margin } GiB to spare, inside the ±{ $pct }% this estimate can be off.
   *[no] ❌ Does not fit on 1 × { $gpu } ({ $vram } GiB): { $margin } GiB short.
}
diff-fix-intro = { $fits ->
    [tight] What makes it safe on { $gpu }:
   *[no] What makes it fit on { $gpu }:
}
diff-fix = • { $words } → peak { $peak } GiB{ $slow ->
    [yes] {" "}(slow: the weights cross PCIe at every step)
   *[no] {""}
}{ $tight ->
    [yes] {" "}(tight: inside the ±{ $pct }% this estimate can be off)
   *[no] {""}
}
diff-no-fix = Nothing I know of (fp8, 4-bit GGUF, offload, a smaller output) brings it under the memory of one { $gpu }: take a card from the list below.
diff-cards = Single cards that hold it as asked ({ $count }; cheapest known list price first): { $cards }
diff-cards-tight = Cards that hold it only tightly (inside the ±{ $pct }% this estimate can be off; { $count }): { $cards }
diff-no-cards = No single card in the catalog holds it as asked: try fp8, offload=model or a smaller output.
diff-basis = Basis: weights = parameters × bits per weight (fp32 32, bf16 16, fp8 8 with the norm and modulation layers diffusers keeps in 16-bit, GGUF Q8_0 8.5, Q4_0 and NF4 4.5); one denoising step { $measured ->
    [yes] as measured in diffusers' benchmark for this denoiser (1024×1024, PyTorch SDPA), scaled with tokens
    [wan] from the forward of Wan's generate.py (wan/modules/model.py), per token
   *[no] scaled from FLUX.1-dev's measured step by the denoiser's width (not measured for this model)
}; VAE decode { $decode_measured ->
    [yes] as measured on FLUX.1-dev at 1024×1024 (with what the allocator keeps from the steps), scaled with pixels
   *[no] estimated, not measured
}; what the card shows is 3% above what tensors hold, plus the CUDA context. Expect up to ±{ $pct }%. 1 GiB = 2³⁰ bytes.
diff-note = ℹ️ { $en }
diff-sources = Sources: { $sources } (as of { $as_of }).
diff-usage = Usage: /fit flux.1-dev 4090 [fp8|q8_0|q4_0|nf4] [offload=model|seq] [res=768x768|720p] [frames=81] [batch=2] [te=fp8|nf4|q8_0|cpu] [vae=fp32|tiled|sliced] [generate.py] [torch=2.9]
diff-error-word = I can't read "{ $word }" in a /fit for an image or video model.
diff-train-title = Memory estimate (training): { $model } · { $method ->
    [lora] LoRA rank { $rank }
    [oft] OFT
   *[full] full fine-tune
} · base { $precision } · { $size } · batch { $batch } · optimizer { $optimizer }
diff-train-parts = Denoiser weights on the card: { $denoiser } GiB{ $swap ->
    [0] {""}
   *[other] {" "}({ $swap } of { $blocks } blocks swapped to the CPU)
} · trained parameters, gradients and optimizer state: { $trained } GiB · activations kept for the backward pass: { $step } GiB for { $tokens } tokens{ $ckpt ->
    [yes] {" "}(gradient checkpointing on)
   *[no] {" "}(no gradient checkpointing)
}
diff-train-encoders = Text encoders { $text } GiB: { $text_on ->
    [yes] on the card
   *[no] not on the card (outputs cached before training, as kohya and musubi do: an assumption; cache=off if yours stay loaded)
} · VAE { $vae } GiB: { $vae_on ->
    [yes] on the card
   *[no] not on the card (latents cached)
}{ $trained ->
    [yes] {" "}· text encoders trained too (te=train, kohya's text_encoder_lr): their trained weights (a LoRA on every attention and MLP linear, every weight in a full fine-tune) with gradients and optimizer state, the embeddings' gradients (unfrozen for gradient checkpointing) and their activations over 77 tokens: { $te_train } GiB
    [unsized] {" "}· text encoders trained too (te=train), but their layers are not in my data: that part is not counted
   *[no] {" "}· text encoders not trained (kohya's --network_train_unet_only; te=train if yours are)
}
diff-train-ema = EMA: { $ema } GiB (ema=on, diffusers' --use_ema: a copy of every trained parameter, kept on the card)
diff-train-split = kohya split mode (split=on, --split_mode with train_blocks=single): the double-stream half ({ $upper } GiB, run without gradients) and the single-stream half ({ $lower } GiB, trained with the LoRA) take turns on the card, every weight in the base's precision (Module.to(dtype): no layer left in 16-bit); the peak is the { $stage ->
        [upper] double-stream
       *[lower] single-stream
    } half's step. Slower: both halves cross PCIe at every step.
diff-train-oft = kohya OFT (oft={ $targets ->
        [all] all, every Linear of the blocks
       *[attn] attn, the double blocks' attention
    }): each adapted Linear's weight is cast to fp32 and rotated at every forward (networks/oft_flux.py), and autograd keeps that fp32 copy and the 16-bit rotated weight, 6 bytes a weight, until the backward: { $kept } GiB here ({ $ckpt ->
        [yes] the block being recomputed
       *[no] every block
    }), counted with the activations; the base is cast whole (Module.to(dtype): no layer left in 16-bit). OFT's own rotations are a few MiB, not counted.
diff-train-amp = 16-bit copies of the fp32 trained weights: { $amp } GiB (mixed precision: autocast keeps one of each through the forward; the gradients are fp32 like the weights)
diff-train-fix = What lowers it: a lower rank= (LoRA), opt=adamw8bit or opt=adafactor, fp8 (the base in fp8, kohya/musubi --fp8_base), swap=N (blocks_to_swap, up to { $blocks }; slower), ckpt=on, a smaller res=.
diff-train-basis = Basis: base weights = parameters × bits; a LoRA adds rank × 1.5 × parameters ÷ width (every linear of a block, from width×width to width×4·width), kept in fp32 with its gradient (8 bytes) plus the optimizer's state (AdamW 8, AdamW8bit 2, Adafactor ≈0, Prodigy 16 bytes); a full fine-tune holds gradients in the trained weights' own dtype (fp32 weights 4 bytes, bf16 2; none with fused=on, kohya --fused_backward_pass, or with block swap, which needs it) and the state; activations 34 × width bytes per token per block without gradient checkpointing, 2 × width per block plus one block with it (Korthikanti et al. 2022); blocks: { $blocks }; blocks swapped taken as equal in size. Not counted: sample images during training, and an EMA copy unless ema=on is said. This is derived, not measured per tool: ±30%.
diff-train-unsized = Training { $model } is not sized: its block count is not in my data, so I can't say how much memory it needs. I'd rather say so than guess.
diff-cuda-default = Sized with the offload called before any pipe.to("cuda") (as diffusers' docs do; diffusers since PR #2543, March 2023, also moves a pipeline already on the card back and empties the cache). If you ran pipe.to("cuda") before the offload call on an older diffusers, say to_cuda=first: nvidia-smi then shows more than the job needs.
diff-cuda-first = to_cuda=first: the pipeline was on the card before the offload call, and a diffusers from before PR #2543 (March 2023) leaves the weights' blocks in PyTorch's cache, so nvidia-smi shows about { $shown } GiB. PyTorch hands those blocks back before it would run out of memory, so the job needs { $peak } GiB and the verdict uses that; call the offload before pipe.to("cuda"), or torch.cuda.empty_cache() after it, and the card shows the need.
diff-conv3d-columns = torch={ $torch }: PyTorch { $torch } runs a 16-bit 3-D convolution without cuDNN (pytorch/pytorch PR 163581, for a cuDNN bug in 9.10-9.14): { $class }'s 3 × 3 × 3 convolutions over { $channels } channels at full size go through ATen's vol2col fallback (slow_conv_dilated3d), which unfolds each input into a { $columns } GiB buffer, counted in the decode. PyTorch { $fixed } (cuDNN 9.15.1), or 2.9.1 with cuDNN 9.15+ installed (the nvidia-cudnn-cu12 or -cu13 wheel, 9.15+), decodes without it; vae=tiled shrinks it to one tile's.
