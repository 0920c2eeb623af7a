## /fit 与 /tco（issue 4）。数字均为估算，每条回答都注明依据。

fit-title = 显存估算：{ $model } · { $quant } · { $task ->
    [lora] LoRA 微调
    [qlora] QLoRA 微调
    [full] 全参微调
    [infer] 推理
   *[other] { $task }
  }{ $method ->
    [none] {""}
   *[other] {"（"}{ $method }{"）"}
  } · { $context } token × { $batch } · { $engine ->
    [vllm] vLLM
    [sglang] SGLang
    [tgi] TGI
    [lmdeploy] LMDeploy
    [trt-llm] TensorRT-LLM
    [llamacpp] llama.cpp
    [exllamav2] ExLlamaV2
    [transformers] Transformers
   *[other] { $engine }
  }
fit-method-assumed = 没有说微调方式：按 LoRA（16 位底模加适配器）估算，这是多数人负担得起的做法。想按别的方式算，加上「全参」或 qlora；两者的估算见下。
fit-method-other = { $task ->
    [full] 全参微调
   *[qlora] QLoRA（4 比特 NF4 底模）
  }每张卡约需 { $need } GiB{ $verdict ->
    [fits] ：{ $cards } 张 { $gpu } 放得下，每张卡还剩 { $margin } GiB
    [tight] ：{ $cards } 张 { $gpu } 能放下，每张卡剩 { $margin } GiB，但在误差范围内
    [short] ：{ $cards } 张 { $gpu } 每张卡差 { $margin } GiB，在误差范围内
    [no] ：{ $cards } 张 { $gpu } 放不下，每张卡还差 { $margin } GiB
   *[none] {""}
  }（加上{ $task ->
    [full] 「全参」
   *[qlora] {" "}qlora
  }）。
fit-quant-assumed = 没有指定量化方式，按 { $quant } 计算。{ $task ->
    [qlora] QLoRA 的底座是 bitsandbytes 4 位：加 bnb-fp4 按 FP4 计算。
    [infer] 可以加上 int4、awq、q4_k_m 或 fp8 等。
   *[other] 加 fp16 或 fp32 换加载精度，或改用 qlora 用 4 位底座。
}
fit-assume-context = 没有指定上下文长度：按每条序列 { $context } 个 token（输入加输出）计算。可以加上 ctx=32k 等。
fit-assume-training = { $task ->
    [tuner] PEFT 微调方式 { $tuner }，底座冻结为 16 位（它的秩和挂的层见单独一行）
    [full] 全参微调
   *[other] { $task ->
        [qlora] QLoRA
       *[lora] LoRA
      }，秩 { $rank }，{ $targets ->
        [qv] 只挂在 q、v 投影上
        [qkvo] 只挂在注意力的 q、k、v、o 投影上
        [mlp] 只挂在 MLP 的 gate、up、down 投影上
        [modules] 只挂在 { $modules } 上
       *[all] 挂在所有线性层上
      }{ $moe ->
        [off] ，但不含每个 MoE 层的 { $experts } 个路由专家（Transformers v5 里路由专家不是线性模块，PEFT 按“所有线性层”挂适配器时挂不到它们；加 experts=on 按每个专家都挂适配器估算）
        [on] ，包括每个 MoE 层全部 { $experts } 个路由专家（experts=off 只算注意力、稠密层和共享专家）
       *[no] {""}
      }（可用 rank=… 修改秩；targets=qv|attn|mlp|all 或逗号分隔的模块名选择挂适配器的层）
  }，梯度检查点{ $gc ->
    [on] 开启{ $given ->
        [yes] {""}
       *[no] （{ $on_default } 的默认设置；{ $off_default } 默认不开，按不开估算请加 gc=off）
      }
   *[off] 关闭{ $given ->
        [yes] {""}
       *[no] （加 gc=on 可省下激活显存）
      }
  }。
fit-breakdown = { $copies ->
    [yes] 每张卡（普通数据并行：每张卡各放一份完整的模型）：权重
   *[no] 权重
} { $weights } GiB · KV 缓存 { $kv } GiB · 激活 { $act } GiB{ $training ->
    [yes] {" "}· 梯度与优化器 { $optim } GiB
   *[no] {""}
} · 额外开销 { $overhead } GiB
    = { $copies ->
        [yes] 每张卡 { $card_total } GiB，{ $cards } 张卡合计 { $total } GiB
       *[no] 共 { $total } GiB，分布在 { $cards } 张卡上
    }；占用最多的那张卡需要 { $per_card } GiB{ $cache ->
        [yes] （nvidia-smi 看到的数），其中必须分配的是 { $required } GiB（PyTorch 会在显存不够前让出缓存；能否放下按必须分配的算）
        [vllm] （nvidia-smi 看到的数：vLLM 不管任务需要多少，都会用 KV 缓存占满它的预算）；这个任务实际需要其中的 { $required } GiB（能否放下按这个算）
       *[no] {""}
    }。
fit-setup = 假设的运行方式：{ $attention ->
    [eager] 朴素注意力（整个注意力分数矩阵放在显存里）
    [sdpa] SDPA 注意力（框架默认）
   *[flash] FlashAttention（框架默认）
  }{ $parallelism ->
    [tensor] ，{ $cards } 张卡张量并行（每张卡放每一层的一部分）
    [pipeline] ，{ $cards } 张卡 vLLM 流水线并行（每级内部张量并行，每级只放自己的层）
    [layer] ，按层切到 { $cards } 张卡上（每张卡都要自己的工作显存）
    [data] ，普通数据并行（每张卡都放一整份）
    [zero1] ，{ $cards } 张卡 ZeRO-1（切分优化器状态）
    [zero2] ，{ $cards } 张卡 ZeRO-2（切分优化器状态和梯度）
    [zero3] ，{ $cards } 张卡 ZeRO-3（全部切分）
   *[none] {""}
  }。可以用 attn=eager|sdpa|flash 换注意力实现。
fit-margin = 误差可能达到 ±{ $pct }%{ $measured ->
    [yes] （这是同类配置对照公开实测数据时的最大误差）
   *[no] （这是预留的余量：这类配置还没有公开实测数据可对照）
  }；估算值接近显存上限时，实际可能放不下。
fit-verdict = { $verdict ->
    [starts] ⚠️ vLLM 能在 { $cards } 张 { $gpu }（每张 { $vram } GiB）上启动：KV 缓存池至少装得下一个满长度的请求，按一个请求算每张卡还剩 { $margin } GiB；但装不下所有请求同时跑（见下）。
    [pool] ⚠️ SGLang 能在 { $cards } 张 { $gpu }（每张 { $vram } GiB）上启动，但 KV 缓存池比这个任务要的小（见下）；按启动后的实际占用（不是整个任务的需求）算，每张卡还剩 { $margin } GiB。
    [refused] ❌ SGLang 能在 { $cards } 张 { $gpu }（每张 { $vram } GiB）上启动，但会拒绝这个请求：KV 缓存池装不下这么长的提示词（见下），会报错说输入长度超过了允许的最大长度。按整个任务的需求算，每张卡还差 { $margin } GiB。
    [fits] ✅ { $cards } 张 { $gpu }（每张 { $vram } GiB）放得下，每张卡还剩 { $margin } GiB。
    [tight] ⚠️ { $cards } 张 { $gpu }（每张 { $vram } GiB）很紧：按估算能放下，每张卡剩 { $margin } GiB，但在本估算 ±{ $pct }% 的误差范围内。
    [short] ⚠️ { $cards } 张 { $gpu }（每张 { $vram } GiB）很紧：按估算每张卡差 { $margin } GiB，仍在本估算 ±{ $pct }% 的误差范围内；可能跑得起来，但别指望。
   *[no] ❌ { $cards } 张 { $gpu }（每张 { $vram } GiB）放不下，每张卡还差 { $margin } GiB。
}
fit-sglang-pool = ℹ️ SGLang 把每张卡显存的 { $fraction } 划给权重和 token 池（用 mfs= 调整），放下权重后剩下的池子能装 { $tokens } 个 token{ $clipped ->
    [yes] ：比要求的 { $context } 个少，所以单个请求最长只能到池子的长度，更长的请求会直接报错拒绝（开启自动截断后改为截掉超出的部分）
   *[no] ：{ $batch } 个 { $context } token 的请求能同时跑 { $n } 个，其余的排队等池子腾出空间
  }。启动并跑过请求后，每张卡约占 { $held } GiB（nvidia-smi 看到的数）。只有放下权重后一点池子都不剩，它才会启动失败；调大这个比例或多加几张卡，池子就更长。
