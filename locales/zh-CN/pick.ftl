pick-step = 第 { $n } 步，共 { $total } 步
pick-at-first-step = 已经是第一步了，没有上一步可返回。
pick-step-reopened = 好，回到这一步重新选，选好后从这里接着往下走。
pick-finished = 完成，祝试跑顺利！随时可以用 /pick 重新开始。
pick-none-active = 这里没有进行中的 /pick 对话。
pick-cancelled = 已退出，其他数据没有改动；/pick 可以重新开始。
pick-quit-confirm = 要退出 /pick 吗？退出后已经回答的内容不会保留。如果你是想回答这一步的问题，点“不退出”再回答就行。
pick-quit-leave = 退出 /pick
pick-quit-stay = 不退出
pick-invalid = 这个回答我没法用，当前进度没有变。
pick-choice-taken = 已选第 { $n } 项：{ $label }
pick-choice-beyond = 这里没有第 { $n } 项：可选的是 1 到 { $count }。
pick-hint-task = 点选三种任务之一，或者用一句话描述任务（例如“用 LoRA 微调 qwen2.5-7b，跑 3 小时”）。
pick-hint-model = 点选模型，或输入名称（qwen2.5-7b、Qwen/Qwen2.5-7B-Instruct）或参数量（13b）。
pick-hint-method = 点选一项，或输入格式，如 bf16、int8、awq、q4_k_m（训练可选 lora / qlora / full）。
pick-hint-context = 点选上下文长度，或直接输入，如 16k、8192。
pick-hint-concurrency = 点选高峰时同时进行的对话数，或直接输入数字，如 8。
pick-hint-usage = 输入时长（40分钟、3h）、“每天4小时”或“一直在线”，也可以点选。
pick-hint-card = 点选显卡，或输入如“4090”“2x a100”。
pick-hint-barriers = 点选需求来开关，输入“预算 50”设定预算，最后点“完成”。
pick-hint-result = 点“试跑计划”继续，或用 /back 修改之前的回答。
pick-hint-trial = 点“结束”完成，或用 /back 修改之前的回答。

pick-ask-task = 你要跑的是哪类任务？
pick-one-sentence = 先把任务写成一句话：跑什么模型、跑多久、要不要一直在线。写不出来说明还没想清楚，这时下单多半会买错规格。这句话也可以直接发给我，不用点按钮。
pick-task-exp = 短时实验 / demo（几分钟到几小时）
pick-task-tune = 微调 / 训练（几小时到几天）
pick-task-serve = 长期在线的推理服务（每天跑几小时或一直在线）

pick-ask-model = 跑哪个模型？点选，或输入名称，或输入参数量如 13b。
pick-ask-model-unsure = 拿不准？按规模挑：模型越小，能用的卡越便宜。
pick-model = { $name }
pick-model-size = { $name }（{ $b }B 参数）
pick-model-unsure = 不确定
pick-ask-method-quant = 用什么精度 / 量化？位数越低越省显存，效果会有些损失。
pick-ask-method-train = 打算怎么训？LoRA 只训练一个小适配器；QLoRA 还把底座压到 4 位；全参微调更新所有权重，显存要多得多。
pick-method = { $method ->
    [bf16] BF16（原始精度）
    [fp8] FP8
    [int8] INT8
    [awq] 4 位 AWQ
    [q4_k_m] GGUF Q4_K_M（llama.cpp）
    [mxfp4] MXFP4（专家部分 4 位，官方发布格式）
    [lora] LoRA（BF16 底座）
    [qlora] QLoRA（4 位底座）
    [full] 全参微调
   *[other] { $method }
  }
pick-ask-context = 序列有多长（输入加输出）？上下文越长，KV 缓存和激活占的显存越多。
pick-context = { $k }k tokens
pick-ask-concurrency = 高峰时同时有多少路对话？每一路都有自己的 KV 缓存，上下文长时，它比模型本身更决定要什么卡。
pick-concurrency = { $n ->
    [one] 一次一路
   *[other] 同时 { $n } 路
  }

