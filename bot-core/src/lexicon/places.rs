//! The one table of places (`PLACES`): each place's region text, the words that name it in a
//! question, the short words read beside a word for region, and the country codes that stand for
//! it in an offer's region text. Read through [`super::regions`] (module doc there).

/// One place: the region text written in `region=`, the phrases that name it in a question
/// (Latin ones padded with spaces where a bare word would be another word's part), the short
/// words read only beside a word for region (`us region`, `region eu`, `jp 节点`), and the
/// country codes that stand for it as a whole word of an offer's region text.
pub struct Place {
    pub text: &'static str,
    pub said: &'static [&'static str],
    pub beside: &'static [&'static str],
    pub codes: &'static [&'static str],
}

/// Europe's country codes as providers write them (Vast `Spain, ES`, RunPod `EU-RO-1`).
const EUROPE: &[&str] = &[
    "at", "be", "bg", "ch", "cz", "de", "dk", "es", "fi", "fr", "gb", "hr", "ie", "is", "it", "lt",
    "nl", "no", "pl", "pt", "ro", "se", "uk",
];
/// The Nordic countries' codes (Vast `Sweden, SE`, RunPod `EUR-IS-1`, `EUR-NO-1`).
const NORDICS: &[&str] = &["dk", "fi", "is", "no", "se", "北欧"];
/// Asia's country codes (Vast `Hong Kong, HK`, `Thailand, TH`).
const ASIA: &[&str] = &[
    "hk", "id", "in", "jp", "kr", "my", "ph", "sg", "th", "tw", "vn",
];

/// Mainland China's cities and regions as providers' own region lists write them (Alibaba
/// Cloud's PAI list in English; Huawei Cloud's ModelArts list and Baidu's AIHC endpoints in
/// Chinese: `[platform.locations]` of `aliyun-pai`, `huawei-modelarts`, `baidu-aihc`), each a
/// part of a region text that only a mainland place holds. Never `china` alone (`China (Hong
/// Kong)` holds it), nor 东北 (Tencent Cloud's Seoul is `亚太东北`).
const MAINLAND: &[&str] = &[
    "hangzhou",
    "shanghai",
    "beijing",
    "ulanqab",
    "wulanchabu",
    "shenzhen",
    "guangzhou",
    "北京",
    "上海",
    "杭州",
    "深圳",
    "广州",
    "乌兰察布",
    "贵阳",
    "大连",
    "苏州",
    "保定",
    "武汉",
    "阳泉",
    "华北",
    "华东",
    "华南",
];

