# 计费：/convert、/cost、/compare（bot-core/src/answer/billing/）。

billing-unit = { $unit ->
    [second] 秒
    [minute] 分钟
    [hour] 小时
    [day] 天
    [week] 周
    [month] 月
    [year] 年
    [mtok] 百万 token
   *[other] { $unit }
  }
billing-convert-result = { $from } = { $to }
billing-month-note = 一个月按 730 小时计算（8760 小时 ÷ 12，云厂商的通行算法）。
billing-token-note = 按 token 折算时，假设吞吐稳定在每秒 { $tps } 个 token，且每一秒都计费。
billing-fx-line = 汇率：{ $rate }（{ $as_of }，来源：{ $source }）。想用别的汇率，可加 fx=汇率。
billing-fx-user = 你给的汇率：{ $rate }。

billing-job = { $kind ->
    [daily] 每天 { $work }，共 { $days } 天
    [always] 常开 { $months } 个月
    [held] 租用 { $work }（开机和配置环境都算在内）
    [held-months] 租用 { $months } 个月（开机和配置环境都算在内）
   *[oneoff] 任务时长 { $work }
  }
billing-cost-title = { $platform } · { $gpu } ×{ $cards }：{ $job }
billing-quote = 挂牌价：{ $price }（{ $tier }），{ $age ->
    [undated] 来源没有标注日期，付款前请先核实
    [stale] 数据日期 { $as_of }，已超过 30 天，付款前请先核实
   *[fresh] 数据日期 { $as_of }
  }
billing-billed = 计费时长：{ $billed }，其中有效工作 { $useful }
billing-compute = 算力费用：{ $amount }
billing-storage = 存储费用：{ $amount }
billing-transfer = 流量费用：{ $amount }
billing-storage-unknown = 存储费用：已计入 { $amount }；存储单价未知，实际账单可能更高
billing-transfer-unknown = 流量费用：已计入 { $amount }；流量单价未知，实际账单可能更高
billing-total = 合计：{ $amount }
billing-effective = 折合每有效小时 { $amount }（挂牌价 { $list }/小时）
billing-deciding = 差价主要来自：{ $rule }
billing-rule-none = 这个任务的账单和挂牌价一致，没有发现隐性费用。
billing-rule-rounding = 按 { $increment_zh } 为单位计费，向上取整多花 { $extra }
billing-rule-prepaid = { $unit ->
    [day] 包天
    [week] 包周
    [month] 包月
    [year] 包年
   *[other] 套餐
  }要整段预付，开机关机都计费，用不完的部分多花 { $extra }
billing-rule-prepaid-plan = 预付{ $unit ->
    [day] 包天
    [week] 包周
    [month] 包月
    [year] 包年
   *[other] 套餐
  }：提前付款，开机关机都计费
billing-rule-plan-mix = 先买 { $periods } 个{ $unit ->
    [day] 包天
    [week] 包周
    [month] 包月
    [year] 包年
   *[other] 套餐
  }，剩下的 { $rest } { $rest_unit ->
    [day] 天
   *[hour] 小时
  }{ $rest_tier ->
    [day] 再买 { $rest_periods } 个包天（按整天计费）
    [week] 再买 { $rest_periods } 个包周（按整周计费）
    [month] 再买 { $rest_periods } 个包月（按整月计费）
    [year] 再买 { $rest_periods } 个包年（按整年计费）
   *[other] 用按量价格
  }：比整段只用一种套餐便宜；预付套餐提前付款，开机关机都计费
billing-rule-startup = 开机和拉取镜像的时间也计费：{ $extra }
billing-rule-idle = 关机前的空闲时间也计费：{ $extra }
billing-rule-storage = 存储另加 { $extra }
billing-rule-transfer = 流量另加 { $extra }
billing-assumptions-title = 计算依据：
billing-assumption = • { $label }：{ $value }（{ $origin ->
    [catalog] 来自数据库
    [user] 你提供的
   *[assumed] 假设值，未经核实
  }）
billing-assumption-sourced = • { $label }：{ $value }（{ $origin ->
    [catalog] 数据库
    [user] 你提供的
   *[assumed] 假设值，未经核实
  }；{ $source }，{ $as_of ->
    [undated] 无日期
   *[other] { $as_of }
  }）