fit-vllm-kv-pool = ℹ️ vLLM 会在每张卡上留出约 { $gib } GiB 作 KV 缓存，约 { $tokens } 个 token，由所有请求共用（即它启动日志里报告的可用 KV 缓存大小和 token 数）：这是放下权重和启动时的预估用量之后剩下的份额，不管单个请求要多少，都会用缓存块填满。
fit-vllm-max-len = ⛔ 按此估算，vLLM 在 { $context } 个 token 的上下文下无法启动：放下权重和启动时的预估用量之后，它在卡上的显存占比连一个这么长的请求的 KV 缓存都装不下（它会报错说所需 KV 缓存大于可用 KV 缓存）。把最大上下文长度设为 max_model_len={ $tokens } 或更小（或用 gmu= 调高显存占比）才能启动，届时每张卡约显示 { $gib } GiB：按占比用缓存块填满，再加上 CUDA 图。
fit-vllm-v0-pp = ⛔ 按此估算，vLLM 的 V0 引擎无法启动：它把 { $pp } 个流水线阶段作为 { $pp } 个虚拟引擎运行，每个只用每张卡 KV 缓存池的 1/{ $pp }，而一个 { $context } 个 token 的请求必须放进其中一个（它的检查会报错：模型最大长度大于 KV 缓存能存的最大 token 数）。一个请求每张卡需要 { $need } GiB 缓存；一个虚拟引擎的份额只有 { $held } GiB。在同样的卡上用张量并行，或用 V1 引擎（vLLM 0.8 及以后），缓存池是一个整体，就装得下。
fit-vllm-holds = ℹ️ vLLM 仍能启动：放下权重和启动时的预估用量之后，每张卡的 KV 缓存池能同时容纳 { $batch } 个请求中的 { $n } 个（每个 { $context } token，即日志里的“Maximum concurrency”）；其余请求排队等空位，请求越短，能同时跑的越多。
fit-verdict-gc = { $gc ->
    [off] 以上按开启梯度检查点计算，这是 { $on_default } 的默认设置。不开的话（{ $off_default } 默认不开）{ $verdict ->
        [fits] 也放得下，每张卡还剩 { $margin } GiB。
        [tight] 也放得下，每张卡剩 { $margin } GiB，但在误差范围内。
        [short] 每张卡差 { $margin } GiB，在误差范围内，可能跑不起来。
       *[no] 每张卡还差 { $margin } GiB：请在训练配置里开启梯度检查点。
      }
   *[on] 以上按不开梯度检查点计算。开启后（gc=on，这是 { $on_default } 的默认设置）{ $verdict ->
        [fits] 放得下，每张卡还剩 { $margin } GiB。
        [tight] 放得下，每张卡剩 { $margin } GiB，但在误差范围内。
        [short] 每张卡仍差 { $margin } GiB，在误差范围内。
       *[no] 每张卡仍差 { $margin } GiB。
      }
}
fit-price-unknown = 价格未知
fit-tight-remedies = { $goal ->
    [fit] 这样改就能放下（括号里是改后每张卡所需显存）：{ $list }。
   *[safe] 这样改更稳妥（括号里是改后每张卡所需显存）：{ $list }。
}
fit-tight-none = 单独改上下文、批大小、适配器或卡数都不能留出足够余量；请预留更多余量或换更大显存的卡。
fit-alloc-expandable = ℹ️ 接近显卡上限时，PyTorch 的缓存分配器可能因显存碎片先报显存不足，这里算的用量其实还没用完：每步张量大小不同时（样本长短不一、批大小变化），已缓存的显存段末尾会留下更大的请求用不上的空隙。启动训练时设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True，分配器改为让一个显存段按需增长，碎片少得多；它不降低这里算出的需求。来源：PyTorch 文档（CUDA 语义）https://docs.pytorch.org/docs/stable/notes/cuda.html
fit-why-not = 占用最大的是{ $part ->
    [weights] 模型权重
    [kv] KV 缓存（缩短上下文、减小批量（batch=）或用 kv=fp8 都有帮助）
    [activations] 激活值（缩短上下文、减小批量（batch=）或开启梯度检查点都有帮助）
    [activations_infer] 激活值（缩短上下文或减小批量（batch=）都有帮助）
   *[optimizer] 梯度和优化器状态（改用 LoRA/QLoRA，或多卡配合 ZeRO 都有帮助）
}（{ $gib } GiB）。
fit-speed-decode = 速度估算：{ $cards } 张卡上单路生成约 { $tps } token/秒。
fit-speed-prefill = 处理提示词约 { $tps } token/秒。
fit-basis-decode = （估算依据：每步读取 { $gib } GiB，显存带宽 { $bandwidth } GB/s，按 { $eta }% 的效率计{ $scale ->
    [100] {""}
   *[other] ，多卡扩展按 { $scale }% 计
  } = { $mem_ms } 毫秒{ $overhead ->
    [yes] ，另加 Transformers 逐层开销 { $overhead_ms } 毫秒（{ $layers } 层）
   *[no] {""}
  }{ $bound ->
    [compute] ；计算需要 { $comp_ms } 毫秒，以此为准
   *[memory] {""}
  } → 每步 { $step_ms } 毫秒、生成 { $batch } 个 token；效率系数用 Qwen2.5 的 vLLM 实测数据校准）
fit-basis-prefill = （估算依据：FP16 稠密算力 { $tflops } TFLOPS，按 { $eff }% 的效率计，每个 token 每个激活参数 2 次浮点运算）
fit-options-intro = 有 { $count } 种卡放得下，{ $by ->
    [speed] 在每路对话都跟得上阅读速度（约每秒 { $reader } 个 token，生成速度一栏是估算值）的配置里，按目录里已知的最低按量标价从低到高排列（按目录汇率折成 { $currency }，附报价日期）；更慢或速度不明的排在后面；卡数每翻一倍按贵 15% 排序，因为卡越多越容易出问题：
   *[price] 按目录里已知的最低按量标价从低到高排列（按目录汇率折成 { $currency }，附报价日期）；卡数每翻一倍按贵 15% 排序，因为卡越多越容易出问题：
  }
fit-alternatives-intro = 放得下的配置有 { $count } 种，{ $by ->
    [speed] 在每路对话都跟得上阅读速度（约每秒 { $reader } 个 token）的配置里，按目录里已知的最低按量标价从低到高排列（按目录汇率折成 { $currency }，附报价日期），更慢的排在后面，卡数每翻一倍按贵 15% 排序：
   *[price] 按目录里已知的最低按量标价从低到高排列（按目录汇率折成 { $currency }，附报价日期），卡数每翻一倍按贵 15% 排序：
  }
fit-options-tight = 显存后面带 ⚠️ 的：那种卡只在估算误差之内放得下（偏紧），{ $safer ->
    [qlora] 多加一张卡或改用 QLoRA（4 位底座）才稳妥。
    [lora] 多加一张卡（配合 ZeRO 分片）或改用 LoRA 才稳妥。
    [cards] 多加一张卡才稳妥。
   *[four-bit] 多加一张卡或用 4 位量化才稳妥。
}
fit-options-note = 卡数翻倍，速度不会翻倍：没有 NVLink、只走 PCIe 的多卡之间通信更慢。
fit-no-option = 目录里没有哪种卡在 8 张以内放得下。可以换更小的量化、缩短上下文或减小批量（batch=）。
fit-col-gpu = 显卡
fit-col-cards = 卡数
fit-col-per-card = 每卡 GiB
fit-col-price = 价格
fit-col-speed = 生成速度 token/秒
fit-col-interconnect = 互联
fit-basis = 估算依据：模型的 config.json、实测的每参数比特数（GGUF 用 llama.cpp 官方数据）、KV = 2 × 层数 × KV 头数 × 头维度 × 字节数 × token 数；激活值用 Qwen 公布的 transformers 显存实测表校准（Qwen2、Qwen2.5、Qwen3 三张表，每一行误差都在 15% 以内），每张卡另计约 0.65 GiB 的 CUDA 开销。建议预留 1–2 GiB 余量。
fit-warn-size-only = ⚠️ 只知道参数量：{ $like ->
    [none] 按类 Llama 结构估算（{ $layers } 层，隐藏维度 { $hidden }，{ $kv_heads } 个 KV 头）。
   *[other] 按目录里参数量（MoE 按激活参数量）最接近的稠密模型 { $like } 的结构估算：{ $layers } 层，{ $kv_heads } 个 KV 头、每头 { $head_dim } 维，隐藏维度 { $hidden }（宽度按参数量缩放）。
  }实际模型可能不同，KV 缓存尤其如此：这里按分组查询注意力估算（目前这个参数量的模型都是这样）；若是多头注意力模型（每个头都有自己的 K 和 V），KV 缓存是这里的 { $mha_times } 倍，上面给出的误差已把这种情况算进去。
fit-warn-context = ⚠️ { $context } token 超过了该模型的最大上下文（{ $max }），{ $positions ->
    [alibi] 它用 ALiBi 位置编码，无需扩展（代码按任意长度生成偏置），但没有在这么长的文本上训练过。
   *[rope] 不做 RoPE 扩展可能跑不起来。
}
fit-warn-moe = ℹ️ 这是 MoE 模型：全部 { $total }B 参数都要放进显存，但每个 token 只读取 { $active }B（速度取决于激活参数量）。
fit-warn-moe-4bit-experts = ⚠️ 路由专家按 4 比特估算：{ $train ->
    [yes] Transformers 4.x（每个专家是一个线性层）、2026.6 起的 Unsloth、设了 quantize_moe_experts=true 的 axolotl 都这样加载
   *[no] Transformers 4.x 这样加载（每个专家是一个线性层）
}。Transformers v5 把专家存成合并的三维权重，只用 bitsandbytes 时不会量化它们，仍是 16 位{ $fp32 ->
    [yes] （经过 PEFT 的量化训练预处理后还会变成 fp32）
   *[no] {""}
}，多出 { $gib } GiB；加 moeq=off 按这种情况估算。租卡前先确认加载后的显存占用。
fit-assume-moe-experts-16bit = 按路由专家不量化估算（moeq=off）：Transformers v5 把专家存成合并的三维权重，bitsandbytes 不会量化，仍是 16 位{ $fp32 ->
    [yes] ，PEFT 的量化训练预处理还会把它们转成 fp32
   *[no] {""}
}，比 4 比特多 { $gib } GiB{ $train ->
    [yes] （直接用 PEFT/TRL、2026.6 之前的 Unsloth 都是这样）。moeq=on 按 4 比特估算（2026.6 起的 Unsloth、设了 quantize_moe_experts=true 的 axolotl）。
   *[no] 。moeq=on 按 4 比特估算（Transformers 4.x）。
}
fit-assume-compressed-tensors = 按 compressed-tensors 格式的检查点估算（compressed-tensors）：Transformers 在每个量化层第一次前向时把它解压成 16 位，并和打包的量化权重一起保留，多出 { $gib } GiB。vLLM 直接用打包的权重运行；AutoAWQ、GPTQ 格式的检查点（或 QLoRA 用 bitsandbytes 4 比特）不会多留这一份。
fit-warn-compressed-tensors = ⚠️ 按 AutoAWQ/GPTQ 格式的检查点估算。若检查点是 compressed-tensors 格式（llm-compressor 量化的 AWQ/GPTQ，config.json 里 quant_method 为 "compressed-tensors"），Transformers 会在第一次前向时逐层解压成 16 位，两份都保留：多出 { $gib } GiB；加 compressed-tensors 按这种情况估算。
fit-warn-sliding = { $layers } 层里有 { $sliding } 层只看 { $window } 个 token 的滑动窗口，这些层的 KV 缓存{ $kept ->
    [window] 只存这个窗口（Transformers 的滑动窗口缓存）
    [chunk] 只存窗口加一段预填充块（vLLM 的混合 KV 缓存管理；V0 引擎或 --disable-hybrid-kv-cache-manager 会存整个上下文）
    [ubatch] 只存窗口加一个微批（llama.cpp 的 SWA 缓存）；swafull=on（即 llama.cpp 的 --swa-full）会存整个上下文
    [ollama] 只存 4096 个 token 加一个批次（Ollama 自己的缓存）
    [ollamawindow] 每个并行槽位只存这个窗口，另加一个共用的批次（Ollama 自己的缓存，0.6.3 版起）
    [sglang] 存上下文的 0.8（SGLang 的 SWA 池）
   *[other] 在这个引擎下照样存整个上下文
}。
fit-warn-recurrent = ℹ️ 混合架构模型：{ $kept ->
    [yes] { $layers } 层里只有 { $attention } 层是注意力层，KV 缓存随上下文增长；其余 { $recurrent } 层是{ $kind ->
        [mamba2] Mamba-2 层
       *[deltanet] 线性注意力层（Gated DeltaNet）
    }，每条序列只存一份固定大小的状态，约 { $mib } MiB，与长度无关。长上下文需要的 KV 缓存远少于同尺寸的普通 Transformer。
   *[no] { $layers } 层里有 { $recurrent } 层每条序列只存固定大小的状态、不存 KV，但没有核实这个引擎怎样安排这些层，所以按每层都存 KV 估算（偏保守的上限）。
}
fit-warn-kv-replicated = ⚠️ 用了 { $cards } 张卡，但只有 { $kv_heads } 个 KV 头：张量并行时部分 KV 头会在多张卡上各存一份，KV 缓存不会再按卡数变小。
fit-warn-gguf-engine = ℹ️ { $quant } 是 llama.cpp 的 GGUF 格式，按 llama.cpp 加载的方式估算。
fit-warn-exl2 = ℹ️ EXL2，每个权重 { $bpw } 位，按 ExLlamaV2 的加载方式估算：各层矩阵 { $bpw } 位（含缩放因子），输出头约 { $head } 位，词嵌入留在内存里；{ $cache } 缓存在加载时就按全部 { $context } 个 token 一次分配（TabbyAPI 的 cache_mode 设成 Q8、Q6 或 Q4 可以缩小它，写 kv=q4 即可）。
fit-kv-cache = KV 缓存用 { $kv }：每个值 { $bits } 位，是 16 位缓存的 { $share }%（kv=f16 恢复默认；ctk= 和 ctv= 分别设 K 缓存和 V 缓存）。
fit-warn-kv-engine = ℹ️ { $engine ->
    [vllm] vLLM 和 SGLang 的 KV 缓存只有 16 位和 fp8 两种，没有 llama.cpp 的分块量化类型
    [llamacpp] llama.cpp（以及 Ollama）没有 fp8 缓存，它们的 8 位类型是 q8_0
   *[other] { $engine } 没有 { $asked } 缓存
  }：按 { $sized } 估算，而不是 { $asked }。
