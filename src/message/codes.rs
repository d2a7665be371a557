//! Every code of a message the page can be handed, with its English template: declared once
//! here, in `ALL` in order (a native test writes that list to `www/js/message-codes.json`);
//! the rules (`rule.…`) last, after `@rules`, and in `RULES` too.

use super::Code;

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $id:literal [$($p:literal),*] $en:literal;)*
     @rules $($(#[$rdoc:meta])* $rname:ident = $rid:literal [$($rp:literal),*] $ren:literal;)*) => {
        $($(#[$doc])* pub const $name: Code = Code { id: $id, params: &[$($p),*], en: $en };)*
        $($(#[$rdoc])* pub const $rname: Code = Code { id: $rid, params: &[$($rp),*], en: $ren };)*
        /// Every code above, in order.
        pub const ALL: &[Code] = &[$($name,)* $($rname),*];
        /// The rules alone (`rule.…`), which [`super::rule_code`] looks through: a panel's
        /// module links these, not every code's English.
        pub const RULES: &[Code] = &[$($rname),*];
    };
}

codes! {
    /// An English sentence not yet split into codes (translated by the page's older table).
    PROSE = "prose" ["text"] "{text}";

    // The crate's errors (crate::Error), one code a variant (two where the English has a
    // singular and a plural).
    /// [`crate::Error::InvalidParameter`].
    INVALID_PARAMETER = "invalid-parameter" ["name", "value", "rule"] "{name} = {value} is not allowed: {rule}.";
    /// [`crate::Error::LengthMismatch`].
    LENGTH_MISMATCH = "length-mismatch" ["points", "labels"]
        "There are {points} points but {labels} labels: every point needs exactly one label.";
    /// [`crate::Error::BadLabel`].
    BAD_LABEL = "bad-label" ["index", "label", "max"] "Point {index} has label {label}, but the classes are 0 to {max}.";
    /// [`crate::Error::EmptyClass`].
    EMPTY_CLASS = "empty-class" ["class"]
        "Class {class} has no points, so its mean cannot be estimated. Add at least one point to each class.";
    /// [`crate::Error::NonFinite`].
    NON_FINITE = "non-finite" ["index"] "Point {index} has a coordinate that is not a finite number; remove it or fix it.";
    /// [`crate::Error::SingularCovariance`].
    SINGULAR_COVARIANCE = "singular-covariance" []
        "The covariance matrix Σ is singular: within every class the points differ from their class mean along one direction only (or not at all), so the Gaussian likelihood has no maximum with an invertible Σ and Σ⁻¹ does not exist. Spread the points out or add more.";
    /// [`crate::Error::TooLarge`].
    TOO_LARGE = "too-large" []
        "The coordinates are too large to square without overflowing (beyond about 10¹⁵⁴); rescale the data.";
    /// [`crate::Error::BadLine`] with a coded reason (whose English ends with a full stop).
    BAD_LINE = "bad-line" ["line", "reason"] "Line {line}: {reason}";
    /// [`crate::Error::Unknown`].
    UNKNOWN = "unknown" ["kind", "name"] "Unknown {kind} “{name}”.";
    /// [`crate::Error::Browser`]: the action stays in English (a bug, not an input).
    BROWSER = "browser" ["action"] "The browser could not {action}.";
    /// [`crate::Error::IndexOutOfRange`].
    INDEX_OUT_OF_RANGE = "index-out-of-range" ["kind", "index", "len"]
        "There is no {kind} at position {index}: there are {len}, numbered from 0.";
    /// [`crate::Error::ClassTooSmall`] with one point.
    CLASS_TOO_SMALL_ONE = "class-too-small-one" ["class"]
        "Class {class} has only 1 point, so its own covariance matrix cannot be estimated. QDA needs at least three points in each class, not all on one line.";
    /// [`crate::Error::ClassTooSmall`] with another count.
    CLASS_TOO_SMALL = "class-too-small" ["class", "count"]
        "Class {class} has only {count} points, so its own covariance matrix cannot be estimated. QDA needs at least three points in each class, not all on one line.";
    /// [`crate::Error::SingularClassCovariance`].
    SINGULAR_CLASS_COVARIANCE = "singular-class-covariance" ["class"]
        "The covariance matrix of class {class} is singular: its points lie on a line or on top of each other, so the Gaussian likelihood has no maximum with an invertible covariance. Spread that class's points out or add more.";
    /// [`crate::Error::CollinearPoints`].
    COLLINEAR_POINTS = "collinear-points" []
        "All the points lie on one line, so logistic regression without a penalty has no unique fit: boundaries turned about the point where they cross that line fit equally well. Add points off the line or set λ above 0.";

    // The GDA panel's own refusals (src/web/gda/).
    /// A link of the user's own points, which it cannot carry.
    OWN_POINTS_LINK = "own-points-link" []
        "This link was made from your own points, which a link cannot carry: paste them as CSV, or share a link of generated or real data.";
    /// Sample parameters of the wrong shape.
    SAMPLE_UNREADABLE = "sample-unreadable" [] "The sample parameters could not be read: every field must be a number.";
    /// Model settings of the wrong shape.
    SETTINGS_UNREADABLE = "settings-unreadable" [] "The model settings could not be read: check every field.";
    /// The Bayes decision's risk on no points ([`crate::gda::risk`]).
    RISK_NO_POINTS = "risk-no-points" [] "There are no points to estimate the risk on.";

    // categorical naive Bayes (crate::nb::categorical and its panel, src/web/cat.rs).
    /// A table without an attribute column.
    CAT_NO_ATTRIBUTE = "categorical.no-attribute" []
        "The table has no attribute: put at least one attribute column between the name column and the class column.";
    /// More attributes than the panel handles.
    CAT_TOO_MANY_ATTRIBUTES = "categorical.too-many-attributes" ["count", "max"]
        "The table has {count} attributes; the panel handles up to {max}.";
    /// A class column with fewer than two values.
    CAT_CLASS_TOO_FEW_VALUES = "categorical.class-too-few-values" ["column", "count"]
        "The class column “{column}” has {count} value(s): a classifier needs at least two classes.";
    /// An attribute without values.
    CAT_ATTRIBUTE_NO_VALUES = "categorical.attribute-no-values" ["attribute"]
        "The attribute “{attribute}” has no values: declare at least one.";
    /// A column with more values than the panel handles.
    CAT_TOO_MANY_VALUES = "categorical.too-many-values" ["column", "count", "max"]
        "The column “{column}” has {count} values; the panel handles up to {max}.";
    /// “?” declared as a value.
    CAT_QUESTION_MARK_VALUE = "categorical.question-mark-value" ["column"]
        "“?” cannot be a value of “{column}”: it means “not observed” in a query.";
    /// A value declared twice for one column.
    CAT_VALUE_TWICE = "categorical.value-twice" ["value", "column"] "The value “{value}” is declared twice for “{column}”.";
    /// Two columns with one name.
    CAT_COLUMN_TWICE = "categorical.column-twice" ["column"]
        "Two columns are called “{column}”: every column needs its own name.";
    /// A table already at its most rows.
    CAT_TOO_MANY_ROWS = "categorical.too-many-rows" ["max"] "The table has {max} rows, the most the panel handles.";
    /// A row with the wrong number of attribute values.
    CAT_ROW_WIDTH = "categorical.row-width" ["row", "found", "count", "names"]
        "Row {row} has {found} attribute value(s) but the table has {count} attributes ({names}).";
    /// Table text over the panel's limit (`mb` with one decimal).
    CAT_TOO_BIG = "categorical.too-big" ["mb"] "The table text is {mb} MB; the panel reads tables of up to 1 MB.";
    /// Table text without a header.
    CAT_EMPTY = "categorical.empty" []
        "The table is empty: the first line must name the columns (a name column, the attributes, then the class).";
    /// A header of fewer than three columns.
    CAT_HEADER_NARROW = "categorical.header-narrow" ["count"]
        "The header has {count} column(s); it needs at least three: a name column, one or more attributes, and the class.";
    /// An empty column name.
    CAT_EMPTY_COLUMN_NAME = "categorical.empty-column-name" []
        "Found an empty column name: every column name and every value needs some text.";
    /// An empty value.
    CAT_EMPTY_VALUE = "categorical.empty-value" [] "Found an empty value: every column name and every value needs some text.";
    /// A name or value over the length limit (`start`: its first 20 characters).
    CAT_TOO_LONG = "categorical.too-long" ["start", "what", "max"] "“{start}…” is too long for {what}: at most {max} characters.";
    /// A name or value with a line break (`text` without its control characters).
    CAT_CONTROL_CHAR = "categorical.control-char" ["text", "what"]
        "“{text}” ({what}) contains a line break or another control character.";
    /// The first column's title, as a kind of text.
    CAT_WHAT_TITLE = "categorical.what.title" [] "the first column's title";
    /// A column name, as a kind of text.
    CAT_WHAT_COLUMN_NAME = "categorical.what.column-name" [] "a column name";
    /// A value, as a kind of text.
    CAT_WHAT_VALUE = "categorical.what.value" [] "a value";
    /// A row name, as a kind of text.
    CAT_WHAT_ROW_NAME = "categorical.what.row-name" [] "a row name";
    /// A value with the separator of declared values.
    CAT_PIPE_IN_VALUE = "categorical.pipe-in-value" ["value"]
        "The value “{value}” contains “|”, which separates the declared values; choose another character.";
    /// A query of the wrong length.
    CAT_QUERY_WIDTH = "categorical.query-width" ["found", "count"]
        "The query has {found} value(s) but the table has {count} attributes: give one per attribute (“?” for not observed).";
    /// A query that is not a list of texts.
    CAT_QUERY_UNREADABLE = "categorical.query-unreadable" []
        "The query could not be read: give a list of values, one per attribute.";
    /// [`crate::Error::UnknownValue`] (`allowed`: the declared values, listed).
    CAT_UNKNOWN_VALUE = "categorical.unknown-value" ["value", "attribute", "place", "allowed"]
        "“{value}” is not a value of “{attribute}”{place}: the allowed values are {allowed}.";
    /// Where an unknown value was: a table row (numbered from 0).
    CAT_PLACE_ROW = "categorical.place.row" ["row"] " in row {row}";
    /// Where an unknown value was: a line of the CSV text.
    CAT_PLACE_LINE = "categorical.place.line" ["line"] " on line {line}";
    /// Where an unknown value was: the query.
    CAT_PLACE_QUERY = "categorical.place.query" [] " in the query";
    /// A table without rows.
    CAT_NO_ROWS = "categorical.no-rows" [] "The table has no rows, so there is nothing to count: add at least one row.";
    /// λ = 0 with a class that has no rows.
    CAT_EMPTY_CLASS_AT_ZERO = "categorical.empty-class-at-zero" ["class"]
        "No row has class “{class}”, so at λ = 0 every P(value | {class}) would be 0/0. Add a row of class “{class}” or use λ > 0.";
    /// A class ruled out by its maximum-likelihood prior 0 (`n`: the rows).
    CAT_ZERO_PRIOR = "categorical.zero-prior" ["class", "n"]
        "No row has class “{class}”, so the maximum-likelihood prior P({class}) = 0/{n} = 0 rules “{class}” out. A smoothed prior (λ > 0) keeps it possible.";
    /// A class ruled out by a zero count (`lambda` as written).
    CAT_ZERO_COUNT = "categorical.zero-count" ["class", "attribute", "value", "lambda"]
        "No “{class}” row has {attribute} = {value} (count 0), so with λ = {lambda} P({attribute} = {value} | {class}) = 0 and class “{class}” is ruled out whatever the other attributes say.";
    /// Every class ruled out.
    CAT_ALL_RULED_OUT = "categorical.all-ruled-out" []
        "Every class is ruled out: P(c) · Π P(x | c) = 0 for all of them, so P(c | x) = 0/0 and the model cannot decide. Any λ > 0 fixes this.";
    /// One class left.
    CAT_ONE_LEFT = "categorical.one-left" ["class"]
        "Only class “{class}” is left, so P({class} | x) = 1 whatever the other attributes say.";
    /// A line of the CSV text with the wrong number of fields.
    CAT_LINE_WIDTH = "categorical.line-width" ["found", "width"] "this line has {found} field(s) but the header has {width}.";
    /// The same, its fields separated by the full-width comma.
    CAT_LINE_WIDTH_FULL_WIDTH = "categorical.line-width-full-width" ["found", "width"]
        "this line has {found} field(s) but the header has {width}: it separates them with the full-width “，”, as a Chinese input method types it; write the half-width “,” instead.";
    /// A quoted field without its closing quote.
    CAT_QUOTE_NOT_CLOSED = "categorical.quote-not-closed" [] "a quoted field is not closed: add the missing \".";
    /// Text after a closing quote.
    CAT_TEXT_AFTER_QUOTE = "categorical.text-after-quote" [] "text after a closing quote: put the whole field inside the quotes.";
    /// A quote inside an unquoted field.
    CAT_QUOTE_IN_FIELD = "categorical.quote-in-field" []
        "a \" inside an unquoted field: quote the whole field and double the \".";

    // learning curves (crate::curves and its panel, src/web/curves.rs).
    /// A corpus handed over for a pairing that does not read text.
    LC_NOT_TEXT_PAIRING = "curves.not-text-pairing" ["pairing"] "The pairing “{pairing}” does not read text.";
    /// Settings of the wrong shape (`detail`: the reader's own words, in English).
    LC_SETTINGS_UNREADABLE = "curves.settings-unreadable" ["detail"] "The settings could not be read ({detail}).";
    /// Curves of the wrong shape.
    LC_SUMMARY_UNREADABLE = "curves.summary-unreadable" ["detail"] "The curves could not be read ({detail}).";
    /// A spam-corpus pairing without the spam panel's corpus.
    LC_NO_SPAM_PANEL = "curves.no-spam-panel" []
        "This pairing runs on the spam panel's corpus, and there is no spam panel on this page.";
    /// Data of another kind than the pairing's.
    LC_DATA_MISMATCH = "curves.data-mismatch" ["pairing"] "The data do not suit the pairing “{pairing}”.";
    /// A line of the breast-cancer file with another diagnosis.
    LC_DIAGNOSIS = "curves.diagnosis" ["value"] "the diagnosis “{value}” is neither malignant nor benign.";
    /// A line of the digits file with another label.
    LC_DIGIT = "curves.digit" ["value"] "the digit “{value}” is not 0 to 9.";
    /// A line of a data file with the wrong number of values.
    LC_WIDTH = "curves.width" ["expected", "found"] "expected {expected} comma-separated values, found {found}.";
    /// A value of a data file that is not a number.
    LC_NOT_NUMBER = "curves.not-number" ["value"] "“{value}” is not a number.";

    // The lines of a file of points (crate::gda::points_csv).
    /// Fewer than three fields.
    POINTS_TOO_FEW = "points.too-few" ["sep", "found"]
        "too few values: expected 3 (x, y, label) separated by {sep}, found {found}.";
    /// More than three fields.
    POINTS_TOO_MANY = "points.too-many" ["sep", "found"]
        "too many values: expected 3 (x, y, label) separated by {sep}, found {found}.";
    /// Tabs between the fields.
    SEP_TABS = "sep.tabs" [] "tabs";
    /// Semicolons between the fields.
    SEP_SEMICOLONS = "sep.semicolons" [] "semicolons";
    /// Commas between the fields.
    SEP_COMMAS = "sep.commas" [] "commas";
    /// More points than the file may have.
    POINTS_OVER_LIMIT = "points.over-limit" ["max"]
        "there are more than {max} points; the limit is {max}, so split the file or sample it.";
    /// No label.
    POINTS_LABEL_MISSING = "points.label-missing" [] "the label is missing; it must be a class from 0 to 4.";
    /// A label that is not a class.
    POINTS_LABEL_BAD = "points.label-bad" ["label"] "the label is “{label}”, but it must be a class from 0 to 4.";
    /// An empty coordinate.
    POINTS_COORDINATE_MISSING = "points.coordinate-missing" ["name"] "{name} is missing; it must be a number.";
    /// A coordinate that is not a number.
    POINTS_NOT_NUMBER = "points.not-number" ["name", "field"] "{name}{field} is not a number.";
    /// A coordinate with a decimal comma.
    POINTS_DECIMAL_COMMA = "points.decimal-comma" ["name", "field"]
        "{name}{field} is not a number (write decimals with a point: 1.5).";
    /// An infinite coordinate.
    POINTS_INFINITE = "points.infinite" ["name"] "{name} is infinite; an infinite coordinate cannot be plotted.";
    /// A coordinate beyond the largest f64.
    POINTS_OVERFLOW = "points.overflow" ["name", "field"]
        "{name}{field} is too large to store (beyond about 1.8 × 10³⁰⁸).";
    /// The field as typed, quoted after the coordinate's name.
    FIELD_QUOTED = "field.quoted" ["text"] " “{text}”";
    /// A field that is not quoted back (it reads as NaN, ∞ or undefined).
    FIELD_HIDDEN = "field.hidden" [] "";
    /// A file of points with no point.
    POINTS_NONE = "points.none" []
        "The file has no points: write one point a line as x,y,label (for example 1.5,2.0,1).";
    /// A line typed with a Chinese or Japanese input method (crate::error::full_width_hint).
    FULL_WIDTH = "full-width" ["wide", "instead"]
        "this line has {wide}, as a Chinese or Japanese input method types it; write {instead} instead (switch the input method to half-width, or replace it in the text).";
    /// A full-width character.
    CHAR_FULL_WIDTH = "char.full-width" ["char"] "the full-width “{char}”";
    /// The ideographic space.
    CHAR_FULL_WIDTH_SPACE = "char.full-width-space" [] "the full-width space";
    /// The ideographic comma.
    CHAR_IDEOGRAPHIC_COMMA = "char.ideographic-comma" [] "the ideographic comma “、”";
    /// The ideographic full stop.
    CHAR_IDEOGRAPHIC_FULL_STOP = "char.ideographic-full-stop" [] "the ideographic full stop “。”";
    /// A half-width character.
    CHAR_HALF_WIDTH = "char.half-width" ["char"] "the half-width “{char}”";
    /// An ordinary space.
    CHAR_SPACE = "char.space" [] "an ordinary space";

    // A file the user meant as text that cannot be (web's textFileProblem).
    /// An empty file.
    FILE_EMPTY = "file.empty" ["format"] "The file is empty: {format}.";
    /// A file of another format.
    FILE_NOT_TEXT = "file.not-text" ["kind", "format"] "The file is {kind}, not text: {format}.";
    /// What a file of points is.
    FORMAT_POINTS = "format.points" []
        "a file of points is a CSV text file with one point a line, x,y,label (for example 1.5,2.0,1)";
    /// What a table is.
    FORMAT_TABLE = "format.table" [] "a table is a CSV text file: a header line of column names, then one row a line";
    /// crate::error::binary_kind's kinds.
    FILE_PNG = "file-kind.png" [] "a PNG image";
    /// A JPEG image.
    FILE_JPEG = "file-kind.jpeg" [] "a JPEG image";
    /// A GIF image.
    FILE_GIF = "file-kind.gif" [] "a GIF image";
    /// A WebP image.
    FILE_WEBP = "file-kind.webp" [] "a WebP image";
    /// A PDF document.
    FILE_PDF = "file-kind.pdf" [] "a PDF document";
    /// A ZIP archive.
    FILE_ZIP = "file-kind.zip" [] "a ZIP archive (a .docx, .xlsx or .odt file is one)";
    /// A gzip file.
    FILE_GZIP = "file-kind.gzip" [] "a gzip-compressed file";
    /// UTF-16 text.
    FILE_UTF16 = "file-kind.utf16" [] "text in UTF-16 (save it as UTF-8)";
    /// An old Office document.
    FILE_OLE = "file-kind.ole" [] "an old Microsoft Office document (.doc or .xls)";
    /// Bytes with a NUL.
    FILE_BINARY = "file-kind.binary" [] "binary data (it contains NUL bytes, which no text file has)";

    // A value that is not a number, in a sentence (crate::error::describe).
    /// NaN.
    VALUE_NAN = "value.nan" [] "not a number";
    /// +∞.
    VALUE_INFINITY = "value.infinity" [] "infinity";
    /// −∞.
    VALUE_MINUS_INFINITY = "value.minus-infinity" [] "minus infinity";

    // The kinds of things Error::Unknown and Error::IndexOutOfRange name.
    /// A data preset.
    KIND_PRESET = "kind.preset" [] "preset";
    /// Naive Bayes's event model.
    KIND_EVENT_MODEL = "kind.event-model" [] "event model";
    /// A class prior.
    KIND_PRIOR = "kind.prior" [] "prior";
    /// A learning curves' pairing.
    KIND_PAIRING = "kind.pairing" [] "pairing";
    /// A class label.
    KIND_LABEL = "kind.label" [] "label";
    /// A resampling method.
    KIND_RESAMPLING = "kind.resampling-method" [] "resampling method";
    /// A corpus message.
    KIND_MESSAGE = "kind.message" [] "message";
    /// A table row.
    KIND_ROW = "kind.row" [] "row";
    /// A table column.
    KIND_COLUMN = "kind.column" [] "column";
    /// A word of a vocabulary.
    KIND_WORD = "kind.word" [] "word";
    /// A word of the evidence ledger.
    KIND_LEDGER_WORD = "kind.ledger-word" [] "ledger word";

    // ---- naive Bayes: the spam panel (corpus and mailbox loading, the ledger, edits) ----
    // The classes, as the sentences name them.
    /// `nb.class.ham`.
    NB_HAM = "nb.class.ham" []
        "ham";
    /// `nb.class.spam`.
    NB_SPAM = "nb.class.spam" []
        "spam";
    // A corpus file (nb::corpus::unusable_content, nb::lab's CorpusLoader).
    /// `nb.format.corpus`.
    NB_FORMAT_CORPUS = "nb.format.corpus" []
        "a corpus is a plain-text file with one message per line: “ham” or “spam”, a TAB, then the message text";
    /// `nb.corpus.zero-bytes`.
    NB_CORPUS_ZERO_BYTES = "nb.corpus.zero-bytes" ["format"]
        "The file is empty (0 bytes): there is no message to train on; {format}.";
    /// `nb.corpus.blank-lines`.
    NB_CORPUS_BLANK = "nb.corpus.blank-lines" ["format"]
        "The file is empty: it holds only blank lines, so there is no message to train on; {format}.";
    /// `nb.corpus.not-text`.
    NB_CORPUS_NOT_TEXT = "nb.corpus.not-text" ["kind", "format"]
        "The file is {kind}, not a text corpus: {format}.";
    /// `nb.corpus.no-tab`.
    NB_CORPUS_NO_TAB = "nb.corpus.no-tab" ["format"]
        "No line of the file has a TAB, so no message can be read: {format}.";
    /// `nb.corpus.too-big`.
    NB_CORPUS_TOO_BIG = "nb.corpus.too-big" ["mb"]
        "The file is {mb} MB; the panel reads corpus files of up to 10 MB. Use a smaller part of it.";
    /// `nb.corpus.empty`.
    NB_CORPUS_EMPTY = "nb.corpus.empty" []
        "The file is empty: there is no message to train on.";
    /// `nb.corpus.none-read`.
    NB_CORPUS_NONE_READ = "nb.corpus.none-read" []
        "No message could be read: each line must be “ham” or “spam”, a TAB, then the message text.";
    /// `nb.corpus.none-read-first`.
    NB_CORPUS_NONE_READ_FIRST = "nb.corpus.none-read-first" ["first"]
        "No message could be read: each line must be “ham” or “spam”, a TAB, then the message text. The first problem: {first}";
    /// `nb.corpus.too-few`.
    NB_CORPUS_TOO_FEW = "nb.corpus.too-few" ["count", "label"]
        "The corpus has {count} {label} message(s): naive Bayes needs at least two of each class (and three or more for the 80/20 split to hold one out for testing).";
    /// `nb.corpus.one-class`.
    NB_CORPUS_ONE_CLASS = "nb.corpus.one-class" ["count", "label", "missing"]
        "The corpus has {count} {label} messages but no {missing} messages: naive Bayes needs examples of both classes.";
    /// `nb.corpus.skipped`.
    NB_CORPUS_SKIPPED = "nb.corpus.skipped" ["count"]
        "{count} line(s) could not be read and were skipped.";
    /// `nb.corpus.latin1`.
    NB_CORPUS_LATIN1 = "nb.corpus.latin1" []
        "The file is not valid UTF-8, so it was read as Latin-1; save it as UTF-8 if some letters look wrong.";
    /// `nb.corpus.repeats`.
    NB_CORPUS_REPEATS = "nb.corpus.repeats" ["count", "conflicting"]
        "{count} repeated message(s) were removed ({conflicting} with conflicting labels), so no message is in both the training and the test part.";
    /// `nb.corpus.teaching`.
    NB_CORPUS_TEACHING = "nb.corpus.teaching" []
        "genlab teaching corpus";
    /// `nb.corpus.named`.
    NB_CORPUS_NAMED = "nb.corpus.named" ["name"]
        "{name}";
    /// `nb.credit.teaching`.
    NB_CREDIT_TEACHING = "nb.credit.teaching" []
        "genlab teaching corpus: written for genlab, CC0 1.0.";
    /// `nb.credit.sms`.
    NB_CREDIT_SMS = "nb.credit.sms" []
        "SMS Spam Collection v.1: T. A. Almeida & J. M. Gómez Hidalgo, UCI ML Repository, CC BY 4.0.";
    /// `nb.credit.file`.
    NB_CREDIT_FILE = "nb.credit.file" ["name"]
        "Your file “{name}”.";
    /// `nb.credit.mailbox`.
    NB_CREDIT_MAILBOX = "nb.credit.mailbox" ["name"]
        "Your mailbox “{name}”.";
    // The reasons a corpus line is skipped (nb::corpus::parse_line), after "Line n: ".
    /// `nb.line.space-after-label`.
    NB_LINE_SPACE = "nb.line.space-after-label" ["label"]
        "the label “{label}” must be followed by a TAB, not a space.";
    /// `nb.line.no-tab`.
    NB_LINE_NO_TAB = "nb.line.no-tab" []
        "there is no TAB: each line must be “ham” or “spam”, a TAB, then the message text.";
    /// `nb.line.bad-label`.
    NB_LINE_BAD_LABEL = "nb.line.bad-label" ["found"]
        "the label must be “ham” or “spam”, found “{found}”.";
    /// `nb.line.empty`.
    NB_LINE_EMPTY = "nb.line.empty" ["label"]
        "the {label} message after the TAB is empty.";
    // Training on the split (nb::model, nb::lab).
    /// `nb.train.empty`.
    NB_TRAIN_EMPTY = "nb.train.empty" []
        "The training corpus is empty: naive Bayes needs at least one ham and one spam message.";
    /// `nb.train.no-class`.
    NB_TRAIN_NO_CLASS = "nb.train.no-class" ["label"]
        "There are no {label} messages in the training data, so P({label}) and P(word | {label}) cannot be estimated. Add at least one {label} message.";
    /// `nb.train.none-left`.
    NB_TRAIN_NONE_LEFT = "nb.train.none-left" ["percent", "label"]
        "After holding out {percent}% for testing there are no {label} messages left to train on: add more {label} messages.";
    // Editing the corpus (nb::lab::SpamLab's add, remove, relabel; nb::counts).
    /// `nb.edit.empty`.
    NB_EDIT_EMPTY = "nb.edit.empty" []
        "The message is empty: type some text to add.";
    /// `nb.edit.line-breaks`.
    NB_EDIT_LINE_BREAKS = "nb.edit.line-breaks" []
        "A corpus message is one line: remove the line breaks before adding it.";
    /// `nb.edit.too-long`.
    NB_EDIT_TOO_LONG = "nb.edit.too-long" ["max"]
        "The message is longer than {max} characters; add a shorter one.";
    /// `nb.edit.duplicate`.
    NB_EDIT_DUPLICATE = "nb.edit.duplicate" ["index", "label"]
        "This message is already in the corpus at position {index}, labelled {label}: relabel it instead of adding it again.";
    /// `nb.edit.last-of-class`.
    NB_EDIT_LAST = "nb.edit.last-of-class" ["index", "label", "verb"]
        "Message {index} is the last {label} message of the training part, and naive Bayes needs at least one of each class: add another {label} message before you {verb} it.";
    /// `nb.verb.remove`.
    NB_VERB_REMOVE = "nb.verb.remove" []
        "remove";
    /// `nb.verb.relabel`.
    NB_VERB_RELABEL = "nb.verb.relabel" []
        "relabel";
    /// `nb.edit.not-counted`.
    NB_EDIT_NOT_COUNTED = "nb.edit.not-counted" ["label"]
        "This message was not counted as a {label} training message, so it cannot be taken out of the {label} counts.";
    // The ledger's sentences (nb::explain::Explanation::sentence_messages); {pseudo} is "α = 0" and the like.
    /// `nb.veto`.
    NB_VETO = "nb.veto" ["word", "label", "pseudo"]
        "“{word}” never appears in {label} training messages, so with {pseudo} P({word} | {label}) = 0 and the {label} hypothesis is ruled out.";
    /// `nb.veto.both`.
    NB_VETO_BOTH = "nb.veto.both" ["word", "pseudo"]
        "“{word}” has probability 0 under both classes at {pseudo}, so it rules out both hypotheses.";
    /// `nb.veto.absent`.
    NB_VETO_ABSENT = "nb.veto.absent" ["word", "label", "pseudo"]
        "“{word}” appears in every {label} training message but not in this one, so with {pseudo} P(no “{word}” | {label}) = 0 and the {label} hypothesis is ruled out.";
    /// `nb.ruled-out.both`.
    NB_RULED_OUT_BOTH = "nb.ruled-out.both" ["fix"]
        "Both classes are ruled out: P(x | spam) = P(x | ham) = 0, so the posterior is 0/0 and the model cannot decide. {fix}";
    /// `nb.fix.alpha`.
    NB_FIX_ALPHA = "nb.fix.alpha" []
        "Any α > 0 fixes this.";
    /// `nb.fix.beta`.
    NB_FIX_BETA = "nb.fix.beta" []
        "Pseudo-counts β₁ > 0 and β₀ > 0 fix this.";
    /// `nb.ruled-out.ham`.
    NB_RULED_OUT_HAM = "nb.ruled-out.ham" []
        "The ham hypothesis is ruled out, so P(spam | x) = 1 whatever the other words say.";
    /// `nb.ruled-out.spam`.
    NB_RULED_OUT_SPAM = "nb.ruled-out.spam" []
        "The spam hypothesis is ruled out, so P(spam | x) = 0 whatever the other words say.";
    /// `nb.cost.let-through`.
    NB_COST_LET_THROUGH = "nb.cost.let-through" ["p", "t"]
        "Spam is the more probable class (P(spam | x) = {p}), but a false positive costs more: the message is called spam only when P(spam | x) > λ_FP/(λ_FP + λ_FN) = {t}, so it is let through as ham.";
    /// `nb.cost.called-spam`.
    NB_COST_CALLED_SPAM = "nb.cost.called-spam" ["p", "t"]
        "Ham is the more probable class (P(spam | x) = {p}), but a missed spam costs more: the message is called spam whenever P(spam | x) > λ_FP/(λ_FP + λ_FN) = {t}, so it is called spam.";
    // An email that cannot be read (nb::email::Email::parse).
    /// `nb.email.too-long`.
    NB_EMAIL_TOO_LONG = "nb.email.too-long" ["bytes", "max"]
        "This email is {bytes} bytes long, more than the {max} bytes (10 MB) an email may have here; it was not read.";
    /// `nb.email.headers-too-long`.
    NB_EMAIL_HEADERS_TOO_LONG = "nb.email.headers-too-long" ["max"]
        "The headers of this email go on for more than {max} bytes without the blank line that ends them, so it was not read: a header block that long is broken or hostile.";
    /// `nb.email.not-email`.
    NB_EMAIL_NOT_EMAIL = "nb.email.not-email" []
        "This is not an email: an email starts with header lines such as “From: …” and “Subject: …”, then a blank line, then the message. It can still be scored as plain text.";
    /// `nb.email.boundaries`.
    NB_EMAIL_BOUNDARIES = "nb.email.boundaries" ["max"]
        "This email declares more than {max} MIME boundaries (parts nested in parts), far more than any real email; it was not read.";
    /// `nb.email.unparsed`.
    NB_EMAIL_UNPARSED = "nb.email.unparsed" []
        "No email could be read from this text: its headers could not be parsed.";
    // A mailbox (nb::lab's MailboxLoader).
    /// `nb.mail.too-large`.
    NB_MAIL_TOO_LARGE = "nb.mail.too-large" ["max"]
        "This mailbox is too large for one corpus: at most {max} messages and 64 MB together. Use a part of it.";
    /// `nb.mail.file-too-big`.
    NB_MAIL_FILE_TOO_BIG = "nb.mail.file-too-big" ["mb"]
        "This mailbox file is {mb} MB; a mailbox may have up to 64 MB. Use a part of it.";
    /// `nb.mail.not-text`.
    NB_MAIL_NOT_TEXT = "nb.mail.not-text" ["kind"]
        "The file is {kind}, not a mailbox: an mbox file is text, each message starting with a line “From …”.";
    /// `nb.mail.not-mbox`.
    NB_MAIL_NOT_MBOX = "nb.mail.not-mbox" []
        "This is not an mbox file: a mailbox starts with a line “From …” before each message.";
    /// `nb.mail.unfinished`.
    NB_MAIL_UNFINISHED = "nb.mail.unfinished" ["fed", "len"]
        "The mailbox file was not read to its end ({fed} of {len} bytes): nothing was changed.";
    /// `nb.mail.none`.
    NB_MAIL_NONE = "nb.mail.none" []
        "No message was found: give an mbox file, or a folder of message files in folders named “ham” and “spam”.";
    /// `nb.mail.too-few`.
    NB_MAIL_TOO_FEW = "nb.mail.too-few" ["count", "label"]
        "The mailbox has {count} {label} message(s) that could be read: naive Bayes needs at least two of each class (and three or more for the 80/20 split to hold one out for testing).";
    /// `nb.mail.too-few-first`.
    NB_MAIL_TOO_FEW_FIRST = "nb.mail.too-few-first" ["count", "label", "first"]
        "The mailbox has {count} {label} message(s) that could be read: naive Bayes needs at least two of each class (and three or more for the 80/20 split to hold one out for testing). The first left out, {first}";
    /// `nb.mail.skipped`.
    NB_MAIL_SKIPPED = "nb.mail.skipped" ["count"]
        "{count} message(s) could not be used and were skipped.";
    /// `nb.mail.skipped-first`.
    NB_MAIL_SKIPPED_FIRST = "nb.mail.skipped-first" ["count", "first"]
        "{count} message(s) could not be used and were skipped. The first left out, {first}";
    /// `nb.mail.repeats`.
    NB_MAIL_REPEATS = "nb.mail.repeats" ["count", "conflicting"]
        "{count} message(s) repeated the body of an earlier one and were removed ({conflicting} with conflicting labels), so no message is in both the training and the test part.";
    /// `nb.mail.read`.
    NB_MAIL_READ = "nb.mail.read" ["mail", "memory"]
        "Read as emails: the model scores each message's decoded body; {mail} of mail take about {memory} in memory.";
    /// `nb.mail.left-out`.
    NB_MAIL_LEFT_OUT = "nb.mail.left-out" ["source", "reason"]
        "{source}: {reason}";
    /// `nb.mail.nth`.
    NB_MAIL_NTH = "nb.mail.nth" ["n"]
        "message {n}";
    /// `nb.mail.class-unknown`.
    NB_MAIL_CLASS_UNKNOWN = "nb.mail.class-unknown" []
        "its class is unknown: put it in a folder named “ham” or “spam” (or “easy_ham”, “spam_2”…), give it a line “X-Label: spam” or “X-Label: ham” among its headers, or choose the header line that gives the class.";
    // A rule for reading a message's class from its header (nb::mailbox::LabelRule::parse).
    /// `nb.label-rule.name-field`.
    NB_RULE_NAME_FIELD = "nb.label-rule.name-field" []
        "Name the header line that gives the class, such as X-Spam-Flag.";
    /// `nb.label-rule.bad-field`.
    NB_RULE_BAD_FIELD = "nb.label-rule.bad-field" ["name", "max"]
        "“{name}” cannot be the name of a header line: it is letters, digits and dashes, without spaces or a colon, at most {max} characters.";
    /// `nb.label-rule.spam-value`.
    NB_RULE_SPAM_VALUE = "nb.label-rule.spam-value" ["name"]
        "Give the value of “{name}” that means spam, such as YES.";
    /// `nb.label-rule.kind`.
    NB_RULE_KIND = "nb.label-rule.kind" ["kind"]
        "“{kind}” is no way to read a message's class; choose x-label, spamassassin, gmail or field.";

    @rules
    // The rules of crate::limits (a Range's id after "rule.") and of the other checks.
    /// The library's check of the categorical λ.
    RULE_LIDSTONE_LAMBDA = "rule.lidstone-lambda" []
        "the Lidstone smoothing λ must be a finite number ≥ 0 (0 is maximum likelihood, 1 is Laplace)";
    /// The library's check of naive Bayes's α.
    RULE_SMOOTHING_FINITE = "rule.smoothing-finite" [] "the smoothing must be a finite number, 0 or more";
    /// The library's check of the number of splits.
    RULE_SPLITS_WHOLE = "rule.splits-whole" [] "the number of splits must be a whole number from 1 to 1000";
    /// The library's check of the number of sizes.
    RULE_SIZES_WHOLE = "rule.sizes-whole" [] "the number of sizes must be a whole number from 2 to 40";
    /// The library's check of the smallest m.
    RULE_M_BELOW_MAX = "rule.m-below-max" [] "the smallest m must be 2 or more and below the largest m";
    /// [`crate::limits::SEED`].
    RULE_SEED = "rule.seed" [] "the seed must be a whole number from 0 to 2⁵³ − 1";
    /// [`crate::limits::WHOLE_MESSAGE_CHARS`].
    RULE_WHOLE_MESSAGE_CHARS = "rule.whole-message-chars" [] "the whole message's length is a whole number from 2,001 to 10⁹";
    /// [`crate::limits::LESSON_STEP`].
    RULE_LESSON_STEP = "rule.lesson-step" [] "a lesson step is a whole number from 1 to 200";
    /// [`crate::limits::POINTS_PER_CLASS`].
    RULE_POINTS_PER_CLASS = "rule.points-per-class" [] "a class has 1 to 500 points";
    /// [`crate::limits::CLASSES`].
    RULE_CLASSES = "rule.classes" [] "the number of classes k is a whole number from 2 to 5";
    /// [`crate::limits::SIGMA`].
    RULE_SIGMA = "rule.sigma" [] "σ is a number from 0.2 to 3";
    /// [`crate::limits::RHO`].
    RULE_RHO = "rule.rho" [] "ρ is a number from −0.95 to 0.95";
    /// [`crate::limits::L2`].
    RULE_L2 = "rule.l2" [] "λ is a number from 0 to 10⁶";
    /// [`crate::limits::YAW_DEG`].
    RULE_YAW = "rule.yaw" [] "the 3-D view's yaw is a number of degrees from −180 to 180";
    /// [`crate::limits::PITCH_DEG`].
    RULE_PITCH = "rule.pitch" [] "the 3-D view's pitch is a number of degrees from 3 to 85";
    /// [`crate::limits::PRIOR_PHI`].
    RULE_PRIOR_PHI = "rule.prior-phi" [] "the prior φ′ is a number from 0.01 to 0.99";
    /// [`crate::limits::LOSS`].
    RULE_LOSS = "rule.loss" [] "a loss is a number from 0.01 to 1000";
    /// [`crate::limits::ALPHA`] and [`crate::limits::CURVE_ALPHA`].
    RULE_ALPHA = "rule.alpha" [] "α is a number from 0 to 10";
    /// [`crate::limits::COST`].
    RULE_COST = "rule.cost" [] "the cost ratio is a number from 1 to 1000";
    /// [`crate::limits::PSEUDO`].
    RULE_PSEUDO = "rule.pseudo" [] "pseudo-counts are four numbers “β₁,β₀,α_ham,α_spam” from 0 to 1000";
    /// [`crate::limits::CAT_LAMBDA`].
    RULE_CAT_LAMBDA = "rule.cat-lambda" [] "λ is a number from 0 to 10";
    /// [`crate::limits::CURVE_M`].
    RULE_CURVE_M = "rule.curve-m" [] "m is a whole number from 2 to 5000";
    /// [`crate::limits::CURVE_SIZES`].
    RULE_CURVE_SIZES = "rule.curve-sizes" [] "the number of sizes is a whole number from 2 to 40";
    /// [`crate::limits::CURVE_SPLITS`].
    RULE_CURVE_SPLITS = "rule.curve-splits" [] "the number of splits is a whole number from 1 to 1000";
    /// The GDA panel's point placed by hand.
    RULE_POINT_IN_BOX = "rule.point-in-box" [] "a point must be placed inside the plot box";
    /// The GDA panel's figure size.
    RULE_FIGURE_PIXELS = "rule.figure-pixels" [] "the figure is drawn on at most 2²⁸ pixels, the most a browser's canvas holds";
    /// The 3-D view's size.
    RULE_SURFACE_PIXELS = "rule.surface-pixels" [] "the 3-D view is drawn on at most one raster's pixels";
    /// A position given by the keyboard cursor.
    RULE_POSITION_FINITE = "rule.position-finite" [] "a position must be finite";
    /// The L2 box of the GDA panel.
    RULE_L2_STRENGTH = "rule.l2-strength" [] "the L2 strength must be a number from 0 to 10⁶";
    /// The means given with the sample parameters.
    RULE_EVERY_MEAN = "rule.every-mean" [] "every class mean must be given, or none";
    /// A dragged mean.
    RULE_MEAN_FINITE = "rule.mean-finite" [] "a mean must be a finite point";
    /// A mean in a link.
    RULE_MEAN_PAIR = "rule.mean-pair" [] "a mean is two numbers “x,y”, each at most 10⁶ in size";
    /// A point added with two classes.
    RULE_POINT_TWO_CLASSES = "rule.point-two-classes" [] "a point needs finite coordinates and the label 0 or 1";
    /// A point added with k classes.
    RULE_POINT_K_CLASSES = "rule.point-k-classes" [] "a point needs finite coordinates and the label of one of the classes";
    /// The GDA panel's cap on points.
    RULE_MAX_POINTS = "rule.max-points" [] "the panel holds at most 100,000 points";
    /// A point that is not there.
    RULE_NO_SUCH_POINT = "rule.no-such-point" [] "there is no such point";
    /// A point that is not there, or a position that is not finite.
    RULE_NO_SUCH_POINT_OR_POSITION = "rule.no-such-point-or-position" [] "there is no such point, or the position is not finite";
    /// Logistic and softmax regression's λ.
    RULE_L2_PENALTY = "rule.l2-penalty" [] "the L2 penalty strength must be a finite number, 0 or more";
    /// A loss of the Bayes decision rule (the library's check).
    RULE_LOSS_POSITIVE = "rule.loss-positive" [] "a loss must be a positive finite number";
    /// A prior override (the library's check).
    RULE_PRIOR_OPEN = "rule.prior-open" [] "a prior must lie strictly between 0 and 1";
    /// A prior override of logistic regression.
    RULE_LOGISTIC_PRIOR = "rule.logistic-prior" []
        "logistic regression has no fitted class prior φ to replace: its intercept absorbs the training prior";
    /// An ellipse's level.
    RULE_CONTOUR_LEVEL = "rule.contour-level" [] "the contour level must be a positive number";
    /// An ellipse's covariance.
    RULE_COVARIANCE_FINITE = "rule.covariance-finite" [] "a covariance needs finite entries";
    /// A generated mean (the library's check).
    RULE_SAMPLE_MEAN = "rule.sample-mean" [] "a mean must be a finite number no larger than 10¹² in size";
    /// A generated standard deviation (the library's check).
    RULE_SAMPLE_SIGMA = "rule.sample-sigma" [] "a standard deviation must be a positive number no larger than 1,000,000";
    /// A generated correlation (the library's check).
    RULE_SAMPLE_RHO = "rule.sample-rho" [] "a correlation must lie strictly between −1 and 1";
    /// Generated points per class (the library's check).
    RULE_SAMPLE_N = "rule.sample-n" [] "each class needs between 1 and 100,000 points";
    /// Generated classes (the library's check).
    RULE_SAMPLE_CLASSES = "rule.sample-classes" [] "the number of classes must be from 2 to 5";
    // The rules of a link's keys (crate::state's notices).
    /// `lang`.
    RULE_LANG = "rule.lang" [] "the language must be “en” or “zh-CN”";
    /// `projector`.
    RULE_PROJECTOR = "rule.projector" [] "projector mode is 0 or 1";
    /// `deck`.
    RULE_DECK = "rule.deck" [] "slides mode is 0 or 1";
    /// `lesson`.
    RULE_LESSON = "rule.lesson" [] "a lesson is a built-in lesson's name or “~” and a compressed lesson";
    /// `quiz`.
    RULE_QUIZ = "rule.quiz" [] "a quiz question is “panel.kind.seed”, e.g. “gda.boundary.42”";
    /// `theme`.
    RULE_THEME = "rule.theme" [] "the theme must be “dark” or “light”";
    /// `embed`.
    RULE_EMBED = "rule.embed" ["panels"] "the embedded panel must be {panels}";
    /// `src`.
    RULE_SOURCE = "rule.source" [] "the data must be “generated”, “custom” or a known preset";
    /// `cov`.
    RULE_COVARIANCE = "rule.covariance" []
        "the covariance is “shared”, “per-class”, “diagonal-per-class” or “diagonal-shared”";
    /// `pairs`.
    RULE_PAIRWISE = "rule.pairwise" [] "the pairwise boundaries are 0 or 1";
    /// `v3`.
    RULE_SURFACE = "rule.surface" [] "the 3-D view is 0 or 1";
    /// `lr`.
    RULE_OVERLAY = "rule.overlay" [] "the overlay is 0 or 1";
    /// `heat`.
    RULE_HEAT = "rule.heat" [] "the heat map is 0 or 1";
    /// `ev`.
    RULE_EVENT_MODEL = "rule.event-model" [] "the event model is “multinomial” or “bernoulli”";
    /// `prior`, `cprior`.
    RULE_PRIOR = "rule.prior" [] "the prior is “ml”, “smoothed” or “uniform”";
    /// `rs`.
    RULE_RESAMPLING = "rule.resampling" [] "resampling is “none”, “undersample_ham” or “oversample_spam”";
    /// `hdr`.
    RULE_HEADERS = "rule.headers" [] "header evidence is 0 or 1";
    /// `stop`.
    RULE_COMMON_WORDS = "rule.common-words" [] "ignoring common words is 0 or 1";
    /// `cq`.
    RULE_QUERY = "rule.query" []
        "a query is at most 20 values separated by “|”, each one line of at most 60 characters";
    /// `m0` … `m4` of a class the data do not have.
    RULE_MEAN_CLASS = "rule.mean-class" [] "a mean for a class the data do not have";
    /// `m0` without `m1` (two classes).
    RULE_BOTH_MEANS = "rule.both-means" [] "both means must be given";
    /// `tn` without the cut `t`.
    RULE_CUT_MESSAGE = "rule.cut-message" []
        "“tn” is the length of a message “t” holds the first 2,000 characters of";
    /// `lcmin` not below `lcmax`.
    RULE_CURVE_ORDER = "rule.curve-order" [] "the smallest m must be below the largest m";
    /// `lcp`.
    RULE_PAIRING = "rule.pairing" []
        "the pairing must be “true”, “unequal”, “bimodal”, “heavy”, “wdbc”, “digits01”, “digits23”, “textmn”, “textbern”, “usermn” or “userbern”";
    /// Gaussian naive Bayes's variance smoothing.
    RULE_VAR_SMOOTHING = "rule.var-smoothing" [] "the variance smoothing must be a finite number, 0 or more";

}
