gpu-title = { $name } ({ $id })
gpu-vram = VRAM: { $gb } GB { $mem }
gpu-bandwidth = Memory bandwidth: { $gbps } GB/s
gpu-tflops = FP16/BF16 tensor: { $tflops } TFLOPS dense ({ $accumulate ->
    [fp16] FP16 accumulate
   *[other] FP32 accumulate
  }; sparsity not counted)
gpu-interconnect = Interconnect: { $text }
gpu-aliases = Also called: { $names }
gpu-no-prices = No list prices recorded for this GPU yet.
gpu-prices-title = List prices (as quoted, before hidden costs; /compare ranks them for a real job):
gpu-prices-footer = * older than 30 days ("?" = the source gives no date): check the platform before you pay.
gpus-title = { $count } GPUs, strongest first:
hint-gpu-detail = /gpu <name> shows one card with its sources and prices.
col-platform = Platform
col-list-price = List price
col-tier = Tier
col-as-of = As of
col-gpu = GPU
col-vram = VRAM
col-bandwidth = Bandwidth
col-tflops = FP16 TFLOPS
col-id = Id
col-region = Region
col-currency = Currency
col-increment = Increment

platform-title = { $name } ({ $id }) — { $region ->
    [cn] mainland China
   *[other] global
  }, prices in { $currency }
platform-website = Website: { $url }
platform-billing-title = Billing:
platform-units = · quoted per: { $units ->
    [unknown] unknown
   *[other] { $units }
  }
platform-increment = · billing increment: { $value ->
    [unknown] unknown
   *[other] { $value }
  }
platform-minimum = · minimum charge: { $value ->
    [unknown] unknown
   *[other] { $value }
  }
platform-starts = · meter starts: { $value ->
    [boot] at boot
    [job] when the job starts
   *[unknown] unknown
  }
platform-boot-billed = · boot time billed: { $value ->
    [yes] yes
    [no] no
   *[unknown] unknown
  }
platform-pull-billed = · image pull billed: { $value ->
    [yes] yes
    [no] no
   *[unknown] unknown
  }
platform-stopped-storage = · storage billed while stopped: { $value ->
    [yes] yes
    [no] no
   *[unknown] unknown
  }
platform-storage-price = · storage per GB-month: { $value ->
    [unknown] unknown
   *[other] { $value }
  }
platform-egress-price = · data transfer per GB: { $value ->
    [unknown] unknown
   *[other] { $value }
  }
platform-idle = · auto-shutdown: { $value ->
    [unknown] unknown
   *[other] { $value }
  }
platform-commitment = · prepaid tiers: { $units }
platform-barriers-title = Getting started:
platform-images = · prebuilt images: { $value ->
    [yes] yes
    [no] no
   *[unknown] unknown
  }
platform-web-terminal = · web terminal: { $value ->
    [yes] yes
    [no] no
   *[unknown] unknown
  }
platform-jupyter = · Jupyter: { $value ->
    [yes] yes
    [no] no
   *[unknown] unknown
  }
platform-ssh = · SSH: { $value ->
    [yes] yes
    [no] no
   *[unknown] unknown
  }
platform-real-name = · real-name verification: { $value ->
    [required] required
    [not_required] not required
   *[unknown] unknown
  }
platform-payment = · payment: { $value ->
    [unknown] unknown
   *[other] { $value }
  }
platform-min-topup = · minimum top-up: { $value ->
    [unknown] unknown
   *[other] { $value }
  }
platform-no-prices = No list prices recorded for this platform yet.
platform-prices-title = List prices:
platform-credibility = Record { $date }: { $note } ({ $source })
platforms-title = { $count } platforms:
hint-platform-detail = /platform <name> shows billing rules, barriers and sources.
price-tier = { $tier ->
    [on_demand] on demand
    [community] community cloud
    [secure] secure cloud
    [spot] spot / interruptible
    [day] per day
    [week] per week
    [month] per month
   *[other] { $tier }
  }
