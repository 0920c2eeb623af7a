//! Issue 25, "billed while stopped and data deletion for every platform": rules the sources
//! state, answered in both languages with their labels. 矩池云's stop releases the machine
//! (nothing billed while stopped; the environment kept as a free temporary save for 24 hours;
//! third-party readings, labelled so); Huawei Cloud deletes a pay-per-use resource's data when
//! an unpaid retention period ends (its own page, first-hand); 共绩算力's elastic-deployment nodes
//! keep no data when they stop (its own page in a third-party scrape of 2025-07-11, dated by it);
//! Verda keeps charging a shut-down instance in full and keeps deleted volumes 96 hours (its own
//! CLI repository, first-hand); deleting a Nebius instance deletes its managed disks (Nebius's own
//! agent skills, first-hand, dated by the reading); Thunder Compute cannot stop, CloudRift stops
//! billing at Stop but deletes unpaid volumes, JarvisLabs' destroy deletes everything (their own
//! documentation and CLI repositories, first-hand); DigitalOcean, Vultr, Paperspace and Hyperstack
//! say deletion is permanent (their own docs in the docs corpus, first-hand).

use bot_core::{Bot, Catalog};

use super::prices_data::{ask, bot_on};

fn bot() -> (Bot, tempfile::TempDir) {
    bot_on("2026-12-03")
}

/// The first line of `text` containing `needle`, or "" when none does.
fn line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines()
        .find(|l| l.contains(needle))
        .unwrap_or_default()
}

