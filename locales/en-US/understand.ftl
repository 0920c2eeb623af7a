# Plain questions read as commands (bot-core/src/understand.rs).

understood-as = I read this as: { $command }
understand-ask = I can read that { $count ->
    [2] two ways
    [3] three ways
    [4] four ways
    [5] five ways
    [6] six ways
   *[other] { $count } ways
  }. Which did you mean?
understand-choice = { $command }
understand-unknown = I didn't catch a card, a model or a platform in that. Ask me like this: "can a 4090 run qwen2.5-32b int4?", "autodl 4090 for 40 minutes, how much?", "cheapest A100?" — or use a command.
understand-also = You also asked a second question; I answered the first one above. Tap to get the second:
understand-region = You named a region, but the prices above are not limited to it (this command cannot filter by region). Tap for that region's offers:
understand-not-carried = You also named { $what }; the answer above leaves it out (this command has no place for it). Tap for the command that uses it:
understand-region-platforms = You said { $region ->
    [cn] in mainland China
    [global] outside mainland China
   *[other] { $region }
  }, but { $names } { $count ->
    [one] is not
   *[other] are not
  }: compared as you named them. /platforms { $region } lists the platforms there.
understand-storage-unsized = Storage is not included in the figures above: say its size (for example storage=100gb) to add it to the bill.
understand-usdt = “u” after an amount is read as USDT and taken as US dollars (USDT is pegged 1:1 to the dollar): the figures above are in dollars.
understand-read-slip = (I read “{ $typed }” as “{ $word }”: a slip of the keyboard or the input method. If you meant something else, say it in other words.)
