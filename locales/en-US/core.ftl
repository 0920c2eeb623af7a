welcome = Hi! I'm GPU Scout. I help you rent the right GPU: first what the job needs, then how each platform really bills, then which card fits, what's in stock, and a small trial before you spend more.
hint-help = Type /help to see what I can do.
help-intro = Commands:
help-line = /{ $command } — { $description }
help-outro = Tip: start with /pick if you're not sure. Prices are dated data, not promises; always check the date next to a figure.
hint-not-a-command = I answer commands. Commands start with "/".
error-unknown-command = I don't know the command { $command }.
error-missing-args = That command needs more information.
error-not-available-yet = That command is not available in this build yet.
error-stale-choice = That button belongs to a conversation that has ended. Start again with /pick.
error-store = Sorry, I couldn't save that ({ $detail }). Nothing was changed; please try again.
lang-current = Current language: { $lang }.
lang-set = Language set to { $lang }. I'll answer in English from now on.
error-bad-lang = I can't switch to "{ $value }".
did-you-mean = Did you mean: { $names }?
error-gpu-not-found = I don't know a GPU called "{ $query }".
error-platform-not-found = I don't know a platform called "{ $query }".
error-model-not-found = I don't know a model called "{ $query }".
hint-list-gpus = /gpus lists every GPU I know.
hint-list-platforms = /platforms lists every platform I know.
hint-list-models = You can also give a size instead of a name, e.g. /fit 13b q4_k_m.
note = Note: { $text }
source-line = Source: { $source } (as of { $as_of })

cmd-start = introduction
cmd-help = this list
cmd-pick = step-by-step: what to rent for your job
cmd-fit = will a model fit a card's VRAM
cmd-cost = what a job really costs on one platform
cmd-compare = rank platforms for a GPU and a job
cmd-convert = convert a price to another unit or currency
cmd-tco = rent a GPU vs pay an API per token
cmd-gpu = specs and list prices of one GPU
cmd-gpus = all GPUs
cmd-platform = billing rules and barriers of one platform
cmd-platforms = all platforms
cmd-trial = record what a trial really cost
cmd-lang = switch language (en / zh)
cmd-back = go back one step in /pick
cmd-cancel = stop the current /pick

usage-start = Usage: /start
usage-help = Usage: /help
usage-pick = Usage: /pick, or /pick with your job in a sentence (e.g. /pick lora fine-tune qwen2.5-7b for 3 hours, alipay only), then answer each step left (buttons or typed answers; /back and /cancel work at every step).
usage-fit = Usage: /fit <model> [quant] [task] [ctx=32k] [batch=4] [gpu] [cards] — e.g. /fit qwen2.5-72b int4 ctx=32k 4090; /fit 16gb [lora] (or /fit 4090) lists the models that fit that memory (or that card); vLLM MTP speculative decoding: mtp=3; AutoRound 4-bit: autoround
usage-cost = Usage: /cost <platform> <gpu> <duration> [boot=3m pull=2m idle=10m storage=50gb egress=20gb] — e.g. /cost autodl 4090 40m
usage-compare = Usage: /compare <gpu> <duration | daily 4h | always> — e.g. /compare 4090 3h
usage-convert = Usage: /convert <amount> <currency>/<unit> to <unit> [currency] — e.g. /convert 0.0007 usd/s to hour
usage-tco = Usage: /tco <model> <quant> [gpu] <tokens/day> [api price per 1M tokens] [platform] — e.g. /tco qwen2.5-7b int4 4090 20m 0.3 (no card: the cheapest that holds the model; a platform's id last, e.g. autodl: its cards and its price)
usage-gpu = Usage: /gpu <name> — e.g. /gpu 4090, /gpu h100 sxm
usage-gpus = Usage: /gpus
usage-platform = Usage: /platform <name> — e.g. /platform autodl, /platform runpod
usage-platforms = Usage: /platforms [alipay wechat card paypal crypto no-real-name per-second stopped-free cn global no-card …] [us|eu|japan …] (the platforms that meet every need named, with machines in the place named)
usage-trial = Usage: /trial <platform> <gpu> <wall time> <cost> [card-hours] — e.g. /trial autodl 4090 1h20m ¥3.1; /trial list
usage-lang = Usage: /lang en or /lang zh
usage-back = Usage: /back (inside /pick)
usage-cancel = Usage: /cancel (inside /pick)
cmd-models = all models the fit engine knows
usage-models = Usage: /models
bare-number-currency = (A number without a currency is read as { $currency ->
    [CNY] CNY (¥)
    [USD] USD ($)
   *[other] { $currency }
  }, whoever reads it; write $ or ¥ to say otherwise, or /currency to change it for this chat.)
