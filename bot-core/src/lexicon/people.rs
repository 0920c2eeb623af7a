//! People counted (`给20个人用`, `100 users`, `a team of 3`): the words that make a number a
//! headcount, for every reader that counts people (a service's users, `/pick`'s people).

/// Words right after a number that make it people served (`20个人`, `100 users`).
pub const PEOPLE_AFTER: &[&str] = &[
    "个用户",
    "名用户",
    "位用户",
    "用户",
    "个人",
    "人",
    "位",
    "users",
    "user",
    "people",
    // `30 ppl at once`, `40 folks`, `给30个同事用`: people too.
    "ppl",
    "persons",
    "folks",
    "employees",
    "staff",
    "colleagues",
    "个同事",
    "同事",
    "个员工",
    "员工",
    "students",
    "个学生",
    "学生",
    "concurrent",
    "simultaneous",
    "clients",
    "customers",
];

/// Words right before a number that make it a headcount (`my team of 3`, `a group of 5`).
pub const GROUP_OF: &[&str] = &[
    "team of",
    "group of",
    "class of",
    "cohort of",
    "lab of",
    "crew of",
    "squad of",
];

/// Words that ask a student or education price (`学生价`, `学生优惠`, `student discount`): a
/// price tier asked, never people counted (`4090 学生价` is no 4,090 students).
pub const STUDENT_PRICE: &[&str] = &[
    "学生价",
    "学生优惠",
    "学生认证",
    "学生折扣",
    "学生有优惠",
    "学生便宜",
    "教育优惠",
    "教育版",
    "student discount",
    "student price",
    "student pricing",
    "students get",
    "academic discount",
    "academic pricing",
    "edu discount",
    "education discount",
];
