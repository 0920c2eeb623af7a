# The per-user limit on expensive commands (GPUSCOUT_RATE_LIMIT).
rate-limited = That's a lot of requests in a short time, so I'm pausing yours for a moment. Please try again in { $seconds } s. (/help, /lang and /cancel still work.)