fit-warn-kv-transformers = ℹ️ Transformers 生成时默认按模型本身的精度存缓存，除非专门配置量化缓存（用 quanto 或 HQQ）；这里按你要求的 { $kv } 缓存估算。
fit-warn-tuple-cache = ℹ️ Transformers 4.42 之前的版本每生成一个 token，都会把每一层的键和值复制进一个更长的新张量；PyTorch 的缓存分配器无法把留下的较小显存块给更大的张量复用，所以 nvidia-smi 会在实际所需之外多显示约 { $gib } GiB 的旧缓存块（已算进按 nvidia-smi 显示的数字）。PyTorch 在显存不够之前会把它们还回去，所以结论按实际所需计算；Transformers 4.42 及以后的版本原地更新缓存。
fit-warn-kv-needs-fa = ❌ llama.cpp 跑不起来：量化的 V 缓存（{ $kv }）必须开 FlashAttention，否则 llama.cpp 创建上下文时直接报错退出（Ollama 也只有开了 FlashAttention 才量化缓存）。加上 attn=flash，或者让 V 保持 16 位（ctv=f16：只量化 K 缓存不开它也能跑）。下面的数字按你要求的缓存类型计算。
fit-warn-vllm-prealloc = ℹ️ vLLM 启动时会先占用每张卡 { $util }% 的显存（即显存利用率，可用 gmu=0.95 调整），其中放完权重和激活后剩下的全部用作 KV 缓存；激活值按它在这类卡上的启动预估：每次 { $tokens } token 的分块预填充，再加上同时为 { $seqs } 个请求采样（调低最大并发序列数即可减少）。
fit-note-vllm-flashinfer-sampler = ℹ️ 采样按 FlashInfer 的 top-k/top-p 内核估算（VLLM_USE_FLASHINFER_SAMPLER=1）：它不用排序，显存约为 PyTorch 实现的三分之一。如果没有装 FlashInfer，vLLM 会退回 PyTorch 实现，启动时占用更多，这时请去掉这个设置再估算。
fit-warn-server-pool = ℹ️ { $server ->
    [sglang] SGLang 为权重和 KV 缓存池预留每张卡 { $pct }% 的显存（{ $given ->
        [yes] 按你给的比例
       *[no] 这是它的默认比例{ $card ->
            [yes] {""}：整卡减去 0.5 GiB、预填充分块每个 token 1.5 MiB、每个 CUDA 图批次 2 MiB、每张张量并行卡 1/8 GiB，60 GiB 以上的卡至少留 10 GiB
           *[no] {""}（读不到卡的容量时）
          }
      }；用 mfs=0.85 调整），其余留给激活和 CUDA 图
    [tgi] TGI 占用每张卡 { $pct }% 的显存（{ $given ->
        [yes] 按你给的比例
       *[no] 默认 1.0
      }；用 mfs=0.9 调整），放权重、预热和 KV 块
    [lmdeploy] LMDeploy 把放完权重后空闲显存的 { $pct }% 分给 KV 缓存（{ $given ->
        [yes] 按你给的比例
       *[no] 默认 0.8
      }；用 mfs=0.5 调整）
   *[other] TensorRT-LLM 把引擎加载后空闲显存的 { $pct }% 分给 KV 缓存（{ $given ->
        [yes] 按你给的比例
       *[no] 默认 0.9
      }；用 mfs=0.5 调整）
  }。其余部分按 vLLM 这一类引擎估算（分页 KV 缓存、启动时的显存预估），这是对该引擎的假设；能否放下按任务实际需要的显存算，而不是它占满的缓存池。
fit-warn-data-parallel = ℹ️ 按 vLLM 的数据并行（-dp { $ranks }）估算：{ $cards } 张卡跑 { $ranks } 个引擎，每个引擎是 { $tp } 路张量并行，各有自己的 KV 缓存，必须能装下一个完整上下文长度的请求；注意力部分的权重每个引擎各存一份，MoE 的路由专家则分摊到全部 { $cards } 张卡上。不加 --data-parallel 时，这些卡按一个张量并行组估算，KV 缓存会被切分。
fit-warn-vllm-v0 = ℹ️ 按 vLLM 的 V0 引擎估算（0.8 之前的版本，或设置了 VLLM_USE_V1=0）：启动时先占用每张卡 { $util }% 的显存，启动预估一次处理 { $tokens } 个 token（32K 以下不做分块预填充），图片按最大尺寸计；不写 vllm=v0 则按 V1 引擎估算。{ $eager ->
        [yes] 加了 --enforce-eager（enforce_eager=on）启动时不捕获 CUDA graph，卡上剩下的 { $rest }% 不需要留给它；不加的话，它会在分配 KV 缓存之后在那里捕获 CUDA graph（vLLM 自己的日志里占 { $graphs_lo } 到 { $graphs_hi } GiB，vllm#11452）。
       *[no] 之后它会在卡上剩下的 { $rest }% 里捕获 CUDA graph：vLLM 自己的日志里这部分占 { $graphs_lo } 到 { $graphs_hi } GiB 不等（vllm#11452），范围太宽，无法给出一个数；如果在捕获时失败，调低 gpu_memory_utilization（gmu=）或加 --enforce-eager（enforce_eager=on）启动。
    }
fit-warn-vllm-v0-graph-room = ⚠️ vLLM V0 下偏紧：按它的显存占比，卡上只剩 { $room } GiB 留给它在分配 KV 缓存之后捕获的 CUDA graph，而它自己的启动日志提示这部分“每张卡可能额外占用 { $lo }~{ $hi } GiB”。可能正常启动，也可能在捕获时爆显存；调低 gpu_memory_utilization（gmu=）或加 --enforce-eager（enforce_eager=on）才稳妥。
fit-warn-vllm-large-cards = ℹ️ 在 70 GiB 及以上、非 A100 的卡（H100、H200、B200）上，vLLM 默认每次 { $tokens } token、同时 { $seqs } 个请求：每张卡的激活值多 { $extra } GiB；卡的列表已按此计算。
fit-warn-vllm-fewer-seqs = ℹ️ 若启动时把最大并发序列数设为 { $seqs }（vLLM 在较小显卡上的默认值），启动预估同时采样的请求更少：每张卡约需 { $need } GiB（{ $within ->
        [share] vLLM 在这张卡上的份额内还剩
       *[card] 这张卡还剩
    } { $spare } GiB）。
fit-warn-vllm-launch-seqs = ℹ️ vLLM { $release }（V1 刚推出时的 0.8.0 至 0.8.3）启动预估时在每张卡上都按 { $default } 个请求同时采样；把最大并发序列数设为 { $seqs }（0.8.4 起这张卡的默认值）后，每张卡约需 { $need } GiB（{ $within ->
        [share] vLLM 在这张卡上的份额内还剩
       *[card] 这张卡还剩
    } { $spare } GiB）。
fit-warn-vllm-no-room = ❌ --gpu-memory-utilization 设为 { $util } 后，vLLM 份额之外这张卡只剩 { $room } GiB，而{ $what ->
        [context] 光是 CUDA 上下文就要占约 { $needs } GiB：vLLM 启动时会直接拒绝（“Free memory on device … is less than desired GPU memory utilization”）。把份额降到 { $share } 或更低才留得出这些空间。
       *[graphs] KV 缓存占满份额之后才捕获的 CUDA Graph 至少还要约 { $needs } GiB：服务还没开始就会显存不足。把份额降到 { $share } 或更低才留得出这些空间，或者加 --enforce-eager（enforce_eager=on）不捕获 CUDA Graph。
    }
fit-note-vllm-share = ℹ️ 这个结论看的是 vLLM 的份额，而不是整张卡：显存利用率设为 gmu={ $util } 时它占这张卡 { $share } GiB，权重、启动时试跑的激活峰值和这个任务的 KV 缓存（{ $core } GiB，即上面的需求去掉 CUDA 上下文和 CUDA 图）都要放进这个份额里——{ $holds ->
        [yes] 份额内还剩 { $left } GiB，其余都会被 KV 缓存占满。
       *[no] 份额内还差 { $left } GiB：按这个估算 vLLM 无法启动（会报没有可用显存分配缓存块）。
    }{ $gmu ->
        [ok] 这个份额在所述误差范围内装得下。
        [none] 这张卡上没有哪个份额能在所述误差范围内装下它。
       *[other] 设 gmu={ $gmu } 就能在所述误差范围内装下：要的是更大的份额，而不是第二张卡。
    }
