# The question reader's robustness (issue 26, und-g): counts, follow-ups, memory floors.
understand-negative-count = “{ $word }” is not a number of cards I can use: a count is at least 1 (and at most 64), so I have not answered for one card instead. Say it again, e.g. 2张4090 or 2x 4090.
offers-floor-catalog = From the catalog instead: { $count } cards with at least { $vram } GB, each at its cheapest listed pay-as-you-go hour, cheapest first.
offers-floor-catalog-note = These are list prices from the catalog (platform and date beside each), not live stock: /compare with a card ranks every platform for your job.
