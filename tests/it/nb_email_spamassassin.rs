#![cfg(not(target_arch = "wasm32"))]
//! The email parser and the mailbox corpus on the real SpamAssassin public corpus (6,046
//! messages of 2002–2003; PDDL 1.0 / CC0 1.0), read from `../shared/data/spamassassin/` —
//! never copied into this repository.
//!
//! When the folder is absent the tests print "SKIPPED" and pass, unless the environment
//! sets `GENLAB_REQUIRE_SHARED_DATA=1` (CI does), in which case they fail.
//!
//! Expected values: the message counts (ham 4,150 in `easy_ham` 2,500, `easy_ham_2` 1,400,
//! `hard_ham` 250; spam 1,896 in `spam` 500, `spam_2` 1,396) from
//! `../shared/data/spamassassin/README.md`; the accuracy floor 0.95 from issue #22. The
//! debris strings (`=3D`, `<html`, `&nbsp;`, a base64 line) are what an undecoded body
//! shows: quoted-printable, HTML, HTML entities, base64.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use genlab::nb::email::Email;
use genlab::nb::mailbox::{read_files, Mailbox};
use genlab::nb::{evaluate_tokens, stratified_split, EventModel, Label, NaiveBayes, Prior};

const SEED: u64 = 42;
const TEST_FRACTION: f64 = 0.2;
const FOLDERS: [(&str, usize); 5] =
    [("easy_ham", 2500), ("easy_ham_2", 1400), ("hard_ham", 250), ("spam", 500), ("spam_2", 1396)];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/spamassassin")
}

/// Message files as (path relative to the corpus, bytes).
type Files = Vec<(String, Vec<u8>)>;

/// Every message file, sorted by path; read once.
fn files() -> Option<&'static Files> {
    static FILES: OnceLock<Option<Files>> = OnceLock::new();
    FILES
        .get_or_init(|| {
            let dir = corpus_dir();
            let mut out = Vec::new();
            for (folder, _) in FOLDERS {
                let entries = match std::fs::read_dir(dir.join(folder)) {
                    Ok(entries) => entries,
                    Err(e) => {
                        if std::env::var("GENLAB_REQUIRE_SHARED_DATA").as_deref() == Ok("1") {
                            panic!("GENLAB_REQUIRE_SHARED_DATA=1 but {} could not be read: {e}", dir.display());
                        }
                        println!("SKIPPED: {} not found ({e})", dir.join(folder).display());
                        return None;
                    }
                };
                for entry in entries {
                    let entry = entry.unwrap();
                    let name = entry.file_name().to_string_lossy().into_owned();
                    out.push((format!("{folder}/{name}"), std::fs::read(entry.path()).unwrap()));
                }
            }
            out.sort();
            Some(out)
        })
        .as_ref()
}

fn mailbox() -> Option<&'static Mailbox> {
    static MAILBOX: OnceLock<Option<Mailbox>> = OnceLock::new();
    MAILBOX
        .get_or_init(|| {
            let files = files()?;
            Some(read_files(files.iter().map(|(p, b)| (p.as_str(), b.as_slice()))).expect("the corpus reads"))
        })
        .as_ref()
}

/// A line that is base64 as a mail encoder writes it: 60 to 76 characters of the base64
/// alphabet, no space, with both letters and digits.
fn is_base64_line(line: &str) -> bool {
    let line = line.trim_end();
    (60..=76).contains(&line.len())
        && line.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'=')
        && line.bytes().any(|b| b.is_ascii_digit())
        && line.bytes().any(|b| b.is_ascii_lowercase())
        && line.bytes().any(|b| b.is_ascii_uppercase())
}

