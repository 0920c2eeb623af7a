# /fit、/tco、/pick 共用的建议（bot-core/src/advice.rs、dialogue/result.rs）。
advice-link-margin = 不确定有 NVLink 的多卡配置，在此排序中再按贵 { $pct }% 计：张量并行和 ZeRO 每一层都要等卡间互联。
advice-warn-pcie = ⚠️ { $cards } 张 { $gpu } 之间没有 NVLink：张量并行（或 ZeRO）每一层的通信都走 PCIe，{ $cards } 张卡远达不到 { $cards } 倍速度，消费级显卡还常常关闭了点对点通信。显存够用的单卡更稳妥；排序时按贵 { $pct }% 计。
advice-warn-bridge = ⚠️ { $gpu } 可以加装 NVLink 桥接器，但目录里没有平台说明其主机装了桥接器：租 { $cards } 张之前先问清楚，否则按 PCIe 打算（排序时按贵 { $pct }% 计）。
advice-warn-link-unknown = ⚠️ 目录里没有 { $cards } 张 { $gpu } 之间用什么互联的资料：在平台说明之前按 PCIe 打算（排序时按贵 { $pct }% 计）。
advice-unverified-facts = { $platform }：未核实——{ $facts }。付款前请到它的网站确认。
advice-fact-web = 网页终端
advice-fact-img = 现成镜像
advice-fact-nrn = 无需实名即可注册
advice-fact-pay = 可用{ $methods }付款
advice-monthly-unpriced = { $platform } 也提供包月，但目录里没有包月价格，所以这里按 730 × 小时价计算：请向平台询问包月价，通常更便宜。
advice-pay-method = { $method ->
    [alipay] 支付宝
    [wechat] 微信支付
    [card] 银行卡
    [paypal] PayPal
    [crypto] 加密货币
    [unionpay] 银联
    [bank_transfer] 对公转账
    [invoice] 对公账单
   *[other] { $method }
  }
advice-or = 或
advice-list-sep = 、
advice-assume-fused-loss = 按 Liger 的融合线性交叉熵（liger）估算：计算损失时不生成整个词表的 logits，每次只处理一小块 token；不加 liger 时按每个 token 完整词表的 logits 计算。
advice-liger-logits-kept = Liger（liger）不会减少 { $method } 的损失显存：训练器不给模型传标签，而是从每个 token 完整词表的 logits 里取对数概率（LLaMA-Factory 在 pt 和 sft 以外的阶段都会关掉融合交叉熵），所以这些 logits 照不加 liger 时计算。
advice-liger-unpatched = Liger（liger）没有 { $model } 的补丁：它的模型类型不在 Liger Kernel 支持的列表里（截至 2026 年 8 月），所以不会融合任何计算，每个 token 完整词表的 logits 照不加 liger 时计算。
advice-assume-triton-loss = 按 fms-acceleration 的快速损失（fast_loss，即 Unsloth 的 Triton 交叉熵）估算：每个 token 仍会生成完整词表的 logits，但只有 Transformers 的 fp32 logits 和它错位后的副本，梯度直接原地写回：每个 token、每个词表项 { $bytes } 字节（Transformers 4.46 起为 10，因为模型返回的 16 位 logits 也还占着；transformers=4.45 及更早为 8；Transformers 自带的损失约 14）。PyTorch 每步都会重新分配这些显存块，所以 nvidia-smi 看到的大约是两份。liger 会把损失融合进去，不生成这样的 logits。
advice-assume-half-loss = 按训练循环自己在模型的 16 位 logits 上计算交叉熵估算（loss=half，不升到 fp32）：{ $kept ->
    [yes] 反向传播期间模型输出的 logits 一直保留，另有损失的 log-softmax 结果及其两份梯度；如果训练循环算出损失后就删除模型输出（del_logits=on），会少一份。
   *[no] 训练循环在反向传播前删除了模型输出（del_logits=on），只保留损失的 log-softmax 结果及其两份梯度。
  }
advice-triton-loss-unapplied = fms-acceleration 的快速损失（fast_loss）只在它的插件替换了模型自带损失时生效（Llama、Mistral、Mixtral 和 Granite 模型类，带标签的微调）：这里不生效，所以 logits 照 Transformers 自带损失的用量计算。
advice-assume-dropout = { $on ->
    [yes] 已计入 LoRA dropout：每个适配器为反向传播保留一份经过 dropout 的输入副本（训练框架的 lora_dropout 为 0 时请加 dropout=0 或 dropout=off）。
   *[no] LoRA dropout 按 0 计（PEFT 和 LLaMA-Factory 的默认值）：适配器直接读取原输入（训练框架设了 dropout 时加 dropout=0.1，计入它保留的副本）。
  }
