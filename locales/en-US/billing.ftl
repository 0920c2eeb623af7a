# Billing: /convert, /cost, /compare (bot-core/src/answer/billing/).

billing-unit = { $unit ->
    [second] second
    [minute] minute
    [hour] hour
    [day] day
    [week] week
    [month] month
    [year] year
    [mtok] 1M tokens
   *[other] { $unit }
  }
billing-convert-result = { $from } = { $to }
billing-month-note = A month is counted as 730 hours (8760 h ÷ 12), the usual cloud convention.
billing-token-note = Per-token figures assume a steady throughput of { $tps } tokens/s, every second of it billed.
billing-fx-line = Exchange rate: { $rate } (as of { $as_of }; source: { $source }). Pass fx=RATE to use another rate.
billing-fx-user = Exchange rate you gave: { $rate }.

billing-job = { $kind ->
    [daily] { $work } a day for { $days } days
    [always] always on for { $months ->
        [one] { $months } month
       *[other] { $months } months
      }
    [held] { $work } held (boot and setup inside)
    [held-months] { $months } { $months ->
        [one] month
       *[other] months
      } held (boot and setup inside)
   *[oneoff] { $work } of work
  }
billing-cost-title = { $platform } · { $gpu } ×{ $cards }: { $job }
billing-quote = List price: { $price } ({ $tier }), { $age ->
    [undated] the source gives no date for it: check before you pay
    [stale] as of { $as_of }, older than 30 days: check before you pay
   *[fresh] as of { $as_of }
  }
billing-billed = Billed time: { $billed } for { $useful } of useful work
billing-compute = Compute: { $amount }
billing-storage = Storage: { $amount }
billing-transfer = Data transfer: { $amount }
billing-storage-unknown = Storage: { $amount } counted; the storage price is unknown, so the real bill can be higher
billing-transfer-unknown = Data transfer: { $amount } counted; a transfer price is unknown, so the real bill can be higher
billing-total = Total: { $amount }
billing-effective = Effective price: { $amount } per useful hour (list price { $list }/hour)
billing-deciding = What makes the difference: { $rule }
billing-rule-none = The bill matches the list price: no hidden cost found for this job.
billing-rule-rounding = billing in steps of { $increment } rounds the bill up by { $extra }
billing-rule-prepaid = the { $unit } package is prepaid and billed whether the instance is on or off: { $extra } for time you don't use
billing-rule-prepaid-plan = a prepaid { $unit ->
    [day] daily
    [week] weekly
    [month] monthly
    [year] yearly
   *[other] { $unit }
  } plan: paid ahead, billed whether the instance is on or off
billing-rule-plan-mix = { $periods } × the { $unit ->
    [day] daily
    [week] weekly
    [month] monthly
    [year] yearly
   *[other] { $unit }
  } plan, then { $rest_tier ->
    [day] { $rest_periods } × the daily plan
    [week] { $rest_periods } × the weekly plan
    [month] { $rest_periods } × the monthly plan
    [year] { $rest_periods } × the yearly plan
   *[other] { $rest } { $rest_unit ->
        [day] days
       *[hour] hours
    } on the hourly price
  }{ $rest_tier ->
    [hourly] {""}
   *[other] {" "}(whole plans, for the remaining { $rest } { $rest_unit ->
        [day] days
       *[hour] hours
    })
  }: cheaper than one plan for the whole period; prepaid plans are paid ahead, billed whether the instance is on or off
billing-rule-startup = boot and image pull are billed: { $extra }
billing-rule-idle = the idle time before shutdown is billed: { $extra }
billing-rule-storage = storage adds { $extra }
billing-rule-transfer = data transfer adds { $extra }
billing-assumptions-title = Based on:
billing-assumption = • { $label }: { $value } ({ $origin ->
    [catalog] from the catalog
    [user] your input
   *[assumed] assumed, not verified
  })