fit-warn-mla-transformers = ℹ️ Hugging Face Transformers 会把 DeepSeek 的 KV 缓存解压后存放（大得多）；vLLM、SGLang 和 llama.cpp 存的是压缩后的潜向量（可用 engine=vllm）。
fit-warn-zero = ℹ️ 多卡训练按 ZeRO 第 { $stage } 阶段（ZeRO-{ $stage }）分片估算（DeepSpeed/FSDP）；普通数据并行每张卡都要存一整份。
fit-warn-device-map = ℹ️ 按单进程多卡训练估算：{ $cards } 张卡按整层切分模型（Transformers 的 `device_map`），不做 ZeRO 分片，也没有数据并行；每张卡只存自己那几层及其适配器和优化器状态，各卡轮流计算。
fit-warn-whole-load = ⚠️ 这个训练框架会先把整个模型（{ $gib } GiB）加载到每张卡上再切分（LLaMA-Factory 0.5.3 至 0.7.0 配合 FSDP 时如此）：不管之后每张卡只留多少，加载时每张卡都得先放下整个模型。LLaMA-Factory 0.7.1 及以后的版本或 DeepSpeed ZeRO-3 会分片加载。
fit-warn-whole-load-quantized = ⚠️ DeepSpeed ZeRO-3 在加载 bitsandbytes 4-bit 或 8-bit 底座时不会分片：Transformers 对量化模型不走 zero.Init，bitsandbytes 又会把它放到当前这张卡上，所以每张卡都要先放下完整的量化模型（{ $gib } GiB），之后 PyTorch 还会把这块显存留在缓存里。不管 ZeRO-3 之后每张卡只留多少，加载时每张卡都得先放得下它。改用开启 cpu_ram_efficient_loading 的 PyTorch FSDP（Accelerate 和 axolotl 的 FSDP-QLoRA 配置，写 fsdp）会边加载边分片。
fit-warn-whole-load-axolotl-fsdp = ⚠️ axolotl 用 FSDP2 训练 bitsandbytes 量化底座时，会先把整个量化模型（{ $gib } GiB）加载到每张卡上（cpu_ram_efficient_loading 关闭，这是它的默认值，也是官方示例配置的写法）；包装模型的过程中，每张卡同时放着整个模型和自己那一份分片（{ $peak } GiB），直到包装完成才释放。不管 FSDP 之后每张卡只留多少，每张卡都得先放得下这一峰值。写 ramload=on（cpu_ram_efficient_loading: true）则按先在内存里加载、再从那里分片来估算，没有这个峰值。
fit-warn-gptq-dequant = ℹ️ 在 GPTQ 模型上做 LoRA 时走的是 auto_gptq 的 PyTorch 路径（训练时关闭 exllama）：每个矩阵都先解包成一份 16 位副本，反向传播要用到它：{ $layers ->
    [one] 一层的副本加上解包时的临时张量（{ $gib } GiB）从重算开始一直留到该层反向结束，与该层一起计入激活（激活峰值取该层与损失头中较大的一个）
   *[all] 不开梯度检查点时，每一层的副本都要留到各自的反向（{ $gib } GiB，已计入激活）；gc=on 只留一层
}。
fit-warn-expert-stack = ℹ️ axolotl 量化后的专家权重（quantize_moe_experts）在每个 MoE 层运行时会整体反量化，反向传播要用到这份副本：{ $layers ->
    [one] 一层的专家权重（{ $gib } GiB）从重算开始一直留到该层反向结束，已计入激活
   *[all] 不开梯度检查点时，每个 MoE 层的专家副本都要留到各自的反向（{ $gib } GiB，已计入激活）；gc=on 只留一层
}。
fit-warn-offload = ℹ️ CPU 卸载（zero3-offload、fsdp-offload）：{ $params ->
    [yes] 参数分片、梯度和优化器状态放在内存里；每张卡只留正在计算的层、激活值和一个梯度桶（上面的数字都是每张卡的）
   *[no] 优化器状态和更新步骤挪到内存里；每张卡仍要放下整份 16 位模型（上面的数字都是每张卡的）
  }。机器要有足够的内存放它们（全参微调光是 fp32 主权重、动量和梯度就是每个参数 16 字节），每一步还要等 PCIe 传输。每张卡的数字请当作下限：这里唯一一条公开的 ZeRO-3 卸载实测（Llama-3-8B 全参，8 张 RTX 3090）大约是这个估算的两倍。
fit-warn-multi-card = ℹ️ { $cards } 张卡并不会快 { $cards } 倍。互联方式：{ $interconnect_zh }。
fit-error-quant = 不认识量化方式「{ $value }」。可以用 fp16、bf16、fp8、int8、int4、gptq、awq、nf4、q4_k_m、q5_k_m、q8_0 等。
fit-error-task = 不认识任务「{ $value }」。请用 infer（推理）、lora、qlora 或 full（全参微调）。
fit-error-engine = 不认识推理框架「{ $value }」。请用 transformers、vllm 或 llamacpp。
fit-error-size = 模型参数量应在 0.01B 到 10000B 之间，而不是 { $value }B。
fit-error-context = 上下文长度应在 1 到 { $max } token 之间，而不是 { $value }。
fit-error-batch = 批量（batch）应在 1 到 { $max } 之间，而不是 { $value }。
fit-error-cards = 卡数应在 1 到 { $max } 之间，而不是 { $value }。
fit-error-gguf-training = { $quant } 是 llama.cpp 的 GGUF 格式，只能用来推理，不能用来微调。LoRA 请用 bf16，QLoRA 请用 nf4。
fit-error-qlora-quant = QLoRA 要在 4 位的底座上训练，{ $quant } 不是 4 位。请用 nf4（bitsandbytes）或 GPTQ/AWQ int4 模型，或者改用 lora。
fit-error-value = 看不懂「{ $value }」。
fit-error-word = 「{ $value }」既不是量化方式、任务、推理框架，也不是我认识的显卡。
fit-error-model = 目录里 { $model } 的配置不完整，没法估算。
fit-error-spec-unknown = 无法估算速度：目录里没有 { $gpu } 的{ $field ->
    [bandwidth] 显存带宽
   *[tflops] 稠密 FP16/BF16 张量算力
  }（找不到可靠来源），凭猜测算出的数字可能误导你。

tco-title = 租卡还是调 API：{ $model } · { $quant }，{ $cards } 张 { $gpu }
tco-price-catalog = 显卡价格：{ $currency ->
    [CNY] ¥{ $price }
    [USD] ${ $price }
   *[other] { $price } { $currency }
  }/小时{ $from ->
    [yes] 起，取自目录中的最低标价。这是“起”价，只是最低配置的价格，这张卡目录里只有这类报价，实际可能更贵
   *[other] ，取自目录中的最低确定标价（“起”价只是最低配置的价格，不计在内）
  }（报价日期 { $as_of ->
    [undated] 未知，来源没有标注
   *[other] { $as_of }
  }）。价格会变，可以用 price=… 填你自己的价格。
tco-price-user = 显卡价格：{ $currency ->
    [CNY] ¥{ $price }
    [USD] ${ $price }
   *[other] { $price } { $currency }
  }/小时（你提供的）。
tco-does-not-fit = ❌ { $model } · { $quant } 在 { $cards } × { $gpu } 上连一路 2048 token 的对话都放不下，没法比较：租这些卡跑不了这个模型。
tco-throughput = 服务吞吐估算：同时处理 { $concurrency } 路、每路 { $context } token 时约 { $tps } token/秒，一天最多约 { $capacity } token。
tco-self-hosted = 自己部署：只租需要的时长（{ $tokens } token 每天约 { $setups ->
    [1] { $hours } 小时
   *[other] { $hours } 套·小时，要 { $setups } 套机器同时跑
  }），每百万 token { $currency ->
    [CNY] ¥{ $busy }
    [USD] ${ $busy }
   *[other] { $busy } { $currency }
  }；{ $setups ->
    [1] 整天开着
   *[other] { $setups } 套机器整天开着
  }则每百万 token { $currency ->
    [CNY] ¥{ $always }
    [USD] ${ $always }
   *[other] { $always } { $currency }
  }（每天 { $currency ->
    [CNY] ¥{ $day }
    [USD] ${ $day }
   *[other] { $day } { $currency }
  }）。
tco-over-capacity = ⚠️ 一套机器处理不了这个日用量：要 { $setups } 套同时跑（{ $cards } 张 { $gpu }），或者改用 API。
tco-api = API：每百万 token { $currency ->
    [CNY] ¥{ $api }
    [USD] ${ $api }
   *[other] { $api } { $currency }
  }，按你的用量每天 { $currency ->
    [CNY] ¥{ $day }
    [USD] ${ $day }
   *[other] { $day } { $currency }
  }。
tco-break-even = 整天租卡的盈亏平衡点：每天 { $tokens } token{ $reachable ->
    [yes] 。
   *[no] ——超过了这张卡的处理能力，所以这里整天租卡划不来。
}
tco-verdict = { $verdict ->
    [rent] 👉 按这个用量，租卡更便宜，整天开着也划算。
    [rent_part_time] 👉 只有按需租用（每天约 { $hours } 小时，且平台按秒或按分钟计费）时租卡才更便宜；整天开着的话，调 API 更便宜。
   *[api] 👉 按这个用量，调 API 更便宜。
}
tco-no-api = 加上 API 每百万 token 的价格就能对比，例如 /tco qwen2.5-7b int4 4090 20m 0.3
tco-cpu-moe-speed = ⚠️ 专家放在系统内存里（cpu-moe：主机要为此留出 { $ram } GiB 内存，另加系统自身所需）时，生成速度取决于主机内存或 PCIe 的带宽，而不是显卡，所以这里不估算每百万 token 的成本。这套卡全天租用每天 { $day } { $currency }；如果你在自己的主机上实测为每秒 T 个 token，满负荷时每百万 token 的成本是 { $day } ÷ (0.0864 × T) { $currency }。
tco-basis = 估算依据：按显存带宽推算的生成速度（用 Qwen2.5 的 vLLM 实测数据校准），并考虑批处理；实际吞吐取决于提示词长度和推理框架。建议先小规模试跑，记录真实数据。
tco-faq = 租卡不一定比调 API 便宜。用量小、模型有现成 API：按调用付费更划算。开源权重、需要自己的量化方式，或者长期稳定的大用量，租卡才更有优势。
tco-no-price = 目录里没有 { $gpu } 的标价。请用 price=… 提供，例如 price=2.5
tco-platform-no-price = 我的数据里 { $platform } 没有 { $gpu } 的标价，所以不拿别的平台的价格来算。看哪些平台有它的价格：`/compare { $id } 24h`；也可以用 price=… 给出你自己的价格，例如 price=2.5
tco-prepaid-plan = 全天开着时预付套餐更便宜：{ $platform } 的{ $unit ->
    [month] 包月
    [week] 包周
    [day] 包天
    [year] 包年
   *[other] 套餐
  }折合每天 { $day }（{ $date }）。套餐开不开机都计费，下面“全天开着”的数字按它算。
tco-no-fx = 没有从 { $from } 到 { $to } 的汇率。
fit-warn-iquant = { $quant } 文件的大小因模型而异（llama.cpp 会把部分张量存成更高位数；这里用的每参数比特数是在 Llama-3.1-8B 上实测的）：请以你下载的 .gguf 文件大小为准。
fit-warn-bare-size = 只给了 { $size }，按稠密模型估算（每个 token 用到全部参数）。这么大的模型很多是 MoE（混合专家）：写成 { $example } 给出激活参数量，速度就只按激活的权重估算{ $models ->
    [none] 。
   *[other] ；也可以直接写模型名：{ $models }。
  }