pick-ask-usage = 要用多久、多频繁？
pick-usage-oneoff = 跑一次，{ $hours } 小时
pick-usage-daily = 每天 { $hours } 小时
pick-usage-always = 一直在线（挂服务）
pick-advice-short = 跑完就关的短任务，按秒计费通常最划算；但要看开机和拉镜像算不算钱，短任务里这部分占比很大。
pick-advice-hours = 几个小时的任务，按小时和按秒差不多，关键看最小计费单位和环境准备时间是否计费。
pick-advice-daily = 每天用几个小时：按小时计费并打开自动关机，免得忘关一直扣钱；包日包周只有真用满才划算。
pick-advice-always = 一直在线：包月（或更长）通常最便宜；按秒计费挂服务，管理成本更高。
pick-advice-api = 不是全天满载的服务，按 token 调 API 往往比租卡更省；租之前先用 /tco 算一下。

pick-fit-failed = 这个组合我估算不了显存，请 /back 换个模型或格式。
pick-fit-summary = { $model }（{ $method }）大约需要 { $total } GiB：权重 { $weights }，KV 缓存 { $kv }，激活 { $act }，优化器和梯度 { $optimizer }，额外开销 { $overhead } GiB{ $cache ->
    [yes] （nvidia-smi 看到的数）；其中必须分配在卡上的是 { $required } GiB，其余是 PyTorch 的缓存，显存紧张时会让出来。
   *[no] 。
  }
pick-no-card-fits = 目录里没有卡放得下，8 卡也不行。请 /back 换个小一点的模型或更低的精度。
pick-card-does-not-fit = ❌ { $cards }× { $gpu } 放不下这个任务：每张卡需要 { $need } GiB，而这张卡只有 { $vram } GiB。显存不够的配置我不给报价。
pick-card-alternatives = 放得下的卡：{ $cards }。点下面的选项，或输入别的卡。
pick-ask-card = 放得下的卡，按你这个任务的实际花费从低到高（已含隐性成本；卡数每翻一倍按贵 15% 排序，因为卡越多越容易出问题）：
pick-bandwidth-note = 生成 token 的速度受显存带宽限制，而不是算力：GB/s 越高，出字越快。
pick-pcie-multicard-note = ⚠️ 没有 NVLink 的多张卡只能走 PCIe 通信：张量并行时每一层都要等这条链路，所以两张卡远达不到两倍速度，消费级显卡还常常关掉了点对点通信。做长期服务，一张显存更大的卡通常更稳。
pick-card-option = { $cards } 张 { $gpu } — 每卡用 { $per_card } GiB / 共 { $vram } GB{ $tight ->
    [yes] （偏紧：在估算误差之内）
   *[no] {""}
  }，{ $bandwidth ->
    [unknown] 带宽未知
   *[other] 带宽 { $bandwidth } GB/s
  } — { $from ->
    [unknown] 价格未知
   *[other] { $from } 起
  }{ $floor ->
    [yes] （按“起”价算：只是最低配置的价格，实际可能更贵）
   *[other] {""}
  }

pick-ask-barriers = 上手需要什么条件？点选来开关，选好后点“完成”。输入“预算 50”可以设定这次任务的预算。
pick-budget-set = 预算：{ $per ->
    [day] 每天{" "}
    [week] 每周{" "}
    [month] 每月{" "}
   *[none] {""}
}{ $budget }
pick-need-web = { $state ->
    [on] ☑
   *[off] ☐
  } 浏览器里能用网页终端 / Jupyter
pick-need-img = { $state ->
    [on] ☑
   *[off] ☐
  } 有现成的框架镜像
pick-need-nrn = { $state ->
    [on] ☑
   *[off] ☐
  } 不需要实名认证
