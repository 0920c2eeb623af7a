gpu-title = { $name } ({ $id })
gpu-vram = VRAM: { $gb } GB { $mem }
gpu-capacity = { $basis ->
    [driver] Memory for jobs: { $gib } GiB ({ $usable } usable after the { $vendor ->
        [amd] ROCm (HIP) context; the amdgpu driver reports { $mib } MiB (rocminfo's GPU memory pool; rocm-smi / amd-smi show it as VRAM Total Memory), read { $as_of })
        [nvidia] CUDA context; nvidia-smi shows { $mib } MiB, read { $as_of })
        [intel] Level Zero context; the driver reports { $mib } MiB, read { $as_of })
       *[other] driver's context; the driver reports { $mib } MiB, read { $as_of })
      }
    [cuda] Memory for jobs: { $gib } GiB ({ $usable } usable: CUDA sees { $cuda } GiB of it, the driver keeps the rest, less the CUDA context; nvidia-smi shows { $mib } MiB, read { $as_of })
   *[derived] Memory for jobs: { $gib } GiB ({ $usable } usable after the { $vendor ->
        [amd] ROCm (HIP) context
        [nvidia] CUDA context
        [intel] Level Zero context
       *[other] driver's context
      }; derived: the marketed { $gb } GB read as GiB of memory chips, no driver reading on file)
}
gpu-bandwidth = Memory bandwidth: { $gbps ->
    [unknown] unknown (no source gives it)
   *[other] { $gbps } GB/s
  }
gpu-tflops = FP16/BF16 tensor: { $tflops ->
    [unknown] unknown (no source gives a dense figure; no speed estimates for this card)
   *[other] { $tflops } TFLOPS dense ({ $accumulate ->
        [fp16] FP16 accumulate
        [fp32] FP32 accumulate
       *[other] { $accumulate } accumulate
      }; sparsity not counted)
  }
gpu-interconnect = Interconnect: { $text }
gpu-aliases = Also called: { $names }
gpu-no-prices = No list prices recorded for this GPU yet.
gpu-prices-title = List prices (as quoted, before hidden costs; /compare ranks them for a real job):
gpu-prices-cheapest = Cheapest pay-as-you-go hours (every price under Details; /compare ranks them for a real job):
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
col-min-topup = Min top-up