fit-read-as = ℹ️ 没有叫 { $typed } 的模型：按目录里这个系列、这个参数量的 { $model } 估算{ $others ->
    [none] 。
   *[other] ；它也可能指 { $others }（按其中占显存最多的那个估算）。要估算别的，请写出完整模型名。
  }
fit-assume-serving = 有 { $batch } 路并发的服务按 vLLM 估算（分页 KV 缓存、连续批处理）；加上 transformers 可改按 Hugging Face Transformers 估算。
fit-assume-beams = { $engine ->
    [transformers] 束搜索 { $beams } 束：Transformers 的 generate 会按束数复制提示词，所以要预填充并缓存 { $sequences } 条序列（最忙那张卡上的 KV 缓存 { $kv } GiB），每一步还要给 { $sequences } 行词表打分（{ $scores } GiB）；beams=1 按贪心或采样解码估算。
   *[other] 束搜索 { $beams } 束按 Transformers 的 generate 的占用估算：缓存里有 { $sequences } 条序列（最忙那张卡上的 KV 缓存 { $kv } GiB），每一步打分占 { $scores } GiB；beams=1 按每个请求一条序列估算。
}
fit-4bit-on-card = { $verdict ->
    [fits] ✅ 换成 4 比特（{ $quant }）就能放进 { $cards } 张 { $gpu }：每张卡约需 { $need } GiB（加上 { $quant }）。
   *[other] ⚠️ 换成 4 比特（{ $quant }）能放进 { $cards } 张 { $gpu }，但很紧：每张卡约需 { $need } GiB（加上 { $quant }）。
}
fit-more-cards = { $verdict ->
    [fits] ✅ 用 { $cards } 张 { $gpu } 放得下：每张卡约需 { $need } GiB。
    [tight] ⚠️ 用 { $cards } 张 { $gpu } 能放下，但很紧：每张卡约需 { $need } GiB。
   *[no] ❌ 就算用 { $cards } 张 { $gpu }（一台服务器）也放不下：每张卡约需 { $need } GiB。
}
fit-short-assumed = 没说的部分按常用设置估算（原因见「明细」）。可以这样改：{ $words }
fit-warn-tp-pipeline = ⚠️ vLLM 无法用 { $cards } 张卡做张量并行：并行数必须能整除模型的 { $heads } 个注意力头，且 { $kv_heads } 个 KV 头与并行数须能互相整除。这里按 vLLM 在 { $cards } 张卡上实际能用的切分估算：--tensor-parallel-size { $tp } --pipeline-parallel-size { $pp }，解码层按 { $layers } 分到各级流水线（vLLM 默认的均分）；每张卡放本级的层及其 KV 缓存{ $tp ->
    [1] {""}
   *[other] 的 1/{ $tp }
  }，第一级另放词嵌入，最后一级另放输出头。
fit-warn-tp-invalid = ⚠️ vLLM 无法用 { $cards } 张卡做张量并行：并行数必须能整除模型的 { $heads } 个注意力头，且 { $kv_heads } 个 KV 头与并行数须能互相整除，否则 vLLM 启动时直接报错。下面按 { $sized } 张卡估算{ $next ->
    [0] {""}
   *[other] （往上能启动的下一个卡数是 { $next }）
  }。{ $pp ->
    [0] {""}
   *[other] 若要用满 { $cards } 张卡，可用 vLLM 的流水线并行按整层切分：--tensor-parallel-size { $tp } --pipeline-parallel-size { $pp }（此处未估算）。
  }
tco-error-tokens = 每天的 token 数（显卡后面那个数）必须是至少为 1 的整数，例如 20m；“{ $value }”不符合。
tco-error-api = API 每百万 token 的价格（最后那个数）必须大于 0，例如 0.3；“{ $value }”不符合。
fit-error-torchao = torchao 仅权重量化（int8wo、int4wo、float8wo）只估算 PyTorch 模型以 int8、int4 或 fp8 推理的情形，它的 generate.py 也可按 bf16 或 fp16 不量化估算；不支持 { $value }。
fit-error-method-scope = { $method } 是一种微调方法，不用于推理：请加上 lora、qlora 或 full。
fit-error-dora-scope = DoRA 是 LoRA 的一种变体（PEFT 的 use_dora）：请和 lora 或 qlora 一起使用。
fit-warn-torchao = ℹ️ torchao { $scheme }：按 torchao 自带基准的做法估算——先把模型以 16 位加载到卡上，再原地量化。量化后的权重周围有 { $pinned } GiB 原 16 位权重的显存仍被占着（PyTorch 无法把它还给显卡），已计入额外开销；在此之前，加载时峰值为 { $peak } GiB。模型留在 CPU 上量化（quantize_ 加 device="cuda"，逐层搬上卡）或用 Transformers 的 TorchAoConfig 加载，可避开这个 16 位峰值。
fit-warn-torchao-load-short = ⚠️ torchao { $scheme }：在这张卡上先以 16 位加载再量化（torchao 自带基准的做法），峰值 { $peak } GiB，超出了卡的显存。请在模型仍在 CPU 上时量化（quantize_ 加 device="cuda"，逐层搬上卡），或用 Transformers 的 TorchAoConfig 加载。量化后仍有 { $pinned } GiB 16 位显存被占着（已计入额外开销）。
fit-autocast-copies = fp32 权重在 16 位自动混合精度（amp）下运行：PyTorch 用每个线性层权重的 16 位副本做乘法，运行期间一直保留这些副本，每张卡按 { $gib } GiB 计入激活{ $gc ->
    [on] （开了梯度检查点，同一时间只保留一层的副本）
   *[other] {""}
  }。改用 bf16 加载模型（bf16），既不需要 fp32 权重，也没有这些副本。

## /fit 只给显存、不给模型（`/fit 16gb`、`/fit 24gb lora`）：目录里哪些模型放得下。
fit-memory-title = { $gb } GB 显存能放下哪些模型
fit-memory-read = 按一张 { $gb } GiB 显存的卡来算，和目录里标称 { $gb } GB 的卡一样（显存颗粒的容量）；每个数字都已算进 CUDA 上下文，和任何一张卡一样。范围是目录里的 { $count } 个文本模型（同一结构只算一个），每个都按 /fit 的方式估算。
fit-memory-read-on = 按 { $card } 本身来算，CUDA 能给任务用的是 { $usable } GiB。每个数字都已算进 CUDA 上下文。范围是目录里的 { $count } 个文本模型（同一结构只算一个），每个都按 /fit 的方式估算。
fit-memory-read-card = 按目录里标称 { $gb } GB、最紧的那张卡来算：{ $card }，CUDA 能给任务用的是 { $usable } GiB；在它上面放得下，目录里每张 { $gb } GB 的卡都放得下。每个数字都已算进 CUDA 上下文，和任何一张卡一样。范围是目录里的 { $count } 个文本模型（同一结构只算一个），每个都按 /fit 的方式估算。
fit-memory-method = { $method ->
    [infer16] 16 位推理
    [infer4] 4 位推理（int4）
    [lora] LoRA（16 位底座）
    [qlora] QLoRA（4 位底座）
    [full] 全参微调
   *[infer] { $quant } 推理
  }：最大到 { $model }，约 { $need } GiB，剩 { $left } GiB。
fit-memory-tight = 再大一点的 { $model } 约要 { $need } GiB（剩 { $left } GiB），在这次估算 ±{ $pct }% 的误差之内，可能放不下。
fit-memory-also = 其他系列也放得下：{ $models }。
fit-memory-none-clear = { $method ->
    [infer16] 16 位推理
    [infer4] 4 位推理（int4）
    [lora] LoRA（16 位底座）
    [qlora] QLoRA（4 位底座）
    [full] 全参微调
   *[infer] { $quant } 推理
  }：目录里没有能稳稳放进 { $gb } GiB 的模型。
fit-memory-none = { $method ->
    [infer16] 16 位推理
    [infer4] 4 位推理（int4）
    [lora] LoRA（16 位底座）
    [qlora] QLoRA（4 位底座）
    [full] 全参微调
   *[infer] { $quant } 推理
  }：目录里没有能放进 { $gb } GiB 的模型，最小的 { $model } 也要约 { $need } GiB。
fit-memory-basis = 依据：{ $context } token、单条序列、/fit 默认的框架（Transformers，训练开梯度检查点）；误差可能达到 ±{ $pct }%，接近 { $gb } GiB 的模型实际可能放不下。用 /fit <模型> 可以看单个模型的明细和能放下它的卡。

# 超出 SFT 的训练方法（vram::method，answer/fit_rl.rs）
fit-method-pairs = { $method }：chosen 与 rejected 在一次前向里一起跑（TRL 的训练器，ms-swift 和 LLaMA-Factory 也用它），所以 { $batch } 对样本就是 { $seqs } 条 { $context } token 的序列；ctx= 指一对里的一条序列，batch= 按对计数。
fit-method-kto = KTO：每个样本一条回答带梯度训练；它的 KL 批次和参考模型前向都不带梯度。
fit-method-reward = 奖励模型：用价值头给每条序列打分，不保留整张词表的 logits。
fit-method-grpo = GRPO：batch= 按每张卡上的回答条数计（{ $batch } 条；TRL 与 ms-swift 的口径），每个提示生成 { $generations } 条（generations=）；只有 { $context } token 序列里的 { $completion } 个生成 token 算 logits（completion=）。
fit-method-ppo = PPO（{ $trainer ->
    [swift] 按 ms-swift 的布局
   *[trl] 按 TRL 的布局
  }）：策略模型；一个和它一起训练的价值模型{ $value ->
    [full] ，全参数训练（即使策略用 LoRA，TRL 也整份训练它）
   *[adapter] ，在它自己的一份主干上挂 LoRA 训练（ms-swift 给它和策略相同的微调方式）
  }；一个冻结的奖励模型（每卡 { $reward } GiB）；策略先在卡上为每条提示生成 { $completion } 个 token。{ $gc ->
    [on] 按你说的，只在策略模型上开梯度检查点（两个训练器的 PPO 都不会自己打开它，价值模型也不开）。
   *[off] 不开梯度检查点：两个训练器的 PPO 都不会自己打开它（你的脚本给策略模型打开了就写 gc=on）。
  }写 trainer=swift 或 trainer=trl 换成另一种布局。
