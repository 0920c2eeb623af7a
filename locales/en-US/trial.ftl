trial-error-shape = I need: platform, GPU, wall time, cost, and optionally card-hours.
trial-error-duration = "{ $text }" is not a duration I can read (try 1h20m or 80分钟).
trial-error-cost = "{ $text }" is not an amount I can read (try ¥3.1 or $0.95).
trial-error-card-hours = "{ $text }" is not a number of card-hours.
trial-error-zero = Wall time and card-hours must be more than zero.
trial-recorded = Recorded: { $platform } { $gpu }, { $wall } from boot to finish, { $cost }, { $card_hours } { $hours_plural ->
    [one] card-hour
   *[other] card-hours
}.
trial-per-card-hour = You really paid { $amount } per card-hour.
trial-vs-list = List price: { $list } per card-hour (as of { $as_of }{ $stale ->
    [yes] , stale
   *[no] {""}
  }). Your trial came out { $direction ->
    [above] { $pct }% above the list price — setup, idle time or rounding cost you that.
    [below] { $pct }% below the list price.
   *[equal] exactly at the list price.
  }
trial-fx = Converted at { $rate } (as of { $as_of }).
trial-no-fx = No exchange rate from { $from } to { $to }, so I can't compare with the list price.
trial-no-list-price = There is no list price for this card on this platform to compare with.
trial-list-empty = You haven't recorded any trials yet.
trial-list-title = { $count ->
    [one] Your 1 recorded trial:
   *[other] Your { $count } recorded trials:
}
col-wall = Wall time
col-cost = Cost
col-per-card-hour = Paid / card-hour
col-list-per-card-hour = List / card-hour
trial-unplaced = You really paid { $amount } per card-hour ({ $cost } for { $wall }).
trial-unplaced-where = Tell me the platform and the card to compare it with the list price and keep it in your ledger: /trial <platform> <gpu> { $wall } { $cost }
