## /offers, /report, imported price catalogs, people's sightings, and the exchange rate used.

cmd-offers = every known offer, filtered like `vastai search offers`
usage-offers = Usage: /offers [gpu] [cards>=2] [vram>=40] [region=us] [spot|on-demand] [max=2.5] [platform] [sort=price|-price|vram|cards|age] [live] — e.g. /offers h100 cards>=8 spot, /offers vram>=48 max=1.5
cmd-report = (operators) record what you saw on a platform: in stock, out, or a price
usage-report = Usage: /report <platform> <gpu> <in|low|out|price> — e.g. /report autodl 4090 in, /report autodl 4090 ¥1.98, /report gpushare a100 out
discord-name-offers = offers
discord-name-report = report
discord-opt-filters = filters
discord-opt-filters-about = Filters as you would type them, e.g. cards>=2 vram>=40 spot max=2.5 sort=price
discord-opt-seen = seen
discord-opt-seen-about = What you saw: in, low, out, a price such as ¥1.98, or both
offers-title = { $count ->
    [one] 1 offer
   *[other] { $count } offers
  } match, live data first (cheapest first unless sorted otherwise):
offers-none = No stored offer matches these filters. Try fewer filters, or a higher price.
offers-no-data = { $where ->
    [terminal] No offers stored yet. `gpuscout poll --once` fetches the providers' live offers; `gpuscout import skypilot|gpuhunt …` loads a price catalog.
   *[chat] No live offers have been fetched yet: the bot reads the providers on a schedule, so ask again a little later. List prices with their dates meanwhile: /gpu <card>, or /compare <card> <duration> for a job.
  }
offers-hidden-old = { $count ->
    [one] 1 live offer is
   *[other] { $count } live offers are
  } more than a day old and not shown.
offers-no-fx = { $count ->
    [one] 1 offer is
   *[other] { $count } offers are
  } priced in a currency I have no rate for, so I couldn't compare it with your price.
offers-price-only = price only
offers-col-gpu = GPU
offers-col-vram = GB
offers-col-catalog = Catalog
offers-col-who = Seen by
offers-col-source = Where
offers-error-arg = I couldn't read "{ $text }" as a filter.
offers-error-empty-range = The lower bound is above the upper bound, so nothing could match.
offers-catalog-title = Price catalogs ({ $count ->
    [one] 1 row
   *[other] { $count } rows
  }; list prices, stock unknown):
offers-catalog-over-price = { $count ->
    [one] 1 catalog price is
   *[other] { $count } catalog prices are
  } above your price and not shown.
offers-catalog-note = "Price only" rows come from public price catalogs (SkyPilot, gpuhunt) as of the date shown: they say what a card costs there, not whether one is free now.
offers-seen-title = Seen by people ({ $count ->
    [one] 1 report
   *[other] { $count } reports
  }):
offers-seen-by = { $origin ->
    [report] { $who } (report)
   *[curated] { $who } (curated list)
  }
offers-seen-expired = Stock seen more than a day ago is shown as unknown; the price stays, with its age.
offers-fx-used = Rate used: 1 { $from } = { $rate } { $to } ({ $origin ->
    [ecb] ECB reference rate of { $date }
   *[catalog] catalog rate of { $date }; the daily ECB rate was not available
  }).
offers-fx-none = I have no exchange rate from { $from } to { $to }.
report-not-operator = Only the bot's operators can record reports (GPUSCOUT_ADMINS).
report-error-what = Say what you saw after the card: in, low, out, or a price per GPU-hour.
report-source = operator report
report-recorded = Recorded: { $platform } { $gpu }, { $level ->
    [available] in stock
    [low] low
    [unavailable] out
   *[unknown] stock not said
  }{ $price ->
    [none] {""}
   *[other] , { $price } per GPU-hour
  }, by { $who } at { $at }. /stock shows it with who and when.
live-price-used = { $platform }: live price { $price } per GPU-hour ({ $level ->
    [available] in stock
    [low] low
   *[unknown] stock unknown
  }, fetched { $age }) used instead of its list price.
live-out-of-stock = { $platform }: every offer for this card was out when fetched { $age }; its list price is shown.
live-list-note = The other rows are the catalog's list prices, with their dates.
live-fit-option = Live now: { $gpu } from { $price } per GPU-hour on { $platform } ({ $level ->
    [available] in stock
    [low] low
   *[unknown] stock unknown
  }, fetched { $age }).
stock-title-no-live = { $gpu }: no live offers in the providers' latest data{ $platform ->
    [none] {""}
   *[other] {" "}on { $platform }
  }{ $max ->
    [none] {""}
   *[other] {" "}at or under { $max } per GPU-hour
  }; other sources below.
offers-stale-footer = * a catalog price older than 30 days: check the platform before you pay.