fit-rollout-hf = 采样：策略模型在训练卡上用 Transformers 的 generate 生成（它的 KV 缓存在计算损失的前向之前计入）；vLLM 跑在别的卡上用 rollout=separate，和训练共用这张卡用 rollout=colocate。
fit-rollout-separate = 采样：vLLM 或 LMDeploy 跑在单独的卡上（rollout=separate），训练卡上不占显存；若与训练共用这张卡，用 rollout=colocate。
fit-rollout-colocate = 采样：vLLM 与训练同卡（TRL 的 vllm_mode=colocate、未开 sleep 模式），整个训练期间占着这张卡的 gmu= 份额；rollout=separate 把它放到别的卡上。
fit-rollout-unsloth = 采样：Unsloth 的 vLLM 与训练中的模型共用权重，并把缓存限制在 gpu_memory_utilization 剩下的空间里，所以训练之外不再另加显存。
fit-ref-none = { $method } 不用参考模型。
fit-ref-grpo-default = 没有参考模型：TRL 的 GRPO 从 v0.19 起默认 beta=0.0，此时不加载参考模型；ms-swift 仍默认 beta=0.04 并保留参考模型（trainer=swift），旧版 TRL 也是如此（trl=0.18）；若你的 beta 大于 0，请加 ref=on。
fit-ref-off = 训练时没有参考模型（ref=off：对数概率已预先算好，即 precompute_ref_log_probs，或 GRPO 的 beta=0）。
fit-ref-copy = 参考模型：按加载时的精度冻结一份模型副本（最忙的卡上 { $gib } GiB），这是 TRL 全参数训练的做法；若对数概率已预先算好（precompute_ref_log_probs）或 GRPO 的 beta=0，用 ref=off。
fit-ref-adapter = 参考模型：关掉适配器的 LoRA 底座（TRL 的做法），不再多存一份权重；它的前向不带梯度。
fit-tuner-ranked = PEFT 微调方式 { $tuner }：{ $params } 个可训练参数，{ $unit ->
    [blocks] 每层 { $rank } 个块
   *[rank] 秩 { $rank }
  }（{ $rank_from ->
    [said] 按你的设定
    [swift] ms-swift 的默认值
   *[peft] PEFT 的默认值
  }），挂在 { $targets } 上（{ $targets_from ->
    [said] 按你的设定
    [swift] ms-swift 的默认值：所有线性层
   *[peft] PEFT 对 { $model_type } 的默认值
  }）；r= 改秩，targets= 改挂的层。16 位底座与 LoRA 一样保持冻结。
fit-tuner-unranked = PEFT 微调方式 { $tuner }：{ $params } 个可训练参数，挂在 { $targets } 上（{ $targets_from ->
    [said] 按你的设定
    [swift] ms-swift 的默认值：所有线性层
   *[peft] PEFT 对 { $model_type } 的默认值
  }）{ $unit ->
    [blocks] ，块大小 32（PEFT 的默认值；r=N 改为每层 N 个块）
   *[none] ；它没有秩，r= 不影响它
  }；targets= 改挂的层。16 位底座与 LoRA 一样保持冻结。
fit-tuner-fixed = PEFT 微调方式 { $tuner }：{ $params } 个可训练参数（ms-swift 的默认设置：每个 MLP 之后一个 128 宽的瓶颈层）；秩和目标层对它不适用。
fit-tuner-dense = { $tuner } 每次前向都会为每个适配层构造完整的 out × in 更新矩阵，反向传播要保留它：激活里多出 { $gib } GiB（{ $gc ->
    [on] 梯度检查点重算的那一层
   *[off] 不开梯度检查点时每一层都有
  }），同样秩的 LoRA 没有这部分。
fit-tuner-llamapro = LLaMA-Pro：新增 { $blocks } 个解码层（{ $params } 个参数）加入冻结的模型并全量训练，其梯度与 AdamW 动量均为 16 位；tuner=llamapro:N 设定层数。
fit-tuner-prefix = 前缀微调（P-Tuning v2）：{ $tokens } 个虚拟 token，训练每一层前缀的键和值（{ $params } 个参数，fp32，AdamW）；冻结的模型和激活按 LoRA 估算，但没有 LoRA 对输入的副本；tuner=prefix:N 设定 token 数。
fit-dora = DoRA：每个被包裹的矩阵多一个幅度向量，每层为它保留底座与适配器的输出，运行时还要算每个矩阵的权重范数（峰值 { $gib } GiB）；dora=off 按普通 LoRA 估算。
fit-no-bf16-infer = ⚠️ { $card } 不支持 bf16（计算能力 { $cc }，bf16 需要 8.0 及以上）：vLLM 在这张卡上拒绝 --dtype bfloat16，dtype 为 auto 时改用 fp16。权重同样每个两字节，上面的显存估算不变；以 bf16 训练的模型在 fp16 下可能溢出（大语言模型少见，留意 NaN 或空输出）。
fit-no-bf16-train = ⚠️ { $card } 无法用 bf16 训练（计算能力 { $cc }，bf16 需要 8.0 及以上）。可改用 fp16 混合精度加损失缩放（需要 fp32 主权重，显存比这里估算的多），或换一张计算能力 8.0 及以上的卡（A100、L4、RTX 30 系及更新）。
fit-no-bf16-image = ⚠️ { $card } 不支持 bf16（计算能力 { $cc }，bf16 需要 8.0 及以上）。{ $model } 以 bf16 发布；bf16 发布的流水线改用 fp16 运行曾出现数值溢出（NaN、全黑图像：FLUX 在 diffusers 截断激活值之前如此，FLUX Fill 之后仍有报告）。fp16 下可能能跑，也可能不行；计算能力 8.0 及以上的卡可按发布精度运行。
fit-cpu-moe = 专家卸载（llama.cpp 的 --cpu-moe / --n-cpu-moe）：{ $layers ->
    [0] 没有层被移走——这些层里没有路由专家，所有权重仍在显卡上。
   *[other] { $layers } 个 MoE 层的路由专家留在系统内存里（{ $ram } GiB，另加系统自身所需）；显卡上保留注意力、路由器、共享专家、输出头和 KV 缓存，处理提示词时每次只把一个专家张量复制进计算缓冲区。生成会变慢：这些专家要从内存读取或经 PCIe 传输。
}
fit-llamacpp-embedding = 词嵌入：llama.cpp（以及 Ollama）无论怎样设置卸载，都把它放在系统内存里（{ $ram } GiB，每个 token 只读取其中一行），不放在显卡上；{ $tied ->
    [yes] 这个模型的输出头与词嵌入是同一个矩阵，所以 llama.cpp 会在显卡上另存一份作为输出头（已计入上面的数字）。
   *[other] 显卡上保存的是输出头而不是词嵌入（上面的数字不含词嵌入）。
}
fit-error-cpu-moe = cpu-moe（llama.cpp 的 --cpu-moe / --n-cpu-moe）是在 llama.cpp 或 Ollama 推理时把 MoE 专家放进系统内存的选项，不适用于 { $value }。请加 engine=llamacpp，或去掉 cpu-moe。
fit-speed-cpu-moe = 速度：不做估算。专家放在系统内存时，每个 token 都要以内存（或 PCIe）的带宽读取它们，这取决于主机，而不是显卡。
fit-warn-mxfp4-dequantized = ⚠️ { $card } 的计算能力是 { $cc }：Transformers 只在 7.5 及以上保持 MXFP4 压缩格式，在这张卡上会把这些专家按 bf16 加载（上面已按此估算，约为 MXFP4 的四倍）。llama.cpp / Ollama 可以在这张卡上跑 MXFP4 的 GGUF（engine=llamacpp）。
fit-warn-sdpa-math = ⚠️ { $card } 的计算能力是 { $cc }：PyTorch 在 8.0 以下没有支持 bf16 的融合注意力内核，Transformers 默认的注意力（sdpa）会退回到 math 实现，视觉编码器会把对整张图片的注意力分数按 fp32 整块保存，每个分数每个头约 13 字节（上面已按此估算）。改用 fp16 加载模型，这张卡就能用 memory-efficient 内核。
fit-warn-vision-sdpa-3d = ⚠️ Transformers { $release } 用默认注意力（sdpa）运行 Qwen2-VL / Qwen2.5-VL 的视觉编码器时传入的是三维张量，PyTorch 的融合内核不接受，于是在任何显卡上都会退回到 math 实现，一次性保存这批图片全部 { $patches } 个 patch 之间的注意力分数，约 { $gib } GiB（上面已按此估算）。升级到 Transformers 4.51 及以上、设置 attn_implementation="flash_attention_2"，或调小 max_pixels，都能避免。
fit-note-fp32-rest = ℹ️ 以 fp32 作为模型的数据类型加载：嵌入层、归一化层和格式未量化的输出头都以 fp32 存放（比 16 位多 { $gib } GiB），KV 缓存也是 fp32（上面已按此估算）。改用 float16 或 bfloat16 加载可省下这部分。
fit-note-exllama-v1 = ℹ️ Transformers { $release } 默认用 AutoGPTQ 的 ExLlama（v1）内核运行 4 位 GPTQ 模型，它在每张卡上常驻一块缓冲区，存放反量化成 fp16 的最宽矩阵：{ $gib } GiB（上面已按此估算）。若模型量化时启用了激活重排序（desc_act），每张卡还要为 2048 行输入多留 { $state } GiB；exllamav2=on 则改按 ExLlamaV2 的暂存区估算。
fit-note-gptq-int3 = ℹ️ 按 3 位 GPTQ（gptq-int3）估算：解码层矩阵每个权重 { $bits } 位，即 3 位数值，加上每 { $group } 个权重一组的 16 位缩放系数和 3 位零点（GPTQ-for-LLaMa 与 AutoGPTQ 的打包方式）。不分组量化的检查点约为 3.0 位，略小一些。
fit-warn-rope-per-layer = ⚠️ Transformers { $release } 会在每个注意力层里各建一份这个模型的 RoPE 表（覆盖它支持的全部位置的 cos 和 sin），除权重外总共约 { $gib } GiB（上面已按此估算）。之后的版本改为全模型共用一份：Llama 从 4.41、Mistral 从 4.42、Qwen2 从 4.45 起。
fit-warn-tgi-masked-prefill = ⚠️ TGI { $release } 以带视觉塔的方式加载 Gemma-3：启动预热会用 { $tokens } 个 token 加一张图片做一次 prefill，而 3.3 之前带图片的 prefill 会用一整块注意力掩码走 PyTorch 的 math 实现，每张卡要按 fp32 保存一层的注意力分数，约 { $gib } GiB（上面已按此估算）。TGI 3.3 及以后改用 flashinfer 做这次 prefill；调小 max-input-tokens / max-batch-prefill-tokens 也能让它变小。
fit-warn-vllm-awq-split-k = ⚠️ vLLM { $release } 不论序列多长，AWQ 的每一层都走 llm-awq 的 split-K 矩阵乘：启动时 { $tokens } 个 token 的显存预估会先保存最宽那层（合并后的 gate/up 投影）的 8 份 16 位部分结果再求和，每张卡约 { $gib } GiB（上面已按此估算）。vLLM 0.3.0 及以后在一次 256 个 token 以上时改为先反量化再相乘；调小 max-model-len 也能让它变小。
fit-warn-vllm-mrv2-sampler = ℹ️ vLLM { $release } 用 Model Runner V2 运行这个模型，它启动时的显存预估采样时不做 top-k / top-p：KV 缓存因此比 V1 运行器的预估多拿到每张卡约 { $gib } GiB；满批请求用 top-k / top-p 采样时，还要在 vLLM 的份额之外再用这 { $gib } GiB（上面已计入）。若负载下显存不足，请调小 --max-num-seqs 或 gpu_memory_utilization（gmu=），或以 VLLM_USE_V2_MODEL_RUNNER=0 启动。
fit-warn-vllm-mrv2-load = ⛔ 按这个估算，vLLM 能启动，但负载下会显存不足：它的份额（{ $util }）会被 KV 缓存填满，卡上其余的 { $room } GiB 要放下 CUDA 上下文、CUDA 图，以及满批请求做 top-k / top-p 采样时比启动预估多用的 { $gib } GiB（共 { $needs } GiB）。设 gmu={ $share } 或调小 --max-num-seqs 可以留出这部分，以 VLLM_USE_V2_MODEL_RUNNER=0 启动也可以。
fit-error-mxfp4-vllm = vLLM 不能在 { $card } 上加载 MXFP4（计算能力 { $cc }，需要 8.0 及以上）。这张卡上可以用 llama.cpp / Ollama 跑 MXFP4 的 GGUF（engine=llamacpp），Transformers 从 7.5 起也保持 MXFP4（engine=transformers）。
fit-error-exl2-bpw = EXL2 的大小取决于每个权重的位数，这是转换时选定的：请写成 exl2-4.65bpw（或 4.65bpw，命令行用 --bpw 4.65）。
fit-error-exl2-scope = EXL2 文件只能用 ExLlamaV2（TabbyAPI、text-generation-webui）做推理，ExLlamaV2 也不能训练；不支持 { $value }。微调请用 bf16（LoRA）或 nf4（QLoRA）；vLLM 或 llama.cpp 请用它们的格式（awq、gptq、q4_k_m）。
fit-error-media-unsized = “{ $model }”是图像/视频生成模型（{ $family }），我还估算不了：它的去噪网络、文本编码器和 VAE 都不在我的数据里，按名字里的参数量当成大语言模型来算会是错的。我能估算的图像/视频模型有 flux.1-dev、sdxl、sd3.5-large、wan2.1、hunyuanvideo 等。
fit-error-tuner-targets = PEFT 对这个模型没有 { $tuner } 的默认目标模块（它按模型类型给出的映射里没有这一项，PEFT 自己也会报错要求指定 `target_modules`），我不猜它挂在哪些层上。请写明：targets=qv、targets=attn、targets=mlp、targets=all，或列出模块，如 targets=q_proj,v_proj。
fit-warn-vision-images-v0 = ℹ️ vLLM V0 启动时的显存预估会在每条虚拟请求里放 { $images } 张这样的图片{ $given ->
    [yes] ，按 images_per_prompt= 的设定（即 vLLM 的 --limit-mm-per-prompt）。
   *[no] ，即 vLLM 的默认上限；服务允许每条请求带更多图片时，写 images_per_prompt=N（即 vLLM 的 --limit-mm-per-prompt image=N）按实际上限估算。
  }
