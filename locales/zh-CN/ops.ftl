# 每位用户对耗时命令的频率限制（GPUSCOUT_RATE_LIMIT）。
rate-limited = 短时间内的请求有点多，先稍等一下吧：请 { $seconds } 秒后再试。（/help、/lang 和 /cancel 仍可随时使用。）