billing-key = { $key ->
    [price] 挂牌价
    [starts_at] 开始计费
    [boot] 开机耗时
    [boot_billed] 开机时间计费
    [pull] 拉镜像/装环境耗时
    [pull_billed] 拉镜像时间计费
    [idle] 关机前空闲
    [increment] 计费粒度
    [minimum] 最低消费时长
    [tier] 套餐
    [instance] 付费卡数（按整机出租）
    [cards] 卡数（按挂牌卡数等比折算）
    [storage] 存储容量
    [stored] 存储保留时长
    [storage_price] 存储单价
    [stopped_storage_billed] 关机后存储仍计费
    [stopped_storage_price] 关机时存储单价
    [egress] 下行流量
    [ingress] 上行流量
    [egress_price] 出网流量单价
    [ingress_price] 入网流量单价
    [fx] 汇率
    [month] 每月时长
   *[other] { $key }
  }
billing-value = { $value ->
    [yes] 是
    [no] 否
    [boot] 开机即计费
    [job] 任务开始才计费
    [unknown] 未知，未计入合计
   *[other] { $value }
  }
billing-stale-note = 这个价格已超过 30 天或没有日期，付款前请到平台核实。

billing-compare-title = { $gpu } ×{ $cards }，{ $job }，以{ $currency ->
    [CNY] 人民币
    [USD] 美元
   *[other] { $currency }
  }计，从便宜到贵：
billing-compare-empty = 数据库里还没有平台提供 { $gpu } 的价格。
billing-col-rank = #
billing-col-billed = 计费时长
billing-col-total = 合计
billing-col-per-hour = 每有效小时
billing-compare-why = { $rank }. { $platform }：{ $rule }{ $assumed ->
    [0] {""}
   *[other] （其中 { $assumed } 项规则未经核实，按最不利的情况计算）
  }
billing-stale-footer = * 超过 30 天（“?” 表示来源没有日期），付款前请到平台核实。
billing-compare-hint = 用 /cost <平台> <显卡> <时长> 查看单个平台的完整明细和来源。
billing-spot-line = 竞价（运行中可能被回收）：{ $platform } 这项任务 { $total }，价格日期 { $as_of }。在命令里加上“竞价”即可把竞价报价一起排名。
billing-instance-price = { $price }（{ $cards } 卡整机）
billing-instance-note = { $platform } 的 { $gpu } 只按 { $size } 卡整机出租：{ $cards } 卡的任务要为 { $paid } 张卡付费。
billing-readings-range = { $platform }：这个价格的几次近期读数不一致，从 { $low }（{ $low_as_of }）到 { $high }（{ $high_as_of }），按较高的计算。

billing-what = { $what ->
    [price] 价格
    [boot] 开机耗时
    [pull] 拉镜像耗时
    [idle] 空闲时长
    [stored] 存储保留时长
    [storage] 存储容量
    [egress] 下行流量
    [ingress] 上行流量
    [fx-rate] 汇率
    [throughput] 吞吐
    [cards] 卡数
    [work] 任务时长
    [minimum] 最低消费
    [increment] 计费粒度
    [daily] 每天时长
    [days] 天数
    [months] 月数
   *[other] { $what }
  }
billing-error-bad-number = “{ $text }” 不是有效的数字（{ $what }）。
billing-error-negative = 请检查{ $what }：不能是负数。
billing-error-not-positive = 请检查{ $what }：必须大于 0。
billing-error-too-large = 请检查{ $what }：数字大得不合常理。
billing-error-overflow = 数字太大，没法计算，请检查输入。
billing-error-zero-increment = 计费粒度不能是 0，例如 1s、1m、1h。
billing-error-zero-work = 没有有效工作时长可算，请给一个大于 0 的时长，例如 40m。
billing-error-unknown-unit = 不认识单位 “{ $text }”。可用：秒、分钟、小时、天、周、月（730 小时）、年，或百万 token。
billing-error-unknown-size-unit = 不认识容量单位 “{ $text }”，请用 gb 或 tb，例如 storage=50gb。
billing-error-unknown-currency = 不认识币种 “{ $text }”，请用人民币（CNY、¥、元）或美元（USD、$）。
billing-error-no-fx = 没有 { $from } 兑 { $to } 的汇率，请用 fx=汇率 指定（1 { $from } 兑多少 { $to }）。
# 什么都没填时不引用空字符串。
billing-error-duration = { $problem ->
    [empty] 缺少{ $what }
   *[other] “{ $text }” 不是有效的时长（{ $what }）：{ $problem ->
        [unit] 单位不认识
        [number] 数字不对
        [negative] 不能是负数
       *[large] 超过了 100 年
      }
  }。示例：90s、40m、1h30m、2d、1mo、40分钟、2小时。
