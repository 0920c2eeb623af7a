## /stock：各平台 API 的实时报价和库存，附上数据时间。

cmd-stock = 现在哪里有这张卡，按价格从低到高
usage-stock = 用法：/stock <显卡> [平台] [每卡每小时最高价] — 例如 /stock 4090、/stock h100 runpod 2.5
stock-title = { $gpu }{ $platform ->
    [none] {""}
   *[other] （{ $platform }）
  }{ $max ->
    [none] {""}
   *[other] ，每卡每小时不超过 { $max }
  }：{ $count ->
    [0] 最新数据里没有报价
   *[other] 共 { $count } 条报价
  }，按量在前（竞价在后），有货的在前，便宜的在前：
stock-title-none = { $gpu }{ $platform ->
    [none] {""}
   *[other] （{ $platform }）
  }{ $max ->
    [none] {""}
   *[other] ，每卡每小时不超过 { $max }
  }：最新数据里没有报价。
stock-col-cards = 卡数
stock-col-per-gpu = 每卡每小时
stock-col-per-instance = 整机每小时
stock-col-kind = 类型
stock-col-stock = 库存
stock-col-age = 数据时间
stock-level = { $level ->
    [available] 有货
    [low] 紧张
    [unavailable] 无货
   *[unknown] 未知
  }
stock-level-count = { $level ->
    [available] 有货
    [low] 紧张
    [unavailable] 无货
   *[unknown] 未知
  }（{ $count }）
offer-kind = { $kind ->
    [spot] 竞价
    [reserved] 包期
    [on_demand] 按量
   *[other] { $kind }
  }
stock-age = { $unit ->
    [now] 刚刚
    [minute] { $n } 分钟前
    [hour] { $n } 小时前
   *[day] { $n } 天前
  }
stock-more = ……还有 { $count } 条（可以加上平台或价格缩小范围）。
stock-provider-missing = { $provider }：还没有数据。
stock-provider-fresh-none = { $provider }：最新数据（{ $age }）里没有这张卡的报价。
stock-provider-stale = { $provider }：数据已过时（{ $age }获取），库存可能已经变了。
stock-provider-too-old = { $provider }：最后一次数据是{ $age }的，太旧，不再显示。
stock-provider-failing = { $provider }：最近 { $misses } 次获取失败，显示的是{ $age }的数据。
stock-over-price = 有 { $count } 条报价每卡每小时高于 { $max }，没有列出。
stock-no-fx = 有 { $count } 条报价的币种没有汇率，无法和 { $max } 比较。
stock-prices-note = 价格按各平台的报价币种（{ $currency }）显示；存储单独计费的平台已按 10 GB 磁盘计入。只有平台明确回答“没有空闲”时才标“无货”；平台没有应答时保留它上一次的数据。
stock-no-data = { $where ->
    [terminal] 还没有任何平台数据。`gpuscout poll --once` 可以立即获取，`gpuscout serve` 会持续更新。
   *[chat] 还没有抓到实时库存：机器人会定时读取各平台，请稍后再问。在此之前可以看带日期的挂牌价：/gpu <显卡>。
  }
stock-no-feed = { $platform } 没有实时数据接口；它的标价见 /platform。
stock-error-price = “{ $text }” 不是能看懂的每卡每小时价格（可以写 2.5、$2.5 或 ¥15）。
stock-error-args = 看不懂“{ $text }”，它既不是平台也不是价格。
stock-family-others = { $gpu } 只是同名的几款卡之一；{ $others } 的库存和价格另算。
stock-provider-cut = { $provider }：最新一次应答（{ $age }）被它自己的条数上限截断了，里面没出现的卡或更贵的报价不算售罄；{ $full ->
    [none] 还没有收到过完整的应答。
   *[other] 上一次完整应答是{ $full }的。
  }
stock-needs = 只列出已知满足全部要求的平台（{ $needs }），其他平台的 { $count } 条报价未列出。
# 用户说了自己在哪里（$place：原话；各列表：平台名，或 stock-home-none）。
stock-home = 你说你在{ $place }，所以在那里有机器的平台排在前面：{ $there }。位置未知（记录里没写那里有没有机器，不做任何假设）：{ $unknown }。已知只在别处：{ $elsewhere }。没有去掉任何平台。
stock-home-none = 无
stock-home-listed = 你说你在{ $place }。现在还没有可排序的报价；目录里挂了这张卡的平台，按机器所在地分：在那里有机器：{ $there }。位置未知（记录里没写那里有没有机器，不做任何假设）：{ $unknown }。已知只在别处：{ $elsewhere }。
offers-home = 你说你在{ $place }，所以那里的机器上的报价排在前面（{ $there } 条），然后是位置未知的（{ $unknown } 条，不做任何假设），最后是已知在别处的（{ $elsewhere } 条）。没有去掉任何报价。
platforms-home = 你说你在{ $place }，所以每组里在那里有机器的平台排在前面（{ $there } 家），然后是位置未知的（{ $unknown } 家，不做任何假设），最后是已知只在别处的（{ $elsewhere } 家）。没有去掉任何平台。