billing-assumption-sourced = • { $label }: { $value } ({ $origin ->
    [catalog] catalog
    [user] your input
   *[assumed] assumed, not verified
  }; { $source }, { $as_of ->
    [undated] no date
   *[other] { $as_of }
  })
billing-key = { $key ->
    [price] List price
    [starts_at] Billing starts
    [boot] Boot time
    [boot_billed] Boot billed
    [pull] Image pull / setup
    [pull_billed] Image pull billed
    [idle] Idle before shutdown
    [increment] Billing increment
    [minimum] Minimum charge
    [tier] Package
    [instance] Cards paid for (sold as whole instances)
    [cards] Cards (price scaled from the listed card count)
    [storage] Storage
    [stored] Storage kept for
    [storage_price] Storage price
    [stopped_storage_billed] Storage billed while stopped
    [stopped_storage_price] Storage price while stopped
    [egress] Data out
    [ingress] Data in
    [egress_price] Outbound transfer price
    [ingress_price] Inbound transfer price
    [fx] Exchange rate
    [month] Month length
   *[other] { $key }
  }
billing-value = { $value ->
    [yes] yes
    [no] no
    [boot] at boot
    [job] when the job starts
    [unknown] unknown, not included in the total
   *[other] { $value }
  }
billing-stale-note = This price is older than 30 days or undated: check the platform before you pay.

billing-compare-title = { $gpu } ×{ $cards }, { $job }, in { $currency }, cheapest first:
billing-compare-empty = No platform in the catalog has a price for { $gpu } yet.
billing-col-rank = #
billing-col-billed = Billed
billing-col-total = Total
billing-col-per-hour = Per useful hour
billing-compare-why = { $rank }. { $platform }: { $rule }{ $assumed ->
    [0] {""}
    [one] {" "}(1 rule not verified: worst case used)
   *[other] {" "}({ $assumed } rules not verified: worst case used)
  }
billing-stale-footer = * older than 30 days ("?" = the source gives no date): check the platform before you pay.
billing-compare-hint = /cost <platform> <gpu> <duration> shows one platform's full breakdown and sources.
billing-spot-line = Spot (can be reclaimed while it runs): { $platform } { $total } for this job, price as of { $as_of }. Add `spot` to rank spot offers too.
billing-instance-price = { $price } per { $cards }-card instance
billing-instance-note = { $platform } sells { $gpu } only as { $size }-card instances: a { $cards }-card job pays for { $paid } cards.
billing-readings-range = { $platform }: current readings of this price disagree, from { $low } ({ $low_as_of }) to { $high } ({ $high_as_of }); the higher one is used.

billing-what = { $what ->
    [price] the price
    [boot] boot time
    [pull] image pull time
    [idle] idle time
    [stored] storage time
    [storage] storage size
    [egress] data out
    [ingress] data in
    [fx-rate] the exchange rate
    [throughput] throughput
    [cards] the number of cards
    [work] the work duration
    [minimum] the minimum charge
    [increment] the billing increment
    [daily] daily hours
    [days] days
    [months] months
   *[other] { $what }
  }
billing-error-bad-number = I can't read "{ $text }" as a number for { $what }.
billing-error-negative = Please check { $what }: it can't be negative.
billing-error-not-positive = Please check { $what }: it must be greater than zero.
billing-error-too-large = Please check { $what }: the number is too large to be real.
billing-error-overflow = The numbers are too large to compute; please check them.
billing-error-zero-increment = A billing increment of zero makes no sense; use e.g. 1s, 1m or 1h.
billing-error-zero-work = There is no useful work to price: give a duration above zero, e.g. 40m.
billing-error-unknown-unit = I don't know the unit "{ $text }". Use s, min, h, day, week, month (730 h), year, or 1M tokens.
billing-error-unknown-size-unit = I don't know the size unit "{ $text }". Use gb or tb, e.g. storage=50gb.
billing-error-unknown-currency = I don't know the currency "{ $text }". Use CNY (¥, 元) or USD ($).
billing-error-no-fx = I have no exchange rate from { $from } to { $to }. Give one with fx=RATE ({ $to } per 1 { $from }).
# Nothing typed: no empty quotes ("" read as a duration) for a missing argument.
billing-error-duration = { $problem ->
    [empty] Missing: { $what }
   *[other] I can't read "{ $text }" as a duration for { $what }: { $problem ->
        [unit] unknown unit
        [number] that is not a number
        [negative] it can't be negative
       *[large] it is longer than 100 years
      }
  }. Examples: 90s, 40m, 1h30m, 2d, 1mo, 40分钟.
