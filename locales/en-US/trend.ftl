## /trend: price history per platform, a chart, and the stock rhythm.

cmd-trend = price history of a card per platform, with a chart and when it is usually in stock
usage-trend = Usage: /trend <gpu> [days, 1–365, default 30] [for <model> [quant] [task]] — e.g. /trend 4090, /trend h100 7, /trend 4090 for qwen2.5-32b int4
trend-error-days = “{ $text }” is not a number of days from 1 to { $max }.
trend-title = { $gpu }: price per GPU-hour, cheapest offer each hour, { $from } to { $to } ({ $zone }, last { $days } days):
trend-caption = { $gpu }: price per GPU-hour over the last { $days } days
trend-line = { $platform }: lowest { $lowest }, median { $median }, { $first } → { $last } ({ $change }); { $points ->
    [one] 1 hour
   *[other] { $points } hours
  } recorded, in stock in { $stocked } of them.
trend-change-none = a single point
trend-no-history = No price history for { $gpu } in the last { $days } days yet. { $where ->
    [terminal] The poller records one point per platform per hour while `gpuscout serve` runs (or after each `gpuscout poll --once`).
   *[chat] A point is recorded per platform for each hour the bot reads the providers, so the history grows from now on; list prices with their dates: /gpu <card>.
  }
trend-no-chart = The chart could not be drawn this time; the figures below are complete.
trend-note = Prices are the cheapest live offer per GPU-hour in each platform's own currency, one point per hour polled; hours with no data are gaps, not “out of stock”. Times are { $zone }.
trend-rhythm-title = When { $gpu } is usually in stock ({ $zone }, share of polled hours with stock on any platform):
trend-rhythm-line = Last { $days } days: best { $best_from }–{ $best_to } ({ $best }%), worst { $worst_from }–{ $worst_to } ({ $worst }%), from { $hours ->
    [one] 1 hour
   *[other] { $hours } hours
  } seen.
trend-rhythm-none = Last { $days } days: not enough of the day covered for a rhythm yet ({ $covered } of the 24 hours of the day seen).
trend-col-period = Period
trend-col-hours = 00h … 23h ({ $zone })
trend-days-short = { $days }d
trend-col-lowest = Lowest
trend-col-last = Latest
trend-col-change = Change
trend-more = …and { $count } more platforms (Details).
trend-out-now = { $gpu } is out of stock on every platform polled right now. { $rhythm ->
    [yes] Try again in the best hours above,
   *[no] Try again later,
  } drop one tier, or use an API for now.
trend-alternative = In stock now with as much memory or more: { $alt } ({ $vram } GB) on { $platform } from { $price } per GPU-hour — /stock { $alt_id }
trend-alternative-none = No card with as much memory is in stock on the polled platforms either.
chat-chart-saved = Chart ({ $caption }): { $path }
chat-chart-failed = The chart could not be saved: { $error }
discord-name-trend = trend
discord-opt-days = days
discord-opt-days-about = Days to cover, 1 to 365 (default 30)
trend-alternative-job = In stock now and holds { $job }: { $cards ->
    [one] {""}
   *[other] { $cards } ×{" "}
  }{ $alt } on { $platform } from { $price } per GPU-hour — /stock { $alt_id }
trend-alternative-job-none = No card that holds { $job } is in stock on the polled platforms either.
trend-job-too-big = Note: one { $gpu } cannot hold { $job } (see /fit).
discord-opt-job = job
discord-opt-job-about = What it is for, as in /fit: model [quant] [task], e.g. qwen2.5-32b int4
