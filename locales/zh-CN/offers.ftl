## /offers、/report、导入的价格目录、人工上报，以及回答所用的汇率。

cmd-offers = 所有已知报价，可按 `vastai search offers` 的方式筛选
usage-offers = 用法：/offers [显卡] [cards>=2] [vram>=40] [region=us] [spot|on-demand] [max=2.5] [平台] [sort=price|-price|vram|cards|age] [live] — 例如 /offers h100 cards>=8 spot、/offers vram>=48 max=1.5
cmd-report = （管理员）记录在某平台看到的情况：有货、无货或价格
usage-report = 用法：/report <平台> <显卡> <in|low|out|价格> — 例如 /report autodl 4090 in、/report autodl 4090 ¥1.98、/report gpushare a100 out
discord-name-offers = 报价
discord-name-report = 上报
discord-opt-filters = 筛选
discord-opt-filters-about = 按聊天里的写法填写筛选条件，例如 cards>=2 vram>=40 spot max=2.5 sort=price
discord-opt-seen = 所见
discord-opt-seen-about = 看到的情况：in（有货）、low（紧张）、out（无货）、价格（如 ¥1.98），或两者都写
offers-title = 符合条件的报价共 { $count } 条，实时数据在前（默认按价格从低到高）：
offers-none = 没有符合这些条件的报价。可以少加几个条件，或把价格上限调高。
offers-no-data = { $where ->
    [terminal] 还没有任何报价数据。`gpuscout poll --once` 会抓取各平台的实时报价；`gpuscout import skypilot|gpuhunt …` 可导入价格目录。
   *[chat] 还没有抓到实时报价：机器人会定时读取各平台，请稍后再问。在此之前可以看带日期的挂牌价：/gpu <显卡>，或者按任务比价：/compare <显卡> <时长>。
  }
offers-hidden-old = 另有 { $count } 条实时报价已超过一天，未显示。
offers-no-fx = 有 { $count } 条报价的币种没有可用汇率，无法和你给的价格比较。
offers-price-only = 仅价格
offers-col-gpu = 显卡
offers-col-vram = 显存 GB
offers-col-catalog = 目录
offers-col-who = 上报人
offers-col-source = 来源
offers-error-arg = 无法把“{ $text }”识别为筛选条件。
offers-error-empty-range = 下限高于上限，不可能有符合的报价。
offers-catalog-title = 价格目录（共 { $count } 行；标价，库存未知）：
offers-catalog-over-price = 有 { $count } 条目录价格高于你给的价格，未显示。
offers-catalog-note = 标为“仅价格”的行来自公开价格目录（SkyPilot、gpuhunt），日期见表：只说明那里的标价，不代表现在有空闲的卡。
offers-seen-title = 人工上报（共 { $count } 条）：
offers-seen-by = { $origin ->
    [report] { $who }（上报）
   *[curated] { $who }（人工整理清单）
  }
offers-seen-expired = 超过一天的库存情况一律显示为未知；价格保留，并注明时间。
offers-fx-used = 所用汇率：1 { $from } = { $rate } { $to }（{ $origin ->
    [ecb] 欧洲央行 { $date } 参考汇率
   *[catalog] 目录中 { $date } 的汇率；欧洲央行每日汇率暂不可用
  }）。
offers-fx-none = 没有从 { $from } 到 { $to } 的汇率。
report-not-operator = 只有机器人的管理员（GPUSCOUT_ADMINS）才能上报。
report-error-what = 请在显卡后写明看到的情况：in（有货）、low（紧张）、out（无货），或每卡每小时的价格。
report-source = 管理员上报
report-recorded = 已记录：{ $platform } { $gpu }，{ $level ->
    [available] 有货
    [low] 紧张
    [unavailable] 无货
   *[unknown] 未说明库存
  }{ $price ->
    [none] {""}
   *[other] ，每卡每小时 { $price }
  }，由 { $who } 于 { $at } 上报。/stock 会连同上报人和时间一起显示。
live-price-used = { $platform }：采用实时价格每卡每小时 { $price }（{ $level ->
    [available] 有货
    [low] 紧张
   *[unknown] 库存未知
  }，{ $age }抓取），而不是目录标价。
live-out-of-stock = { $platform }：{ $age }抓取时这张卡全部无货，下面显示的是目录标价。
live-list-note = 其余各行是目录标价，日期见表。
live-fit-option = 实时：{ $gpu } 在 { $platform } 每卡每小时 { $price } 起（{ $level ->
    [available] 有货
    [low] 紧张
   *[unknown] 库存未知
  }，{ $age }抓取）。
stock-title-no-live = { $gpu }{ $platform ->
    [none] {""}
   *[other] （{ $platform }）
  }{ $max ->
    [none] {""}
   *[other] ，每卡每小时不超过 { $max }
  }：各平台最新的实时数据里没有报价；其他来源见下。
offers-stale-footer = * 价格目录里超过 30 天的旧价格：付款前请到平台核实。