pick-need-pay = { $state ->
    [on] ☑
   *[off] ☐
  } 能用{ $method ->
    [alipay] 支付宝
    [wechat] 微信支付
    [card] 银行卡
    [crypto] 加密货币
    [bank_transfer] 对公转账
    [invoice] 对公账单
   *[other] { $method }
  }付款
pick-barriers-done = 完成

pick-result-title = { $cards } 张 { $gpu } 去哪租：
pick-usage-line-oneoff = 任务：跑一次 { $hours } 小时。
pick-usage-line-daily = 任务：每天 { $hours } 小时，按 30 天算。
pick-usage-line-always = 任务：一直在线，按一个月 730 小时算。
pick-result-none = 目录里还没有平台标出这张卡的价格。
pick-result-none-left = 这张卡已经没有平台可选：出租它的平台都因为你说的条件被排除了（见下）。可以 /back 换一张卡，或者改一下条件。
pick-cards-need-left-out = 没有列出：{ $cards }{ $count ->
    [1] {""}
    [2] {""}
    [3] {""}
   *[other] 等 { $count } 种卡
  }——出租这些卡的平台都已知不满足你的条件。
col-rank = #
col-job-cost = 任务总价
col-per-useful-hour = 每有效小时
col-barriers = 需求
pick-rule = { $platform }：{ $rule }
pick-stock-unknown = 库存：暂时未知，付款前请先到平台控制台确认。
pick-result-legend = 需求：终端 = 网页终端，镜像 = 预置镜像，免实名 = 不需要实名认证，支付 = 支付方式，地区 = 在你要的地区（中国大陆或以外），机房 = 在你要的地方有机房；✓ 满足，✗ 不满足，? 未知。* = 价格超过 30 天或没有日期。
pick-unverified-needs-lower = 未核实（排在已知满足全部需求的平台之后）：{ $platforms }。你的某项需求（?）在这些平台上无法核实，付款前请到其官网确认。
pick-invoice-ask = 你需要发票：我的资料里没有各平台能否开票的记录，充值前请先向平台确认。
pick-left-out = 已排除 { $count } 个已知不满足你某项需求的平台（{ $platforms }）。
pick-assumed-boot = 首次运行按开机 { $boot } 分钟、拉镜像 { $pull } 分钟估算，平台对这部分计费的才计入。
pick-over-budget = 最便宜的方案也超出了你的预算{ $per ->
    [day] ：每天 { $budget }（按任务计费的天数累计）
    [week] ：每周 { $budget }（按任务计费的周数累计）
    [month] ：每月 { $budget }
   *[none] {" "}{ $budget }
}。
pick-drop-tier = 降一档：{ $cards } 张 { $gpu } 也放得下，这个任务 { $cost } 起{ $floor ->
    [yes] （按“起”价算：只是最低配置的价格，实际可能更贵）
   *[other] {""}
  }。
pick-no-lower-tier = 没有更便宜的低一档显卡放得下这个任务。
pick-see-trial = 试跑计划

