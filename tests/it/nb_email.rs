#![cfg(not(target_arch = "wasm32"))]
//! `genlab::nb::email::Email` on hand-written messages (tests/fixtures/email/, written for
//! this project: English and Chinese, spam and ham, one of each encoding and structure).
//!
//! Expected values: the decoded texts below were written by hand from the messages'
//! declared encodings (quoted-printable RFC 2045 §6.7, base64 §6.8, RFC 2047 encoded
//! words, the GBK, Latin-1 and Windows-1252 code charts); Python's `email` package
//! (`policy.default`, `get_body(('plain', 'html'))`) decodes the same bytes to the same
//! text before HTML reduction.

use genlab::nb::email::{html_to_text, is_stub, looks_like_email, BodyPart, Email};
use genlab::nb::tokenize;
use genlab::Error;

fn fixture(name: &str) -> Email {
    let path = format!("{}/tests/fixtures/email/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Email::parse(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn latin1_quoted_printable_with_an_encoded_subject() {
    let email = fixture("ham-english-latin1-qp.eml");
    assert_eq!(email.subject().as_deref(), Some("Café seminar moved"));
    assert_eq!(email.from_domain().as_deref(), Some("univ.example.edu"));
    // =E9 is é and =EF is ï in ISO-8859-1; =3D is "="; "=" at a line's end joins lines.
    assert_eq!(
        email.body_text(),
        "Hello all,\n\nThe café seminar moves to room 2=4B on Thursday. Bring your naïve Bayes notes.\n\nAna"
    );
    assert!(email.attachments().is_empty());
}

#[test]
fn html_only_spam_is_reduced_to_its_visible_text() {
    let email = fixture("spam-english-html.eml");
    assert_eq!(email.subject().as_deref(), Some("You have WON!!!"));
    assert_eq!(email.from_domain().as_deref(), Some("lucky-prizes.example"));
    // The style sheet, the script (with a tag inside its string) and the comment go; the
    // title stays as a line; &nbsp; is a space, &amp; is &, &#33; is !; in Windows-1252
    // 0x80 is € and 0x96 is –; tag attributes (the link's address) are not text.
    assert_eq!(email.body_text(), "Winner\n\nClaim your FREE prize & cash!\n\nOnly €100 today – click here");
}

#[test]
fn multipart_alternative_prefers_plain_text_and_lists_attachments() {
    let email = fixture("ham-english-base64-alternative.eml");
    assert_eq!(email.subject().as_deref(), Some("Lab notes"));
    assert_eq!(email.from_domain().as_deref(), Some("lab.example.net"));
    assert_eq!(email.body_text(), "Hi team,\nthe lab notes are attached. Résumé of Tuesday: naive Bayes works.\n— Sam");
    assert_eq!(
        email.attachments(),
        vec![
            ("notes.pdf".to_string(), "application/pdf".to_string()),
            ("plot.png".to_string(), "image/png".to_string())
        ]
    );
    // Never tokenized: neither the attachments' names nor their base64.
    let tokens = email.tokens(true);
    assert!(!tokens.iter().any(|t| t.contains("notes.pdf") || t.contains("JVBER") || t == "html"), "{tokens:?}");
}

/// multipart/alternative whose plain part is the stub "This is an HTML Message" (5 words,
/// 23 characters) beside an HTML part of 142 characters of text: the HTML part is read,
/// tags and style sheet dropped. The expected text was written by hand from the fixture
/// (each <p> a line of its own, as html_to_text breaks blocks); Python's
/// `email.message_from_bytes(...).get_body(("html",))` gives the same HTML.
#[test]
fn a_plain_stub_gives_way_to_the_html_alternative() {
    let email = fixture("spam-english-alternative-stub.eml");
    assert_eq!(email.subject().as_deref(), Some("Earn $1500 or more per week!"));
    assert_eq!(email.part(), BodyPart::HtmlOverStub { stub_words: 5 });
    assert_eq!(
        email.body_text(),
        "Earn $1500 or more per week from home!\n\nClick here to claim your free offer now. Limited time, act now."
    );
    let tokens = email.tokens(false);
    assert!(tokens.iter().any(|t| t == "earn") && tokens.iter().any(|t| t == "free"), "{tokens:?}");
    assert!(!tokens.iter().any(|t| t == "color" || t == "message"), "{tokens:?}");
    // A plain alternative written for the message (the lab-notes fixture) is still read.
    assert_eq!(fixture("ham-english-base64-alternative.eml").part(), BodyPart::PlainOverHtml);
    assert_eq!(fixture("spam-english-html.eml").part(), BodyPart::Html);
    assert_eq!(fixture("ham-english-latin1-qp.eml").part(), BodyPart::Plain);
}

/// The stub rule: under a quarter of the HTML text's characters (counted by hand).
#[test]
fn a_stub_is_under_a_quarter_of_the_html_text() {
    assert!(is_stub("This is an HTML Message", &"x".repeat(93))); // 4 × 23 = 92 < 93
    assert!(!is_stub("This is an HTML Message", &"x".repeat(92)));
    assert!(!is_stub("the same words", "the same words"));
}

#[test]
fn gbk_base64_chinese_spam() {
    let email = fixture("spam-chinese-gbk-base64.eml");
    assert_eq!(email.subject().as_deref(), Some("恭喜中奖"));
    assert_eq!(email.from_domain().as_deref(), Some("prize.example.cn"));
    assert_eq!(email.body_text(), "免费领取大奖！点击链接，立即发财。");
    // One token per ideograph, as for any Chinese text.
    assert_eq!(&tokenize(&email.body_text())[..4], ["免", "费", "领", "取"]);
}

#[test]
fn utf8_quoted_printable_chinese_ham() {
    let email = fixture("ham-chinese-utf8-qp.eml");
    assert_eq!(email.subject().as_deref(), Some("组会通知"));
    assert_eq!(email.from_domain().as_deref(), Some("lab.example.cn"));
    assert_eq!(email.body_text(), "明天下午三点开组会，请带上实验数据。");
}

#[test]
fn header_evidence_tokens_are_a_choice_and_marked_by_kind() {
    let email = fixture("spam-english-html.eml");
    assert_eq!(
        email.header_tokens(),
        ["from-domain:lucky-prizes.example", "subject:you", "subject:have", "subject:won"]
    );
    let body = email.tokens(false);
    assert_eq!(body, tokenize(&email.body_text()));
    let with = email.tokens(true);
    assert_eq!(&with[..body.len()], &body[..]);
    assert_eq!(with.len(), body.len() + 4);
}

#[test]
fn plain_text_is_not_an_email() {
    for text in [
        "Free entry in 2 a wkly comp to win FA Cup final tkts",
        "Note: this is not an email\n\nreally",
        "Dear friend:\nyou won",
        "",
        "\n\nFrom: someone@example.com",
        " From: indented@example.com\n\nbody",
    ] {
        assert!(!looks_like_email(text.as_bytes()), "{text:?}");
        let err = Email::parse(text.as_bytes()).unwrap_err();
        assert!(matches!(err, Error::BadEmail(ref s) if s.to_string().starts_with("This is not an email")), "{err:?}");
    }
    assert!(looks_like_email(b"Subject: hi\n\nbody"));
    assert!(looks_like_email(b"From alice@example.com Mon Jan  1 00:00:00 2024\nFrom: alice@example.com\n\nx"));
    assert!(looks_like_email(b"X-Custom: 1\r\nTo: bob@example.com\r\n continued\r\n\r\nbody"));
}

#[test]
fn html_reduction_follows_the_rules_it_states() {
    // Hand-reduced: tags dropped, block tags end a line, entities decoded, a "<" that
    // starts no tag kept, quoted ">" inside an attribute not taken for the tag's end.
    assert_eq!(html_to_text("a<b>b</b>c"), "abc");
    assert_eq!(html_to_text("one<br>two<p>three</p>"), "one\ntwo\nthree");
    assert_eq!(html_to_text("1 < 2 &amp;&amp; 3 &gt; 2"), "1 < 2 && 3 > 2");
    assert_eq!(html_to_text("<img alt=\"x > y\" src=x>after"), "after");
    assert_eq!(html_to_text("<SCRIPT>alert(1)</SCRIPT>ok<style>a{}</Style>!"), "ok!");
    assert_eq!(html_to_text("&#233;&#xE9;&eacute;&nbsp;&copy &unknown; &#0;"), "ééé © &unknown; \u{FFFD}");
    assert_eq!(html_to_text("<!-- <p>hidden</p> -->seen<!DOCTYPE html>"), "seen");
    assert_eq!(html_to_text("unclosed <script>never shown"), "unclosed");
}
