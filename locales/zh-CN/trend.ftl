## /trend：各平台的历史价格、走势图，以及通常什么时候有货。

cmd-trend = 一张卡在各平台的历史价格，附走势图和有货时段
usage-trend = 用法：/trend <显卡> [天数，1–365，默认 30] [for <模型> [量化] [任务]] — 例如 /trend 4090、/trend h100 7、/trend 4090 for qwen2.5-32b int4
trend-error-days = “{ $text }”不是 1 到 { $max } 之间的天数。
trend-title = { $gpu } 每卡每小时价格（每小时取最便宜的报价），{ $from } 至 { $to }（{ $zone }，最近 { $days } 天）：
trend-caption = { $gpu } 最近 { $days } 天的每卡每小时价格
trend-line = { $platform }：最低 { $lowest }，中位数 { $median }，从 { $first } 到 { $last }（{ $change }）；共记录 { $points } 小时，其中 { $stocked } 小时有货。
trend-change-none = 只有一个数据点
trend-no-history = 最近 { $days } 天还没有 { $gpu } 的价格记录。{ $where ->
    [terminal] `gpuscout serve` 运行时，轮询器每个平台每小时记一个点（每次 `gpuscout poll --once` 之后也会记）。
   *[chat] 机器人每读取一次各平台，就为每个平台记下这一小时的点，记录会从现在开始积累；带日期的挂牌价可以用 /gpu <显卡> 查看。
  }
trend-no-chart = 这次没能画出走势图；下面的数字是完整的。
trend-note = 价格是各平台每小时最便宜的实时报价（每卡每小时，按平台自己的币种），每个轮询过的小时一个点；没有数据的小时是空缺，不等于“没货”。时间按 { $zone }。
trend-rhythm-title = { $gpu } 通常什么时候有货（{ $zone }，轮询到的小时里任一平台有货的比例）：
trend-rhythm-line = 最近 { $days } 天：最容易有货 { $best_from }–{ $best_to }（{ $best }%），最难 { $worst_from }–{ $worst_to }（{ $worst }%），基于 { $hours } 小时的数据。
trend-rhythm-none = 最近 { $days } 天：数据还不够看出规律（一天 24 个小时里只覆盖了 { $covered } 个）。
trend-col-period = 时段
trend-col-hours = 0 点 … 23 点（{ $zone }）
trend-days-short = { $days } 天
trend-col-lowest = 最低
trend-col-last = 最新
trend-col-change = 涨跌
trend-more = ……还有 { $count } 个平台（见「明细」）。
trend-out-now = { $gpu } 现在在所有轮询到的平台上都没货。{ $rhythm ->
    [yes] 可以挑上面有货比例高的时段再试，
   *[no] 可以晚些再试，
  }降一档显卡，或者先用 API。
trend-alternative = 现在有货、显存不小于它的卡：{ $alt }（{ $vram } GB），{ $platform }，每卡每小时 { $price } 起 — /stock { $alt_id }
trend-alternative-none = 显存不小于它的卡在轮询到的平台上也都没货。
chat-chart-saved = 走势图（{ $caption }）：{ $path }
chat-chart-failed = 走势图没能保存：{ $error }
discord-name-trend = 走势
discord-opt-days = 天数
discord-opt-days-about = 看最近多少天，1 到 365（默认 30）
trend-alternative-job = 现在有货、能跑 { $job } 的：{ $cards ->
    [one] {""}
   *[other] { $cards } 张{" "}
  }{ $alt }，{ $platform }，每卡每小时 { $price } 起 — /stock { $alt_id }
trend-alternative-job-none = 能跑 { $job } 的卡在轮询到的平台上也都没货。
trend-job-too-big = 注意：一张 { $gpu } 放不下 { $job }（详见 /fit）。
discord-opt-job = 用途
discord-opt-job-about = 要跑什么，写法同 /fit：模型 [量化] [任务]，例如 qwen2.5-32b int4