fit-warn-vision-image = ℹ️ vLLM 启动时的显存预估会编码处理器允许的最大图片：{ $pixels } 像素，{ $tokens } 个图像 token{ $given ->
    [yes] ，按 max_pixels= 设定的上限（即 vLLM 的 mm_processor_kwargs）。
   *[no] ，即处理器自身的上限；写 max_pixels=1048576（vLLM 的 mm_processor_kwargs）可按更小的上限估算。
  }
fit-warn-vision-video = ℹ️ 这个模型的处理器也支持视频：在 max_model_len { $ctx } 下，由这种图片组成的 { $frames } 帧视频有 { $tokens } 个 token（视觉编码器要处理 { $patches } 个图块），比一张图片多，所以 vLLM V1 启动时的显存预估改为编码这段视频，这里也按它估算。写 videos=0（即 vLLM 的 --limit-mm-per-prompt video=0）或缩短 ctx=，就只按一张图片估算。
fit-warn-vision-encoder-dp = ℹ️ 用 --mm-encoder-tp-mode data 时，{ $ranks } 个张量并行进程各自保存完整的视觉编码器，各自完整编码分到的图片：启动预估里那张最大的图片会整张落在一个进程上，而且每个进程都要汇集所有进程的图像输出。最忙的那张卡按此估算；默认的 weights 模式会像语言模型一样切分视觉编码器。
fit-warn-vllm-v0-tiled = ⚠️ vLLM V0 启动 Llama-3.2-Vision 时的显存预估，会为它可能同时处理的每条序列各编码一张 4 块切图的图片（max_num_seqs { $seqs }）：在权重之外还要 { $gib } GiB。写 seqs={ $few }（即 vLLM 的 --max-num-seqs）可降到 { $few_gib } GiB；默认的 256 正是这类服务启动即爆显存的原因（vllm#9445）。
fit-warn-ollama-projector = ℹ️ Ollama 会把视觉投影器作为单独的 16 位文件加载到第一张卡上（{ $weights } GiB，与文本模型的量化无关），并为其计算图预留 { $graph } GiB：对最大图片所有切块一次性做注意力（这是 Ollama 自己的估算，也就是 `ollama ps` 显示的数）。
fit-warn-ollama-ps = ℹ️ Ollama 自己的估算（它的 llm/memory.go 公式，按 ollama@000ce020 读取；即 `ollama ps` 的 SIZE 一栏）：{ $size }（{ $gib } GiB），num_ctx { $ctx } × { $parallel } 个并发槽（KV { $kv } GiB，每张放了层的卡各预留 { $graph } GiB 计算图）{ $card ->
        [yes] ，{ $spill ->
            [yes] { $cpu }%/{ $gpu }% CPU/GPU
           *[other] 100% GPU{ $tight ->
                [yes] ，但离显卡容量不到这个估算的 ±{ $margin }%：Ollama 0.12 及以后改为实测布局，可能把一部分放到 CPU 上
               *[other] {""}
            }
        }
       *[other] {""}
    }。这是 Ollama 自己算的总和（权重、缓存、每张卡的计算图和一层备用空间），它据此决定把多少层放到显卡上，并不是显卡实际占用：上面的数字是 llama.cpp 实际分配的缓冲区，也就是 nvidia-smi 显示的数。0.11 之前的 Ollama 在放得下时会自动开 4 个（0.6.0 及以前）或 2 个（0.6.8 到 0.7）并发槽，每个槽都占满整个上下文：用 OLLAMA_NUM_PARALLEL 固定它。
fit-warn-ollama-measured = ℹ️ Ollama 自己的数字（即 `ollama ps` 的 SIZE 一栏），按 0.11.11 起 Ollama 引擎的布局方式计算（按 ollama v0.13.3 和 v0.13.4 的源码读取）：{ $size }（{ $gib } GiB），num_ctx { $ctx } × { $parallel } 个并发槽：全部权重（视觉塔保持 16 位）、KV { $kv } GiB，再加一块 { $graph } GiB 的计算缓冲区，取它加载时预留的几张计算图中最大的一张：一整批文本，或一张 2048×2048 的测试图按该版本的像素上限缩放后（0.13.3 及以前约 100 万像素，0.13.4 起 200 万像素）的视觉计算图，其中视觉注意力为每一对图块都保留一份 fp32 分数。这是 Ollama 自己算的总和，不是 nvidia-smi 显示的数：上面的数字是 llama.cpp 的。
fit-warn-ollama-spill = ❌ 用 Ollama 时：它的估算超出了 { $several ->
        [yes] { $cards } 张 { $card }（每张 { $free } GiB）
       *[other] { $card } 的 { $free } GiB
    }，所以 Ollama 会把 { $layers } 层中的 { $cpu_layers } 层放到 CPU 上（`ollama ps` 会显示 CPU/GPU 分摊），速度变慢。减少上下文长度、换更小的量化或 q8_0 缓存（需开 FlashAttention）、或换卡，才能全部放在 GPU 上。
fit-warn-ollama-unknown = ℹ️ 这种架构还没有对 Ollama 自己的估算建模（`ollama ps` 显示的数，以及它是否把层放到 CPU 上）：这里只给出 llama.cpp 的数字，也就是显卡实际占用。
fit-warn-vision-eager = ℹ️ 使用 eager 注意力时，视觉编码器会一次性保存一层在一次注意力计算中的分数：{ $tokens } 个图像 token（一张图片；Transformers 4.53 之前是整个批次的所有图片一起算），同时占 { $gib } GiB（FlashAttention 可避免；max_pixels= 可把图片限小）。
fit-note-vit-train = ℹ️ 训练中的视觉塔：每个样本 { $patches } 个图块（由 max_pixels=、images=、video_frames= 决定；图像 token 不超过序列长度），整个批次在卡上占 { $gib } GiB —— { $trained ->
    [yes] 视觉塔参与训练（train_vit=on）
   *[no] 视觉塔冻结（默认；若要训练它请写 train_vit=on）
}，{ $gc ->
    [yes] 视觉塔自身的梯度检查点开启（只保留每层输入；训练视觉塔时 vit_gc=off 会保留每层全部张量）
   *[no] 视觉塔自身的梯度检查点关闭（vit_gc=on 只保留每层输入）
}。
fit-warn-chatglm-eager = ℹ️ 该模型运行仓库自带代码（modeling_chatglm.py）。使用 eager 注意力（torch 2.0 以前该代码只能这样算）时，每一层都会对整段提示算出完整的注意力分数：{ $tokens } 个 token，同时占 { $gib } GiB（每个分数每个头 { $bytes } 字节：16 位分数及其缓冲区、经缩放和掩码的 fp32 副本、fp32 softmax 及其 16 位转换）。torch 2.0 及以上该代码改用 SDPA，不占这部分显存。
fit-warn-chatglm-torch = ℹ️ 按 torch 2.0 及以上估算：此时该模型自带代码（modeling_chatglm.py）调用 SDPA。torch 更旧时，同一份代码会为每一层算出整段提示的完整注意力分数：在 { $tokens } 个 token 时要多占 { $gib } GiB（每个分数每个头 { $bytes } 字节）；attn=eager 可按此估算。
fit-warn-alibi-bias = ℹ️ 该模型自带代码（modeling_baichuan.py）把 ALiBi 位置编码做成一整块偏置：先为全部 { $heads } 个头生成一份“token × token”的偏置并一直保留，再为每条序列加上填充掩码得到一份求和结果，每一层都要留到反向传播结束：在 { $tokens } 个 token 时共 { $gib } GiB，已计入激活。它随长度的平方增长，与注意力算子无关；没装 xformers 时，同一份代码还会为每一层算出完整的注意力分数（attn=eager 可按此估算）。
fit-warn-alibi-eval = ℹ️ 推理时该模型自带代码（modeling_baichuan.py）不走融合算子，attn= 设成什么都一样（它的 xformers 分支只在训练时启用）：每一层都要算出完整的注意力分数，{ $heads } 个头在 { $tokens } 个 token 时占 { $scores } GiB，已计入激活；ALiBi 位置编码还会从第一次请求起常驻一块 future_mask 偏置缓冲，占 { $buffer } GiB，已计入额外开销。两者都随长度的平方增长。
fit-warn-unsloth-fp32 = ℹ️ 这张卡不支持 bf16：Unsloth 会用 float32 混合精度训练这个模型，并在加载时把权重转成 float16，转换时嵌入层会短暂存在两份；PyTorch 会把多出的 { $gib } GiB 留在缓存里（nvidia-smi 能看到；显存不够时会先释放，所以判断能否放下时不计入）。
fit-warn-qat = ℹ️ 量化感知训练（{ $scheme }，即 Unsloth 的 `qat_scheme` 所用的 torchao 伪量化）：每次前向都会为每个权重生成一份伪量化副本，计算时先把整个矩阵转成 fp32；输出层的副本加上 fp32 中间结果，在算损失时最多多占 { $gib } GiB{ $untied ->
    [yes] ；int8-int4 还会先把共享的嵌入层和输出层拆开，多出一个“词表 × 隐藏维度”的矩阵，已计入（全参微调时它也参与训练）
   *[no] {""}
}。不加 `qat=` 时，同样的训练需要的显存更少。
fit-warn-qat-unsized = ℹ️ 量化感知训练（{ $scheme }）只对 16 位或 fp32 模型的 LoRA 和全参微调估算（Unsloth 只对 16 位权重做伪量化）；本次估算没有计入它。

