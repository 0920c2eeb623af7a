welcome = 你好，我是 GPU Scout，帮你租到合适的显卡：先弄清任务要什么，再看各平台实际怎么计费，然后确认哪张卡放得下、现在有没有货，最后先小额试跑再加钱。
hint-help = 输入 /help 查看全部功能。
help-intro = 可用命令：
help-line = /{ $command } — { $description }
help-outro = 小贴士：拿不准就从 /pick 开始。价格是带日期的数据，不是承诺，看数字时请留意旁边的日期。
hint-not-a-command = 我只认命令，命令以 “/” 开头。
error-unknown-command = 没有 { $command } 这个命令。
error-missing-args = 这个命令还缺参数。
error-not-available-yet = 当前版本还不支持这个命令。
error-stale-choice = 这个按钮所属的对话已经结束了，请用 /pick 重新开始。
error-store = 抱歉，保存失败（{ $detail }）。数据没有改动，请再试一次。
lang-current = 当前语言：{ $lang }。
lang-set = 语言已切换为 { $lang }，之后我会用中文回答。
error-bad-lang = 无法切换到 “{ $value }”。
did-you-mean = 你是不是想找：{ $names_zh }？
error-gpu-not-found = 找不到名为 “{ $query }” 的显卡。
error-platform-not-found = 找不到名为 “{ $query }” 的平台。
error-model-not-found = 找不到名为 “{ $query }” 的模型。
hint-list-gpus = 用 /gpus 查看所有已收录的显卡。
hint-list-platforms = 用 /platforms 查看所有已收录的平台。
hint-list-models = 也可以直接给参数量，例如 /fit 13b q4_k_m。
note = 备注：{ $text }
source-line = 来源：{ $source }（{ $as_of }）

cmd-start = 简介
cmd-help = 显示本列表
cmd-pick = 一步步帮你选：这个任务该租什么
cmd-fit = 模型放不放得进显存
cmd-cost = 某个平台跑一次任务的实际花费
cmd-compare = 按同一任务给各平台排名
cmd-convert = 价格换算单位或币种
cmd-tco = 租卡自建还是按 token 调 API，哪个划算
cmd-gpu = 某张显卡的参数和挂牌价
cmd-gpus = 全部显卡
cmd-platform = 某个平台的计费规则和上手门槛
cmd-platforms = 全部平台
cmd-trial = 记录一次试跑的真实花费
cmd-lang = 切换语言（en / zh）
cmd-back = /pick 中返回上一步
cmd-cancel = 退出当前的 /pick

usage-start = 用法：/start
usage-help = 用法：/help
usage-pick = 用法：/pick，或者把任务写在后面一起发（例如 /pick 用lora微调qwen2.5-7b 跑3小时 只有支付宝），然后回答剩下的步骤（点按钮或直接输入都行；每一步都可以 /back 返回、/cancel 退出）。
usage-fit = 用法：/fit <模型> [量化] [任务] [ctx=32k] [batch=4] [显卡] [卡数]，例如 /fit qwen2.5-72b int4 ctx=32k 4090；/fit 16gb [lora]（或 /fit 4090）列出这么大显存（或这张卡）能放下的模型；vLLM 的 MTP 投机解码写 mtp=3；AutoRound 4 位量化写 autoround
usage-cost = 用法：/cost <平台> <显卡> <时长> [boot=3m pull=2m idle=10m storage=50gb egress=20gb]，例如 /cost autodl 4090 40m
usage-compare = 用法：/compare <显卡> <时长 | daily 4h | always>，例如 /compare 4090 3h
usage-convert = 用法：/convert <金额> <币种>/<单位> to <单位> [币种]，例如 /convert 0.0007 usd/s to hour
usage-tco = 用法：/tco <模型> <量化> [显卡] <每日 token 数> [API 每百万 token 价格] [平台]，例如 /tco qwen2.5-7b int4 4090 20m 0.3（不写显卡时，按能装下该模型的最便宜配置算；最后写平台 id，如 autodl，就按该平台的卡和价格算）
usage-gpu = 用法：/gpu <名称>，例如 /gpu 4090、/gpu h100 sxm
usage-gpus = 用法：/gpus
usage-platform = 用法：/platform <名称>，例如 /platform autodl、/platform runpod
usage-platforms = 用法：/platforms [支付宝 微信 信用卡 paypal 加密货币 免实名 按秒 关机不收费 国内 海外 不用信用卡 …] [美国|欧洲|日本 …]（列出满足所列全部条件、机房在所列地方的平台）
usage-trial = 用法：/trial <平台> <显卡> <实际耗时> <花费> [卡时]，例如 /trial autodl 4090 1h20m ¥3.1；/trial list 查看记录
usage-lang = 用法：/lang en 或 /lang zh
usage-back = 用法：/back（在 /pick 中使用）
usage-cancel = 用法：/cancel（在 /pick 中使用）
cmd-models = 全部已知模型
usage-models = 用法：/models
bare-number-currency = （没写币种的数字按{ $currency ->
    [CNY] 人民币（¥）
    [USD] 美元（$）
   *[other] { $currency }
  }计，不随阅读者的语言变；要换币种请写上 $ 或 ¥，或用 /currency 为本聊天设定。）
