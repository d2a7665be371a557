#![cfg(not(target_arch = "wasm32"))]
//! Hostile email (issue #22): each case gets a sentence for the student and a bounded cost,
//! as `genlab::limits` states the caps (MAX_EMAIL_BYTES, MAX_HEADER_BYTES,
//! MAX_MIME_BOUNDARIES, MAX_BODY_CHARS). The time limits are generous (a debug build on a
//! shared machine); a quadratic or exponential cost would overrun them by orders of
//! magnitude.

use std::time::{Duration, Instant};

use genlab::limits::{MAX_BODY_CHARS, MAX_EMAIL_BYTES, MAX_HEADER_BYTES, MAX_MIME_BOUNDARIES};
use genlab::nb::email::Email;
use genlab::Error;

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

fn sentence(result: Result<Email, Error>) -> String {
    match result {
        Err(Error::BadEmail(s)) => s.to_string(),
        other => panic!("expected BadEmail, got {other:?}"),
    }
}

#[test]
fn a_nesting_bomb_is_refused_before_it_is_parsed() {
    // 10,000 multiparts, each inside the one before.
    let mut m = String::from("From: a@example.com\r\nContent-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n");
    for i in 1..10_000 {
        m.push_str(&format!("--b{}\r\nContent-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n", i - 1));
    }
    let (result, took) = timed(|| Email::parse(m.as_bytes()));
    let s = sentence(result);
    assert!(s.contains(&MAX_MIME_BOUNDARIES.to_string()), "{s}");
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn nesting_within_the_cap_is_read() {
    let depth = MAX_MIME_BOUNDARIES;
    let mut m = String::from("From: a@example.com\r\nContent-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n");
    for i in 1..depth {
        m.push_str(&format!("--b{}\r\nContent-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n", i - 1));
    }
    m.push_str(&format!("--b{}\r\nContent-Type: text/plain\r\n\r\ndeep text\r\n", depth - 1));
    let email = Email::parse(m.as_bytes()).unwrap();
    assert_eq!(email.body_text(), "deep text");
}

#[test]
fn a_huge_header_without_an_end_is_refused_unread() {
    // A header line of 50 MB: over the message cap, refused by its length alone.
    let mut m = b"Subject: ".to_vec();
    m.resize(50_000_000, b'a');
    let (result, took) = timed(|| Email::parse(&m));
    assert!(sentence(result).contains(&MAX_EMAIL_BYTES.to_string()));
    assert!(took < Duration::from_secs(1), "{took:?}");
    // Within the message cap but with no blank line in the first MAX_HEADER_BYTES.
    let mut m = b"From: a@example.com\r\nSubject: ".to_vec();
    m.resize(4 * MAX_HEADER_BYTES, b'a');
    let (result, took) = timed(|| Email::parse(&m));
    let s = sentence(result);
    assert!(s.contains(&MAX_HEADER_BYTES.to_string()) && s.contains("blank line"), "{s}");
    assert!(took < Duration::from_secs(1), "{took:?}");
}

#[test]
fn a_broken_boundary_still_gives_the_text() {
    // The closing boundary never comes, and a second part's boundary is misspelt.
    let m = "From: a@example.com\r\nSubject: broken\r\nContent-Type: multipart/mixed; boundary=\"real\"\r\n\r\n\
             --real\r\nContent-Type: text/plain\r\n\r\nfirst part\r\n--reel\r\nContent-Type: text/plain\r\n\r\nsecond\r\n";
    let email = Email::parse(m.as_bytes()).unwrap();
    assert!(email.body_text().starts_with("first part"), "{:?}", email.body_text());
    // A boundary that is declared but never used: the whole body is the one part's text.
    let m = "From: a@example.com\r\nContent-Type: multipart/alternative; boundary=\"never\"\r\n\r\nhello\r\n";
    let (result, took) = timed(|| Email::parse(m.as_bytes()));
    assert!(result.is_ok());
    assert!(took < Duration::from_secs(1));
}

#[test]
fn a_blow_up_is_capped_in_time_and_in_text() {
    // 9 MB of base64 (under the size cap) that decodes to 6.75 MB of "A": the text is cut
    // at MAX_BODY_CHARS characters and the email says so.
    let mut m =
        b"From: a@example.com\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n".to_vec();
    let line = b"QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB\r\n";
    while m.len() + line.len() < 9_000_000 {
        m.extend_from_slice(line);
    }
    let (email, took) = timed(|| Email::parse(&m).unwrap());
    assert!(email.truncated());
    assert_eq!(email.body_text().chars().count(), MAX_BODY_CHARS);
    assert!(email.body_text().chars().all(|c| c == 'A'));
    assert!(took < Duration::from_secs(20), "{took:?}");
    // Entities never grow text: 1 MB of "&amp;" is 200,000 "&".
    let html = format!("From: a@example.com\r\nContent-Type: text/html\r\n\r\n<p>{}</p>", "&amp;".repeat(200_000));
    let email = Email::parse(html.as_bytes()).unwrap();
    assert_eq!(email.body_text().len(), 200_000);
}

#[test]
fn deeply_nested_messages_are_bounded() {
    // 200 messages, each attached (message/rfc822) inside the one before.
    let mut m = String::from("From: a@example.com\r\nSubject: inner\r\n\r\ninnermost\r\n");
    for _ in 0..200 {
        m = format!("From: a@example.com\r\nContent-Type: message/rfc822\r\n\r\n{m}");
    }
    let (result, took) = timed(|| Email::parse(m.as_bytes()));
    assert!(result.is_ok());
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn only_one_mbox_from_line_is_skipped() {
    // Found by the email fuzz target: `parse` skipped the mbox `From ` line and then
    // `looks_like_email` skipped a second one, so a message whose first header line was a
    // second `From ` line without a colon was read as an email though it is not one.
    let m = b"From alice@example.com Mon Jan  1 00:00:00 2024\nFrom  alice@example.com\nSubject: one\n\nbody\n";
    assert!(!genlab::nb::email::looks_like_email(m));
    assert!(sentence(Email::parse(m)).starts_with("This is not an email"));
    let ok = b"From alice@example.com Mon Jan  1 00:00:00 2024\nFrom: alice@example.com\nSubject: one\n\nbody\n";
    assert_eq!(Email::parse(ok).unwrap().body_text(), "body");
}
