#![cfg(not(target_arch = "wasm32"))]
//! Mailboxes as a corpus (`genlab::nb::mailbox`, issue #22): mbox files, folders laid out
//! as the SpamAssassin public corpus, de-duplication, bad messages listed and skipped.
//!
//! Expected values: the mbox conventions (a `From ` line after a blank line starts a
//! message; mboxrd quoting `>From `) from RFC 4155 and the mboxrd description; the folder
//! names from `../shared/data/spamassassin/README.md`; messages and counts written here.

use genlab::nb::mailbox::{label_of_folder, label_of_path, read_files, read_mbox, read_mboxes, split_mbox};
use genlab::nb::{Label, NaiveBayes};
use genlab::Error;

fn message(from: &str, subject: &str, body: &str) -> String {
    format!("From: {from}\nSubject: {subject}\n\n{body}\n")
}

#[test]
fn an_mbox_splits_at_from_lines_and_unquotes_from() {
    let mbox = format!(
        "From alice@example.com Mon Jan  1 00:00:00 2024\n{}\nFrom bob@example.com Mon Jan  1 00:00:01 2024\n{}",
        message("alice@example.com", "one", "First line\n>From the start\n>>From quoted twice\nFrom inside a line"),
        message("bob@example.com", "two", "Second")
    );
    let parts = split_mbox(mbox.as_bytes());
    assert_eq!(parts.len(), 2);
    assert_eq!(
        String::from_utf8(parts[0].clone()).unwrap(),
        "From: alice@example.com\nSubject: one\n\nFirst line\nFrom the start\n>From quoted twice\nFrom inside a line\n"
    );
    assert_eq!(String::from_utf8(parts[1].clone()).unwrap(), "From: bob@example.com\nSubject: two\n\nSecond\n");
    let mailbox = read_mbox(mbox.as_bytes(), Label::Spam).unwrap();
    assert_eq!(mailbox.messages.len(), 2);
    assert_eq!(mailbox.messages[1].email.subject().as_deref(), Some("two"));
    assert_eq!(mailbox.messages[1].source, "message 2");
}

#[test]
fn folder_names_give_the_class() {
    for (name, label) in [
        ("ham", Some(Label::Ham)),
        ("easy_ham", Some(Label::Ham)),
        ("easy_ham_2", Some(Label::Ham)),
        ("hard_ham", Some(Label::Ham)),
        ("SPAM", Some(Label::Spam)),
        ("spam_2", Some(Label::Spam)),
        ("my-spam", Some(Label::Spam)),
        ("hamster", None),
        ("spamham", None),
        ("ham_and_spam", None),
        ("inbox", None),
    ] {
        assert_eq!(label_of_folder(name), label, "{name}");
    }
    assert_eq!(label_of_path("corpus/easy_ham_2/00001.abc"), Some(Label::Ham));
    assert_eq!(label_of_path("spam\\sub\\00001"), Some(Label::Spam));
    // The file's own name is not a folder.
    assert_eq!(label_of_path("spam"), None);
}

#[test]
fn a_folder_corpus_dedups_and_lists_bad_messages_without_losing_the_rest() {
    let ham1 = message("a@uni.example", "seminar", "the seminar is at noon");
    let ham_copy = message("b@uni.example", "Re: seminar", "the seminar is at noon");
    let spam1 = message("x@prize.example", "WIN", "free cash prize now");
    let spam_same_body_as_ham = message("y@prize.example", "hi", "the seminar is at noon");
    let files: Vec<(&str, &[u8])> = vec![
        ("easy_ham/1", ham1.as_bytes()),
        ("easy_ham_2/2", ham_copy.as_bytes()),
        ("spam/3", spam1.as_bytes()),
        ("spam_2/4", spam_same_body_as_ham.as_bytes()),
        ("spam/5", b"just text, no headers"),
        ("inbox/6", ham1.as_bytes()),
        ("spam/cmds", b"rm -rf"),
        ("spam/.DS_Store", b"\0\0"),
    ];
    let mailbox = read_files(files).unwrap();
    assert_eq!((mailbox.count(Label::Ham), mailbox.count(Label::Spam)), (1, 1));
    assert_eq!((mailbox.exact_duplicates, mailbox.conflicting_labels), (1, 1));
    let skipped: Vec<&str> = mailbox.skipped.iter().map(|s| s.source.as_str()).collect();
    assert_eq!(skipped, ["spam/5", "inbox/6"]);
    assert!(mailbox.skipped[0].reason.starts_with("This is not an email"));
    assert_eq!(mailbox.notes().len(), 2);

    // Header evidence is off unless asked for.
    let body_only = mailbox.token_documents(false);
    assert_eq!(body_only[1].0, ["free", "cash", "prize", "now"]);
    let with_headers = mailbox.token_documents(true);
    assert_eq!(with_headers[1].0, ["free", "cash", "prize", "now", "from-domain:prize.example", "subject:win"]);
    let model = NaiveBayes::fit_tokens(
        &body_only,
        genlab::nb::EventModel::Multinomial,
        1.0,
        genlab::nb::Prior::MaximumLikelihood,
    );
    assert!(model.is_ok());
}

#[test]
fn a_mailbox_without_both_classes_is_refused_with_a_reason() {
    let ham = message("a@uni.example", "seminar", "noon");
    let err = read_files(vec![("ham/1", ham.as_bytes()), ("spam/2", b"not mail".as_slice())]).unwrap_err();
    let Error::EmptyData(s) = err else { panic!("{err:?}") };
    let s = s.to_string();
    assert!(s.contains("no spam messages") && s.contains("spam/2"), "{s}");

    let err = read_mbox(b"\x89PNG\r\n\x1a\n....", Label::Ham).unwrap_err();
    assert!(err.to_string().contains("PNG"), "{err}");
    let err = read_mbox(b"hello\nworld\n", Label::Ham).unwrap_err();
    assert!(err.to_string().contains("not an mbox"), "{err}");

    let ham = format!("From a Mon Jan 1 00:00:00 2024\n{}", message("a@x.example", "s", "ham words"));
    let spam = format!("From b Mon Jan 1 00:00:00 2024\n{}", message("b@y.example", "s", "spam words"));
    let both = read_mboxes(&[(ham.as_bytes(), Label::Ham), (spam.as_bytes(), Label::Spam)]).unwrap();
    assert_eq!(both.labels(), [Label::Ham, Label::Spam]);
}