#[test]
fn matpool_bills_nothing_once_stopped_and_says_who_said_so() {
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform matpool");
    assert_eq!(
        line_with(&en, "billed while stopped").trim(),
        "· billed while stopped: nothing",
        "{en}"
    );
    // The rule's own citation: the vendor FAQ as a third-party profile of 2026-06 read it.
    assert!(
        en.contains("matpool.com (2026-06-25, seen in a third-party copy)"),
        "{en}"
    );
    assert!(
        en.contains("stopping saves the environment and releases"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform 矩池云");
    assert_eq!(
        line_with(&zh, "关机后仍计费").trim(),
        "· 关机后仍计费：不计费",
        "{zh}"
    );
    assert!(zh.contains("matpool.com（2026-06-25，第三方转述）"), "{zh}");
    assert!(zh.contains("停止就是保存环境后释放机器"), "{zh}");
}

#[test]
fn a_stopped_matpool_machine_keeps_no_disk_on_the_bill() {
    // The engine reads the same fact: nothing billed while stopped means the stopped disk is
    // not billed, and the rule no longer counts as unverified on that point.
    let catalog = Catalog::embedded().unwrap();
    let p = catalog.find_platform("matpool").expect("matpool");
    assert_eq!(
        p.billing.stopped_storage_billed,
        bot_core::fact::Fact::Known(false)
    );
}

#[test]
fn modelarts_warns_that_unpaid_data_goes_after_the_retention_period() {
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform modelarts");
    let rule = line_with(&en, "into arrears");
    assert!(
        rule.contains("pay-per-use resources of V0–V1 customers only: 1 day into arrears")
            && rule.contains("the instance and all its data are deleted")
            && rule.contains("V4–V5 7 + 15 days"),
        "{en}"
    );
    // Huawei's own page: no third-party label on the rule.
    assert!(
        rule.contains("support.huaweicloud.com (2025-02-12)") && !rule.contains("third-party"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform 华为云");
    let rule = line_with(&zh, "欠费满");
    assert!(
        rule.contains("仅限V0–V1 客户的按需资源：欠费满 1 天 → 实例和全部数据被删除")
            && rule.contains("V4–V5 为 7 + 15 天")
            && !rule.contains("第三方"),
        "{zh}"
    );
}

#[test]
fn a_daily_matpool_job_is_warned_that_the_temporary_save_lasts_a_day() {
    let (bot, _d) = bot();
    // A daily job leaves the instance stopped in between: the answer says what a stop keeps.
    let en = ask(&bot, "en", "/cost matpool 4090 daily 2h");
    assert!(
        en.contains("⚠ Matpool: after 1 day stopped → the local disk is deleted."),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/cost 矩池云 4090 每天 2小时");
    assert!(
        zh.contains("⚠ 矩池云：关机满 1 天 → 本地磁盘数据被删除。"),
        "{zh}"
    );
    // A single short run leaves nothing stopped: no warning.
    let once = ask(&bot, "en", "/cost matpool 4090 2h");
    assert!(!once.contains("after 1 day stopped"), "{once}");
    // /platform names the rule's source as a third-party reading.
    let p = ask(&bot, "en", "/platform matpool");
    let rule = line_with(&p, "after 1 day stopped");
    assert!(
        rule.contains("github.com (2026-12-03, seen in a third-party copy)"),
        "{p}"
    );
}

#[test]
fn gongji_elastic_nodes_keep_no_data_when_they_stop_and_say_how_old_the_copy_is() {
    // 共绩算力's own best-practice page (as a third party scraped it on 2025-07-11): an
    // elastic-deployment node keeps nothing on its own disk when it stops, moves or restarts.
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform gongji");
    let rule = line_with(&en, "nodes only:");
    assert!(
        rule.contains("elastic-deployment (Serverless) nodes only: when the instance stops")
            && rule.contains("the local disk is deleted"),
        "{en}"
    );
    assert!(
        rule.contains("gongjiyun.com (2025-07-11, seen in a third-party copy)"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform 共绩算力");
    let rule = line_with(&zh, "仅限弹性部署");
    assert!(
        rule.contains("仅限弹性部署服务节点：关机时 → 本地磁盘数据被删除")
            && rule.contains("gongjiyun.com（2025-07-11，第三方转述）"),
        "{zh}"
    );
    // The spot rule stays beside it: the new rule adds, it does not replace.
    assert!(zh.contains("竞价实例被回收时"), "{zh}");
}

#[test]
fn a_daily_gongji_job_is_warned_about_the_elastic_nodes_disk() {
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/cost gongji 4090 daily 2h");
    assert!(
        en.contains("elastic-deployment (Serverless) nodes only: when the instance stops → the local disk is deleted"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/cost 共绩算力 4090 每天 2小时");
    assert!(
        zh.contains("仅限弹性部署服务节点：关机时 → 本地磁盘数据被删除"),
        "{zh}"
    );
}

#[test]
fn verda_bills_a_shut_down_instance_in_full_and_says_so_from_its_own_cli() {
    // Verda's own CLI (github.com/verda-cloud/verda-cli): "Shutdown instances continue to charge
    // your account"; volumes not deleted keep charging; hibernating stops billing.
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform verda");
    let line = line_with(&en, "billed while stopped");
    assert!(
        line.contains("the full instance price") && line.contains("storage"),
        "{en}"
    );
    assert!(en.contains("hibernat"), "{en}");
    assert!(en.contains("github.com (2026-06-03)"), "{en}");
    // The vendor's own repository: first-hand, no third-party label on that citation.
    assert!(
        !line_with(&en, "github.com (2026-06-03").contains("third-party"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform verda");
    let line = line_with(&zh, "关机后仍计费");
    assert!(
        line.contains("整机价格照常计费") && line.contains("存储"),
        "{zh}"
    );
    assert!(zh.contains("休眠"), "{zh}");
}

#[test]
fn verda_says_how_long_a_deleted_volume_can_be_restored() {
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform verda");
    let rule = line_with(&en, "⚠ volumes chosen for deletion only");
    assert!(
        rule.contains(
            "when the instance is returned or released → volumes and personal data are deleted"
        ) && rule.contains("restored for 96 hours")
            && rule.contains("github.com (2026-06-03)"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform verda");
    let rule = line_with(&zh, "⚠ 仅限删除时选中的存储卷");
    assert!(
        rule.contains("归还或释放实例时 → 存储卷和个人数据被删除")
            && rule.contains("96 小时内可恢复"),
        "{zh}"
    );
    // Deleting is not stopping: a daily job's /cost carries no deletion warning for it.
    let cost = ask(&bot, "en", "/cost verda a6000 daily 2h");
    assert!(cost.contains("Verda"), "{cost}");
    assert!(!cost.contains("96 hours"), "{cost}");
}

#[test]
fn nebius_warns_that_deleting_an_instance_deletes_its_managed_disks() {
    // Nebius's own agent skills (github.com/nebius/skills): "compute instance delete also
    // deletes managed disks declared in the instance spec". A deletion rule, not a stop rule.
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform nebius");
    let rule = line_with(&en, "⚠ managed disks declared in the instance spec only");
    assert!(
        rule.contains(
            "when the instance is returned or released → volumes and personal data are deleted"
        ) && rule.contains("github.com (2026-12-03)")
            && !rule.contains("third-party"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform nebius");
    let rule = line_with(&zh, "⚠ 仅限实例配置里声明的托管磁盘");
    assert!(
        rule.contains("归还或释放实例时 → 存储卷和个人数据被删除") && !rule.contains("第三方"),
        "{zh}"
    );
    // What a stop keeps costing is still unknown, and said so.
    assert!(
        line_with(&en, "billed while stopped").contains("unknown"),
        "{en}"
    );
}

#[test]
fn thunder_compute_cannot_stop_and_deleting_removes_everything() {
    // Thunder Compute's own docs (github.com/Thunder-Compute/thunder-compute-documentation):
    // no native stop (snapshot, delete, restore); deleting removes the instance and all its
    // data; payment by a saved credit card or preloaded credit.
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform thunder compute");
    assert!(
        line_with(&en, "billed while stopped").contains("cannot be stopped, only terminated"),
        "{en}"
    );
    assert!(line_with(&en, "· payment:").contains("card"), "{en}");
    let rule = line_with(&en, "⚠ when the instance is returned or released");
    assert!(
        rule.contains("the instance and all its data are deleted")
            && rule.contains("snapshot")
            && rule.contains("github.com (2026-06-30)")
            && !rule.contains("third-party"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform thunder compute");
    assert!(
        line_with(&zh, "关机后仍计费").contains("不能关机，只能销毁"),
        "{zh}"
    );
    assert!(
        line_with(&zh, "⚠ 归还或释放实例时").contains("实例和全部数据被删除"),
        "{zh}"
    );
}

#[test]
fn cloudrift_stops_billing_at_stop_but_keeps_charging_volumes_and_deletes_them_unpaid() {
    // CloudRift's own docs (github.com/cloudrift-ai/rift-docs): billing stops when Stop is
    // pressed; persistent volumes keep charging and are deleted when the balance runs out.
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform cloudrift");
    let line = line_with(&en, "billed while stopped");
    assert!(
        line.contains("storage") && !line.contains("the full instance price"),
        "{en}"
    );
    let rule = line_with(&en, "⚠ persistent volumes only");
    assert!(
        rule.contains("when the balance runs out → volumes and personal data are deleted")
            && rule.contains("github.com (2026-07-02)"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform cloudrift");
    assert!(
        line_with(&zh, "⚠ 仅限持久存储卷").contains("余额用完时 → 存储卷和个人数据被删除"),
        "{zh}"
    );
    // An unpaid balance deletes data: a daily job's /cost says so.
    let cost = ask(&bot, "en", "/cost cloudrift 4090 daily 2h");
    assert!(
        cost.contains("persistent volumes only: when the balance runs out"),
        "{cost}"
    );
}

#[test]
fn jarvislabs_says_a_destroyed_instance_loses_everything() {
    // JarvisLabs' own CLI (github.com/jarvislabsai/jarvislabs): Paused keeps data and storage
    // billing; Destroyed deletes everything.
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform jarvislabs");
    let rule = line_with(&en, "⚠ when the instance is returned or released");
    assert!(
        rule.contains("the instance and all its data are deleted")
            && rule.contains("github.com (2026-07-29)"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform jarvislabs");
    assert!(
        line_with(&zh, "⚠ 归还或释放实例时").contains("实例和全部数据被删除"),
        "{zh}"
    );
}

#[test]
fn deleting_a_droplet_or_a_vultr_instance_is_said_to_be_permanent() {
    // The vendors' own CLI references (docs corpus): doctl "Permanently deletes a Droplet. This
    // is irreversible."; vultr-cli "permanently removes a specified Vultr virtual machine".
    let (bot, _d) = bot();
    for (cmd, source) in [
        (
            "/platform digitalocean",
            "docs.digitalocean.com (2025-06-23)",
        ),
        ("/platform vultr", "docs.vultr.com (2025-11-07)"),
    ] {
        let en = ask(&bot, "en", cmd);
        let rule = line_with(&en, "⚠ when the instance is returned or released");
        assert!(
            rule.contains("the local disk is deleted")
                && rule.contains(source)
                && !rule.contains("third-party"),
            "{en}"
        );
        assert!(!en.contains("none found in the sources"), "{en}");
        let zh = ask(&bot, "zh", cmd);
        assert!(
            line_with(&zh, "⚠ 归还或释放实例时").contains("本地磁盘数据被删除"),
            "{zh}"
        );
    }
}

#[test]
fn deactivating_a_paperspace_machine_removes_its_files_and_snapshots() {
    // DigitalOcean's Paperspace docs (docs corpus, no page date: dated by the reading):
    // "Deactivating a Paperspace machine permanently removes the machine, its files, and its
    // snapshots from your Paperspace account."
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform paperspace");
    let rule = line_with(&en, "⚠ when the instance is returned or released");
    assert!(
        rule.contains("the instance and all its data are deleted")
            && rule.contains("snapshots")
            && rule.contains("docs.digitalocean.com (2026-12-03)"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform paperspace");
    assert!(
        line_with(&zh, "⚠ 归还或释放实例时").contains("实例和全部数据被删除"),
        "{zh}"
    );
}

#[test]
fn deleting_a_hyperstack_vm_is_permanent_and_hibernation_is_named() {
    // Hyperstack's own API reference (docs corpus): "Delete virtual machine … Permanently
    // deletes a virtual machine"; hibernation saves the state to disk and deallocates.
    let (bot, _d) = bot();
    let en = ask(&bot, "en", "/platform hyperstack");
    let rule = line_with(&en, "⚠ when the instance is returned or released");
    assert!(
        rule.contains("the local disk is deleted")
            && rule.contains("hibernat")
            && rule.contains("docs.hyperstack.cloud (2026-12-03)"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/platform hyperstack");
    assert!(
        line_with(&zh, "⚠ 归还或释放实例时").contains("本地磁盘数据被删除"),
        "{zh}"
    );
}
