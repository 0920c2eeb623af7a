# Typed readings: /compare on named platforms, words the bot does not know (issue 26).
billing-compare-only = 只排这些平台：{ $platforms }。
billing-compare-unlisted = 数据库里 { $platforms } 没有 { $gpu } 的价格，所以不在排名里。
understand-unknown-card = 我不认识“{ $word }”这张卡，所以没有拿别的卡来回答。
understand-unknown-card-near = 相近的卡：{ $near }。
understand-unknown-model = 我还估算不了“{ $word }”：我的模型表里只有大语言模型和图像、视频生成模型，没有它，所以没有拿别的模型来回答。
understand-unknown-model-card = 只看这张卡本身（显存和算力），可以点下面这条：
understand-unknown-quant = 我估算不了“{ $word }”这种格式：估算里没有它每个权重的位数，所以没有拿别的格式来算。
understand-unknown-quant-above = 换成一个不比它小的格式来估（算出的是上限），可以点下面这条：
understand-unknown-platform = 我的平台列表里没有“{ $word }”，没有它的价格和计费规则，所以没有拿别的平台来回答。我知道的平台见 /platforms
understand-unknown-platform-without = 去掉它再读这个问题，可以点下面这条：
understand-unsupported-currency = 价格只能用美元（USD）或人民币（CNY）显示，不支持“{ $word }”，所以不给出这种货币的数字。
understand-unsupported-currency-again = 同一个问题用美元或人民币问：
understand-budget-hours = 我还没有能把预算换算成可用小时数的命令，所以不猜。点下面这条命令可以看到各平台这张卡的价格：用预算除以“每有效小时”那一列，大致就是能用的小时数。
understand-unusable-span = “{ $word }”这个时长没法算钱：时长要大于零，最长 100 年，所以没有换成别的时长来报价。请重新说一个，例如 40分钟、3小时、2天。
understand-unknown-unit = “{ $word }”：我不认识这个时间单位，所以没有按默认的 1 小时报价。如果说的是时长，请点选下面的一条，或者用小时、天重新说（例如 3小时、2天）。
billing-compare-needs = 只排已知满足全部要求的平台（{ $needs }）。
billing-compare-needs-none = 挂出这张卡的平台里，没有已知满足全部要求的（{ $needs }），所以全部列出：付款前请到平台确认这一点。