advice-assume-double-quant = { $on ->
    [yes] 4 位底座按双重量化计（bnb_4bit_use_double_quant，LLaMA-Factory、torchtune 等训练框架的默认设置）：每个权重约 4.13 位。只用 load_in_4bit 或 LitGPT 的 bnb.nf4 时请加 dq=off（4.5 位）。
   *[no] 4 位底座按不做双重量化计（只用 load_in_4bit，或 LitGPT 的 bnb.nf4）：每个权重 4.5 位。LLaMA-Factory 的默认设置请加 dq=on（约 4.13 位）。
  }
advice-assume-bnb-load = { $on ->
    [yes] { $bits } 位底座按加载 16 位权重时现场量化计：Transformers 加载前会先一次性预留半个 16 位模型大小的显存，PEFT 转成 fp32 的词嵌入和输出层放不进剩下的部分时再另占一块，共 { $gib } GiB 留在卡上（nvidia-smi 能看到，训练时会复用，不影响能否放下）。直接加载 4 位权重（-bnb-4bit 仓库），或所用 Transformers 加载时不做这一步预留，请加 warmup=off。
   *[no] { $bits } 位底座按加载时不做预留计（直接加载 4 位权重，或所用 Transformers 不做这一步）。加载 16 位权重时现场量化请加 warmup=on（会多留 { $gib } GiB）。
  }
advice-assume-kbit-upcast = { $on ->
    [yes] { $bits } 位底座按 PEFT 的量化训练预处理计（PEFT 示例和基于它的微调脚本都会这样做）：归一化层、词嵌入和输出层转成 fp32，比 16 位多 { $gib } GiB，各层之间的数据流也是 fp32。LLaMA-Factory 和 Unsloth 不做这一步：加 upcast=off（或 trainer=llamafactory）按不转换估算；axolotl 会再转回 16 位（写 trainer=axolotl）。
   *[no] { $bits } 位底座按不做 PEFT 的 fp32 转换计（LLaMA-Factory 自己的预处理默认不升精度）：归一化层、词嵌入和输出层保持 16 位。PEFT 示例的做法请加 upcast=on（多 { $gib } GiB）；axolotl 请写 trainer=axolotl。
  }