#[test]
// The real corpus (6,046 emails, ~30 s of a debug build together): the full run only.
#[ignore = "slow in a debug build: scripts/test.sh runs it (cargo test -- --include-ignored)"]
fn every_message_parses_without_debris_in_its_body() {
    let Some(files) = files() else { return };
    let per_folder: Vec<usize> =
        FOLDERS.iter().map(|(f, _)| files.iter().filter(|(p, _)| p.starts_with(&format!("{f}/"))).count()).collect();
    assert_eq!(per_folder, FOLDERS.iter().map(|(_, n)| *n).collect::<Vec<_>>(), "README counts");

    let (mut parsed, mut refused, mut qp, mut html, mut nbsp, mut b64, mut pgp_b64) = (0, 0, 0, 0, 0, 0, 0);
    let mut with_attachments = 0;
    let mut examples: Vec<String> = Vec::new();
    for (path, bytes) in files {
        match Email::parse(bytes) {
            Ok(email) => {
                parsed += 1;
                let body = email.body();
                with_attachments += usize::from(!email.attachments().is_empty());
                let lower = body.to_ascii_lowercase();
                let mut debris = |found: bool, count: &mut usize, what: &str| {
                    if found {
                        *count += 1;
                        if examples.len() < 10 {
                            examples.push(format!("{path}: {what}"));
                        }
                    }
                };
                debris(body.contains("=3D"), &mut qp, "=3D");
                debris(lower.contains("<html"), &mut html, "<html");
                debris(body.contains("&nbsp;"), &mut nbsp, "&nbsp;");
                // Base64 lines inside an inline PGP signature or key block are the text the
                // sender wrote, not an undecoded body: counted apart.
                let mut in_pgp = false;
                let mut stray = false;
                for line in body.lines() {
                    if line.starts_with("-----BEGIN PGP") {
                        in_pgp = true;
                    } else if line.starts_with("-----END PGP") {
                        in_pgp = false;
                    } else if is_base64_line(line) {
                        if in_pgp {
                            pgp_b64 += 1;
                        } else {
                            stray = true;
                        }
                    }
                }
                debris(stray, &mut b64, "base64 line");
            }
            Err(e) => {
                refused += 1;
                if examples.len() < 10 {
                    examples.push(format!("{path}: refused: {e}"));
                }
            }
        }
    }
    println!(
        "SpamAssassin: {parsed} of {} parsed, {refused} refused, {with_attachments} with attachments; bodies with \
         =3D {qp}, <html {html}, &nbsp; {nbsp}, a base64 line {b64} (base64 lines inside PGP blocks: {pgp_b64})",
        files.len()
    );
    println!("{examples:#?}");
    assert_eq!(refused, 0, "{examples:#?}");
    // What is left is text the senders wrote, each read by hand in the raw file: a
    // SpamAssassin developer writing about the `&nbsp;` clue in HTML spam (the ham), and a
    // random 75-character "hash buster" line hidden in white on white
    // (`<font color="#ffffff">`) in three HTML spams, there to defeat checksums.
    let expected = [
        "easy_ham/01750.73b4d9ab83de83ae58707c8bdcda0fc5: &nbsp;",
        "spam_2/01247.f8e666a378e596a26a6947268a711c97: base64 line",
        "spam_2/01299.0eab794ad20a8b32dfa3d6e3fedc1b31: base64 line",
        "spam_2/01312.c19bb76293853f6c10871018cebbe8ca: base64 line",
    ];
    assert_eq!(examples, expected);
    assert_eq!((qp, html, nbsp, b64), (0, 0, 1, 3), "{examples:#?}");
}

fn accuracy(header_evidence: bool) -> Option<f64> {
    let mailbox = mailbox()?;
    let docs = mailbox.token_documents(header_evidence);
    let split = stratified_split(&mailbox.labels(), TEST_FRACTION, SEED).unwrap();
    let (train, test) = (split.train_of(&docs), split.test_of(&docs));
    let model = NaiveBayes::fit_tokens(&train, EventModel::Multinomial, 1.0, Prior::MaximumLikelihood).unwrap();
    let m = evaluate_tokens(&model, &test);
    println!(
        "SpamAssassin multinomial α = 1, {}: {} messages kept ({} ham, {} spam; {} duplicates, {} skipped), \
         train {} / test {}: accuracy {:.4}, precision {:.4}, recall {:.4}, F1 {:.4}, {:?}",
        if header_evidence { "body + header evidence" } else { "body only" },
        mailbox.messages.len(),
        mailbox.count(Label::Ham),
        mailbox.count(Label::Spam),
        mailbox.exact_duplicates + mailbox.conflicting_labels,
        mailbox.skipped.len(),
        train.len(),
        test.len(),
        m.accuracy.unwrap(),
        m.precision.unwrap(),
        m.recall.unwrap(),
        m.f1.unwrap(),
        m.confusion
    );
    m.accuracy
}

#[test]
// The real corpus (6,046 emails, ~30 s of a debug build together): the full run only.
#[ignore = "slow in a debug build: scripts/test.sh runs it (cargo test -- --include-ignored)"]
fn body_only_multinomial_nb_reaches_95_percent_accuracy() {
    let Some(a) = accuracy(false) else { return };
    assert!(a >= 0.95, "accuracy {a}");
}

