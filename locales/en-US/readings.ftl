# Typed readings: /compare on named platforms, words the bot does not know (issue 26).
billing-compare-only = Only these platforms are ranked: { $platforms }.
billing-compare-unlisted = { $platforms } lists no price for { $gpu } in the catalog, so it is not ranked.
understand-unknown-card = “{ $word }” is not a card I know, so I have not answered for another one.
understand-unknown-card-near = Close ones I know: { $near }.
understand-unknown-model = I can't size “{ $word }”: my model list has language models and image and video generators, not it, so I have not answered for another model.
understand-unknown-model-card = The card alone (its memory and speed), one tap away:
understand-unknown-quant = I can't size the format “{ $word }”: the fit knows no bits per weight for it, so I have not sized it as another format.
understand-unknown-quant-above = Read with a format at least as large (an upper bound), one tap away:
understand-unknown-platform = I don’t have “{ $word }” in my platform list, so I have no prices or billing rules of it and have not answered for another platform. The platforms I know: /platforms
understand-unknown-platform-without = The question without it, one tap away:
understand-unsupported-currency = I show prices only in US dollars (USD) or Chinese yuan (CNY): “{ $word }” is not supported, so I give no figure in it.
understand-unsupported-currency-again = The same question in USD or CNY:
understand-budget-hours = No command of mine turns a budget into hours yet, so I won't guess one. The card's price on each platform is one tap away: your budget divided by its "per useful hour" figure is about the hours it buys.
understand-unusable-span = “{ $word }” is not a length I can price: it must be above zero and at most 100 years, so I have not priced another one instead. Say it again, e.g. 40 minutes, 3 hours, 2 days.
understand-unknown-unit = “{ $word }”: I don't know that unit of time, so I have not priced the default hour in its place. If it is a length, tap the one you meant, or say it in hours or days (3 hours, 2 days).
billing-compare-needs = Only platforms known to meet every need are ranked ({ $needs }).
billing-compare-needs-none = No platform that lists this card is known to meet every need ({ $needs }), so every one is ranked: check that need on the platform before you pay.