pick-trial-title = 加钱之前，先小额试跑：
pick-trial-topup = 1. 在 { $platform } 只充大约 { $amount }，够跑一次 { $hours } 小时的试跑就行。先验证网络、环境和显存。
pick-trial-min-topup = （这是平台的最低充值额。）
pick-trial-min-topup-is = （该平台的最低充值额是 { $amount }。）
pick-trial-cost-min-unknown = 1. 在 { $platform } 试跑一次 { $hours } 小时约需 { $amount }。该平台的最低充值额没有公开资料：付款前请到平台确认，按允许的最小金额充值。先验证网络、环境和显存。
pick-trial-topup-unknown = 1. 只充够跑一次的钱（这张卡暂无价格数据，没法帮你算具体金额）。
pick-trial-task-exp = 2. 跑你真实实验的简化版（同样的模型和数据，少一点样本），不要只跑一个最小示例。
pick-trial-task-tune = 2. 用一小部分数据跑几百步真实微调，看峰值显存，确认检查点能保存、能续跑。
pick-trial-task-serve = 2. 部署你的真实模型，按预期并发回放一批真实请求，观察延迟和显存。
pick-trial-record = 3. 记下从开机到跑完的耗时、卡时和实际扣费。
pick-trial-ledger = 然后告诉我：/trial <平台> { $gpu } <耗时> <花费>，我帮你折成统一单位，和标价对比。
pick-trial-switch = 4. 跑不通就换一家重复上面的步骤，别在跑不通的平台上继续加钱。
pick-trial-scale = 5. 跑通了再放大规模。
pick-subscribe-offer = 想在 { $name } 到货时收到通知，选下面的“有货时提醒我”或发送 /subscribe { $gpu }；付款前仍请到平台确认库存。
pick-done = 结束
pick-infer-which = 推理：是开一会儿就关的短时运行（实验、演示、批量跑一批），还是长期在线的服务？点选一个，或者说说要跑多久（例如“3 小时”“一直在线”）。
pick-unsure-task = 没关系：说说想跑什么模型、大概跑多久，我来归类；也可以先点“短时实验”从小处开始（之后可用 /back 修改）。
pick-took-default = 没有偏好：这一步按默认选项处理，想改可以用 /back。
pick-budget-bare = （预算没写币种，按{ $currency ->
    [CNY] 人民币（¥）
    [USD] 美元（$）
   *[other] { $currency }
  }计，也就是这次 /pick 显示价格用的币种；要换请写上 $ 或 ¥。）
pick-understood-paid = • 之前跑类似任务已付：{ $paid }
pick-paid-before = 你说之前跑类似任务付了 { $paid }。
pick-paid-vs-cheapest = 你说之前跑类似任务付了 { $paid }；这里这项任务最便宜的是 { $cheapest }{ $cheaper ->
    [yes] ，比你付的少。
   *[other] ，并不比你付的少：要省钱得从别处想办法（换小一点的卡、缩短时长）。
  }

pick-ask-pipeline = 用哪个图像或视频模型（管线）？点选或输入名称（sdxl、flux dev、wan2.1）。按官方发布的精度、默认尺寸出一张（一段）估算，和 /fit 的数一致。
pick-media-summary = { $name } 峰值大约需要 { $peak } GiB（{ $stage ->
    [text] 文本编码
    [decode] VAE 解码
   *[denoise] 去噪
  }阶段），按出一{ $kind ->
    [video] 段 { $width }×{ $height }、{ $frames } 帧的视频
   *[image] 张 { $width }×{ $height } 的图
  }、官方精度、不卸载到内存估算（和 /fit 一致）。
pick-media-train-unknown = 这个图像或视频模型的训练显存我估算不了：数据里没有它的层数（block 数），所以不给它排卡。可以直接输入你确定放得下的卡，或 /back 改成估算生成，或 /cancel 退出。
pick-media-train-summary = 在 { $name } 上训练 LoRA（rank { $rank }）峰值大约需要 { $peak } GiB：按 { $width }×{ $height } 分辨率、AdamW8bit、开启梯度检查点、先缓存 latent 和文本编码器输出（kohya / musubi-tuner 的默认做法）估算，和 /fit { $id } lora 一致；这是推算值，误差约 ±30%。
pick-understood-cap = • 每小时不超过 { $cap }（含隐性成本），作为上限：超过的不列
pick-cap-applied = 按每小时 { $cap } 的上限，去掉了 { $count } 个这个任务每小时更贵的选项。
pick-cap-none-under = 这个任务没有卡能在每小时 { $cap } 以内：全部列出，便宜的在前。
pick-cap-left-out = { $count ->
    [0] 没有平台超过你的上限。
   *[other] 超过你上限的 { $count } 个平台没有列出。
  }
