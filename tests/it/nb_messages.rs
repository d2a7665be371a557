//! The spam panel's messages cross to the page as codes with parameters
//! (`genlab::message`), never as English prose: a corpus refused, a line skipped, a veto, an
//! email or a rule that cannot be used each give their `nb.*` code, and their English (the
//! errors' `Display`, the report's and the ledger's sentences) is the sentence it was before
//! the codes. The expected sentences below are written out by hand from the templates.

use genlab::error::Error;
use genlab::message::{Message, Param};
use genlab::nb::corpus::{unusable_content, unusable_content_message};
use genlab::nb::email::Email;
use genlab::nb::lab::{CorpusLoader, SpamLab};
use genlab::nb::mailbox::LabelRule;

/// A lab on `corpus` (a text corpus: "ham" or "spam", a TAB, the text).
fn lab_on(corpus: &str) -> Result<SpamLab, Error> {
    let mut lab = SpamLab::builtin().expect("the built-in corpus trains");
    let mut loader = CorpusLoader::new(corpus.as_bytes(), "mine.tsv")?;
    while !loader.step(usize::MAX) {}
    lab.replace_corpus(loader)?;
    Ok(lab)
}

fn int(m: &Message, name: &str) -> i64 {
    match m.param(name) {
        Some(Param::Int(n)) => *n,
        other => panic!("{} has no whole number {name}: {other:?}", m.code().id()),
    }
}

fn text<'a>(m: &'a Message, name: &str) -> &'a str {
    match m.param(name) {
        Some(Param::Text(t)) => t,
        other => panic!("{} has no text {name}: {other:?}", m.code().id()),
    }
}

fn msg<'a>(m: &'a Message, name: &str) -> &'a Message {
    match m.param(name) {
        Some(Param::Msg(inner)) => inner,
        other => panic!("{} has no message {name}: {other:?}", m.code().id()),
    }
}

#[test]
fn a_corpus_with_one_ham_message_is_refused_with_the_count_and_the_class() {
    let err =
        lab_on("ham\thello there\nspam\tfree prize\nspam\twin cash now\n").expect_err("one ham message is refused");
    let m = err.message();
    assert_eq!(m.code().id(), "nb.corpus.too-few");
    assert_eq!(int(&m, "count"), 1);
    assert_eq!(msg(&m, "label").code().id(), "nb.class.ham");
    let english =
        "The corpus has 1 ham message(s): naive Bayes needs at least two of each class (and three or more for the 80/20 split to hold one out for testing).";
    assert_eq!((err.to_string().as_str(), m.english().as_str()), (english, english));
}

#[test]
fn a_skipped_line_is_a_bad_line_with_its_reason_coded_and_the_notes_are_coded() {
    let lab = lab_on("ham\tsee you at noon\nham\tlunch at noon\nhamm\toops\nspam\tfree prize\nspam\twin free cash\nspam\twin free cash\n")
        .expect("the corpus trains");
    let r = lab.report();
    assert_eq!(r.errors.len(), 1);
    let e = &r.errors[0];
    assert_eq!((e.code().id(), int(e, "line")), ("bad-line", 3));
    let reason = msg(e, "reason");
    assert_eq!((reason.code().id(), text(reason, "found")), ("nb.line.bad-label", "hamm"));
    assert_eq!(e.to_string(), "Line 3: the label must be “ham” or “spam”, found “hamm”.");
    let notes: Vec<&str> = r.notes.iter().map(|n| n.code().id()).collect();
    assert_eq!(notes, ["nb.corpus.skipped", "nb.corpus.repeats"]);
    assert_eq!(r.notes[0].to_string(), "1 line(s) could not be read and were skipped.");
    assert_eq!(
        r.notes[1].to_string(),
        "1 repeated message(s) were removed (0 with conflicting labels), so no message is in both the training and the test part."
    );
    assert_eq!((r.title.code().id(), text(&r.title, "name")), ("nb.corpus.named", "mine.tsv"));
    assert_eq!((r.credit.code().id(), r.credit.to_string().as_str()), ("nb.credit.file", "Your file “mine.tsv”."));
    // The built-in corpus is named by a code the page writes in its language.
    let builtin = SpamLab::builtin().unwrap();
    assert_eq!(builtin.report().title.code().id(), "nb.corpus.teaching");
    assert_eq!(builtin.report().credit.to_string(), "genlab teaching corpus: written for genlab, CC0 1.0.");
}

