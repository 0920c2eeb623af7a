# /fit：图像与视频生成模型（bot-core/src/answer/fit_diffusion.rs）。
diff-title = 显存估算（图像/视频生成）：{ $model } · 去噪模型 { $precision } · { $size } · 批量 { $batch } · { $offload ->
    [model] 按模型卸载
    [seq] 逐层卸载
   *[none] 不卸载
}
diff-weights = 权重：去噪模型 { $denoiser } GiB · 文本编码器 { $text } GiB{ $text_fp8 ->
    [yes] （{ $te_quant }）
    [cpu] （在 CPU 上运行，不占显存）
   *[no] {""}
} · VAE { $vae } GiB
diff-t5-off = 不加载 T5（以 text_encoder_3=None 加载管线）：只由两个 CLIP 编码器读提示词；需要 T5 长上下文的提示词会跟得不那么紧。
diff-safety-checker = 安全检查器（diffusers 默认加载、对每张图运行的 CLIP ViT-L 图像模型）：{ $checker } GiB；加载管线时传入 safety_checker=None 即可去掉
diff-eager = 朴素注意力（没有融合内核：torch 2.0 之前或 diffusers 0.13 之前）：注意力分数及其 softmax 共 { $scores } GiB，已计入去噪步
diff-eager-unsized = 这个模型的朴素注意力没有估算：我的数据里没有它的注意力头数，所以去噪步里没有计入这部分
diff-activations = 一个去噪步：激活 { $step } GiB，共 { $tokens } 个 token · VAE 解码：{ $decode } GiB
diff-peak = 卡上峰值：{ $peak } GiB（{ $stage ->
    [load] 加载模型时（bitsandbytes 在卡上量化模型，量化过的组件会同时留在卡上，之后卸载才会把它们移走）
    [text] 编码提示词时
    [decode] VAE 解码时
    [train] 训练一步时
   *[denoise] 去噪步骤中
}，已含分配器预留 { $reserve } GiB 和 CUDA 上下文 { $context } GiB）。
diff-decode-released = VAE 解码器每次上采样特征图变为四倍，前面各阶段释放的显存块放不下后面的特征图，空着留在 PyTorch 的缓存里：卡上有余量时 nvidia-smi 会显示 { $shown } GiB，其中 { $released } GiB 是这些空闲块，分配器在报显存不足之前会先把它们归还；判断能否放下按运行真正需要的 { $peak } GiB 计算。
diff-offload = { $offload ->
    [model] 卸载：同一时间只有一个模型在卡上（diffusers 的 enable_model_cpu_offload()；显存不够时 ComfyUI 会自动这样做）。稍慢：每次生成每个模型要搬上卡一次。
    [seq] 卸载：权重逐层搬上卡（diffusers 的 enable_sequential_cpu_offload()；ComfyUI 的 --lowvram）。最省显存，但慢很多倍：每一步权重都要走一遍 PCIe。
   *[none] 全部留在卡上（diffusers 的 pipe.to("cuda")；显存充足时的 ComfyUI）。offload=model 可让同一时间只有一个模型在卡上。
}
diff-vae-tiled = VAE 分块解码（diffusers 中 { $class } 的 enable_tiling() 默认值）：每次 { $tile }×{ $tile } 像素{ $frames ->
    [0] {""}
   *[other] {" "}× { $frames } 帧
}，每隔 { $stride } 像素一块；按一块的工作显存加上所有已解码的块估算（diffusers 要把它们都留着，最后再拼接融合）。来源：{ $source }
diff-vae-tiled-small = vae=tiled：输出不大于一块（每边 { $tile } 像素），diffusers 会整张解码；按整张估算。
diff-vae-tiled-unknown = vae=tiled：目录里没有这个 VAE 的分块尺寸，解码按整张估算（偏保守）。
diff-vae-tiled-generate = vae=tiled：Wan 自带的 generate.py 没有分块解码（它的 VAE 按整帧解码，一次一个潜空间帧），所以按 generate.py 的实际做法计算；diffusers 的 AutoencoderKLWan 可以分块（runner=diffusers）。
diff-vae-sliced = VAE 逐个解码（diffusers 的 vae.enable_slicing()）{ $batch ->
    [1] ：批量为 1 时没有区别。
   *[other] ：{ $batch } 个输出每次只解码一个，已解码的在旁边等着。不开的话 diffusers 会整批一次解码。
}
diff-wan-generate = ℹ️ 按 Wan 官方 generate.py 的跑法估算：去噪模型为 { $precision }（{ $convert ->
    [yes] generate.py 默认以 fp32 加载，加 --convert_model_dtype 才是 bf16，对应词 bf16
   *[no] Wan2.1 的 generate.py 本身就以 fp32 加载
}），每个 token 的激活为 { $kb } KB（残差流、query 和 key 都是 fp32{ $per_token ->
    [yes] ，调制也逐 token 以 fp32 计算
   *[no] {""}
}，RoPE 用 float64；否则为 { $other_kb } KB）；它的 VAE 以 fp32 全程留在卡上。ComfyUI 和 diffusers 以 bf16 加载：去掉 generate.py 这个词时需要 { $peak } GiB。来源：{ $source }
diff-wan-generate-other = ℹ️ 用 Wan 官方的 generate.py（README 里的命令）来跑？需要 { $peak } GiB：去噪模型为 { $precision }（{ $convert ->
    [yes] generate.py 默认以 fp32 加载，加 --convert_model_dtype 才是 bf16，对应词 bf16
   *[no] Wan2.1 的 generate.py 本身就以 fp32 加载
}），每个 token 的激活为 { $kb } KB（这里按 { $other_kb } KB 算）。加上 generate.py 这个词即按它估算。
diff-wan-causal-decode = ℹ️ VAE 解码按 { $class } 自己的代码（{ $file }）计算：fp32，一次解码一个潜空间帧；最宽的一级（{ $channels } 通道，{ $w }×{ $h }）有 { $transient } GiB 工作张量，因果卷积从上一段保留的缓存 { $caches } GiB，已解码、等待拼接的帧 { $earlier } GiB。每一段申请的显存块大小相同，但缓存分配器仍可能产生碎片：偏紧时可设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True（PyTorch 显存不足报错里针对碎片给出的办法），或换显存更大的卡；减少帧数（--frame_num）只能省下等待拼接的帧。来源：{ $source }
diff-one-card = ℹ️ 按单卡估算：diffusers 和 ComfyUI 一张图或一段视频只用一张卡（多张卡是并排多跑几份）。
diff-verdict = { $fits ->
    [yes] ✅ 1 × { $gpu }（每张 { $vram } GiB）放得下，还剩 { $margin } GiB。
    [tight] ⚠️ 1 × { $gpu }（每张 { $vram } GiB）勉强放得下：只剩 { $margin } GiB，在本估算 ±{ $pct }% 的误差之内。
   *[no] ❌ 1 × { $gpu }（每张 { $vram } GiB）放不下：还差 { $margin } GiB。
}
diff-fix-intro = { $fits ->
    [tight] 在 { $gpu } 上更稳妥的做法：
   *[no] 在 { $gpu } 上放得下的做法：
}
diff-fix = • { $words } → 峰值 { $peak } GiB{ $slow ->
    [yes] （慢：每一步权重都要走一遍 PCIe）
   *[no] {""}
}{ $tight ->
    [yes] （偏紧：在估算可能的 ±{ $pct }% 误差之内）
   *[no] {""}
}
diff-no-fix = 我知道的办法（fp8、4 位 GGUF、卸载、更小的输出）都不能让它放进一张 { $gpu }：请从下面的卡里选。
diff-cards = 按现在的设置单卡放得下的卡（共 { $count } 种；已知最低标价在前）：{ $cards_zh }
diff-cards-tight = 只是勉强放得下的卡（在估算可能的 ±{ $pct }% 误差之内，共 { $count } 种）：{ $cards_zh }
diff-no-cards = 目录里没有一张卡能按现在的设置放下它：试试 fp8、offload=model 或更小的输出。
diff-basis = 依据：权重 = 参数量 × 每个权重的位数（fp32 32；bf16 16；fp8 8，diffusers 保留为 16 位的归一化层和调制层除外；GGUF Q8_0 8.5；Q4_0 和 NF4 4.5）；一个去噪步{ $measured ->
    [yes] 取自 diffusers 基准测试对这个去噪模型的实测（1024×1024，PyTorch SDPA），按 token 数缩放
    [wan] 按 Wan 的 generate.py 前向计算（wan/modules/model.py）逐 token 推算
   *[no] 由 FLUX.1-dev 的实测按去噪模型宽度换算（这个模型没有实测）
}；VAE 解码{ $decode_measured ->
    [yes] 取自 FLUX.1-dev 在 1024×1024 下的实测（含分配器在去噪步之后保留的显存），按像素数缩放
   *[no] 为估算，未实测
}；卡上显示的占用比张量实际占用高 3%，另加 CUDA 上下文。误差可达 ±{ $pct }%。1 GiB = 2³⁰ 字节。
diff-note = ℹ️ { $zh }
diff-sources = 来源：{ $sources }（截至 { $as_of }）。
diff-usage = 用法：/fit flux.1-dev 4090 [fp8|q8_0|q4_0|nf4] [offload=model|seq] [res=768x768|720p] [frames=81] [batch=2] [te=fp8|nf4|q8_0|cpu] [vae=fp32|tiled|sliced] [generate.py] [torch=2.9]
diff-error-word = 在图像或视频模型的 /fit 里，我看不懂“{ $word }”。
diff-train-title = 显存估算（训练）：{ $model } · { $method ->
    [lora] LoRA 秩 { $rank }
    [oft] OFT
   *[full] 全量微调
} · 底模 { $precision } · { $size } · 批大小 { $batch } · 优化器 { $optimizer }
diff-train-parts = 卡上的去噪模型权重：{ $denoiser } GiB{ $swap ->
    [0] {""}
   *[other] （{ $blocks } 个块中有 { $swap } 个换到 CPU）
} · 训练参数、梯度和优化器状态：{ $trained } GiB · 反向传播要保留的激活：{ $step } GiB，共 { $tokens } 个 token{ $ckpt ->
    [yes] （开了梯度检查点）
   *[no] （没开梯度检查点）
}
diff-train-encoders = 文本编码器 { $text } GiB：{ $text_on ->
    [yes] 在卡上
   *[no] 不在卡上（按 kohya 和 musubi 的做法，训练前先缓存输出：这是假设；若你的一直加载着，用 cache=off）
} · VAE { $vae } GiB：{ $vae_on ->
    [yes] 在卡上
   *[no] 不在卡上（潜变量已缓存）
}{ $trained ->
    [yes] {" "}· 文本编码器也一起训练（te=train，即 kohya 的 text_encoder_lr）：训练的权重（注意力和 MLP 每个线性层上的 LoRA，全量微调则是全部权重）连同梯度和优化器状态、为梯度检查点解冻的嵌入层梯度、77 个 token 的激活，共 { $te_train } GiB
    [unsized] {" "}· 文本编码器也一起训练（te=train），但我的数据里没有它们的层数：这部分没有计入
   *[no] {" "}· 文本编码器不训练（kohya 的 --network_train_unet_only；若你的也训练，用 te=train）
}
diff-train-ema = EMA：{ $ema } GiB（ema=on，即 diffusers 的 --use_ema：每个训练参数在卡上再存一份）
diff-train-split = kohya 分半模式（split=on，即 --split_mode 加 train_blocks=single）：双流半边（{ $upper } GiB，不求梯度）和单流半边（{ $lower } GiB，带 LoRA 训练）轮流上卡，每个权重都按底模精度存放（Module.to(dtype)，没有留在 16 位的层）；峰值在{ $stage ->
        [upper] 双流
       *[lower] 单流
    }半边那一步。更慢：每步两个半边都要经 PCIe 搬一次。
