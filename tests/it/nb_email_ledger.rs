#![cfg(not(target_arch = "wasm32"))]
//! The spam panel reading emails: a pasted or dropped email's ledger (what was read, the
//! body scored, header evidence as its own rows summing into the verdict), the built-in
//! example emails, and a mailbox loaded as the corpus in steps (mbox with `X-Label`
//! fields or a class in the file name, a folder in the SpamAssassin layout), with bad
//! messages skipped and the previous corpus kept on failure.
//!
//! Expected values are written by hand from the example emails in `src/data/emails/`
//! (read them: the decoded sentences below are copied from what a person reads there) and
//! from the tiny mailboxes built in each test.

use genlab::data::EXAMPLE_EMAILS;
use genlab::nb::email::Email;
use genlab::nb::lab::{MailboxLoader, SpamLab};
use genlab::nb::Label;

fn example(id: &str) -> &'static str {
    EXAMPLE_EMAILS.iter().find(|(k, _)| *k == id).unwrap().1
}

/// prior + Σ word rows = log-odds (multinomial, no row hidden in these short messages).
fn assert_rows_sum(ledger: &genlab::nb::lab::Ledger) {
    let e = &ledger.explanation;
    let sum: f64 = e.prior_log_ratio + e.words.iter().map(|w| w.contribution).sum::<f64>();
    let lo = e.log_odds.unwrap();
    assert!((sum - lo).abs() < 1e-9 * lo.abs().max(1.0), "rows sum {sum} ≠ log-odds {lo}");
}

#[test]
fn example_emails_decode_to_the_text_a_reader_sees() {
    let spam = Email::parse(example("en-spam").as_bytes()).unwrap();
    assert_eq!(spam.subject().as_deref(), Some("You’ve won a $500 gift card!"));
    assert_eq!(spam.from_domain().as_deref(), Some("prize-center.example"));
    let body = spam.body_text();
    assert!(body.contains("Your email address has been selected to receive a FREE gift card worth $500."), "{body}");
    assert!(body.contains("Act now & don't miss out."), "{body}");
    for debris in ["=3D", "<html", "&nbsp;", "color: red", "<p>", "pixel.gif"] {
        assert!(!body.contains(debris), "{debris} left in {body}");
    }

    let ham = Email::parse(example("en-ham").as_bytes()).unwrap();
    assert_eq!(ham.subject().as_deref(), Some("Lab 3: naive Bayes report due Friday"));
    assert_eq!(ham.attachments(), vec![("marking-scheme.pdf".to_string(), "application/pdf".to_string())]);
    assert!(ham.body_text().contains("why smoothing matters"));
    assert!(!ham.body_text().contains("JVBERi0"), "the attachment's base64 must not be read");

    let zh = Email::parse(example("zh-spam").as_bytes()).unwrap();
    assert_eq!(zh.subject().as_deref(), Some("恭喜您中奖了！免费领取大礼"));
    assert_eq!(zh.from_domain().as_deref(), Some("lucky-draw.example"));
    assert!(zh.body_text().contains("请立即点击链接领取奖品"), "{}", zh.body_text());

    let home = Email::parse(example("zh-ham").as_bytes()).unwrap();
    assert_eq!(home.subject().as_deref(), Some("周末回家吃饭"));
    assert!(home.body_text().contains("我这个周末回家吃饭"));
}

