# What every chat frontend says when answering itself went wrong.
internal-error = Sorry, something went wrong on my side. Please try again.
