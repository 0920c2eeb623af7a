# The question reader's robustness (issue 26, und-g): counts, follow-ups, memory floors.
understand-negative-count = “{ $word }” is not a number of cards I can use: a count is at least 1 (and at most 64), so I have not answered for one card instead. Say it again, e.g. 2张4090 or 2x 4090.
offers-floor-catalog = From the catalog instead: { $count } cards with at least { $vram } GB, each at its cheapest listed pay-as-you-go hour, cheapest first.
offers-floor-catalog-note = These are list prices from the catalog (platform and date beside each), not live stock: /compare with a card ranks every platform for your job.
understand-follow-up = That sounds like a change to an earlier question, but I don't keep earlier questions, so I won't guess what it changes. Ask it whole, e.g. "autodl A100 for 3 hours, how much?" or "can 4 A100s run llama-3.1-70b?".
understand-follow-up-alone = What these words ask on their own:
error-unknown-command-near = Did you mean { $commands }? The same line with it:
