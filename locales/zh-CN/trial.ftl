trial-error-shape = 需要：平台、显卡、耗时、花费，卡时可选。
trial-error-duration = “{ $text }”不是我能识别的时长（试试 1h20m 或 80分钟）。
trial-error-cost = “{ $text }”不是我能识别的金额（试试 ¥3.1 或 $0.95）。
trial-error-card-hours = “{ $text }”不是有效的卡时数。
trial-error-zero = 耗时和卡时都必须大于零。
trial-recorded = 已记录：{ $platform } { $gpu }，开机到跑完 { $wall }，花费 { $cost }，{ $card_hours } 卡时。
trial-per-card-hour = 实际每卡时花了 { $amount }。
trial-vs-list = 标价：每卡时 { $list }（{ $as_of }{ $stale ->
    [yes] ，已过时
   *[no] {""}
  }）。这次试跑{ $direction ->
    [above] 比标价高 { $pct }%，多出来的是准备环境、空转或取整的钱。
    [below] 比标价低 { $pct }%。
   *[equal] 和标价完全一致。
  }
trial-fx = 按 { $rate } 换算（{ $as_of }）。
trial-no-fx = 没有 { $from } 到 { $to } 的汇率，没法和标价比较。
trial-no-list-price = 这个平台没有这张卡的标价可供对比。
trial-list-empty = 你还没有记录过试跑。
trial-list-title = 你记录的 { $count } 次试跑：
col-wall = 耗时
col-cost = 花费
col-per-card-hour = 实付 / 卡时
col-list-per-card-hour = 标价 / 卡时
trial-unplaced = 实际每卡时花了 { $amount }（{ $wall } 共 { $cost }）。
trial-unplaced-where = 告诉我平台和显卡，我就能和标价对比并记进你的试跑记录：/trial <平台> <显卡> { $wall } { $cost }