advice-assume-unsloth = 按 Unsloth 的做法估算：检查点激活卸载到内存（use_gradient_checkpointing="unsloth"），{ $cce ->
    [yes] Cut Cross Entropy（不生成整个词表的 logits；这个模型走 Unsloth 编译后的前向，或写了 liger），
    [stock] 这个模型走 Transformers 自带的前向（Unsloth 通过 FastModel 加载，不改写它的损失函数）：保留全部 token 的 logits，16 位一份、fp32 副本一份，每个词表项 6 字节，不分块：这里约 { $loss } GiB，
   *[no] 它自己的损失函数按块计算整个词表的 logits（每块 fp32 logits 最多 4 GiB，显存剩余较少时取剩余的一半）：这里约 { $loss } GiB；写 liger 则按 Cut Cross Entropy 估算（不生成 logits），
}归一化层保持 16 位，优化器默认 adamw_8bit（可用 optim= 改）。不加这个词时按 PEFT + Transformers 估算。
advice-unsloth-fused-mlp = Unsloth 的融合 LoRA MLP（不加 dropout，gate、up、down 都挂 LoRA）为反向传播只保留每层的输入和 gate、up 两个投影的输出，其余在反向时重算：这里比普通 MLP 少约 { $gib } GiB。写 dropout=0.1，或 targets 不含 MLP（如 targets=qv）时，按普通 MLP 估算。
advice-unsloth-release-today = 按当前版本的 Unsloth 估算；旧版本的训练请写明版本号（如 unsloth=2024.5）：2024.11 之前 Llama、Qwen、Mistral 和 Gemma-2 的损失函数保留全部 token 的 16 位 logits，2025.1 之前每个注意力层各有一份 RoPE 表，2025.8 之前 Gemma-3 的损失函数会保留全部 token 的 logits。
advice-unsloth-release = 按 Unsloth { $release } 估算：权重之外另有 { $rope } GiB 的 RoPE 表（2025.1 之前每个注意力层各一份 cos/sin 表，此后共用一份）{ $lossway ->
    [whole] ；Gemma-3 编译后的损失函数保留全部 token 的 logits，每个词表项 6 字节（约 { $loss } GiB；2025.8 起改为分块计算）
    [nocce] ；这张卡的计算能力低于 7.5，该版本在这里不启用 Cut Cross Entropy，改用 Triton 交叉熵，保留全部 token 的 16 位 logits，同时 Accelerate 还会另存一份 fp32 副本：每个词表项共 6 字节（约 { $loss } GiB；2025.8 起所有显卡都改为分块计算）
    [triton] ；它的 Triton 交叉熵保留全部 token 的 16 位 logits，梯度原地写回，同时 Accelerate 还会把前向返回的 logits 另存一份 fp32 副本：每个词表项共 6 字节（约 { $loss } GiB；2024.11 起改用 Cut Cross Entropy）
    [uncapped] ；损失函数的每块最多可占剩余显存的一半，2026.7 之前没有 4 GiB 上限（未指定显卡时约 { $loss } GiB）
    [stock] ；这个模型用的是 Transformers 自带的损失函数，保留全部 token 的 logits（16 位一份、fp32 副本一份），不分块（约 { $loss } GiB）
   *[today] {""}
}。
advice-assume-precision = { $amp ->
    [fp32] 模型以 fp32 加载：权重、梯度和 { $optim } 动量都是 fp32，没有另外的主权重副本（fp32 权重本身就是主权重；DeepSpeed ZeRO 会为每张卡分到的那一份再复制一份 fp32），梯度加优化器每个参数约 { $bytes } 字节；不开 amp 时激活值和 KV 缓存也是 fp32。
    [yes] 混合精度（amp）：{ $half } 模型之外还有 fp32 主权重和 fp32 的 { $optim } 动量，梯度加优化器每个参数约 { $bytes } 字节。
    [deepspeed] DeepSpeed ZeRO（多卡时默认按它算；用 PyTorch FSDP 请写 fsdp）：即使模型以 { $half } 加载，它的优化器也保留 fp32 主权重和 fp32 的 { $optim } 动量，梯度加优化器每个参数约 { $bytes } 字节，再分摊到各张卡；FSDP 则和权重一样保持 bf16。
   *[no] 模型以 { $half } 加载，{ $optim } 动量和权重一样用 { $half } 保存（PyTorch 的 AdamW 训练 16 位模型：LLaMA-Factory 开 pure_bf16、torchtune、LitGPT bf16-true）：梯度加优化器每个参数约 { $bytes } 字节；加 amp 计入 fp32 主权重，DeepSpeed bf16 和 LLaMA-Factory 的默认设置（把可训练参数升到 fp32）都是这样；用 adamw8bit 或 paged_adamw_8bit 可缩小动量。
  }
advice-quant-4bit-default = 没有指定量化方式：{ $model } 用 bf16 需要 { $bf16 } GiB，一张 { $gb } GB 的卡放不下，所以按 { $quant } 计算：4 比特权重，{ $cards ->
    [1] 这么大的模型通常这样部署在一两张卡上
    [2] 这么大的模型通常这样部署在一两张卡上
   *[other] 即便如此也至少要 { $cards } 张 { $gb } GB 的卡
  }。要全精度就加上 bf16。
advice-quant-published = 没有指定量化方式：{ $model } 官方发布的权重就是 { $quant ->
    [fp8] FP8
    [mxfp4] MoE 专家部分为 4 比特的 MXFP4
    [int4-g32] 路由专家为原生 INT4（每 32 个一组；注意力、共享专家和输出层为 16 位）
   *[other] { $quant }
  }（见其 config.json 中的量化配置），所以按发布的格式（{ $quant }）计算。{ $quant ->
    [fp8] 加上 awq 按 4 比特权重估算（更小，质量略有损失），加上 bf16 按 16 位权重估算。
   *[other] 加上 bf16 按 16 位权重估算。
  }
