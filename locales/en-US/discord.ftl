# Discord frontend: slash command names and options, and notices for buttons.
discord-button-outdated = This button comes from an older version of the bot. Please start again with /pick.
discord-form-outdated = This form comes from an older version of the bot. Please run the command again.
discord-not-your-buttons = These buttons belong to someone else's conversation. Start your own with /pick.
discord-already-answered = This was answered already.
discord-still-limited = Still too many requests from you in a short time; please wait a little before trying again. (/help, /lang and /cancel still work.)

# Slash command names (Discord shows the zh-CN one to Chinese users; English keeps the command).
discord-name-start = start
discord-name-help = help
discord-name-pick = pick
discord-name-fit = fit
discord-name-cost = cost
discord-name-compare = compare
discord-name-convert = convert
discord-name-tco = tco
discord-name-gpu = gpu
discord-name-gpus = gpus
discord-name-platform = platform
discord-name-stock = stock
discord-name-platforms = platforms
discord-name-models = models
discord-name-trial = trial
discord-name-lang = lang
discord-name-back = back
discord-name-cancel = cancel

# Slash command options: the name, then what to type.
discord-opt-model = model
discord-opt-model-about = Model, e.g. qwen2.5-7b, or a size such as 7b
discord-opt-quant = quant
discord-opt-quant-about = Quantization (default: the model's usual precision)
discord-opt-task = task
discord-opt-task-about = What the card does: inference or fine-tuning
discord-opt-gpu = gpu
discord-opt-gpu-about = GPU, e.g. 4090 or h100 sxm
discord-opt-cards = cards
discord-opt-cards-about = How many cards
discord-opt-ctx = ctx
discord-opt-ctx-about = Context length, e.g. 32k
discord-opt-batch = batch
discord-opt-batch-about = Sequences at once
discord-opt-more = more
discord-opt-more-about = More settings as you would type them, e.g. boot=3m engine=vllm
discord-opt-needs = needs
discord-opt-needs-about = What you need, e.g. alipay no-real-name per-second cn
discord-opt-platform = platform
discord-opt-platform-about = Platform, e.g. autodl or runpod
discord-opt-duration = duration
discord-opt-duration-about = How long the job runs, e.g. 40m or 3h
discord-opt-usage = usage
discord-opt-usage-about = One run (3h), a daily pattern (daily 4h) or always
discord-opt-price = price
discord-opt-price-about = Price with currency and unit, e.g. 0.0007 usd/s
discord-opt-to = to
discord-opt-to-about = Target unit, optionally a currency, e.g. hour or hour cny
discord-opt-tokens = tokens
discord-opt-tokens-about = Tokens per day, e.g. 20m
discord-opt-api_price = api_price
discord-opt-api_price-about = API price per million tokens, e.g. 0.3
discord-opt-wall_time = wall_time
discord-opt-wall_time-about = How long the trial really took, e.g. 1h20m
discord-opt-cost = cost
discord-opt-cost-about = What it cost, e.g. ¥3.1
discord-opt-card_hours = card_hours
discord-opt-card_hours-about = Card-hours billed, if the bill says
discord-opt-language = language
discord-opt-language-about = en or zh

discord-task-inference = Inference
discord-task-lora = LoRA fine-tune
discord-task-qlora = QLoRA fine-tune
discord-task-full = Full fine-tune

# Embed fields for breakdowns (/fit's memory split).
discord-field-weights = Weights
discord-field-kv = KV cache
discord-field-activations = Activations
discord-field-optimizer = Gradients + optimizer
discord-field-overhead = Overhead
discord-field-total = Total
discord-field-per-card = Busiest card
discord-field-gib = { $gib } GiB
discord-unreadable = I couldn't read that: Discord sent it in a form this version of the bot doesn't know yet. Please run the slash command again, or type your question.
discord-cannot-post-in-channel = I couldn't answer you in that channel: I'm not allowed to post there (I need View Channel, Send Messages and Embed Links). A server admin can give me those in the channel's settings — or just ask me here.
discord-reply-words-withheld = I can't see the words of a reply that doesn't mention me: Discord only shows them to me when the reply pings me. Reply again with the @mention turned on, mention me in a new message, or use a slash command such as /gpu 4090.
discord-buttons-owner-unknown = The question these buttons answer was deleted, so I cannot tell whose they are, and you have no /pick of your own under way. Start one with /pick.