billing-error-missing-throughput = 按 token 计价需要吞吐量，请加上 tps=每秒 token 数。
billing-error-token-job = 任务费用按时间计算，不能用按 token 的价格。
billing-error-no-price = 数据库里 { $platform } 没有 { $gpu } 的挂牌价。
billing-error-unknown-option = 不认识选项 “{ $key }”。可用选项：boot= pull= idle= storage= stored= egress= ingress= cards= currency= fx= days= months=。
billing-error-daily-hours = 每天使用时长必须大于 0 且不超过 24 小时（你填的是 { $hours } 小时）。
billing-error-zero-period = 天数和月数至少为 1。
billing-error-catalog-rule = 数据库中 { $platform } 的 { $field }（“{ $text }”）无法解析，请反馈给我们。
billing-error-currency-mismatch = 价格以 { $price } 计，但存储/流量规则以 { $rule } 计，无法混算。
billing-error-size-without-price = 给了{ $what }却没有给单价，请补上每 GB 的价格（如 --storage-price 或 --egress-price）。
billing-cost-title-user = 按你给的价格：{ $job }，×{ $cards }
billing-quote-user = 你给的价格：{ $price }（{ $tier }）
billing-hidden-assumed = 每次按开机 { $boot }{ $has_pull ->
    [no] {""}
   *[other] 、拉镜像 { $pull }
  } 计入，这是首次运行通常要花的时间（平台对这部分计费的才算钱）；不想算就加 boot=0 pull=0，也可以写自己的，如 boot=1m。
billing-range = 这个平台有些计费规则未经核实，实际合计在 { $best }（从任务开始按秒计费、无最低消费）到 { $worst }（上面按最不利情况算出的数）之间。
billing-range-footer = A–B：该平台有些计费规则未经核实。A 把每条未核实的规则按最有利的情况算（按秒计费、无最低消费、从任务开始计费、开机和拉镜像不收费），B 按最不利的情况算（按价格单位整单位计费、每次至少收一个单位、从开机计费、开机和拉镜像都收费）；平台公布的规则两端都照算。按最不利的 B 排序。
# /cost、/compare 手机短回答里“按什么估算”的一项（每次开机和拉镜像的时间）。
billing-short-hidden = 每次开机 { $boot } + 拉镜像 { $pull }
billing-rule-minimum = 每次至少按 { $minimum_zh } 计费{ $known ->
    [yes] {""}
   *[no] （假设值：平台没有公布最低消费，最不利情况按一个价格单位算）
  }，账单因此多出 { $extra }
billing-no-price-see-gpu = 收录了这张卡价格的平台：/gpu { $gpu }
# /compare：按“起价”算的行排在所有确定价格之后（issue 25）。
billing-floor-group = { $count ->
    [1] 第 { $first } 行是“起价”
   *[other] 第 { $first }–{ $last } 行是“起价”
  }：只是平台所列最便宜配置的价格，不一定是这个任务租到的配置，合计只是下限。{ $firm ->
    [0] 没有平台给出这张卡的确定价格，付款前请核实所选配置本身的价格。
   *[other] 确定价格排在前面；起价无论多低都排在后面，因为它不能作准。
  }
billing-floor-note = 这是“起价”：平台所列最便宜配置的价格，不一定是你租到的配置。合计（{ $total }）只是下限，付款前请核实所选配置本身的价格。
# /tco：这个显卡价格是哪个平台的、什么类型（限时优惠会到期）。
tco-price-where = 这是 { $platform } 的价格（{ $tier }）。
# 会员 / 学生价：答案按任何人都能付的价格计算，会员价另列（$note：来源说明的资格条件，可能为空）。
billing-member-line = 会员价（仅限会员，其他人按上面的原价）：{ $platform } 这项任务 { $total }，价格日期 { $as_of }。{ $note }如果你有会员资格，在命令里加上“会员”即可按会员价计算。
# 租卡还是调 API 的问题里提到了平台：/tco 不按平台算（$platform：平台名，$id：/cost 用的平台标识）。
