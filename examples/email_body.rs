//! Prints what the email parser reads in message files: subject, sender domain,
//! attachments and the body text the model scores.
//!   cargo run --example email_body -- path/to/message [more…]
//! With `--body-only`, only the body text, each followed by a line holding a form feed (for
//! tools/email/compare_python_email.py).

fn main() {
    let mut body_only = false;
    for arg in std::env::args().skip(1) {
        if arg == "--body-only" {
            body_only = true;
            continue;
        }
        let bytes = match std::fs::read(&arg) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(1);
            }
        };
        match genlab::nb::email::Email::parse(&bytes) {
            Ok(email) if body_only => println!("{}\n\u{c}", email.body()),
            Ok(email) => {
                println!("== {arg}");
                println!(
                    "subject: {:?}\nfrom domain: {:?}\nattachments: {:?}",
                    email.subject(),
                    email.from_domain(),
                    email.attachments()
                );
                println!("{}", email.body());
            }
            Err(e) => println!("== {arg}\nnot read: {e}\n\u{c}"),
        }
    }
}