#[test]
// The real corpus (6,046 emails, ~30 s of a debug build together): the full run only.
#[ignore = "slow in a debug build: scripts/test.sh runs it (cargo test -- --include-ignored)"]
fn header_evidence_multinomial_nb_reaches_95_percent_accuracy() {
    let Some(a) = accuracy(true) else { return };
    assert!(a >= 0.95, "accuracy {a}");
}

#[test]
// The real corpus (6,046 emails, ~30 s of a debug build together): the full run only.
#[ignore = "slow in a debug build: scripts/test.sh runs it (cargo test -- --include-ignored)"]
fn the_mailbox_keeps_both_classes_and_labels_by_folder() {
    let Some(mailbox) = mailbox() else { return };
    assert!(mailbox.skipped.is_empty(), "{:?}", &mailbox.skipped[..mailbox.skipped.len().min(5)]);
    let kept = mailbox.messages.len() + mailbox.exact_duplicates + mailbox.conflicting_labels;
    assert_eq!(kept, 6046);
    for m in &mailbox.messages {
        assert_eq!(m.label == Label::Spam, m.source.starts_with("spam"), "{}", m.source);
    }
}

/// The corpus as one mbox, as `tools/bench/prepare_email.py` builds it for the benchmark:
/// each file after a `From ` line, its class in a first header line `X-Label: …`, body lines
/// starting `From ` quoted with one more `>`.
fn as_mbox(files: &Files) -> Vec<u8> {
    let mut out = Vec::new();
    for (path, bytes) in files {
        let label = if path.starts_with("spam") { "spam" } else { "ham" };
        out.extend_from_slice(format!("From bench@example Thu Jan  1 00:00:00 2002\nX-Label: {label}\n").as_bytes());
        let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
        if lines.first().is_some_and(|l| l.starts_with(b"From ")) {
            lines.remove(0);
        }
        for (i, line) in lines.iter().enumerate() {
            if line.iter().skip_while(|&&b| b == b'>').take(5).eq(b"From ".iter()) {
                out.push(b'>');
            }
            out.extend_from_slice(line);
            if i + 1 < lines.len() {
                out.push(b'\n');
            }
        }
        if !out.ends_with(b"\n") {
            out.push(b'\n');
        }
        out.push(b'\n');
    }
    out
}

/// The panel's own route (the stepped mailbox loader, the lab's split and metrics): the
/// folder and the mbox give the same corpus, and the held-out accuracy reaches 0.95 body
/// only and with header evidence.
#[test]
// The real corpus (6,046 emails, ~30 s of a debug build together): the full run only.
#[ignore = "slow in a debug build: scripts/test.sh runs it (cargo test -- --include-ignored)"]
fn the_panel_trains_on_the_corpus_as_folders_or_as_one_mbox() {
    use genlab::nb::lab::{MailboxLoader, SpamLab};
    let Some(files) = files() else { return };
    let mut by_folder = SpamLab::builtin().unwrap();
    let mut loader = MailboxLoader::new("spamassassin");
    for (path, bytes) in files {
        loader.add_file(&format!("spamassassin/{path}"), bytes).unwrap();
    }
    by_folder.replace_with_mailbox(loader).unwrap();

    let mut by_mbox = SpamLab::builtin().unwrap();
    let mut loader = MailboxLoader::new("spamassassin.mbox");
    loader.begin_mbox(as_mbox(files), "spamassassin.mbox").unwrap();
    while !loader.step(1 << 18).unwrap() {}
    assert_eq!(loader.messages_read(), 6046);
    by_mbox.replace_with_mailbox(loader).unwrap();
    assert_eq!(by_folder.report().messages, by_mbox.report().messages);
    assert_eq!(by_folder.report().dedup, by_mbox.report().dedup);
    let kept = by_mbox.report().messages;
    // De-duplication by body keeps the large majority of both classes.
    assert!(kept[0] > 3800 && kept[1] > 1500, "{kept:?}");
    println!("panel corpus: {:?}, notes {:?}", kept, by_mbox.report().notes);

    for headers in [false, true] {
        by_mbox.set_header_evidence(headers).unwrap();
        let m = by_mbox.evaluate().current;
        println!("panel, header evidence {headers}: vocabulary {}, {:?}", by_mbox.report().vocabulary, m.confusion);
        println!(
            "panel, header evidence {headers}: accuracy {:.4}, precision {:.4}, recall {:.4}, F1 {:.4}",
            m.accuracy.unwrap(),
            m.precision.unwrap(),
            m.recall.unwrap(),
            m.f1.unwrap()
        );
        assert!(m.accuracy.unwrap() >= 0.95, "header evidence {headers}: {m:?}");
    }
}