#[test]
fn at_alpha_zero_a_word_never_seen_in_ham_gives_the_veto_code_with_word_class_and_pseudo_count() {
    // Both spam messages hold "free", no ham message does: whichever spam message trains,
    // P(free | ham) = 0 at α = 0 and the ham hypothesis is ruled out.
    let mut lab =
        lab_on("ham\tsee you at noon\nham\tlunch at noon\nham\tnoon it is\nspam\tfree prize\nspam\twin free cash\n")
            .unwrap();
    lab.set_alpha(0.0).unwrap();
    let ledger = lab.explain("free");
    let codes: Vec<&str> = ledger.sentences.iter().map(|s| s.code().id()).collect();
    assert_eq!(codes, ["nb.veto", "nb.ruled-out.ham"]);
    let veto = &ledger.sentences[0];
    assert_eq!(
        (text(veto, "word"), msg(veto, "label").code().id(), text(veto, "pseudo")),
        ("free", "nb.class.ham", "α = 0")
    );
    let english = [
        "“free” never appears in ham training messages, so with α = 0 P(free | ham) = 0 and the ham hypothesis is ruled out.",
        "The ham hypothesis is ruled out, so P(spam | x) = 1 whatever the other words say.",
    ];
    assert_eq!(ledger.explanation.sentences(), english);
    assert_eq!(ledger.sentences.iter().map(Message::english).collect::<Vec<_>>(), english);
}

#[test]
fn a_file_that_cannot_be_a_corpus_names_its_kind_and_the_format_by_code() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    let m = unusable_content_message(png).unwrap();
    assert_eq!(m.code().id(), "nb.corpus.not-text");
    assert_eq!((msg(&m, "kind").code().id(), msg(&m, "format").code().id()), ("file-kind.png", "nb.format.corpus"));
    assert_eq!(
        unusable_content(png).unwrap(),
        "The file is a PNG image, not a text corpus: a corpus is a plain-text file with one message per line: “ham” or “spam”, a TAB, then the message text."
    );
    assert_eq!(unusable_content_message(b"").unwrap().code().id(), "nb.corpus.zero-bytes");
    assert_eq!(unusable_content_message(b"\n \n").unwrap().code().id(), "nb.corpus.blank-lines");
    assert_eq!(unusable_content_message(b"ham hello\n").unwrap().code().id(), "nb.corpus.no-tab");
    assert!(unusable_content_message(b"ham\thello\n").is_none());
}

#[test]
fn an_email_or_a_label_rule_that_cannot_be_used_hands_over_its_code_not_prose() {
    let e = Email::parse(b"just some words, no headers").unwrap_err();
    assert_eq!(e.message().code().id(), "nb.email.not-email");
    assert_eq!(e.to_string(), e.message().english());
    let r = LabelRule::parse("field", "X-Spam-Flag", " ").unwrap_err();
    let m = r.message();
    assert_eq!((m.code().id(), text(&m, "name")), ("nb.label-rule.spam-value", "X-Spam-Flag"));
    assert_eq!(r.to_string(), "Give the value of “X-Spam-Flag” that means spam, such as YES.");
    let r = LabelRule::parse("field", "X Spam", "yes").unwrap_err().message();
    assert_eq!((r.code().id(), int(&r, "max")), ("nb.label-rule.bad-field", 76));
}

#[test]
fn a_refused_edit_says_which_message_and_class_by_code() {
    let mut lab = lab_on("ham\tsee you at noon\nham\tlunch at noon\nspam\tfree prize\nspam\twin free cash\n").unwrap();
    let e = lab.add_message(genlab::nb::Label::Spam, "free prize").unwrap_err().message();
    assert_eq!(
        (e.code().id(), int(&e, "index"), msg(&e, "label").code().id()),
        ("nb.edit.duplicate", 2, "nb.class.spam")
    );
    assert_eq!(lab.add_message(genlab::nb::Label::Spam, "  ").unwrap_err().message().code().id(), "nb.edit.empty");
    assert_eq!(
        lab.add_message(genlab::nb::Label::Spam, "a\nb").unwrap_err().message().code().id(),
        "nb.edit.line-breaks"
    );
}
