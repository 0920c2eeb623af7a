# Discord 前端：斜杠命令的名称与选项，以及按钮提示。
discord-button-outdated = 这个按钮来自旧版本的机器人，请用 /pick 重新开始。
discord-form-outdated = 这个表单来自旧版本的机器人，请重新运行命令。
discord-not-your-buttons = 这些按钮属于别人的对话，你可以用 /pick 开始自己的。
discord-already-answered = 这条已经回答过了。
discord-still-limited = 你的请求仍然太多了，请稍等一会儿再试。（/help、/lang 和 /cancel 仍可随时使用。）

# 斜杠命令名称（中文用户在 Discord 里看到的命令名）。
discord-name-start = 开始
discord-name-help = 帮助
discord-name-pick = 选卡
discord-name-fit = 显存
discord-name-cost = 费用
discord-name-compare = 比价
discord-name-convert = 换算
discord-name-tco = 租卡还是api
discord-name-gpu = 显卡
discord-name-gpus = 显卡列表
discord-name-platform = 平台
discord-name-stock = 库存
discord-name-platforms = 平台列表
discord-name-models = 模型列表
discord-name-trial = 试用记录
discord-name-lang = 语言
discord-name-back = 返回
discord-name-cancel = 取消

# 斜杠命令选项：名称，以及该填什么。
discord-opt-model = 模型
discord-opt-model-about = 模型，例如 qwen2.5-7b，或参数量如 7b
discord-opt-quant = 量化
discord-opt-quant-about = 量化方式（默认用模型常用的精度）
discord-opt-task = 任务
discord-opt-task-about = 用途：推理还是微调
discord-opt-gpu = 显卡
discord-opt-gpu-about = 显卡型号，例如 4090 或 h100 sxm
discord-opt-cards = 卡数
discord-opt-cards-about = 用几张卡
discord-opt-ctx = 上下文
discord-opt-ctx-about = 上下文长度，例如 32k
discord-opt-batch = 批量
discord-opt-batch-about = 同时处理几条序列
discord-opt-more = 其他参数
discord-opt-more-about = 其他设置，照平时输入的写，例如 boot=3m engine=vllm
discord-opt-needs = 需求
discord-opt-needs-about = 你的要求，例如 支付宝 免实名 按秒 国内
discord-opt-platform = 平台
discord-opt-platform-about = 平台，例如 autodl 或 runpod
discord-opt-duration = 时长
discord-opt-duration-about = 任务要跑多久，例如 40m 或 3h
discord-opt-usage = 用法
discord-opt-usage-about = 跑一次（3h）、每天固定时长（daily 4h）或常开（always）
discord-opt-price = 价格
discord-opt-price-about = 带币种和单位的价格，例如 0.0007 usd/s
discord-opt-to = 换算成
discord-opt-to-about = 目标单位，可加币种，例如 hour 或 hour cny
discord-opt-tokens = 每日token
discord-opt-tokens-about = 每天的 token 量，例如 20m
discord-opt-api_price = api单价
discord-opt-api_price-about = API 每百万 token 的价格，例如 0.3
discord-opt-wall_time = 实际用时
discord-opt-wall_time-about = 试用实际花了多长时间，例如 1h20m
discord-opt-cost = 花费
discord-opt-cost-about = 花了多少钱，例如 ¥3.1
discord-opt-card_hours = 卡时
discord-opt-card_hours-about = 账单上计费的卡时（如果有）
discord-opt-language = 语言
discord-opt-language-about = en（英文）或 zh（中文）

discord-task-inference = 推理
discord-task-lora = LoRA 微调
discord-task-qlora = QLoRA 微调
discord-task-full = 全量微调

# 分项拆解的嵌入字段（/fit 的显存构成）。
discord-field-weights = 权重
discord-field-kv = KV 缓存
discord-field-activations = 激活
discord-field-optimizer = 梯度与优化器
discord-field-overhead = 额外开销
discord-field-total = 合计
discord-field-per-card = 占用最多的卡
discord-field-gib = { $gib } GiB
discord-unreadable = 这条消息没能读懂：Discord 发来的格式这个版本的机器人还不认识。请重新运行斜杠命令，或者直接打字提问。
discord-cannot-post-in-channel = 我没法在那个频道回答你：我没有在那里发消息的权限（需要“查看频道”“发送消息”和“嵌入链接”）。服务器管理员可以在频道设置里给我这些权限，你也可以直接在这里问我。
discord-reply-words-withheld = 回复我时如果没有提及我，我看不到回复的内容：只有回复里@了我，Discord 才会把文字发给我。请打开“提及”再回复一次，或者发一条新消息@我，也可以用斜杠命令，例如 /gpu 4090。
discord-buttons-owner-unknown = 这些按钮对应的提问已被删除，我无法确认它们属于谁，而你目前没有进行中的 /pick。可以发送 /pick 开始自己的。