pick-cap-none-under-result = 这里每个平台都超过你的上限：全部列出，便宜的在前。
pick-ask-hours-few = “几个小时”大概是几个？费用取决于它，我不猜：请输入具体时长，如 3 小时、5h。
pick-ask-people-few = “几个”大概是几个？高峰时每一路对话都要在卡上占一份显存，我不猜：请输入一个数，如 3 或 8。
pick-ask-half-day = “半天”是 4 小时（半个工作日）还是 12 小时？费用差三倍，我不猜：到时长那一步点选一个，或直接输入小时数。
pick-understood-exclude = • 不考虑 { $platform }
pick-excluded = 按你的要求没有列出：{ $platforms }。
pick-understood-users = • 给 { $users } 个人用
pick-users-peak = 你说有 { $users } 个人用：很少会同时在用。最忙的时候，同一分钟里有几个人在对话？
pick-understood-gpu-unfit = • 卡：{ $cards ->
    [1] { $name }
   *[other] { $cards } 张 { $name }
  } —— 按目前的设定（{ $media ->
    [yes] 这个图像或视频任务按官方设置
   *[other] { $method }，{ $context } 个 token：{ $need ->
        [unknown] 需要的显存比它多
       *[other] 每张卡要 { $need } GiB，它只有 { $vram } GiB
    }
  }）放不下这个任务；选卡那一步会列出放得下的卡{ $wide ->
    [yes] ，4 位量化也许能放下
   *[other] {""}
  }
pick-card-no-longer-holds = • 卡：{ $cards ->
    [1] { $name }
   *[other] { $cards } 张 { $name }
  } 按现在的设定（{ $method }，{ $context } 个 token：每张卡要 { $need } GiB，它只有 { $vram } GiB）已经放不下这个任务，先去掉了：请从下面放得下的卡里选一张
pick-understood-budget-day = • 预算：每天 { $budget }（长期服务和每天用的任务按一个月算，预算按天数累计；单次任务按它跨的天数累计）
pick-understood-budget-week = • 预算：每周 { $budget }（长期服务和每天用的任务按一个月算，预算按周数累计；单次任务按它跨的周数累计）
pick-understood-budget-month = • 预算：每月 { $budget }（长期服务和每天用的任务按一个月算；单次任务直接和它比）
pick-no-bf16-full = 未列出：{ $cards }——这些卡不支持 bf16（计算能力低于 8.0），而这里的全参微调按 bf16 估算。在这些卡上只能用 fp16 混合精度训练，fp32 主权重要比这里估算的多占显存。如仍想估算，可直接输入其中一张卡。
pick-no-bf16-lora = { $cards } 不支持 bf16（计算能力低于 8.0）：在这些卡上这个 LoRA 只能改用 fp16 混合精度（配合损失缩放）训练。显存占用相同，但以 bf16 训练的模型在 fp16 下可能数值溢出，要留意训练损失是否突然变成无效值。
pick-media-no-bf16 = 未列出：{ $cards }——这些卡不支持 bf16（计算能力低于 8.0），而 { $name } 以 bf16 运行；这类流水线改用 fp16 曾出现数值溢出（NaN、全黑图像）。如仍想估算，可直接输入其中一张卡。
pick-number-senses = “{ $word }”可能是 { $word } 小时，也可能是 { $word } 张卡，两种算出来的钱不一样。请带上单位再说一次（比如“{ $word } 小时”或“{ $word } 张卡”），这次什么都没改。
pick-number-ask = “{ $word }”可能是{ $option }，也可能是“{ $value }”，两种结果不一样，所以不猜：请点选一个。打字的话，选项请写“第 { $word } 个”，数值请带上单位。这次什么都没改。
pick-number-option = 第 { $n } 项（{ $label }）
pick-number-size = 参数量 { $b }B 的模型（只按大小估算）
pick-number-budget = 预算 { $amount } { $currency ->
    [CNY] 元
    [USD] 美元
   *[other] { $currency }
  }{ $per ->
    [day] （每天）
    [week] （每周）
    [month] （每月）
   *[none] （整个任务）
  }
