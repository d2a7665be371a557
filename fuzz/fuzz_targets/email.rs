//! The email parser and the mailbox readers on arbitrary bytes: `Email::parse`,
//! `looks_like_email`, `html_to_text`, `split_mbox` and `read_mbox`.
//!
//! Invariants (beyond "never panics" and "never runs away": libFuzzer's timeout):
//! * `Email::parse` succeeds only on bytes that `looks_like_email` accepts and that are
//!   within the caps of `genlab::limits`; its error is always `BadEmail`;
//! * a parsed body has at most `MAX_BODY_CHARS` characters, and is trimmed;
//! * the sender's domain is lower case and the subject is trimmed and not blank;
//! * `html_to_text` of any text has no `<script` or `<style` element left when the input
//!   closes them, holds no run of two spaces and no line with spaces at its ends;
//! * `split_mbox` never makes more messages than the input has `From ` lines;
//! * `read_mbox` fails only with `EmptyData`, and keeps a message or lists it as skipped;
//! * a header field found by `header_field` has no line feed in its value, and every
//!   `LabelRule` reads a class or none without panicking.
#![no_main]

use genlab::limits::{MAX_BODY_CHARS, MAX_EMAIL_BYTES};
use genlab::nb::email::{html_to_text, looks_like_email, Email};
use genlab::nb::mailbox::{header_field, read_mbox, split_mbox, LabelRule};
use genlab::nb::Label;
use genlab::Error;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match Email::parse(data) {
        Ok(email) => {
            assert!(data.len() <= MAX_EMAIL_BYTES);
            assert!(looks_like_email(data), "parsed bytes that are not an email");
            let body = email.body_text();
            assert!(body.chars().count() <= MAX_BODY_CHARS);
            assert_eq!(body.trim(), body.trim_end(), "body not trimmed at its start");
            if let Some(domain) = email.from_domain() {
                assert!(!domain.bytes().any(|b| b.is_ascii_uppercase()), "{domain:?}");
                assert!(!domain.is_empty());
            }
            if let Some(subject) = email.subject() {
                assert_eq!(subject.trim(), subject);
                assert!(!subject.is_empty());
            }
            let _ = email.attachments();
            for t in email.tokens(true) {
                assert!(!t.is_empty());
            }
        }
        Err(e) => assert!(matches!(e, Error::BadEmail(_)), "unexpected error {e:?}"),
    }

    let text = String::from_utf8_lossy(data);
    let plain = html_to_text(&text);
    assert!(!plain.contains("  "), "a run of spaces in {plain:?}");
    for line in plain.lines() {
        assert_eq!(line.trim(), line, "line with spaces at its ends in {plain:?}");
    }

    let from_lines = data.split(|&b| b == b'\n').filter(|l| l.starts_with(b"From ")).count();
    assert!(split_mbox(data).len() <= from_lines);
    match read_mbox(data, Label::Spam) {
        Ok(mailbox) => assert!(mailbox.messages.len() + mailbox.skipped.len() + mailbox.exact_duplicates <= from_lines),
        Err(e) => assert!(matches!(e, Error::EmptyData(_)), "unexpected error {e:?}"),
    }

    for name in ["X-Spam-Status", "x-gmail-labels", "Subject"] {
        if let Some(v) = header_field(data, name) {
            assert!(!v.contains('\n'), "a line break in {v:?}");
        }
    }
    let named = LabelRule::Field { name: "X-Class".into(), spam: "spam".into() };
    for rule in [LabelRule::XLabel, LabelRule::SpamAssassin, LabelRule::Gmail, named] {
        let _ = rule.label(data);
    }
});
