# 宽容的回答与"你是不是想找"按钮（issue 16）。

pick-understood = 从你那句话里我读到了这些（不再重复问；想改可以用 /back）：
pick-understood-task = • 任务：{ $task ->
    [tune] 微调训练
    [image] 图像生成
    [video] 视频生成
    [image-tune] 训练图像模型
    [video-tune] 训练视频模型
    [serve] 推理服务
   *[exp] 短时实验
  }
pick-understood-model = • 模型：{ $name }
pick-understood-method = • 方式：{ $method }
pick-understood-usage = • { $kind ->
    [oneoff] 单次运行 { $hours } 小时
    [daily] 每天 { $hours } 小时
   *[always] 一直在线
  }
did-you-mean-choice = { $name_zh }
understand-confirm = 里面有个名字我没认出来，你是想问这个吗？
pick-understood-gpu = • 显卡：{ $cards ->
    [1] { $name }
   *[other] { $cards } 张 { $name }
  }
pick-understood-nrn = • 不要实名认证
pick-understood-pay = • 付款方式：{ $method ->
    [alipay] 支付宝
    [wechat] 微信支付
    [card] 银行卡/信用卡
    [paypal] PayPal
    [crypto] 加密货币
    [unionpay] 银联
    [bank_transfer] 对公转账（银行转账）
    [invoice] 对公账单
   *[other] { $method }
  }
pick-understood-no-pay = • 没有{ $method ->
    [alipay] 支付宝
    [wechat] 微信支付
    [card] 信用卡
    [paypal] PayPal
    [crypto] 加密货币
    [unionpay] 银联
    [bank_transfer] 对公转账
   *[other] { $method }
  }
pick-understood-budget = • 预算：{ $budget }
pick-understood-region = • { $region ->
    [cn] 只看国内（中国大陆）的平台
    [global] 只看海外（中国大陆以外）的平台
    [place] 只看在{ $place }有机房的平台（按各平台资料里注明来源的机房地区核对；资料里没列地区的平台标为未知，不会猜）
   *[other] 只看{ $region }的平台
  }
pick-understood-home = （你说人在那里，我按延迟、数据存放和付款开票的便利，先只看那里有机房的平台；想放宽就说“不限地区”。）
pick-understood-anywhere = • 不限地区：不再按机房所在地筛选平台
pick-understood-invoice = • 需要开发票：我的资料里没有各平台能否开票的记录，付款前请先向平台问清楚
pick-pay-held = （这是你手上有的付款方式，不会因此排除平台；如果只能用它付款，请说“只有…”。）
pick-hedged = （你说得不太确定，我先按“{ $answer }”来；想改可以用 /back。）
pick-understood-context = • 上下文：{ $tokens } token
pick-understood-concurrency = • 高峰时同时 { $n } 路对话
pick-noted = 记下了（不再重复问；想改可以用 /back）：
pick-still-open = /pick 还开着，停在第 { $n } 步（共 { $total } 步）：回答上面的问题继续，/back 改答案，/cancel 退出。
pick-leave-hint = 直接问别的问题我也会回答；/cancel 可以退出 /pick。
tco-missing = 要比较自己租卡跑 { $model } 和调 API 哪个划算，还差：
tco-missing-any = 要比较自己租卡和调 API 哪个划算，还差：
tco-missing-model = • 模型（比如 qwen2.5-7b）
tco-missing-gpu = • 租哪张卡（比如 4090，或 2x4090）
tco-missing-tokens = • 每天多少 token（比如 2000万 写作 20m）
tco-missing-try = 补上后发：/tco { $example }
tco-card-sized = 没说用什么卡：按能装下这个模型做服务的最便宜配置来算，{ $cards ->
    [1] 一张 { $gpu }
   *[other] { $cards } 张 { $gpu }
  }（想比别的卡，写上卡名即可）。
# 按这一步自己的词读出的错字，或按属性选的选项（bot-core/src/dialogue/slip.rs、property.rs）：是猜的，所以说出来。
pick-read-as = （我把“{ $typed }”理解为“{ $answer }”；想改可以用 /back。）
# 按这一步显示的描述词选的选项：两个一样合适或只是勉强合适时，列出可能的选项反问（bot-core/src/dialogue/described.rs）。
pick-described-ask = “{ $typed }”可能是{ $options }：是哪一个？请点选，或者再多说一点。
pick-property-absent = 这里没法按{ $property ->
    [price] 价格
    [length] 长短
    [size] 大小
    [speed] 速度
    [bandwidth] 带宽
   *[precision] 精度
  }来选：{ $why ->
    [tied] 这几个选项在这点上一样：{ $options }。
   *[absent] 这一步的选项在这点上没有区别，或者不是每个都知道。
  }请点一个，或直接输入。
