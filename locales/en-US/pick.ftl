pick-step = Step { $n } of { $total }
pick-at-first-step = This is the first step; there is nothing to go back to.
pick-step-reopened = Back to that step: answer it again, and I will go on from there.
pick-finished = Done. Good luck with the trial! Start again any time with /pick.
pick-none-active = There is no /pick conversation running here.
pick-cancelled = Stopped. Nothing else was changed; /pick starts over.
pick-quit-confirm = Leave /pick? Anything you answered so far would be lost. If you meant "none" to this step's question, tap "Stay in /pick" and answer it.
pick-quit-leave = Leave /pick
pick-quit-stay = Stay in /pick
pick-invalid = I couldn't use that answer, so nothing changed.
pick-choice-taken = Option { $n }: { $label }
pick-choice-beyond = There is no option { $n } here: the choices are numbered 1 to { $count }.
pick-hint-task = Tap one of the three task types, or describe the job in one sentence (e.g. "LoRA fine-tune qwen2.5-7b for 3 hours").
pick-hint-model = Tap a model, type a name (qwen2.5-7b, Qwen/Qwen2.5-7B-Instruct) or a size (13b).
pick-hint-method = Tap one of the options, or type a format such as bf16, int8, awq, q4_k_m (or lora / qlora / full for training).
pick-hint-context = Tap a context length or type one such as 16k or 8192.
pick-hint-concurrency = Tap how many conversations run at once at peak, or type a number such as 8.
pick-hint-usage = Type a duration (40m, 3h), "daily 4h" or "always", or tap an option.
pick-hint-card = Tap a card, or type one such as "4090" or "2x a100".
pick-hint-barriers = Tap the needs to switch them on or off, type "budget 50" to set a budget, then tap "Done".
pick-hint-result = Tap "Trial plan" to continue, /back to change an answer.
pick-hint-trial = Tap "Finish" to end, /back to change an answer.

pick-ask-task = What kind of work is it?
pick-one-sentence = First write the job as one sentence: which model, for how long, does it need to stay online? If you can't yet, you're not ready to order. You can type that sentence here instead of tapping.
pick-task-exp = Short experiment / demo (minutes to hours)
pick-task-tune = Fine-tuning / training (hours to days)
pick-task-serve = Long-running inference service (some hours every day, or always on)

pick-ask-model = Which model? Tap one, or type a name or a size like 13b.
pick-ask-model-unsure = Not sure? Pick by size: smaller models fit cheaper cards.
pick-model = { $name }
pick-model-size = { $name } ({ $b }B parameters)
pick-model-unsure = Not sure
pick-ask-method-quant = Which precision / quantization? Lower bits need less VRAM at some quality cost.
pick-ask-method-train = How will you train? LoRA trains a small adapter; QLoRA also keeps the base in 4-bit; full fine-tuning updates every weight and needs far more memory.
pick-method = { $method ->
    [bf16] BF16 (full quality)
    [fp8] FP8
    [int8] INT8
    [awq] 4-bit AWQ
    [q4_k_m] GGUF Q4_K_M (llama.cpp)
    [mxfp4] MXFP4 (4-bit experts, as published)
    [lora] LoRA (BF16 base)
    [qlora] QLoRA (4-bit base)
    [full] Full fine-tune
   *[other] { $method }
  }
pick-ask-context = How long are the sequences (prompt + output)? Longer context needs more memory for the KV cache and activations.
pick-context = { $k }k tokens
pick-ask-concurrency = How many conversations at once at peak? Each one keeps its own KV cache, so this sizes the card more than the model does at long contexts.
pick-concurrency = { $n ->
    [one] 1 at a time
   *[other] { $n } at once
  }

pick-ask-usage = How long, and how often, do you need the card?
pick-usage-oneoff = One run of { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
  }
pick-usage-daily = { $hours } hours every day
pick-usage-always = Always on (a service)
pick-advice-short = A short run-and-stop job: per-second billing usually wins — but check whether boot and image pull are billed, they are a big share of a short job.
pick-advice-hours = A job of several hours: hourly and per-second billing come close; what decides is the minimum increment and whether setup time is billed.
pick-advice-daily = A few hours every day: hourly billing with auto-shutdown, so a forgotten instance stops costing money; a daily or weekly package only pays off if you really use it.
pick-advice-always = Always on: monthly (or longer) prices are usually cheapest; per-second billing costs more to manage for a service.
pick-advice-api = For a service that is not busy all day, a pay-per-token API is often cheaper than renting a card; compare with /tco before you rent.

