## Stock alerts: /subscribe, /unsubscribe, /subs, and the operators' /status.

cmd-subscribe = tell this chat when a card is back in stock (and when it is gone)
usage-subscribe = Usage: /subscribe <gpu> [platform] [max=price per GPU-hour] [cards=N] — e.g. /subscribe 4090 max=0.5, /subscribe h100 runpod max=2.5, /subscribe 4090 cards=2
cmd-unsubscribe = stop one stock alert, or all of them
usage-unsubscribe = Usage: /unsubscribe <number|all> — the numbers are in /subs
cmd-subs = this chat's stock alerts
usage-subs = Usage: /subs
cmd-status = operators: alerts, outbox and provider feeds
usage-status = Usage: /status (for the bot's operators)

discord-name-subscribe = subscribe
discord-name-unsubscribe = unsubscribe
discord-name-subs = subs
discord-name-status = status
discord-opt-max_price = max_price
discord-opt-max_price-about = Highest price per GPU-hour, e.g. 2.5 or ¥15
discord-opt-id = id
discord-opt-id-about = The alert's number from /subs, or "all"

alerts-subscribed = Alert set: { $line }
alerts-subscribed-how = I'll post here once when it comes back in stock (not every time stock flickers), and again when it is gone. /subs lists this chat's alerts; /unsubscribe { $id } stops this one.
alerts-duplicate = This chat already has that alert (#{ $id }); see /subs.
alerts-full = This chat already has { $max } alerts, the most one chat can hold. Remove one with /unsubscribe first — sorry for the limit; it keeps deliveries fast for everyone.
alerts-admins-only = Only this chat's administrators can add or remove stock alerts here.
alerts-admin-unknown = I couldn't check whether you are an administrator here (the platform did not answer), so nothing was changed. Please try again in a moment.
alerts-cannot-post-here = I can answer you here, but I can't post here on my own (the app is installed to your account rather than to this server, this is a group DM, or I may not send messages in this channel), so an alert could never arrive. Set it in a DM with me, or in a server channel where I'm a member and may send messages.
alerts-error-cards = "{ $text }" is not a number of cards I can use (1 to 4096).
alerts-error-option = I don't know the option "{ $text }"; /subscribe takes max= and cards=.
alerts-error-id = "{ $text }" is not an alert number or "all".
alerts-removed = Alert #{ $id } removed.
alerts-removed-all = { $count ->
    [0] This chat had no alerts.
    [one] 1 alert removed.
   *[other] { $count } alerts removed.
  }
alerts-no-such = This chat has no alert #{ $id }.
alerts-see-subs = /subs lists this chat's alerts with their numbers.
alerts-none = This chat has no stock alerts.
alerts-list = { $count ->
    [one] 1 stock alert in this chat:
   *[other] { $count } stock alerts in this chat:
  }
alerts-list-how = /unsubscribe <number> stops one; /unsubscribe all stops them all.
alerts-list-paused = ⏸ paused since { $since }: I could not post here. Setting any alert here again (or adding me back) resumes it; otherwise it is removed on { $until }.
alerts-sub-line = #{ $id } { $gpu }{ $platform ->
    [none] {" "}on any platform
   *[other] {" "}on { $platform }
  }{ $max ->
    [none] {""}
   *[other] , at or under { $max } per GPU-hour
  }{ $cards ->
    [0] {""}
   *[other] , { $cards }+ cards
  }{ $stock ->
    [none] {""}
   *[other] {" "}— in stock now on { $stock }
  }

alerts-back = { $gpu } is in stock on { $platform }: from { $price } per GPU-hour, { $count ->
    [0] { $offers ->
        [one] 1 offer
       *[other] { $offers } offers
      }
   *[other] { $count } available
  }, region { $region ->
    [unknown] unknown
   *[other] { $region }
  }. Seen { $seen }.
    What it costs for your job: { $cost } · all offers: { $stock } · help choosing: /pick · alert #{ $id }: /unsubscribe { $id } stops it
alerts-back-compact = { $gpu } in stock on { $platform } from { $price }/GPU-h ({ $count ->
    [0] { $offers ->
        [one] 1 offer
       *[other] { $offers } offers
      }
   *[other] { $count } available
  }, seen { $seen }) · { $stock }
alerts-gone = { $gpu } is gone again on { $platform }, after { $minutes } min in stock. Seen { $seen }. Other offers: { $stock }
alerts-gone-compact = { $gpu } gone again on { $platform } after { $minutes } min · { $stock }
alerts-footer = Alert #{ $id } · /unsubscribe { $id } to stop it
alerts-chat-gone-notice = I can no longer post in chat { $chat } (the bot was removed, blocked, lost its right to post there, or the chat was deleted), so its { $count ->
    [one] stock alert is
   *[other] { $count } stock alerts are
  } paused. { $count ->
    [one] It is kept for { $days } days: add me back (or set an alert there again) within them and it starts again; after that it is removed.
   *[other] They are kept for { $days } days: add me back (or set an alert there again) within them and they start again; after that they are removed.
  }

alerts-status-operators-only = /status is for the bot's operators (GPUSCOUT_ADMINS).
alerts-status-never = never
alerts-status-subs = Subscriptions: { $count } in { $chats } chats ({ $platforms }): { $active } alerting, { $paused } paused.
alerts-status-paused-note = A paused subscription (its chat gone, or closed to me) is removed { $days } days after it paused.
alerts-status-outbox = Outbox: { $depth } waiting, { $retrying } retrying; oldest: { $oldest }.
alerts-status-delivery = Last delivery: { $last }.
alerts-status-no-providers = Providers: none polled yet.
alerts-status-provider = { $provider }: last good fetch { $good }; last attempt { $attempt }; { $misses } failed in a row, { $total } in all; { $offers } offers stored.

pick-alert-me = Alert me when it's in stock
alerts-family-others = Set on { $gpu }, the default of that name; { $others } { $count ->
    [one] has its
   *[other] have their
  } own stock and prices. Tap to watch { $count ->
    [one] it
   *[other] one of them
  } too:
