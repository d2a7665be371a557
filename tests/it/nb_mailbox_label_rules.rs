#![cfg(not(target_arch = "wasm32"))]
//! Reading a message's class from a header line the lecturer chooses
//! (`genlab::nb::mailbox::LabelRule`): the project's own `X-Label`, SpamAssassin's
//! `X-Spam-Status` / `X-Spam-Flag`, a Gmail export's `X-Gmail-Labels`, or a field the user
//! names; and a mailbox loaded with each.
//!
//! Expected values: header folding (a line starting with a space or a tab continues the
//! field) from RFC 5322 §2.2.3; SpamAssassin writes `X-Spam-Status: Yes, score=…` or
//! `No, score=…` on every message it checks and `X-Spam-Flag: YES` on spam (its
//! documentation); a Gmail export lists labels comma-separated in `X-Gmail-Labels`. The
//! messages and the classes they must get are written here by hand.

use genlab::nb::lab::{MailboxLoader, SpamLab};
use genlab::nb::mailbox::{header_field, LabelRule};
use genlab::nb::Label;
use genlab::Error;

#[test]
fn a_header_field_is_found_by_name_unfolded_and_never_in_the_body() {
    let m = b"From: a@b.example\r\nx-spam-status: Yes, score=7.1\r\n\ttests=FREE,CASH\r\nSubject: hi\r\n\r\nX-Label: spam\r\n";
    assert_eq!(header_field(m, "X-Spam-Status").as_deref(), Some("Yes, score=7.1 tests=FREE,CASH"));
    assert_eq!(header_field(m, "subject").as_deref(), Some("hi"));
    // A line of the body is no header field.
    assert_eq!(header_field(m, "X-Label"), None);
    // A longer name that starts with the one asked for is another field.
    assert_eq!(header_field(b"X-Spam-Status-Old: Yes\n\nbody", "X-Spam-Status"), None);
}

#[test]
fn each_rule_reads_the_class_its_header_gives() {
    let sa_spam = b"Subject: win\nX-Spam-Status: Yes, score=12.0 required=5.0\n\nbody";
    let sa_ham = b"Subject: notes\nX-Spam-Status: No, score=-2.3 required=5.0\n\nbody";
    let sa_flag = b"Subject: win\nX-Spam-Flag: YES\n\nbody";
    let unchecked = b"Subject: hello\n\nX-Spam-Status: Yes\n";
    let sa = LabelRule::SpamAssassin;
    assert_eq!(sa.label(sa_spam), Some(Label::Spam));
    assert_eq!(sa.label(sa_ham), Some(Label::Ham));
    assert_eq!(sa.label(sa_flag), Some(Label::Spam));
    assert_eq!(sa.label(unchecked), None);

    let gmail = LabelRule::Gmail;
    assert_eq!(gmail.label(b"X-Gmail-Labels: Archived,Spam,Unread\n\nx"), Some(Label::Spam));
    assert_eq!(gmail.label(b"X-Gmail-Labels: Inbox, Important\n\nx"), Some(Label::Ham));
    // "Spam" only as part of a label is not the Spam label.
    assert_eq!(gmail.label(b"X-Gmail-Labels: Spam reports\n\nx"), Some(Label::Ham));
    assert_eq!(gmail.label(b"Subject: x\n\nx"), None);

    let field = LabelRule::parse("field", " X-Course-Class: ", " junk ").unwrap();
    assert_eq!(field, LabelRule::Field { name: "X-Course-Class".into(), spam: "junk".into() });
    assert_eq!(field.label(b"x-course-class: JUNK\n\nx"), Some(Label::Spam));
    assert_eq!(field.label(b"X-Course-Class: keep; junk\n\nx"), Some(Label::Spam));
    assert_eq!(field.label(b"X-Course-Class: keep\n\nx"), Some(Label::Ham));
    assert_eq!(field.label(b"Subject: x\n\nx"), None);

    assert_eq!(LabelRule::XLabel.label(b"X-Label: ham\n\nx"), Some(Label::Ham));
    assert_eq!(LabelRule::parse("x-label", "", "").unwrap(), LabelRule::default());
}

