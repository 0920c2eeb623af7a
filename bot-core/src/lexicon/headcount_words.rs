//! The words of a count of people's phrase (`super::headcount`): person nouns, groups, hedges,
//! bounds, scope words (people at one time), and what ends a clause. Each class is a slot of
//! the phrase's shape, never a phrase of its own.

/// Person nouns right after a Chinese count (after its measure word, if any).
pub(super) const PERSON_ZH: &[&str] = &[
    "人",
    "用户",
    "同事",
    "同学",
    "学生",
    "员工",
    "成员",
    "组员",
    "队友",
    "客户",
    "老师",
    "朋友",
    "研究员",
    "工程师",
    "开发",
    "程序员",
    "玩家",
    "医生",
    "博士",
    "研究生",
    "师兄弟",
    "小伙伴",
];
/// Measure words of people (`三位`, `五名`) and of a bare count (`个`, `路`).
pub(super) const MEASURE_PERSON: &[&str] = &["位", "名"];
pub(super) const MEASURE_BARE: &[&str] = &["个", "路", "号"];
/// Person nouns after an English count (whole words; `peoples`, a plural people write).
pub(super) const PERSON_EN: &[&str] = &[
    "people",
    "peoples",
    "person",
    "persons",
    "ppl",
    "users",
    "user",
    "members",
    "member",
    "colleagues",
    "colleague",
    "coworkers",
    "co-workers",
    "teammates",
    "students",
    "student",
    "classmates",
    "labmates",
    "employees",
    "staff",
    "folks",
    "guys",
    "devs",
    "developers",
    "engineers",
    "researchers",
    "customers",
    "clients",
    "friends",
    "testers",
    "analysts",
    "of us",
];
/// A count joined to its noun by a hyphen (`a 5-person startup`).
pub(super) const HYPHEN_EN: &[&str] = &[
    "-person", "-people", "-member", "-man", " person", "-strong",
];
/// Groups a count right after them sizes (`全组十来个人`, `就我们三个`, `a team of 8`).
pub(super) const GROUP_ZH: &[&str] = &[
    "实验室",
    "课题组",
    "小组",
    "全组",
    "组里",
    "组内",
    "团队",
    "部门",
    "公司",
    "工作室",
    "全班",
    "班里",
    "班上",
    "宿舍",
    "我们",
    "咱们",
    "大家",
    "组",
];
/// Words before a count beside `lexicon::GROUP_OF` (`team of`, `group of`, read there too):
/// a scope said as a clause (`we are just 3`, `there are 5 of us`).
pub(super) const GROUP_EN: &[&str] = &["we are", "we're", "there are", "there're"];
/// Words between a group or a scope and its count (`团队有5个`, `我们就三个`, `we are just 3`).
pub(super) const LINKS: &[&str] = &[
    "一共",
    "总共",
    "加起来",
    "也就是",
    "也就",
    "只有",
    "就",
    "有",
    "是",
    "共",
    "里",
    "内",
    "only",
    "just",
    "like",
    "a",
    "an",
];
/// Hedges before a count (`大概20个人`, `about 6`), beside the lexicon's `APPROXIMATELY`.
pub(super) const HEDGE_BEFORE: &[&str] = &[
    "估计", "应该", "可能", "也许", "大概", "maybe", "probably", "perhaps", "prob",
];
/// Bounds before a count (`最多3个`, `at most 6`): the count is the most, no hedge.
pub(super) const BOUND_BEFORE: &[&str] = &[
    "最多",
    "顶多",
    "至多",
    "不超过",
    "最少",
    "至少",
    "at most",
    "up to",
    "max",
    "tops",
];
/// Hedges after a count (`5个左右`, `6 or so`).
pub(super) const HEDGE_AFTER: &[&str] = &["左右", "上下", "or so", "ish", "-ish", "+"];
/// What may follow a bare count's measure word in its clause (`同时三四个`, `5个左右吧`).
pub(super) const BARE_TAIL: &[&str] = &[
    "左右",
    "上下",
    "吧",
    "啊",
    "呀",
    "而已",
    "就够",
    "就行",
    "就好",
    "的样子",
    "同时",
    "并发",
    "在用",
    "会用",
    "使用",
    "用",
    "一起",
    "max",
    "tops",
    "or so",
    "at most",
];
/// Scope words: people at one time.
pub(super) const SCOPE: &[&str] = &[
    "同时",
    "并发",
    "同一时间",
    "同一时刻",
    "一起用",
    "一次",
    "每次",
    "高峰",
    "峰值",
    "最忙",
    "忙的时候",
    "at once",
    "at the same time",
    "same time",
    "at a time",
    "at any one time",
    "at any given time",
    "simultaneously",
    "simultaneous",
    "concurrently",
    "concurrent",
    "concurrency",
    "in parallel",
    "at peak",
    "peak",
    "busiest",
];
/// Words that end a clause (its marks are `lexicon::CLAUSE_MARKS`): a scope word says something
/// of its own clause's count.
pub(super) const CLAUSE_WORDS: &[&str] = &[" and ", " but ", "但是", "不过", "其中", "但"];
/// The most a count of people at one time may be said bare (`4090` beside `同时` is a card).
pub(super) const BARE_MAX: u32 = 1024;
/// English units that make a number no count of people (`8 hours`, `2 cards`, the `b` of `8b`).
pub(super) const UNITS_EN: &[&str] = &[
    "cards", "card", "gpus", "gpu", "hours", "hour", "hrs", "hr", "h", "mins", "min", "minutes",
    "days", "day", "weeks", "week", "months", "month", "k", "b", "m", "gb", "g", "tb", "x", "bit",
    "bits", "epochs", "epoch", "steps", "times", "dollars", "dollar", "bucks", "usd", "rmb",
    "yuan", "tokens", "percent",
];

/// Verbs of using after a count of people (`20个人用`, `8 will use it`): who uses it, said.
pub(super) const USE_AFTER: &[&str] = &[
    "用",
    "使用",
    "在用",
    "会用",
    "来用",
    "一起用",
    "will use",
    "use",
    "uses",
    "using",
    "share",
];
/// Words of serving before a count of people (`给20个人`, `for a dozen colleagues`).
pub(super) const SERVE_BEFORE: &[&str] = &["给", "供", "for", "serve", "serving", "to"];