pick-fit-failed = I couldn't estimate memory for this combination. Go /back and change the model or format.
pick-fit-summary = { $model } ({ $method }) needs about { $total } GiB: weights { $weights }, KV cache { $kv }, activations { $act }, optimizer and gradients { $optimizer }, overhead { $overhead } GiB{ $cache ->
    [yes] , as nvidia-smi would show it; { $required } GiB of it must be allocated on a card (the rest is PyTorch's cache, given back when memory runs short).
   *[no] .
  }
pick-no-card-fits = No card in the catalog fits this, even with 8 cards. Go /back and pick a smaller model or lower precision.
pick-card-does-not-fit = ❌ { $cards }× { $gpu } cannot hold this job: it needs { $need } GiB per card and the card has { $vram } GiB. I won't price a setup that runs out of memory.
pick-card-alternatives = Cards that do fit: { $cards }. Tap one below or type another.
pick-ask-card = Cards that fit, cheapest for your job first (the price already includes hidden costs; each doubling of cards counts as 15% dearer, since more cards bring more to go wrong):
pick-bandwidth-note = Generating tokens is limited by memory bandwidth, not TFLOPS: a card with more GB/s answers faster.
pick-pcie-multicard-note = ⚠️ Several cards without NVLink serve over PCIe: with tensor parallelism every layer waits on that link, so two such cards answer well short of twice as fast, and consumer cards often have peer-to-peer disabled. One bigger card is usually the safer service.
pick-card-option = { $cards }× { $gpu } — { $per_card } GiB per card of { $vram } GB{ $tight ->
    [yes] {" "}(tight: inside the estimate's error margin)
   *[no] {""}
  }, { $bandwidth ->
    [unknown] bandwidth unknown
   *[other] { $bandwidth } GB/s
  } — from { $from ->
    [unknown] price unknown
   *[other] { $from }
  }{ $floor ->
    [yes] {" "}(a “from” price: the cheapest configuration only, yours may cost more)
   *[other] {""}
  }

pick-ask-barriers = What do you need to get started? Tap to switch each on or off, then tap "Done". Type "budget 50" to set a budget for the job.
pick-budget-set = Budget: { $budget }{ $per ->
    [day] {" "}a day
    [week] {" "}a week
    [month] {" "}a month
   *[none] {""}
}
pick-need-web = { $state ->
    [on] ☑
   *[off] ☐
  } Web terminal / Jupyter in the browser
pick-need-img = { $state ->
    [on] ☑
   *[off] ☐
  } Ready-made framework images
pick-need-nrn = { $state ->
    [on] ☑
   *[off] ☐
  } No real-name verification
pick-need-pay = { $state ->
    [on] ☑
   *[off] ☐
  } Pay with { $method ->
    [alipay] Alipay
    [wechat] WeChat Pay
    [card] a bank card
    [crypto] crypto
    [bank_transfer] a bank transfer (a company account)
    [invoice] invoiced billing
   *[other] { $method }
  }
pick-barriers-done = Done

pick-result-title = Where to rent { $cards }× { $gpu }:
pick-usage-line-oneoff = Job: one run of { $hours } h.
pick-usage-line-daily = Job: { $hours } h a day for 30 days.
pick-usage-line-always = Job: always on for one 730-hour month.
pick-result-none = No platform in the catalog lists a price for this card.
pick-result-none-left = No platform is left for this card: every one that rents it is left out by what you said (see below). Go /back to pick another card, or change a need.
pick-cards-need-left-out = Not offered: { $cards }{ $count ->
    [1] {""}
    [2] {""}
    [3] {""}
   *[other] {" "}and { $count } in all
  } — every platform that rents { $count ->
    [1] it
   *[other] them
  } is known not to meet your needs.
col-rank = #
col-job-cost = Job cost
col-per-useful-hour = Per useful hour
col-barriers = Needs
pick-rule = { $platform }: { $rule }
pick-stock-unknown = Stock: unknown for now — check the platform's console before paying.
pick-result-legend = Needs: web = web terminal, img = images, nrn = no real-name, pay = payment, region = in the region you asked for (mainland China or outside it), place = machines in the place you asked for; ✓ met, ✗ not met, ? unknown. * = price older than 30 days or undated.
pick-unverified-needs-lower = Not verified, listed after the platforms known to meet every need: { $platforms }. One of your needs (?) could not be checked there; check it on its site before you pay.
pick-invoice-ask = You need an invoice: no platform's record in my data says whether it issues one. Ask the platform before you top up.
pick-left-out = Left out: { $count ->
    [one] one platform
   *[other] { $count } platforms
  } known not to meet one of your needs ({ $platforms }).
pick-assumed-boot = Assumed for the first run: { $boot } min boot and { $pull } min image pull, billed where the platform bills them.
pick-over-budget = The cheapest option is over your budget of { $budget }{ $per ->
    [day] {" "}a day (counted for every day the job is costed over)
    [week] {" "}a week (counted for every week the job is costed over)
    [month] {" "}a month
   *[none] {""}
}.
pick-drop-tier = Drop one tier: { $cards }× { $gpu } also fits, from { $cost } for this job{ $floor ->
    [yes] {" "}(a “from” price: the cheapest configuration only, yours may cost more)
   *[other] {""}
  }.
pick-no-lower-tier = No cheaper lower-tier card fits this job.
pick-see-trial = Trial plan

pick-trial-title = A small trial before you spend more:
pick-trial-topup = 1. Top up only about { $amount } on { $platform } — enough for one { $hours } h trial run. Check network, environment and VRAM.
pick-trial-min-topup = (That is the platform's minimum top-up.)
pick-trial-min-topup-is = (The platform's minimum top-up is { $amount }.)
pick-trial-cost-min-unknown = 1. One { $hours } h trial run on { $platform } costs about { $amount }. Its minimum top-up is not documented: check it on the platform before you pay, and top up as little as it allows. Check network, environment and VRAM.
pick-trial-topup-unknown = 1. Top up only enough for one short run (no price known for this card, so I can't size it).
pick-trial-task-exp = 2. Run a reduced version of your real experiment (your model, your data, fewer samples), not hello world.
pick-trial-task-tune = 2. Run a few hundred steps of your real fine-tune on a slice of your data; check memory at the peak and that a checkpoint saves and resumes.
pick-trial-task-serve = 2. Serve your real model and replay a sample of real requests at the concurrency you expect; watch latency and memory.
pick-trial-record = 3. Record wall time from boot to finish, card-hours, and the real charge.
pick-trial-ledger = Then tell me: /trial <platform> { $gpu } <wall time> <cost> — I'll convert it to the common unit and compare it with the list price.
pick-trial-switch = 4. If it doesn't run, switch platform and repeat — don't keep paying on the one that fails.
pick-trial-scale = 5. Scale up only after it works.
pick-subscribe-offer = To hear when { $name } is in stock, choose "Alert me" below or send /subscribe { $gpu }; still check stock on the platform before paying.
pick-done = Finish
pick-infer-which = Inference: a short run you start and stop (an experiment, a demo, a batch), or a service that stays online? Tap one, or say how long it runs (e.g. "3 hours", "always on").
pick-unsure-task = No problem: tell me what you want to run and roughly for how long, and I'll sort it; or tap "Short experiment" to start small (/back changes it later).
pick-took-default = No preference: I took the default here; /back changes it.
pick-budget-bare = (The budget has no currency, so it is read in { $currency ->
    [CNY] CNY (¥)
    [USD] USD ($)
   *[other] { $currency }
  }, the currency this /pick shows prices in; write $ or ¥ to say otherwise.)
pick-understood-paid = • already paid for a run like this: { $paid }
pick-paid-before = You said you paid { $paid } for a run like this before.
pick-paid-vs-cheapest = You said you paid { $paid } for a run like this before; the cheapest option here is { $cheapest } for this job{ $cheaper ->
    [yes] , less than you paid.
   *[other] , not less than you paid: the saving would have to come from elsewhere (a smaller card, less time).
  }

pick-ask-pipeline = Which image or video model (pipeline)? Tap one or type its name (sdxl, flux dev, wan2.1). It is sized as published, one output at its default size, the same figure /fit gives.
pick-media-summary = { $name } needs about { $peak } GiB at its peak ({ $stage ->
    [text] text encoding
    [decode] VAE decode
   *[denoise] denoising
  }) for one { $kind ->
    [video] { $width }×{ $height } clip of { $frames } frames
   *[image] { $width }×{ $height } image
  }, weights as published, no offload (the /fit estimate).
pick-media-train-unknown = Training this image or video model is not something I can size: its block count is not in my data, so I won't rank cards for it. Type a card you know holds your training, go /back to size generation instead, or /cancel.
pick-media-train-summary = A LoRA (rank { $rank }) on { $name } needs about { $peak } GiB at its peak, trained at { $width }×{ $height } with AdamW8bit, gradient checkpointing, and latents and text-encoder outputs cached first (kohya / musubi-tuner defaults), as /fit { $id } lora sizes it: a derived estimate, ±30%.
pick-understood-cap = • at most { $cap } an hour (hidden costs included), a cap: what costs more is left out
pick-cap-applied = Your cap of { $cap } an hour left out { $count ->
    [0] nothing
    [one] one option
   *[other] { $count } options
  } that cost more per hour for this job.
pick-cap-none-under = No card here is under your cap of { $cap } an hour for this job: all are shown, cheapest first.
pick-cap-left-out = { $count ->
    [0] No platform here is over your cap.
    [one] One platform over your cap was left out.
   *[other] { $count } platforms over your cap were left out.
  }
pick-cap-none-under-result = Every platform here is over your cap: all are shown, cheapest first.
pick-ask-hours-few = "A few hours": how many, roughly? The bill depends on it, so I won't guess: type a number such as 3h or 5h.
pick-ask-people-few = "A few": how many at once at the busiest time, roughly? Each conversation keeps its own memory on the card, so I won't guess: type a number such as 3 or 8.
pick-ask-half-day = "Half a day": 4 hours (a working half-day) or 12 hours? The bill differs threefold, so I won't guess: tap one at the duration step, or type the hours.
pick-understood-exclude = • leave out { $platform }
pick-excluded = Left out as you asked: { $platforms }.
pick-understood-users = • for { $users } people
pick-users-peak = You said { $users } people use it: rarely all at once. How many talk to it in the same minute at the busiest time?
pick-understood-gpu-unfit = • card: { $cards ->
    [1] { $name }
   *[other] { $cards } × { $name }
  } — it cannot hold this job as sized so far ({ $media ->
    [yes] the image or video job as published
   *[other] { $method }, { $context } tokens: { $need ->
        [unknown] more memory than it has
       *[other] { $need } GiB a card, it has { $vram } GiB
    }
  }); the card step lists the cards that do{ $wide ->
    [yes] , and a 4-bit format may fit it
   *[other] {""}
  }
pick-card-no-longer-holds = • card: { $cards ->
    [1] { $name }
   *[other] { $cards } × { $name }
  } no longer holds this job as now sized ({ $method }, { $context } tokens: { $need } GiB a card, it has { $vram } GiB), so it was dropped: pick one of the cards that do below
pick-understood-budget-day = • budget: { $budget } a day (a service or a daily job is costed over one month, so it counts for each of its days; one run has it for each day it spans)
pick-understood-budget-week = • budget: { $budget } a week (a service or a daily job is costed over one month, so it counts for each of its weeks; one run has it for each week it spans)
pick-understood-budget-month = • budget: { $budget } a month (a service or a daily job is costed over one month; one run is set against it as it is)
pick-no-bf16-full = Left out: { $cards } — no bf16 on these cards (compute capability below 8.0), and this full fine-tune is sized in bf16. There it trains in fp16 mixed precision, whose fp32 master weights need more memory than sized here. Type one of them to size it anyway.
pick-no-bf16-lora = No bf16 on { $cards } (compute capability below 8.0): there this LoRA trains in fp16 mixed precision with loss scaling instead. The memory is the same, but a model trained in bf16 can overflow in fp16; watch the loss for NaN.
pick-media-no-bf16 = Left out: { $cards } — no bf16 on these cards (compute capability below 8.0), and { $name } runs in bf16; in fp16 such pipelines have overflowed (NaN, black images). Type one of them to size it anyway.
pick-number-senses = “{ $word }” could be { $word } hours or { $word } cards, and the two cost differently. Say it again with its unit (“{ $word } hours” or “{ $word } cards”); nothing was changed.
pick-number-ask = “{ $word }” could be { $option } or “{ $value }”, and the two give different answers, so I am asking rather than guessing: tap one. Typed, write “option { $word }” for the option, or the number with its unit for the value. Nothing was changed.
pick-number-option = option { $n } ({ $label })
pick-number-size = A model of { $b }B parameters (sized by its size alone)
pick-number-budget = a budget of { $amount } { $currency ->
    [CNY] yuan
    [USD] US dollars
   *[other] { $currency }
  }{ $per ->
    [day] {" "}a day
    [week] {" "}a week
    [month] {" "}a month
   *[none] {" "}for the job
  }
pick-ask-till-tomorrow = "{ $said }": how many hours is that from when you start? It depends on the time of day, which I don't know, so I won't guess: type the hours, such as 12h or 16h.
pick-ask-till-point = "{ $said }": how many hours is that from when you start? I don't know the time where you are, so I won't guess: type the hours, such as 8h or 20h, or say when it starts too (from 9pm to 7am).
pick-read-span = • "{ $said }": { $hours } h, from { $from } to { $to }{ $next ->
    [yes] {" "}the next day
   *[no] {""}
  }; type the hours to change it
pick-ask-length-vague = "{ $said }" is no length I can bill: how many hours, roughly? The bill depends on it, so I won't guess: type a number such as 1h or 3h.
pick-budget-vague = "{ $said }" is no figure I can hold the options to, so no budget is set: type one such as 300 if you want the result checked against it.
pick-budget-unrated = "{ $said }" is in a currency I hold no exchange rate for (only USD and CNY), so no budget is set: say it in ¥ or $ if you want one.
pick-card-kept = • card: { $cards ->
    [1] { $name }
   *[other] { $cards } × { $name }
  }, as you said before (a card that cannot hold the job is dropped and said), so the card step is not asked; /back to change it
pick-range-top = • “{ $lo }–{ $hi }” is a range: { $kind ->
    [budget] held to { $hi }, its top, so no option you would take is hidden
    [people] sized for { $hi } conversations at once, its top, so the card is not too small
   *[hours] costed at { $hi } h, its longer end, so the bill does not fall short
  }; say one number to change it
# A goal said in life or product terms at the first step (helper und_de).
pick-goal-kinds = That goal can be built as more than one kind of job: a short experiment to try a model on it, a fine-tune on your own data, or a service that stays online for people to use. Which is it? Tap one below, or say it with the model and how long (e.g. "a service with qwen2.5 7b, always on").
pick-goal-pictures = Pictures can mean three jobs: making new ones from a text prompt (say "image generation", then pick a pipeline such as sdxl or flux), editing your own photos, or training a model on your photos (training an image model is not sized here). Which is it?
pick-goal-speech = Turning speech into text (or text into speech) needs a speech model such as Whisper, and the catalog holds none, so I can't size that job or its card. If the work after it is a language model's (summarising or answering from the text), pick that kind below.
pick-night-counted = • a night with no hours said is counted as 8 hours; type the hours if yours differ
# A schedule said instead of a number (helper und_dr): hours a day and days a week, kept as a day's share.
pick-read-schedule = • "{ $said }": { $hours } h a day, { $days } days a week; costed as { $share } h a day averaged over the week
pick-read-schedule-every-day = • "{ $said }": { $hours } h a day, counted as 7 days a week; if it is not every day, say which days (weekdays, 3 days a week)
pick-ask-schedule-vague = "{ $said }" says no length I can bill: how many hours a day, and how many days a week? The bill depends on it, so I won't guess: type it (such as 8h a day on weekdays, or 3h), or tap an option.
# A rank against another option with none named (helper und_du): which one it is counted from.
pick-rank-ask = { $up ->
    [yes] One up
   *[no] One down
  } from which one? Tap the one you mean, or name the one it is counted from by its place (such as "one up in price from the first").
# A total of hours said over a span of days (helper und_du): one run of the total.
pick-read-total = • "{ $said }": the hours are a total over those days, so they are read as one run of that total, not as whole days