#[test]
fn a_rule_that_cannot_be_used_is_a_sentence() {
    let said = |r: Result<LabelRule, Error>| match r {
        Err(Error::BadLabelRule(s)) => s.to_string(),
        other => panic!("expected BadLabelRule, got {other:?}"),
    };
    assert!(said(LabelRule::parse("field", "  ", "yes")).contains("Name the header line"));
    assert!(said(LabelRule::parse("field", "X Spam", "yes")).contains("cannot be the name of a header line"));
    assert!(said(LabelRule::parse("field", "X:Spam", "yes")).contains("cannot be the name of a header line"));
    assert!(said(LabelRule::parse("field", "X-标签", "yes")).contains("cannot be the name of a header line"));
    assert!(said(LabelRule::parse("field", &"X".repeat(77), "yes")).contains("at most 76 characters"));
    assert!(said(LabelRule::parse("field", "X-Spam-Flag", " ")).contains("that means spam"));
    assert!(said(LabelRule::parse("folder", "", "")).contains("no way to read a message's class"));
}

/// One mbox (its name says no class) of `n` spam and `n` ham messages, each carrying its
/// class only in SpamAssassin's status line, folded as SpamAssassin folds it.
fn checked_mbox(n: usize) -> Vec<u8> {
    let mut out = String::new();
    for i in 0..n {
        out += &format!(
            "From filter Mon Jan  1 00:00:00 2024\nFrom: shop{i}@deals.example\nSubject: offer {i}\n\
             X-Spam-Status: Yes, score=9.{i} required=5.0\n\ttests=CASH,FREE\n\nWin cash now, offer {i}, free free.\n\n"
        );
        out += &format!(
            "From filter Mon Jan  1 00:00:00 2024\nFrom: tutor@uni.example\nSubject: week {i}\n\
             X-Spam-Status: No, score=-1.{i} required=5.0\n\ttests=NONE\n\nThe notes for week {i} are online.\n\n"
        );
    }
    out.into_bytes()
}

fn load_mbox(rule: LabelRule, bytes: Vec<u8>) -> Result<SpamLab, Error> {
    let mut loader = MailboxLoader::new("inbox.mbox");
    loader.set_label_rule(rule);
    loader.begin_mbox(bytes, "inbox.mbox")?;
    while !loader.step(1 << 12)? {}
    let mut lab = SpamLab::builtin()?;
    lab.replace_with_mailbox(loader)?;
    Ok(lab)
}

#[test]
fn one_mbox_of_everything_is_a_corpus_once_the_rule_names_spamassassins_line() {
    // With the default rule no message has a class (the file name says none, no X-Label):
    // refused, the reason said.
    let err = load_mbox(LabelRule::XLabel, checked_mbox(10)).map(|_| ()).expect_err("refused").to_string();
    assert!(err.contains("class"), "{err}");
    let lab = load_mbox(LabelRule::SpamAssassin, checked_mbox(10)).unwrap();
    assert_eq!(lab.report().messages, [10, 10]);
}

#[test]
fn in_a_folder_the_chosen_header_wins_over_the_folder_and_the_folder_fills_in() {
    let files: [(&str, &[u8]); 5] = [
        ("inbox/ham/1", b"X-Gmail-Labels: Inbox\nSubject: a\n\nlab at nine tomorrow"),
        ("inbox/ham/2", b"X-Gmail-Labels: Spam\nSubject: b\n\nwin a free prize now"),
        ("inbox/ham/3", b"Subject: c\n\nnotes for the lecture are online"),
        ("inbox/spam/4", b"X-Gmail-Labels: Spam,Unread\nSubject: d\n\ncheap pills cash offer"),
        ("inbox/spam/5", b"Subject: e\n\nclaim your cash reward today"),
    ];
    let count = |rule: LabelRule| {
        let mut loader = MailboxLoader::new("inbox");
        loader.set_label_rule(rule);
        for (path, bytes) in files {
            loader.add_file(path, bytes).unwrap();
        }
        let mut lab = SpamLab::builtin().unwrap();
        lab.replace_with_mailbox(loader).unwrap();
        lab.report().messages
    };
    // The default rule: the folders decide (3 ham, 2 spam).
    assert_eq!(count(LabelRule::XLabel), [3, 2]);
    // Gmail's labels: ham/2 is spam by its label; the unlabelled ones keep their folder's class.
    assert_eq!(count(LabelRule::Gmail), [2, 3]);
}