# 按显存大小判断一个模型（answer/fit_vram.rs）
fit-vram-verdict = { $verdict ->
    [fits] ✅
    [tight] ⚠️
    [short] ⚠️
    [starts] ⚠️
    [pool] ⚠️
    [refused] ❌
   *[no] ❌
  } { $cards ->
    [1] 一张 { $gb } GB 的卡
   *[other] { $cards } 张 { $gb } GB 的卡
  }{ $verdict ->
    [fits] 放得下：每张卡需要 { $need } GiB，还剩 { $margin } GiB
    [tight] 很紧：每张卡需要 { $need } GiB，剩 { $margin } GiB，但在本估算 ±{ $pct }% 的误差范围内
    [short] 很紧：每张卡需要 { $need } GiB，按估算差 { $margin } GiB，仍在本估算 ±{ $pct }% 的误差范围内；可能跑得起来，但别指望
    [starts] 上 vLLM 能启动：KV 缓存池至少装得下一个满长度的请求，但装不下所有请求同时跑（见下）
    [pool] 上 SGLang 能启动，但 KV 缓存池比这个任务要的小（见下）
    [refused] 上 SGLang 能启动，但会拒绝这个请求：KV 缓存池装不下这么长的提示词（见下）；整个任务每张卡需要 { $need } GiB，还差 { $margin } GiB
   *[no] 放不下：每张卡需要 { $need } GiB，还差 { $margin } GiB
  }；{ $card ->
    [none] 目录里没有哪张 { $gb } GB 的卡有驱动实测容量，所以按显存颗粒的 { $usable } GiB 计算。
   *[other] 目录里最紧的 { $gb } GB 卡是 { $card }，留给任务 { $usable } GiB：在它上面放得下，目录里每张 { $gb } GB 的卡都放得下。
  }
fit-vram-roomier = 留给任务更多显存的 { $gb } GB 卡放得下：{ $list }。{ $tight ->
    [yes] 带 ⚠️ 的只在估算误差之内放得下（偏紧）。
   *[no] {""}
  }{ $unread ->
    [yes] 没有驱动实测容量的卡，按标称容量当作 GiB 显存颗粒计算。
   *[no] {""}
  }
fit-vram-size-unknown = 目录里没有显存为 { $gb } GB 的卡，没有卡可以拿来判断。目录里的卡有这些显存大小（GB）：{ $sizes }。
fit-vram-card-size = { $card } 的显存是 { $card_gb } GB，不是 { $gb } GB：请只写卡名，或只写显存大小（/fit <模型> { $gb }gb）。
fit-vram-image-basis = 按一张 { $gb } GB 的卡判断：{ $card ->
    [none] 目录里没有哪张 { $gb } GB 的卡有驱动实测容量，所以按显存颗粒的 { $usable } GiB 计算。
   *[other] 目录里最紧的 { $gb } GB 卡是 { $card }，留给任务 { $usable } GiB；在它上面放得下，目录里每张 { $gb } GB 的卡都放得下。
  }

# 检查点声明一种格式、专家另存一种格式（vram::declared_quant）。
fit-note-declared-quant = ℹ️ 该模型的检查点对整个模型声明为 { $typed }，但路由专家实际以 FP4 存储；SGLang 和 vLLM 按发布的原样加载，所以 { $typed } 按官方发布的检查点估算（专家为 { $stored }，其余按原样）。
fit-note-qlora-gptq-int8 = ℹ️ 按在冻结的 GPTQ-Int8 检查点上做 LoRA 来估算：标准的 QLoRA 在 4 位底座上训练，但通义千问和 ms-swift 的脚本把在 -Int8 GPTQ 模型上做 LoRA 也叫作“Q-LoRA”。适配器以 16 位训练，Int8 底座保持冻结、逐层反量化，按 lora gptq-int8 估算。
fit-note-zero-init-fp32 = ℹ️ 训练器既未开启 fp16 也未开启 bf16 时，DeepSpeed ZeRO-3 在加载时（zero.Init）会把模型建成 fp32，与检查点本身的精度无关：这个 { $typed } 检查点按 fp32 模型估算（权重、梯度、优化器状态和激活都是 fp32）。在训练器中开启 bf16 或 fp16（autocast=on）即可保持 { $typed } 加载，所需显存少得多。
fit-note-online-quant-load = ℹ️ 服务会在加载时把这个 16 位检查点现场量化成 FP8：{ $way ->
    [whole] 每张卡先把自己那份 16 位权重整份放上显卡，再逐层量化（SGLang；vLLM 0.12 及更早）
    [both] 加载结束前，每张卡同时留着 16 位权重和已量化的 FP8 副本（vLLM 0.13 和 0.14）
   *[layer] 每次只加载并量化一层（vLLM 0.15 及以后）
  }，所以加载最高峰时每张卡要占 { $gib } GiB。{ $sets ->
    [yes] 决定这次任务显存峰值的是这一步加载，而不是运行中的服务：改用已存成 FP8 的检查点（名字带 -FP8 的仓库）或 vLLM 0.15 及以后的版本就能避开。
   *[no] 运行中的服务需要的显存比这还多。
  }
fit-note-mxfp4-backend-unknown = ℹ️ 没有指定显卡：vLLM 会按显卡所用的 MoE 内核给 MXFP4 专家补齐尺寸（A100、L40S 和 RTX 50 系列用 Marlin，H100 和 H200 用 Triton，B200 用 FlashInfer），所以这里的权重按补齐最多的方式（B200）计算；下面的显卡列表按每张卡自己的方式计算。
fit-note-nvfp4-marlin = ℹ️ { $card }（计算能力 { $cc }）没有原生 FP4 内核：原生 FP4 只在 Blackwell 上（10.0 和 12.0，如 B200、RTX 50 系列、RTX PRO 6000）。vLLM 在这张卡上用只量化权重的 Marlin FP4 内核运行 NVFP4，权重占用的显存和上面算的一样，但速度比 Blackwell 卡慢。
fit-warn-nvfp4-no-kernel = ⚠️ vLLM 在 { $card }（计算能力 { $cc }）上没有可用的 NVFP4 内核：原生 FP4 需要 Blackwell（10.0 及以上），Marlin 回退也要 8.0 及以上，所以服务会报错 "No valid NVFP4 GEMM backend found" 并退出。这张卡请改用这个模型的 AWQ / GPTQ 或 GGUF 版本。
fit-note-nvfp4-scope = ℹ️ 按这个模型已发布的 NVFP4 权重计算：只有 MLP 矩阵是 4 位；注意力投影（{ $kept_b }B 参数）、嵌入层、视觉塔和输出头仍是 16 位。
fit-note-name-format = ℹ️ 从模型名读到的格式（{ $words }）：按 { $quant } 估算，即该检查点实际存储的权重。要估算别的文件，请写明另一种格式。
fit-note-name-overridden = ⚠️ 模型名表明是 { $named }（{ $words }），但你指定了 { $typed }：按你指定的 { $typed } 估算。该仓库存的是 { $named } 权重，{ $typed } 是该模型的另一个检查点。
fit-note-name-mlx = ⚠️ 这是 MLX 检查点：MLX 只在苹果芯片上运行（mlx-lm），没有任何 CUDA 推理引擎能加载它。这里按同一模型、相同位数的 CUDA 格式（{ $quant }，即 AWQ/GPTQ/bitsandbytes）估算：租 GPU 请换用这类检查点，MLX 版本请用 Mac 运行。
fit-note-name-no-kernel = ⚠️ { $engine } 没有模型名所示格式（{ $quant }）的计算内核，这个文件在它上面加载不了。llama.cpp 只加载 GGUF，ExLlamaV2 只加载 EXL2；请换用能加载它的引擎，或换成 { $engine } 支持的格式的检查点。
fit-note-mtp = ℹ️ MTP 投机解码（每步草拟 { $drafts } 个 token）：vLLM 会在模型旁加载检查点自带的 { $layers } 层 MTP，按 16 位计算（每张卡 { $gib } GiB；词嵌入和输出头与主模型共用）；每层草稿的注意力在同一个 KV 池里每个 token 多占一层 KV，所以池子能装的 token 会少一些。
fit-note-mtp-fp8 = ℹ️ MTP 投机解码（每步草拟 { $drafts } 个 token）：vLLM 会用检查点自己的 FP8 量化配置在模型旁加载它自带的 { $layers } 层 MTP，所以这一层的矩阵和主模型一样是 FP8，只有拼接投影、归一化和路由器是 16 位（每张卡 { $gib } GiB；词嵌入和输出头与主模型共用）；每层草稿的注意力在同一个 KV 池里每个 token 多占一层 KV，所以池子能装的 token 会少一些。
fit-note-mtp-unknown = ℹ️ MTP 投机解码（每步 { $drafts } 个 token）：目录里不知道这个模型的检查点带几层 MTP，草稿部分没有计入；以上数字只算了主模型。
fit-vllm-started = 刚启动、还没处理第一个请求时，nvidia-smi 每张卡大约显示 { $started } GiB：vLLM 在分配 KV 缓存之前，会把启动时试跑占用的 { $profile } GiB 激活显存还回去；满批次运行时又会重新占用。