/// The places, most specific first: a country before the continent whose word it holds.
pub const PLACES: &[Place] = &[
    Place {
        text: "us",
        said: &[
            " in the us",
            " in us ",
            " u.s.",
            " us only",
            " us-based",
            " us 的",
            " us的",
            " usa",
            "united states",
            " us-east",
            " us-west",
            " us-central",
            " north america",
            "美国",
            "美國",
            "美西",
            "美东",
            "美東",
            "北美",
            " new york",
            "纽约",
            " nyc",
            " santa clara",
            "圣克拉拉",
            " texas",
            "得克萨斯",
            "德克萨斯",
            " california",
            "加州",
            "加利福尼亚",
            " new jersey",
            "新泽西",
            // Alibaba Cloud's `US (Virginia)`, `US (Silicon Valley)`; CoreWeave's `(Ohio, US)`.
            " ohio",
            "俄亥俄",
            " virginia",
            "弗吉尼亚",
            " silicon valley",
            "硅谷",
        ],
        beside: &["us", "usa"],
        codes: &["美国"],
    },
    Place {
        text: "germany",
        // Alibaba Cloud's `Germany (Frankfurt)` names Frankfurt.
        said: &[
            " in germany",
            " germany ",
            "德国",
            "德國",
            " frankfurt",
            "法兰克福",
        ],
        beside: &["germany", "de"],
        codes: &["de", "德国"],
    },
    Place {
        text: "gb",
        said: &[
            " in the uk",
            " uk ",
            " uk的",
            "united kingdom",
            " in britain",
            "英国",
            " london",
            "伦敦",
            "英國",
        ],
        beside: &["uk", "gb"],
        codes: &["uk", "英国"],
    },
    Place {
        text: "france",
        said: &[" in france", "法国", "法國"],
        beside: &["france", "fr"],
        codes: &["fr", "法国"],
    },
    Place {
        text: "netherlands",
        said: &[" in the netherlands", " netherlands", "荷兰", "荷蘭"],
        beside: &["netherlands", "nl"],
        codes: &["nl", "荷兰"],
    },
    Place {
        text: "japan",
        // Alibaba Cloud's `Japan (Tokyo)` names Tokyo.
        said: &[" in japan", " japan ", "日本", " tokyo", "东京"],
        beside: &["japan", "jp"],
        codes: &["jp", "日本"],
    },
    Place {
        text: "singapore",
        said: &[" in singapore", " singapore ", "新加坡", "狮城"],
        beside: &["singapore", "sg"],
        codes: &["sg", "新加坡"],
    },
    Place {
        text: "korea",
        said: &[
            " in korea",
            " in south korea",
            " south korea",
            " korea ",
            "韩国",
            "韓國",
            "南韩",
        ],
        beside: &["korea", "kr"],
        codes: &["kr", "韩国"],
    },
    Place {
        text: "hk",
        said: &[" in hong kong", " hong kong", " hongkong", "香港"],
        beside: &["hk", "hongkong"],
        // `China (Hong Kong)` (Alibaba Cloud), `中国-香港` (Huawei Cloud): Hong Kong, never
        // the mainland split, though the text says China.
        codes: &["hong kong", "hongkong", "香港"],
    },
    Place {
        text: "taiwan",
        said: &[" in taiwan", " taiwan", "台湾", "臺灣"],
        beside: &["taiwan", "tw"],
        codes: &["tw", "台湾"],
    },
    Place {
        text: "malaysia",
        said: &[
            " in malaysia",
            " malaysia",
            "马来西亚",
            "馬來西亞",
            // Alibaba Cloud's `Malaysia (Kuala Lumpur)`.
            " kuala lumpur",
            "吉隆坡",
        ],
        beside: &["malaysia"],
        codes: &["my", "malaysia", "马来西亚"],
    },
    // Before India: 印度尼西亚 holds 印度, and India has no Chinese code for that reason.
    Place {
        text: "indonesia",
        said: &[
            " in indonesia",
            " indonesia",
            "印度尼西亚",
            "印尼",
            // Alibaba Cloud's `Indonesia (Jakarta)`.
            " jakarta",
            "雅加达",
        ],
        beside: &["indonesia"],
        codes: &["id", "indonesia", "印度尼西亚", "印尼"],
    },
    Place {
        text: "india",
        said: &[" in india", " india ", "印度"],
        beside: &["india"],
        codes: &["in"],
    },
    Place {
        text: "australia",
        said: &[" in australia", " australia", "澳洲", "澳大利亚"],
        beside: &["australia", "au"],
        codes: &["au", "澳大利亚", "澳洲"],
    },
    Place {
        text: "canada",
        said: &[
            " in canada",
            " canada",
            "加拿大",
            " montreal",
            "蒙特利尔",
            " quebec",
            "魁北克",
            " alberta",
            " british columbia",
        ],
        beside: &["canada", "ca"],
        codes: &["ca", "加拿大"],
    },
    Place {
        text: "sweden",
        said: &[" in sweden", " sweden ", "瑞典", " stockholm", "斯德哥尔摩"],
        beside: &["sweden", "se"],
        codes: &["se", "瑞典"],
    },
    Place {
        text: "norway",
        said: &[" in norway", " norway ", "挪威"],
        beside: &["norway"],
        codes: &["no", "挪威"],
    },
    Place {
        text: "finland",
        said: &[" in finland", " finland", "芬兰", "芬蘭"],
        beside: &["finland"],
        codes: &["fi", "芬兰"],
    },
    Place {
        text: "iceland",
        said: &[" in iceland", " iceland", "冰岛", "冰島"],
        beside: &["iceland"],
        codes: &["is", "冰岛"],
    },
    Place {
        text: "russia",
        // Vast's `Moscow Oblas, RU` names Moscow.
        said: &[
            " in russia",
            " russia",
            "俄罗斯",
            "俄羅斯",
            " moscow",
            "莫斯科",
        ],
        beside: &["russia", "ru"],
        codes: &["ru", "俄罗斯"],
    },
    Place {
        text: "turkey",
        said: &[" in turkey", " turkey", " türkiye", " turkiye", "土耳其"],
        beside: &["turkey", "türkiye", "turkiye", "tr"],
        codes: &["tr", "türkiye", "turkiye", "土耳其"],
    },
    // The Middle East as a whole: no country of it is a place of its own. A region id with the
    // Middle East's prefix and a compass word (Lambda's `me-west-1`, Nebius's `me-west1`) lies in
    // it: the prefix is the Middle East in AWS's own list (`me-south-1` Middle East (Bahrain),
    // `me-central-1` Middle East (UAE)) and Google's (`me-west1` Tel Aviv, `me-central1` Doha);
    // which country Lambda's or Nebius's is, no source read says, so nothing narrower.
    Place {
        text: "middle-east",
        said: &[
            " middle east",
            " middle-east",
            " mideast",
            "中东",
            "中東",
            " saudi",
            "沙特",
            " uae",
            " emirates",
            "阿联酋",
            " israel",
            "以色列",
            " qatar",
            "卡塔尔",
            " bahrain",
            "巴林",
        ],
        beside: &["middle-east", "mideast"],
        codes: &[
            "ae",
            "il",
            "qa",
            "bh",
            "middle east",
            "saudi",
            "uae",
            "emirates",
            "israel",
            "me west",
            "me central",
            "me south",
            "中东",
            "沙特",
            "阿联酋",
            "以色列",
        ],
    },
    Place {
        text: "brazil",
        said: &[" in brazil", " brazil", "巴西"],
        beside: &["brazil"],
        codes: &["br", "巴西"],
    },
    // Europe as `eu`: a region is a part of the stored text, and `eu` is in every one that
    // `europe` is in (`westeurope`) and in data-centre ids too (`EU-RO-1`, `EUR-IS-1`).
    Place {
        text: "eu",
        said: &[
            " in europe",
            " europe ",
            "european",
            " in the eu",
            // `card payment in eu`: as `in us` is the US's.
            " in eu ",
            " eu only",
            " eu 的",
            " eu的",
            "欧洲",
            "歐洲",
            "欧盟",
        ],
        beside: &["eu", "europe"],
        codes: EUROPE,
    },
    // After Europe, so a Nordic country's wider place is Europe ([`place_within`]).
    Place {
        text: "nordics",
        said: &[
            " nordics",
            " nordic ",
            " nordic countries",
            " scandinavia",
            "北欧",
            "北歐",
        ],
        beside: &["nordics", "nordic"],
        codes: NORDICS,
    },
    Place {
        text: "asia",
        said: &["亚洲", "亞洲", " asia ", " in asia", " asian "],
        beside: &["asia"],
        codes: ASIA,
    },
    // The catalog's own split of platforms (`/platforms cn|global`): a Chinese platform's
    // offers carry no region text of their own. Mainland China is also a place a provider's
    // region text lies in ([`MAINLAND`]); its cities and regions that providers' own lists name
    // are read as it, as `北京` was; never Hong Kong, which is `hk`.
    Place {
        text: "cn",
        said: &[
            "国内",
            "大陆",
            " in china",
            " inside china",
            " mainland china",
            "中国境内",
            "中国大陆",
            "北京",
            " beijing",
            "上海",
            " shanghai",
            "杭州",
            " hangzhou",
            "深圳",
            " shenzhen",
            "广州",
            " guangzhou",
            "乌兰察布",
            " ulanqab",
            "内蒙古",
            "内蒙",
            "贵阳",
            " guiyang",
            "大连",
            " dalian",
            "苏州",
            " suzhou",
            "保定",
            "武汉",
            " wuhan",
            "阳泉",
            "华东",
            "华北",
            "华南",
            "西南",
        ],
        beside: &[],
        codes: MAINLAND,
    },
    Place {
        text: "global",
        said: &[
            "海外",
            "国外",
            "境外",
            " overseas",
            " outside china",
            " global 的",
            " global的",
            " global only",
            " global platform",
            " global provider",
        ],
        beside: &[],
        codes: &[],
    },
];