advice-quant-quality = 质量：在 Qwen 官方的量化评测（MMLU、C-Eval、IFEval 平均分）中，Qwen2-72B-Instruct 的 BF16 得分 { $b72 }，AWQ 得分 { $q72 }；小模型损失更大（Qwen2-7B：{ $b7 } 和 { $q7 }）。
advice-bf16-beside = { $priced ->
    [yes] 如果用 bf16，放得下的最便宜配置是 { $cards } × { $gpu }，{ $price }。
   *[no] 如果用 bf16，需要 { $cards } × { $gpu }；这个配置目前没有已知的公开价格。
}
advice-bf16-none = 如果用 bf16，目录里没有哪种卡用 8 张以内放得下。
advice-pick-published-first = { $model } 官方发布的权重就是 { $quant }（见其 config.json）：{ $quant } 排在最前，按发布的格式计算。
advice-pick-4bit-first = { $model } 用 bf16 需要 { $bf16 } GiB，一张 { $gb } GB 的卡放不下：所以把 { $quant }（4 比特权重）排在第一位，一两张卡就够；bf16 至少要两张 80 GB 的卡。
advice-pick-ask-card-reader = 放得下的卡：在每路对话都跟得上阅读速度（每路约每秒 { $tps } 个 token）的配置里，按你这个任务的实际花费从低到高（已含隐性成本）；更慢的排在后面；卡数每翻一倍按贵 15% 排序，因为卡越多越容易出问题：
advice-assume-optimizer-step = PyTorch 的 AdamW 默认把全部张量一起更新，更新时多占一份与动量同样大小的显存，每张卡 { $gib } GiB，这时激活已经释放：激活一项按两者中较大的计。用 adamw8bit 或 DeepSpeed 自带的优化器没有这份开销。
advice-assume-overlap-comm = 开启了 DeepSpeed 的 overlap_comm：ZeRO-1/2 的梯度桶（reduce_bucket_size）变成双缓冲，反向传播期间每张卡多占一个 { $gib } GiB 的梯度桶（LLaMA-Factory 的 ds_z*_config.json 在 0.6.0 到 0.9.1 之间默认开启；DeepSpeed 自身对 1、2 阶段默认关闭）。
advice-assume-optimizer-step-loop = 这里 PyTorch 的 AdamW 逐个张量更新（foreach=off，PyTorch 2.0 之前的默认）：二阶动量的平方根和它的商是两份与所更新张量一样大的临时张量，每张卡各 { $gib } GiB{ $deepspeed ->
    [yes] ，因为 DeepSpeed 把每张卡的整块 fp32 分片当作一个张量来更新
   *[no] {""}
}。PyTorch 2.0 及以后的多张量路径只多占一份。
advice-assume-fsdp-root = FSDP 会在每张卡上完整保留不归任何一层管的参数（词嵌入和输出头，整个前向和反向传播期间都不拆分），全参微调时还会先算出一整层的梯度再分到各卡：每张卡比自己那一份多占 { $gib } GiB。DeepSpeed ZeRO-3（写 zero3）只在某个模块运行时才把它的参数聚合起来。
advice-assume-bnb-constants = bitsandbytes 把每个 4-bit 层的量化常数（每 64 个权重一个 absmax）放在 FSDP 和 ZeRO-3 切分或卸载的参数之外：每张卡都完整保留 { $gib } GiB，卡再多也不会分摊。双重量化（默认开启，dq=off 可关闭）能把这部分缩小到四分之一左右。
advice-assume-axolotl = 按 axolotl 的训练方式估算：它加载模型时先把词嵌入和输出头转成 fp32，再转回 16 位，PyTorch 的缓存会留着那份 fp32 副本，共 { $gib } GiB，训练步骤用不上的部分会一直占着：nvidia-smi 能看到，但显存不够时 PyTorch 会先把缓存还回去，所以能否放下不算这部分。写 trainer=peft 则按 PEFT 自己的预处理估算。
advice-assume-grad-accum = { $accum ->
    [one] 每个微批次更新一次优化器（accum=1）：每次更新后梯度即被释放（zero_grad），下一次前向传播时显存里没有梯度，峰值取激活与“梯度加优化器更新时的临时副本”两者中较大的一个：比梯度累积时每张卡少 { $gib } GiB。释放的显存块仍留在 PyTorch 的缓存里（nvidia-smi 能看到），但显存不够时会先还回去。
    [same] 这里 accum=1 几乎不改变结果：DeepSpeed ZeRO 和 FSDP 自己保存梯度分片，LoRA 的梯度本来就很小，所以仍按梯度累积的情况估算。
    [many] 梯度累积 { $n } 个微批次：梯度在每个微批次的前向和反向传播期间都留在卡上，已计入。
   *[default] 梯度按一直留在显存里计算，梯度累积时就是这样：LLaMA-Factory 的示例配置累积 2 到 8 个微批次，ms-swift 默认累积 16 ÷ 批大小 ÷ 卡数 个。如果每个微批次都更新一次优化器（accum=1，Hugging Face Trainer 的默认设置），每次更新后梯度就会释放，每张卡少需要 { $gib } GiB。
  }
advice-assume-torchao-generate = 按 torchao 的 generate.py 的运行方式估算：短提示词，缓存一开始就按 { $positions } 个位置分配好，另有 { $positions } × { $positions } 的因果掩码（{ $mask } GiB，加 --linear_causal_mask 可省掉），每生成一个 token，PyTorch 的朴素注意力实现都要把整个缓存转成 fp32 计算（{ $decode } GiB，逐层进行）。提示词很长时还要另加预填充的显存。