pick-ask-till-tomorrow = “{ $said }”是从开始算几个小时？这取决于现在几点，我不知道，所以不猜：请输入小时数，如 12 小时、16h。
pick-ask-till-point = “{ $said }”是从开始算几个小时？我不知道你那边现在几点，所以不猜：请输入小时数，如 8 小时、20h；也可以把开始时间一起说（如晚上9点到早上7点）。
pick-read-span = • “{ $said }”：按 { $hours } 小时算（{ $from } 到{ $next ->
    [yes] 次日
   *[no] {""}
  } { $to }）；不对的话直接输入小时数
pick-ask-length-vague = “{ $said }”不是一个能计费的时长：大概几个小时？费用取决于它，我不猜：请输入一个数，如 1 小时、3h。
pick-budget-vague = “{ $said }”不是一个具体数字，没法拿来核对，所以预算没有设：想设的话请输入一个数，如 300。
pick-budget-unrated = “{ $said }”这种货币我没有汇率（只有美元和人民币），所以预算没有设：想设的话请用人民币（¥）或美元（$）说。
pick-card-kept = • 卡：{ $cards ->
    [1] { $name }
   *[other] { $cards } 张 { $name }
  }，是你之前说的（放不下这个任务的卡会去掉并告诉你），所以不再问选卡；想换可以用 /back
pick-range-top = • “{ $lo }–{ $hi }”是个范围：{ $kind ->
    [budget] 按上限 { $hi } 算，免得漏掉你能接受的选项
    [people] 按多的 { $hi } 路同时对话算，免得卡选小了
   *[hours] 按长的 { $hi } 小时算，免得账单算少了
  }；想按别的数算，直接说一个数
# 第一步用生活或产品的说法讲的目标（helper und_de）。
pick-goal-kinds = 这个目标可以是几种不同的任务：先短时实验试试模型、用自己的数据微调，或者做成一直在线给人用的服务。是哪一种？点下面的选项，或者连模型和时长一起说（例如“用 qwen2.5 7b 做服务，一直在线”）。
pick-goal-pictures = “图片”可能是三种任务：用文字生成新图（说“AI画图”，再选 sdxl、flux 等模型）、修改你自己的照片，或者用你的照片训练模型（训练图像模型这里算不出显存）。是哪一种？
pick-goal-speech = 语音转文字（或文字转语音）需要 Whisper 这类语音模型，目录里没有，所以这个任务和它要的卡我算不出来。如果之后的活是语言模型的（根据文字做总结或回答），请在下面选那一种。
pick-night-counted = • 没说几个小时的一晚按 8 小时算；实际不是的话直接发小时数
# 用作息说的时长（helper und_dr）：每天几小时、每周几天，按一周平均折成每天的时长。
pick-read-schedule = • “{ $said }”：每天 { $hours } 小时，每周 { $days } 天；按一周平均折合每天 { $share } 小时计费
pick-read-schedule-every-day = • “{ $said }”：每天 { $hours } 小时，按每周 7 天算；不是每天的话说一下一周几天（工作日、一周3天）
pick-ask-schedule-vague = “{ $said }”没有说多长时间，费用取决于它，我不猜：每天几个小时、一周几天？直接输入（如“工作日每天8小时”“3小时”），也可以点选。
# 相对另一个选项说的档次，但没说是哪一个（helper und_du）：问是从哪一个算起。
pick-rank-ask = 是比哪一个{ $up ->
    [yes] 高
   *[no] 低
  }一档？请直接点选，或者说出从哪一个算起（如“比第一张贵一档的”）。
# 在几天里总共跑多少小时（helper und_du）：按总时长跑一次计。
pick-read-total = • “{ $said }”：这些小时是那几天加起来的总时长，按跑一次、共这么多小时计，不按整天算