diff-train-oft = kohya OFT（正交微调，oft={ $targets ->
        [all] all，块里每个线性层
       *[attn] attn，双流块的注意力
    }）：每个被适配的线性层在每次前向时把权重转成 fp32 再旋转（networks/oft_flux.py），反向之前要留着这份 fp32 副本和 16 位的旋转后权重，每个权重 6 字节：这里 { $kept } GiB（{ $ckpt ->
        [yes] 正在重算的那个块
       *[no] 所有块
    }），已计入激活；底模整体转换精度（Module.to(dtype)，没有留在 16 位的层）。OFT 自身的旋转参数只有几 MiB，未计入。
diff-train-amp = fp32 训练权重的 16 位副本：{ $amp } GiB（混合精度：autocast 在前向过程中为每个权重缓存一份；梯度和权重一样是 fp32）
diff-train-fix = 能降低的办法：调低 rank=（LoRA），opt=adamw8bit 或 opt=adafactor，fp8（底模用 fp8，kohya/musubi 的 --fp8_base），swap=N（blocks_to_swap，最多 { $blocks }，会变慢），ckpt=on，调小 res=。
diff-train-basis = 依据：底模权重 = 参数量 × 每个权重的位数；LoRA 增加 秩 × 1.5 × 参数量 ÷ 宽度（块里每个线性层，从 宽×宽 到 宽×4宽），以 fp32 存放并带梯度（8 字节），另加优化器状态（AdamW 8、AdamW8bit 2、Adafactor 约 0、Prodigy 16 字节）；全量微调保留与训练权重同精度的梯度（fp32 权重 4 字节，bf16 2 字节；fused=on 即 kohya 的 --fused_backward_pass 时为 0，块交换时也是，因为它需要融合反向）和优化器状态；激活：不开梯度检查点时每块每 token 34 × 宽度字节，开了则每块 2 × 宽度再加一个块（Korthikanti 等，2022）；块：{ $blocks }；换出的块按大小相同计。未计入：训练中生成的样图；未说 ema=on 时也不计 EMA 副本。这是推导值，没有按每个工具实测：±30%。
diff-train-unsized = 没法估算训练 { $model }：我的数据里没有它的块数，所以说不准要多少显存。与其瞎猜，不如直说。
diff-cuda-default = 按在任何 pipe.to("cuda") 之前调用卸载估算（diffusers 文档就是这样写的；2023 年 3 月 PR #2543 之后的 diffusers 也会把已在卡上的管线移回 CPU 并清空缓存）。如果你在旧版 diffusers 上先执行了 pipe.to("cuda") 再调用卸载，请加 to_cuda=first：那样 nvidia-smi 显示的会比任务实际需要的多。
diff-cuda-first = to_cuda=first：调用卸载之前管线已在卡上，PR #2543（2023 年 3 月）之前的 diffusers 会把权重占过的显存块留在 PyTorch 的缓存里，所以 nvidia-smi 会显示约 { $shown } GiB。PyTorch 在显存不够时会先归还这些缓存块，所以任务实际需要 { $peak } GiB，结论按这个数给出；在 pipe.to("cuda") 之前调用卸载，或者之后执行 torch.cuda.empty_cache()，卡上显示的就是实际需要。
diff-conv3d-columns = torch={ $torch }：PyTorch { $torch } 在 16 位下做三维卷积时不走 cuDNN（pytorch/pytorch PR 163581，为绕开 cuDNN 9.10-9.14 的一个错误）：{ $class } 在全分辨率上对 { $channels } 个通道做的 3 × 3 × 3 卷积改走 ATen 的 vol2col 后备实现（slow_conv_dilated3d），每次要把输入展开成一块 { $columns } GiB 的缓冲区，已计入解码。PyTorch { $fixed }（自带 cuDNN 9.15.1），或 2.9.1 另装 cuDNN 9.15 以上（nvidia-cudnn-cu12 或 -cu13，9.15 以上），解码时就没有这块；vae=tiled 能把它缩到一个分块的大小。