billing-error-missing-throughput = A per-token price needs a throughput: add tps=TOKENS_PER_SECOND.
billing-error-token-job = A job is priced per unit of time, not per token.
billing-error-no-price = { $platform } has no list price for { $gpu } in the catalog.
billing-error-unknown-option = I don't know the option "{ $key }". Options: boot= pull= idle= storage= stored= egress= ingress= cards= currency= fx= days= months=.
billing-error-daily-hours = Daily use must be more than 0 and at most 24 hours a day (got { $hours } h).
billing-error-zero-period = days and months must be at least 1.
billing-error-catalog-rule = The catalog's { $field } for { $platform } ("{ $text }") can't be read; please report it.
billing-error-currency-mismatch = The price is in { $price } but the storage/transfer rules are in { $rule }; I can't mix them.
billing-error-size-without-price = { $what } is given without its price; add the price per GB (e.g. --storage-price or --egress-price).
billing-cost-title-user = At your price: { $job }, ×{ $cards }
billing-quote-user = Your price: { $price } ({ $tier })
billing-hidden-assumed = Counted { $boot } of boot{ $has_pull ->
    [no] {""}
   *[other] {" "}and { $pull } of image pull
  } per session, as a first run typically spends them (billed where the platform bills them); boot=0 pull=0 leaves them out, boot=1m sets your own.
billing-range = Some of this platform's billing rules are not verified, so the real total lies between { $best } (billed per second from the job's start, no minimum) and { $worst } (the worst case above).
billing-range-footer = A–B: some billing rules of that platform are not verified. A reads each unverified rule at its kindest (billed per second, no minimum, from the job's start, boot and image pull free), B at its harshest (per started unit of its price, at least one unit a session, from power-on, boot and pull billed); a rule the platform publishes counts in both. Ranked by B, the worst case.
# The phone's "assumed" line of /cost and /compare (boot and pull minutes per session).
billing-short-hidden = { $boot } boot + { $pull } image pull per session
billing-rule-minimum = a minimum charge of { $minimum } a session{ $known ->
    [yes] {""}
   *[no] {" "}(assumed: the platform publishes none, so the worst case counts one unit of its price)
  } rounds the bill up by { $extra }
billing-no-price-see-gpu = The platforms that list a price for this card: /gpu { $gpu }
# /compare: the rows priced on a "from" floor, ranked after every firm price (issue 25).
billing-floor-group = { $count ->
    [1] Row { $first } is a “from” price
   *[other] Rows { $first }–{ $last } are “from” prices
  }: the cheapest configuration a platform lists, not necessarily the one this job gets, so the total is a floor. { $firm ->
    [0] No platform gives a firm price for this card: check the configuration's own price before you pay.
   *[other] Firm prices rank first; a floor ranks after them however low, since nobody can count on it.
  }
billing-floor-note = This is a “from” price: the cheapest configuration the platform lists, not necessarily the one you rent. The total ({ $total }) is a floor: check your configuration's own price before you pay.
# /tco: whose catalog price the card price is, and its tier (a promotion is time-limited).
tco-price-where = That price is { $platform }'s ({ $tier }).
# A member / student price beside an answer priced on what anyone can pay ($note: who qualifies, as the source says it; may be empty).
billing-member-line = Member price (only for members; anyone else pays the list price above): { $platform } { $total } for this job, price as of { $as_of }. { $note } Add `member` if you qualify.
# A platform named beside a rent-vs-API question: /tco takes no platform ($platform: its name, $id: its id for /cost).
