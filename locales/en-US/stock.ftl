## /stock: live offers from the providers' APIs, with their age.

cmd-stock = who has a card in stock now, cheapest first
usage-stock = Usage: /stock <gpu> [platform] [max price per GPU-hour] — e.g. /stock 4090, /stock h100 runpod 2.5
stock-title = { $gpu }: { $count ->
    [0] no offers in the latest data
    [one] 1 offer
   *[other] { $count } offers
  }{ $platform ->
    [none] {""}
   *[other] {" "}on { $platform }
  }{ $max ->
    [none] {""}
   *[other] {" "}at or under { $max } per GPU-hour
  }, on-demand first (spot after), in stock first, cheapest first:
stock-title-none = { $gpu }: no offers in the latest data{ $platform ->
    [none] {""}
   *[other] {" "}on { $platform }
  }{ $max ->
    [none] {""}
   *[other] {" "}at or under { $max } per GPU-hour
  }.
stock-col-cards = Cards
stock-col-per-gpu = Per GPU-hour
stock-col-per-instance = Whole offer
stock-col-kind = Kind
stock-col-stock = Stock
stock-col-age = Seen
stock-level = { $level ->
    [available] in stock
    [low] low
    [unavailable] out
   *[unknown] unknown
  }
stock-level-count = { $level ->
    [available] in stock
    [low] low
    [unavailable] out
   *[unknown] unknown
  } ({ $count })
offer-kind = { $kind ->
    [spot] spot
    [reserved] reserved
    [on_demand] on-demand
   *[other] { $kind }
  }
stock-age = { $unit ->
    [now] just now
    [minute] { $n } min ago
    [hour] { $n } h ago
   *[day] { $n } d ago
  }
stock-more = …and { $count } more (narrow it down with a platform or a price).
stock-provider-missing = { $provider }: no data yet.
stock-provider-fresh-none = { $provider }: no offers for this card in its latest data ({ $age }).
stock-provider-stale = { $provider }: data is stale, fetched { $age }; stock may have changed.
stock-provider-too-old = { $provider }: its last data is from { $age }, too old to show.
stock-provider-failing = { $provider }: the last { $misses ->
    [one] fetch
   *[other] { $misses } fetches
  } failed; these are the offers from { $age }.
stock-over-price = { $count ->
    [one] 1 offer is
   *[other] { $count } offers are
  } above { $max } per GPU-hour and not shown.
stock-no-fx = { $count ->
    [one] 1 offer is
   *[other] { $count } offers are
  } priced in a currency I have no rate for, so I can't compare with { $max }.
stock-prices-note = Prices are as each provider quotes them ({ $currency }), storage for a 10 GB disk included where billed separately. "Out" is only said when a provider answered that none is free; a provider that fails to answer keeps its last data.
stock-no-data = { $where ->
    [terminal] No provider data yet. `gpuscout poll --once` fetches it, and `gpuscout serve` keeps it current.
   *[chat] No live stock has been fetched yet: the bot reads the providers on a schedule, so ask again a little later. List prices with their dates meanwhile: /gpu <card>.
  }
stock-no-feed = { $platform } has no live feed; see /platform for its list prices.
stock-error-price = "{ $text }" is not a price per GPU-hour I can read (try 2.5, $2.5 or ¥15).
stock-error-args = I couldn't read "{ $text }" as a platform or a price.
stock-family-others = { $gpu } is one of several cards sold under that name; { $others } have their own stock and prices.
stock-provider-cut = { $provider }: its latest answer ({ $age }) was cut short by its own row limit, so a card or a dearer offer missing from it is not counted as gone; { $full ->
    [none] no complete answer has come in yet.
   *[other] its last complete answer is from { $full }.
  }
stock-needs = Only platforms known to meet every need are shown ({ $needs }); { $count } offers on other platforms are left out.
# Where the person said they are, beside a stock question ($place: as said; each list: platform names, or stock-home-none).
stock-home = You said you are in { $place }, so platforms with machines there come first: { $there }. Location unknown (their records list no region there, so not assumed either way): { $unknown }. Known to be elsewhere only: { $elsewhere }. None left out.
stock-home-none = none
stock-home-listed = You said you are in { $place }. No offers to rank yet; the platforms that list this card in my catalog, by where their machines are: there: { $there }. Location unknown (their records list no region there, so not assumed either way): { $unknown }. Known to be elsewhere only: { $elsewhere }.
offers-home = You said you are in { $place }, so offers on machines there come first ({ $there }), then those whose location my data does not know ({ $unknown }: not assumed either way), then those known to be elsewhere ({ $elsewhere }). None left out.
platforms-home = You said you are in { $place }, so within each group platforms with machines there come first ({ $there }), then those whose location my data does not know ({ $unknown }: not assumed either way), then those known to be elsewhere only ({ $elsewhere }). None left out.
