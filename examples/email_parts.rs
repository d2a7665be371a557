fn main() {
    use mail_parser::MimeHeaders;
    let bytes = std::fs::read(std::env::args().nth(1).unwrap()).unwrap();
    let m = mail_parser::MessageParser::new().parse(&bytes).unwrap();
    println!("text {:?} html {:?} att {:?}", m.text_body, m.html_body, m.attachments);
    for (i, p) in m.parts.iter().enumerate() {
        let kind = match &p.body {
            mail_parser::PartType::Text(_) => "text",
            mail_parser::PartType::Html(_) => "html",
            mail_parser::PartType::Binary(_) => "bin",
            mail_parser::PartType::InlineBinary(_) => "inlinebin",
            mail_parser::PartType::Message(_) => "msg",
            mail_parser::PartType::Multipart(_) => "multi",
        };
        println!(
            "{i} {kind} {:?} {:?} len {}",
            p.content_type().map(|c| (c.ctype(), c.subtype())),
            p.attachment_name(),
            p.len()
        );
    }
}
