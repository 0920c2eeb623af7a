gpu-title = { $name }（{ $id }）
gpu-vram = 显存：{ $gb } GB { $mem }
gpu-capacity = { $basis ->
    [driver] 可用于任务的显存：{ $gib } GiB（{ $vendor ->
        [amd] 扣除 ROCm（HIP）上下文后约 { $usable } GiB 可用；amdgpu 驱动报告 { $mib } MiB（rocminfo 显示的 GPU 显存池；即 rocm-smi / amd-smi 显示的显存总量），{ $as_of } 读数）
        [nvidia] 扣除 CUDA 上下文后约 { $usable } GiB 可用；nvidia-smi 显示 { $mib } MiB，{ $as_of } 读数）
        [intel] 扣除 Level Zero 上下文后约 { $usable } GiB 可用；驱动报告 { $mib } MiB，{ $as_of } 读数）
       *[other] 扣除驱动上下文后约 { $usable } GiB 可用；驱动报告 { $mib } MiB，{ $as_of } 读数）
      }
    [cuda] 可用于任务的显存：{ $gib } GiB（约 { $usable } GiB 可用：CUDA 只看到其中 { $cuda } GiB，其余由驱动保留，再扣除 CUDA 上下文；nvidia-smi 显示 { $mib } MiB，{ $as_of } 读数）
   *[derived] 可用于任务的显存：{ $gib } GiB（扣除 { $vendor ->
        [amd] ROCm（HIP）
        [nvidia] CUDA{" "}
        [intel] Level Zero{" "}
       *[other] 驱动
      }上下文后约 { $usable } GiB 可用；推算：标称 { $gb } GB 按显存颗粒的 GiB 计，暂无驱动读数）
}
gpu-bandwidth = 显存带宽：{ $gbps ->
    [unknown] 未知（没有可靠来源）
   *[other] { $gbps } GB/s
  }
gpu-tflops = FP16/BF16 张量算力：{ $tflops ->
    [unknown] 未知（没有可靠的稠密算力数据，因此不估算这张卡的速度）
   *[other] { $tflops } TFLOPS 稠密（{ $accumulate ->
        [fp16] FP16 累加
        [fp32] FP32 累加
       *[other] { $accumulate } 累加
      }；不计稀疏）
  }
gpu-interconnect = 互联：{ $text }
gpu-aliases = 别名：{ $names }
gpu-no-prices = 暂未收录这张卡的挂牌价。
gpu-prices-title = 挂牌价（平台报价，未含隐性成本；按真实任务排名请用 /compare）：
gpu-prices-cheapest = 按量最便宜的几家（全部报价见「明细」；按真实任务排名请用 /compare）：
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
col-min-topup = 最低充值