/// A pasted multipart/alternative spam whose plain part is a stub is scored on its HTML
/// text: the ledger's rows are those of the HTML text typed as plain text, they still sum
/// to the verdict, and the ledger says which part was read.
#[test]
fn a_stub_alternative_is_scored_on_its_html_text() {
    let lab = SpamLab::builtin().unwrap();
    let path = format!("{}/tests/fixtures/email/spam-english-alternative-stub.eml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let ledger = lab.explain(&text);
    let email = ledger.email.as_ref().expect("read as an email");
    assert_eq!(email.part, "html-alternative");
    assert_eq!(email.stub_words, Some(5));
    let html_text =
        "Earn $1500 or more per week from home!\n\nClick here to claim your free offer now. Limited time, act now.";
    let typed = lab.explain_plain(html_text);
    assert_eq!(ledger.explanation.words, typed.explanation.words);
    assert_eq!(ledger.explanation.log_odds, typed.explanation.log_odds);
    assert!(!ledger.explanation.words.iter().any(|w| w.word == "message"));
    assert_rows_sum(&ledger);
    let plain = lab.explain(example("en-ham"));
    assert_eq!(plain.email.as_ref().unwrap().stub_words, None);
}

#[test]
fn a_pasted_email_is_scored_on_its_body_and_says_what_it_read() {
    let lab = SpamLab::builtin().unwrap();
    let ledger = lab.explain(example("en-spam"));
    let email = ledger.email.as_ref().expect("read as an email");
    assert_eq!(email.subject.as_deref(), Some("You’ve won a $500 gift card!"));
    assert!(!email.body.contains("=3D") && !email.body.contains("<html"));
    // The rows are those of the body's tokens: the same ledger as the body typed as text.
    let body_only = lab.explain_plain(&Email::parse(example("en-spam").as_bytes()).unwrap().body_text());
    assert_eq!(ledger.explanation.words, body_only.explanation.words);
    assert_eq!(ledger.explanation.log_odds, body_only.explanation.log_odds);
    assert!(ledger.explanation.words.iter().all(|w| !w.word.contains("3d") && w.word != "html"));
    assert_rows_sum(&ledger);
    // The prize email is spam to the teaching corpus, the family email ham.
    assert_eq!(ledger.explanation.verdict, Some(Label::Spam));
    assert_eq!(lab.explain(example("zh-ham")).explanation.verdict, Some(Label::Ham));
}

#[test]
fn plain_text_is_read_exactly_as_before() {
    let lab = SpamLab::builtin().unwrap();
    for text in ["WIN a FREE prize! Reply now.", "Subject matter: lunch?\n\nsee you", "妈，我周末回家吃饭。", ""]
    {
        let a = lab.explain(text);
        assert!(a.email.is_none() && a.email_error.is_none(), "{text:?}");
        assert_eq!(a, lab.explain_plain(text));
    }
}

#[test]
fn a_dropped_gbk_email_is_decoded_from_its_bytes() {
    let lab = SpamLab::builtin().unwrap();
    // The same Chinese spam with an 8-bit GBK body (no base64): only the bytes can say it.
    let body = "恭喜您！免费领取奖品，请点击链接。";
    let mut bytes = b"From: prize@lucky-draw.example\nSubject: hi\nContent-Type: text/plain; charset=GBK\n\n".to_vec();
    bytes.extend(encoding_rs::GBK.encode(body).0.iter());
    let ledger = lab.explain_bytes(&bytes);
    assert_eq!(ledger.email.as_ref().unwrap().body.trim(), body);
    assert!(ledger.explanation.words.iter().any(|w| w.word == "免"));
}

#[test]
fn a_broken_email_is_scored_as_text_with_the_reason() {
    let lab = SpamLab::builtin().unwrap();
    let mut text = String::from("Subject: nested\nContent-Type: multipart/mixed; boundary=\"b0\"\n\n");
    for i in 0..100 {
        text.push_str(&format!("--b{i}\nContent-Type: multipart/mixed; boundary=\"b{}\"\n\n", i + 1));
    }
    let ledger = lab.explain(&text);
    assert!(ledger.email.is_none());
    assert!(ledger.email_error.as_ref().unwrap().to_string().contains("MIME boundaries"), "{:?}", ledger.email_error);
}

/// An mbox of `n` made-up messages per class, each with an `X-Label` field; the spam
/// all come from `deals.example` and say "deal", the ham from `uni.example`.
fn small_mbox(n: usize) -> Vec<u8> {
    let mut out = String::new();
    for i in 0..n {
        out.push_str(&format!(
            "From spam@deals.example Mon Mar  3 08:00:00 2025\nFrom: shop{i}@deals.example\nSubject: great deal {i}\n\
             X-Label: spam\n\nBuy cheap pills now, offer number {i}, cheap cheap.\n\n"
        ));
        out.push_str(&format!(
            "From ham@uni.example Mon Mar  3 08:00:00 2025\nFrom: prof{i}@uni.example\nSubject: lecture {i}\n\
             X-Label: ham\n\nThe lecture notes for week {i} are online, see you on Monday.\n\n"
        ));
    }
    out.into_bytes()
}

/// A page trains on a large mailbox a slice of tokens per task (`Training::step`); the
/// panel it makes must be the one training in one go makes: the same counts, vocabulary
/// order included, the same test bags and the same held-out evaluation.
#[test]
fn a_mailbox_counted_in_steps_trains_the_same_panel_as_at_once() {
    let mailbox = || {
        let mut loader = MailboxLoader::new("course.mbox");
        loader.begin_mbox(small_mbox(30), "course.mbox").unwrap();
        loader
    };
    let mut at_once = SpamLab::builtin().unwrap();
    at_once.set_alpha(0.5).unwrap();
    at_once.replace_with_mailbox(mailbox()).unwrap();

    let mut stepped = SpamLab::builtin().unwrap();
    stepped.set_alpha(0.5).unwrap();
    let before = stepped.report().clone();
    let mut training = stepped.begin_mailbox_training(mailbox()).unwrap();
    // Until `replace_with`, the panel keeps its corpus.
    assert_eq!(stepped.report(), &before);
    let mut steps = 0;
    let mut last = 0.0;
    // A budget of one token counts one message a step.
    while !training.step(1) {
        steps += 1;
        assert!(training.progress() > last && training.progress() < 1.0);
        last = training.progress();
    }
    assert_eq!(training.progress(), 1.0);
    // 48 training messages (80% of 60), the last one ending the loop.
    assert_eq!(steps, 47);
    stepped.replace_with(training).unwrap();

    assert_eq!(stepped.report(), at_once.report());
    assert_eq!(stepped.model().alpha(), 0.5);
    assert_eq!(stepped.model().counts(), at_once.model().counts());
    assert_eq!(stepped.bags(), at_once.bags());
    assert_eq!(stepped.evaluate(), at_once.evaluate());
}

#[test]
fn an_mbox_is_read_in_steps_into_the_corpus() {
    let mut lab = SpamLab::builtin().unwrap();
    let mut loader = MailboxLoader::new("course.mbox");
    let mbox = small_mbox(40);
    assert!(mbox.len() > 8000);
    loader.begin_mbox(mbox.clone(), "course.mbox").unwrap();
    let mut steps = 0;
    while !loader.step(200).unwrap() {
        steps += 1;
        assert!(loader.progress() < 1.0);
    }
    assert!(steps > 10, "200-byte steps over an 8 KB file: {steps}");
    lab.replace_with_mailbox(loader).unwrap();
    assert_eq!(lab.report().messages, [40, 40]);
    assert_eq!(lab.report().split, [64, 16]);
    // Fed in pieces of 7 bytes (lines cut anywhere), the same corpus.
    let mut pieces = MailboxLoader::new("course.mbox");
    pieces.begin_mbox_stream("course.mbox", mbox.len()).unwrap();
    for piece in mbox.chunks(7) {
        pieces.feed_mbox(piece).unwrap();
    }
    assert_eq!(pieces.progress(), 1.0);
    let mut other = SpamLab::builtin().unwrap();
    other.replace_with_mailbox(pieces).unwrap();
    assert_eq!(other.report(), lab.report());
    // A mailbox of some kilobytes says so in kilobytes, never "0.0 MB".
    let note =
        lab.report().notes.iter().map(ToString::to_string).find(|n| n.contains("in memory")).expect("the memory note");
    assert!(note.contains(" KB of mail take about ") && note.ends_with(" KB in memory."), "{note}");
    assert!(!note.contains("0.0 MB"), "{note}");
    assert!(!lab.header_evidence());
    // Body only: "deal" is in no body, so it is unknown; with header evidence on, the
    // subject and sender are their own tokens and sum into the verdict.
    let msg = "From: shop99@deals.example\nSubject: great deal\n\nThe lecture notes are online.";
    let off = lab.explain(msg);
    assert!(off.explanation.words.iter().all(|w| !w.word.contains(':')));
    assert!(off.email.as_ref().unwrap().header_tokens.contains(&"from-domain:deals.example".to_string()));
    lab.set_header_evidence(true).unwrap();
    let on = lab.explain(msg);
    let header: Vec<&str> = on.explanation.words.iter().map(|w| w.word.as_str()).filter(|w| w.contains(':')).collect();
    assert_eq!(header, ["from-domain:deals.example", "subject:great", "subject:deal"]);
    assert_rows_sum(&on);
    // Each header token was seen in spam only: each pushes toward spam.
    assert!(on.explanation.words.iter().filter(|w| w.word.contains(':')).all(|w| w.contribution > 0.0));
    assert!(on.explanation.log_odds.unwrap() > off.explanation.log_odds.unwrap());
}

#[test]
fn a_folder_takes_its_classes_from_folder_names_and_skips_bad_messages() {
    let mut lab = SpamLab::builtin().unwrap();
    let mut loader = MailboxLoader::new("corpus");
    for i in 0..3 {
        let spam = format!("From: a@b.example\nSubject: win {i}\n\nWin money now {i}");
        let ham = format!("From: c@d.example\nSubject: notes {i}\n\nLecture notes {i}");
        loader.add_file(&format!("corpus/spam_2/{i:05}.abc"), spam.as_bytes()).unwrap();
        loader.add_file(&format!("corpus/easy_ham/{i:05}.def"), ham.as_bytes()).unwrap();
    }
    // A repeat, a file outside a class folder, a non-email, the corpus' own notes file.
    loader.add_file("corpus/hard_ham/copy", b"From: c@d.example\nSubject: notes 0\n\nLecture notes 0").unwrap();
    loader.add_file("corpus/other/x", b"From: a@b.example\n\nhello").unwrap();
    loader.add_file("corpus/spam/not-mail", b"just some words").unwrap();
    loader.add_file("corpus/spam/cmds", b"mv 1 2").unwrap();
    lab.replace_with_mailbox(loader).unwrap();
    let r = lab.report();
    assert_eq!(r.messages, [3, 3]);
    assert_eq!(r.dedup.exact_duplicates, 1);
    assert_eq!(r.bad_lines, 2);
    assert!(r.errors[0].to_string().starts_with("corpus/other/x: its class is unknown"), "{:?}", r.errors);
    assert!(r.errors[1].to_string().starts_with("corpus/spam/not-mail: This is not an email"), "{:?}", r.errors);
}

#[test]
fn a_failed_mailbox_keeps_the_previous_corpus() {
    let mut lab = SpamLab::builtin().unwrap();
    let before = lab.report().clone();
    // A PNG renamed .mbox is refused at once, naming what it is.
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.extend([0u8; 64]);
    let err = MailboxLoader::new("photo.mbox").begin_mbox(png, "photo.mbox").unwrap_err().to_string();
    assert!(err.contains("PNG image") && err.contains("not a mailbox"), "{err}");
    // Text that is no mbox.
    let err = MailboxLoader::new("a.mbox").begin_mbox(b"hello\nworld\n".to_vec(), "a.mbox").unwrap_err().to_string();
    assert!(err.contains("not an mbox"), "{err}");
    // One class only: refused, and the corpus is still the teaching corpus.
    let mut loader = MailboxLoader::new("spam.mbox");
    let only_spam: Vec<u8> = small_mbox(3).split(|_| false).next().unwrap().to_vec();
    let only_spam = String::from_utf8(only_spam).unwrap().replace("X-Label: ham", "X-Label: spam");
    loader.begin_mbox(only_spam.into_bytes(), "spam.mbox").unwrap();
    let err = lab.replace_with_mailbox(loader).unwrap_err().to_string();
    assert!(err.contains("0 ham message"), "{err}");
    assert_eq!(lab.report(), &before);
}

#[test]
fn an_mbox_named_for_a_class_labels_messages_without_x_label() {
    let mut loader = MailboxLoader::new("spam.mbox");
    let text = "From x\nFrom: a@b.example\nSubject: one\n\nbuy now\n\nFrom x\nFrom: a@b.example\nSubject: two\n\
                X-Label: ham\n\nsee you\n";
    loader.begin_mbox(text.as_bytes().to_vec(), "spam.mbox").unwrap();
    while !loader.step(1 << 20).unwrap() {}
    assert_eq!(loader.messages_read(), 2);
    // One spam (from the name), one ham (its X-Label): too few to split, said so.
    let mut lab = SpamLab::builtin().unwrap();
    let err = lab.replace_with_mailbox(loader).unwrap_err().to_string();
    assert!(err.contains("1 ham message"), "{err}");
}

#[test]
fn sizes_are_written_in_the_unit_that_reads_best() {
    use genlab::nb::lab::byte_size;
    // Decimal units, as the caps are stated (1 KB = 1,000 bytes); values worked by hand.
    assert_eq!(byte_size(0), "0 B");
    assert_eq!(byte_size(999), "999 B");
    assert_eq!(byte_size(1_000), "1 KB");
    assert_eq!(byte_size(8_600), "9 KB");
    assert_eq!(byte_size(999_499), "999 KB");
    assert_eq!(byte_size(999_500), "1.0 MB");
    assert_eq!(byte_size(32_500_000), "32.5 MB");
}
