gpu-title = { $name }（{ $id }）
gpu-vram = 显存：{ $gb } GB { $mem }
gpu-bandwidth = 显存带宽：{ $gbps } GB/s
gpu-tflops = FP16/BF16 张量算力：{ $tflops } TFLOPS 稠密（{ $accumulate ->
    [fp16] FP16 累加
   *[other] FP32 累加
  }；不计稀疏）
gpu-interconnect = 互联：{ $text }
gpu-aliases = 别名：{ $names }
gpu-no-prices = 暂未收录这张卡的挂牌价。
gpu-prices-title = 挂牌价（平台报价，未含隐性成本；按真实任务排名请用 /compare）：
gpu-prices-footer = * 超过 30 天的旧数据（“?” 表示来源没有标注日期）：付款前请到平台核实。
gpus-title = 共 { $count } 款显卡，由强到弱：
hint-gpu-detail = /gpu <名称> 查看单卡参数、来源和价格。
col-platform = 平台
col-list-price = 挂牌价
col-tier = 类型
col-as-of = 日期
col-gpu = 显卡
col-vram = 显存
col-bandwidth = 带宽
col-tflops = FP16 算力
col-id = 代号
col-region = 地区
col-currency = 币种
col-increment = 计费粒度

platform-title = { $name }（{ $id }）— { $region ->
    [cn] 国内
   *[other] 海外
  }，以 { $currency } 计价
platform-website = 官网：{ $url }
platform-billing-title = 计费：
platform-units = · 报价单位：{ $units ->
    [unknown] 未知
   *[other] { $units }
  }
platform-increment = · 计费粒度：{ $value ->
    [unknown] 未知
   *[other] { $value }
  }
platform-minimum = · 最低计费：{ $value ->
    [unknown] 未知
   *[other] { $value }
  }
platform-starts = · 何时开始计费：{ $value ->
    [boot] 开机即计费
    [job] 任务开始才计费
   *[unknown] 未知
  }
platform-boot-billed = · 开机时间计费：{ $value ->
    [yes] 是
    [no] 否
   *[unknown] 未知
  }
platform-pull-billed = · 拉取镜像计费：{ $value ->
    [yes] 是
    [no] 否
   *[unknown] 未知
  }
platform-stopped-storage = · 关机后存储仍计费：{ $value ->
    [yes] 是
    [no] 否
   *[unknown] 未知
  }
platform-storage-price = · 存储每 GB·月：{ $value ->
    [unknown] 未知
   *[other] { $value }
  }
platform-egress-price = · 流量每 GB：{ $value ->
    [unknown] 未知
   *[other] { $value }
  }
platform-idle = · 自动关机：{ $value ->
    [unknown] 未知
   *[other] { $value }
  }
platform-commitment = · 包期档位：{ $units }
platform-barriers-title = 上手门槛：
platform-images = · 预置镜像：{ $value ->
    [yes] 有
    [no] 无
   *[unknown] 未知
  }
platform-web-terminal = · 网页终端：{ $value ->
    [yes] 有
    [no] 无
   *[unknown] 未知
  }
platform-jupyter = · Jupyter：{ $value ->
    [yes] 有
    [no] 无
   *[unknown] 未知
  }
platform-ssh = · SSH：{ $value ->
    [yes] 支持
    [no] 不支持
   *[unknown] 未知
  }
platform-real-name = · 实名认证：{ $value ->
    [required] 需要
    [not_required] 不需要
   *[unknown] 未知
  }
platform-payment = · 支付方式：{ $value ->
    [unknown] 未知
   *[other] { $value }
  }
platform-min-topup = · 最低充值：{ $value ->
    [unknown] 未知
   *[other] { $value }
  }
platform-no-prices = 暂未收录这个平台的挂牌价。
platform-prices-title = 挂牌价：
platform-credibility = 记录 { $date }：{ $note }（{ $source }）
platforms-title = 共 { $count } 个平台：
hint-platform-detail = /platform <名称> 查看计费规则、上手门槛和来源。
price-tier = { $tier ->
    [on_demand] 按量
    [community] 社区云
    [secure] 安全云
    [spot] 竞价 / 可中断
    [day] 包天
    [week] 包周
    [month] 包月
   *[other] { $tier }
  }
