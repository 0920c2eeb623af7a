# The answer shape for a phone (bot-core/src/phone.rs, frontend/src/details.rs).
phone-more = … the whole answer: Details
phone-choice-short = { $n }. { $label }
details-button = Details
details-gone = Those details are no longer kept. Send the command again to see them.
# One line under a short answer: what was assumed, and the words that change it.
phone-assumed = Assumed: { $what } (say { $words } to change)