platform-title = { $name }（{ $id }）— { $region ->
    [cn] 国内
    [global] 海外
   *[other] { $region }
  }平台，以{ $currency ->
    [CNY] 人民币
    [USD] 美元
   *[other] { $currency }
  }计价
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
    [always] 租用前必须实名
    [some_services] 仅部分服务需要（见备注）
    [none] 不需要
   *[unknown] 未知
  }{ $documents ->
    [passport_ok] ；可用护照
    [domestic_id] ；仅限大陆身份证
   *[unknown] {""}
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
platforms-region-line = { $region ->
    [cn] 国内
    [global] 海外
   *[other] { $region }
  }（{ $count } 个）：{ $names }
col-unknown = 未知项
platforms-need = { $need ->
    [alipay] 支付宝
    [wechat] 微信支付
    [card] 银行卡
    [paypal] PayPal
    [crypto] 加密货币
    [unionpay] 银联
    [bank_transfer] 对公转账
    [invoice] 对公账单
    [no_real_name] 免实名
    [no_alipay] 不用支付宝也能付款
    [no_wechat] 不用微信支付也能付款
    [no_card] 不用银行卡也能付款
    [no_paypal] 不用 PayPal 也能付款
    [no_crypto] 不用加密货币也能付款
    [no_unionpay] 不用银联也能付款
    [no_bank_transfer] 不用对公转账也能付款
    [no_other] 用其他方式付款
    [per_second] 按秒计费
    [stopped_free] 关机后不收任何费用
    [cn] 国内平台
    [global] 海外平台
    [us] 机房在美国
    [germany] 机房在德国
    [gb] 机房在英国
    [france] 机房在法国
    [netherlands] 机房在荷兰
    [japan] 机房在日本
    [singapore] 机房在新加坡
    [korea] 机房在韩国
    [hk] 机房在香港
    [taiwan] 机房在台湾
    [india] 机房在印度
    [australia] 机房在澳大利亚
    [canada] 机房在加拿大
    [sweden] 机房在瑞典
    [norway] 机房在挪威
    [malaysia] 机房在马来西亚
    [indonesia] 机房在印度尼西亚
    [finland] 机房在芬兰
    [iceland] 机房在冰岛
    [russia] 机房在俄罗斯
    [turkey] 机房在土耳其
    [middle-east] 机房在中东
    [brazil] 机房在巴西
    [nordics] 机房在北欧
    [eu] 机房在欧洲
    [asia] 机房在亚洲
   *[other] { $need }
  }
platforms-filtered-title = 已知满足全部条件（{ $needs }）的平台：{ $count } 个
platforms-filtered-none = 没有已知满足全部条件的平台。
platforms-filtered-unknown = 未核实：另有 { $count } 个平台的相关信息未知（付款前请到平台确认）：
platforms-filtered-left-out = 已排除 { $count } 个已知不满足条件的平台。
platforms-filter-unknown = “{ $word }”不是筛选条件。可用条件：支付宝、微信、信用卡、paypal、加密货币、银联、对公转账、免实名、按秒、关机不收费、国内、海外、不用信用卡，以及机房所在的一个地方：美国、欧洲、亚洲、英国、德国、法国、荷兰、瑞典、挪威、芬兰、冰岛、北欧、加拿大、巴西、日本、新加坡、韩国、香港、台湾、马来西亚、印度尼西亚、印度、澳大利亚、俄罗斯、土耳其、中东（可组合，如 /platforms 支付宝 免实名、/platforms paypal 欧洲）。
price-tier = { $tier ->
    [on_demand] 按量
    [community] 社区云
    [secure] 安全云
    [spot] 可被回收的竞价
    [reserved] 预留
    [promo] 限时优惠
    [member] 会员价
    [day] 包天
    [week] 包周
    [month] 包月
   *[other] 其他
  }

source-short = 来源：{ $source }（{ $as_of }{ $via ->
    [third_party] ，第三方转述
   *[official] {""}
  }）
unknown-value = 未知
duration = { $n } { $unit ->
    [day] 天
    [hour] 小时
    [minute] 分钟
   *[second] 秒
  }
region-name = { $region ->
    [cn] 国内
    [global] 海外
   *[other] { $region }
  }
currency-name = { $currency ->
    [CNY] 人民币
    [USD] 美元
   *[other] { $currency }
  }
payment-method = { $method ->
    [alipay] 支付宝
    [wechat] 微信支付
    [card] 银行卡
    [paypal] 贝宝
    [crypto] 加密货币
    [bank_transfer] 银行转账
    [invoice] 对公账单
    [unionpay] 银联
   *[other] 其他
  }
stopped-charge = { $what ->
    [disk] 实例磁盘
    [storage] 存储（网盘、文件存储）
    [prepaid_plan] 预付套餐
    [compute] 整机价格照常计费
    [nothing] 不计费
    [cannot_stop] 不能关机，只能销毁
   *[other] 其他
  }
price-from = { $price } 起
price-with-tier = { $price }，{ $tier }
platform-stopped-billing = · 关机后仍计费：{ $value }
platform-signup = · 注册：{ $text }
platform-retention-title = 数据删除规则（到期前先备份）：
platform-retention-unknown = 数据删除规则：资料里没有找到；关机留数据前请先向平台确认。
platform-retention-line = ⚠ { $rule }。{ $note }{ $source }
platform-retention-short = ⚠ { $rule }。
retention-rule = { $state ->
    [stopped] { $when ->
        [instant] 关机时
        [after] 关机满 { $after }
       *[unknown] 关机一段时间后（期限未写明）
      }
    [not_started] { $when ->
        [after] { $after }不开机
       *[other] 长时间不开机
      }
    [released] 归还或释放实例时
    [arrears] { $when ->
        [instant] 余额用完时
        [after] 欠费满 { $after }
       *[unknown] 余额用完后（期限未写明）
      }
    [reset] 重置系统或更换镜像时
    [reclaimed] 竞价实例被回收时
    [any] 任何时候
   *[other] { $state }
  } → { $deletes ->
    [all_data] 实例和全部数据被删除
    [local_disk] 本地磁盘数据被删除
    [temp_dir] 临时目录被清空
    [system_disk] 系统盘被清空
    [volume] 存储卷和个人数据被删除
   *[other] { $deletes } 被删除
  }
data-loss-warning = ⚠ { $platform }：{ $rule }。关机留数据前请先备份。
retention-scoped = 仅限{ $scope }：{ $rule }
models-title = 显存估算认识的 { $count } 个模型，由大到小（混合专家模型写作 总参数 / 激活参数）：
col-model = 模型
col-params = 参数量
col-max-context = 最长上下文
hint-models = /fit <模型> 检查某个模型放不放得下某张卡；没列出的模型按参数量估算，如 /fit 13b 或 /fit 671b-a37b。

gpu-cmp-title = 并排对比：{ $names }
gpu-cmp-fact = 项目
gpu-cmp-card = { $name }
gpu-cmp-vram = { $differs ->
    [yes] * 显存
   *[other] 显存
  }
gpu-cmp-bandwidth = { $differs ->
    [yes] * 带宽
   *[other] 带宽
  }
gpu-cmp-tflops = { $differs ->
    [yes] * FP16 算力
   *[other] FP16 算力
  }
gpu-cmp-interconnect = { $differs ->
    [yes] * 互联
   *[other] 互联
  }
gpu-cmp-cheapest = { $differs ->
    [yes] * 最低挂牌价（每小时）
   *[other] 最低挂牌价（每小时）
  }
gpu-cmp-footer = 带 * 的行表示两张卡不同。/gpu <名称> 查看单卡的价格和来源。
gpu-from-instance = 按{ $cloud ->
    [aws] AWS
    [gcp] Google Cloud
    [azure] Azure
   *[other] { $cloud }
  }{ $kind ->
    [family] 实例系列 { $family }
   *[type] 实例 { $instance }（{ $family }）
  }读作这张卡：{ $count ->
    [0] 卡数随规格而定
   *[other] 每台 { $count } 张
  }。来源：{ $source }（{ $as_of }）