platform-title = { $name } ({ $id }) — { $region ->
    [cn] mainland China
    [global] outside mainland China
   *[other] { $region }
  }, prices in { $currency ->
    [CNY] CNY
    [USD] USD
   *[other] { $currency }
  }
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
    [always] required before renting
    [some_services] required for some services only (see the note)
    [none] not required
   *[unknown] unknown
  }{ $documents ->
    [passport_ok] ; passports accepted
    [domestic_id] ; mainland ID card only
   *[unknown] {""}
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
platforms-region-line = { $region ->
    [cn] Mainland China
    [global] Outside mainland China
   *[other] { $region }
  } ({ $count }): { $names }
col-unknown = Not known
platforms-need = { $need ->
    [alipay] Alipay
    [wechat] WeChat Pay
    [card] bank card
    [paypal] PayPal
    [crypto] crypto
    [unionpay] UnionPay
    [bank_transfer] bank transfer (company account)
    [invoice] invoiced billing
    [no_real_name] no real-name check
    [no_alipay] paying without Alipay
    [no_wechat] paying without WeChat Pay
    [no_card] paying without a bank card
    [no_paypal] paying without PayPal
    [no_crypto] paying without crypto
    [no_unionpay] paying without UnionPay
    [no_bank_transfer] paying without a bank transfer
    [no_other] paying another way
    [per_second] per-second billing
    [stopped_free] nothing billed while stopped
    [cn] in mainland China
    [global] outside mainland China
    [us] machines in the US
    [germany] machines in Germany
    [gb] machines in the UK
    [france] machines in France
    [netherlands] machines in the Netherlands
    [japan] machines in Japan
    [singapore] machines in Singapore
    [korea] machines in South Korea
    [hk] machines in Hong Kong
    [taiwan] machines in Taiwan
    [india] machines in India
    [australia] machines in Australia
    [canada] machines in Canada
    [sweden] machines in Sweden
    [norway] machines in Norway
    [malaysia] machines in Malaysia
    [indonesia] machines in Indonesia
    [finland] machines in Finland
    [iceland] machines in Iceland
    [russia] machines in Russia
    [turkey] machines in Türkiye
    [middle-east] machines in the Middle East
    [brazil] machines in Brazil
    [nordics] machines in the Nordic countries
    [eu] machines in Europe
    [asia] machines in Asia
   *[other] { $need }
  }
platforms-filtered-title = Platforms known to meet every need ({ $needs }): { $count }
platforms-filtered-none = None is known to meet every need.
platforms-filtered-unknown = Not verified: { $count } more where a needed fact is unknown (check it on the platform before you pay):
platforms-filtered-left-out = { $count } platforms known not to meet a need are left out.
platforms-filter-unknown = `{ $word }` is not a filter. Filters: alipay, wechat, card, paypal, crypto, unionpay, bank-transfer, no-real-name, per-second, stopped-free (nothing billed while stopped), cn, global, no-card (any method but a bank card), and one place where the machines are: us, eu, asia, gb, germany, france, netherlands, sweden, norway, finland, iceland, nordics, canada, brazil, japan, singapore, korea, hk, taiwan, malaysia, indonesia, india, australia, russia, turkey, middle-east (combine them: /platforms alipay no-real-name, /platforms paypal eu).
price-tier = { $tier ->
    [on_demand] on demand
    [community] community cloud
    [secure] secure cloud
    [spot] spot / interruptible
    [reserved] reserved
    [promo] promotion
    [member] member price
    [day] per day
    [week] per week
    [month] per month
   *[other] { $tier }
  }

source-short = Source: { $source } ({ $as_of }{ $via ->
    [third_party] , seen in a third-party copy
   *[official] {""}
  })
unknown-value = unknown
duration = { $n } { $unit ->
    [day] { $n ->
        [one] day
       *[other] days
      }
    [hour] { $n ->
        [one] hour
       *[other] hours
      }
    [minute] { $n ->
        [one] minute
       *[other] minutes
      }
   *[second] { $n ->
        [one] second
       *[other] seconds
      }
  }
region-name = { $region ->
    [cn] mainland China
    [global] outside mainland China
   *[other] { $region }
  }
currency-name = { $currency ->
    [CNY] CNY
    [USD] USD
   *[other] { $currency }
  }
payment-method = { $method ->
    [alipay] Alipay
    [wechat] WeChat Pay
    [card] bank card
    [paypal] PayPal
    [crypto] cryptocurrency
    [bank_transfer] bank transfer
    [invoice] invoice
    [unionpay] UnionPay
   *[other] { $method }
  }
stopped-charge = { $what ->
    [disk] the instance's disk
    [storage] storage (volumes, file storage)
    [prepaid_plan] the prepaid plan
    [compute] the full instance price
    [nothing] nothing
    [cannot_stop] cannot be stopped, only terminated
   *[other] { $what }
  }
price-from = from { $price }
price-with-tier = { $price }, { $tier }
platform-stopped-billing = · billed while stopped: { $value }
platform-signup = · sign-up: { $text }
platform-retention-title = Data deletion rules (back up before these happen):
platform-retention-unknown = Data deletion rules: none found in the sources; ask the platform before leaving data on a stopped instance.
platform-retention-line = ⚠ { $rule }. { $note } { $source }
platform-retention-short = ⚠ { $rule }.
retention-rule = { $state ->
    [stopped] { $when ->
        [instant] when the instance stops
        [after] after { $after } stopped
       *[unknown] after some time stopped (period not stated)
      }
    [not_started] { $when ->
        [after] when not started for { $after }
       *[other] when not started for a while
      }
    [released] when the instance is returned or released
    [arrears] { $when ->
        [instant] when the balance runs out
        [after] { $after } into arrears
       *[unknown] when the balance runs out (period not stated)
      }
    [reset] on a system reset or image change
    [reclaimed] when spot capacity is reclaimed
    [any] at any time
   *[other] { $state }
  } → { $deletes ->
    [all_data] the instance and all its data are deleted
    [local_disk] the local disk is deleted
    [temp_dir] the temporary directory is wiped
    [system_disk] the system disk is wiped
    [volume] volumes and personal data are deleted
   *[other] { $deletes } is deleted
  }
data-loss-warning = ⚠ { $platform }: { $rule }. Back up before leaving it stopped.
retention-scoped = { $scope } only: { $rule }
models-title = { $count } models the fit engine knows, largest first (mixture-of-experts: total / active parameters):
col-model = Model
col-params = Parameters
col-max-context = Max context
hint-models = /fit <model> checks one against a card; any other model works by size, e.g. /fit 13b or /fit 671b-a37b.

gpu-cmp-title = Side by side: { $names }
gpu-cmp-fact = Fact
gpu-cmp-card = { $name }
gpu-cmp-vram = { $differs ->
    [yes] * VRAM
   *[other] VRAM
  }
gpu-cmp-bandwidth = { $differs ->
    [yes] * Bandwidth
   *[other] Bandwidth
  }
gpu-cmp-tflops = { $differs ->
    [yes] * FP16 TFLOPS
   *[other] FP16 TFLOPS
  }
gpu-cmp-interconnect = { $differs ->
    [yes] * Interconnect
   *[other] Interconnect
  }
gpu-cmp-cheapest = { $differs ->
    [yes] * From (list, per hour)
   *[other] From (list, per hour)
  }
gpu-cmp-footer = * marks a row where the cards differ. /gpu <name> shows one card with its prices and sources.
gpu-from-instance = Read from the { $cloud ->
    [aws] AWS
    [gcp] Google Cloud
    [azure] Azure
   *[other] { $cloud }
  } { $kind ->
    [family] instance family { $family }
   *[type] instance type { $instance } ({ $family })
  }: { $count ->
    [0] the number of cards depends on the size
   *[other] { $count } × this card per instance
  }. Source: { $source } ({ $as_of })
