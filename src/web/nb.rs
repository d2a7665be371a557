//! The spam panel's handle: it owns the panel state ([`SpamLab`]), a corpus loader while a
//! file is being read, and the canvas of the metrics-versus-α chart.

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

use super::{js_error, to_js};

// The verdict bet's export (a child module: it reaches the panel's state).
#[path = "nb_predict.rs"]
mod predict;
// Its worked example (a word's smoothed probability and the message's log-odds, faded into
// blanks the student fills).
#[path = "nb_worked.rs"]
mod worked;
use crate::error::Error;
use crate::limits;
use crate::nb::lab::{CorpusLoader, Ledger, MailboxLoader, SpamLab, Training, MAX_LEDGER_ROWS, MAX_UNKNOWN_LISTED};
use crate::nb::resample::Resampling;
use crate::nb::smoothing::{describe_beta_prior, describe_class_prior, Smoothing};
use crate::nb::{EventModel, Label, Prior};
use crate::plot::nb::{draw_alpha_curve, CurveText};
use crate::plot::Style;

/// One naive Bayes spam panel.
#[wasm_bindgen]
pub struct SpamPanel {
    lab: SpamLab,
    /// The last ledger `explain` returned, for the details of its words.
    ledger: Option<Ledger>,
    loader: Option<CorpusLoader>,
    mailbox: Option<MailboxLoader>,
    /// A mailbox read to its end, being counted (`mailboxTrain`).
    training: Option<Training>,
    curve_text: CurveText,
    projector: bool,
    dark: bool,
}

#[wasm_bindgen]
impl SpamPanel {
    /// A panel trained on the built-in teaching corpus.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<SpamPanel, JsError> {
        Ok(SpamPanel {
            lab: SpamLab::builtin().map_err(js_error)?,
            ledger: None,
            loader: None,
            mailbox: None,
            training: None,
            curve_text: CurveText::default(),
            projector: false,
            dark: false,
        })
    }

    /// For the recovery tests only (nothing in the page calls it): the `calls`-th call of
    /// [`SpamPanel::explain`] from now panics, a real Rust panic inside wasm
    /// ([`super::fault`]); 0 disarms.
    #[wasm_bindgen(js_name = panicOnCall)]
    pub fn panic_on_call(&self, calls: u32) {
        super::fault::arm(calls);
    }

    /// The ledger of `text` as the panel draws it: `{explanation, prior_formulas, costs,
    /// sentences, truncated, tokens, ignore_common_words, common_words: [{word, count}]}`, where `explanation.words` holds at most
    /// `MAX_LEDGER_ROWS` rows `{index, word, count, contribution, veto}` (the strongest, in
    /// order of appearance) and `explanation.hidden` = `{words, contribution, veto}` sums
    /// the rest, so rows + hidden + prior (+ absent) = log-odds. Log-odds and contributions
    /// may be ±Infinity under an α = 0 veto, never NaN. The ledger is kept for
    /// [`SpamPanel::word_detail`]: a keystroke ships only what the rows show.
    pub fn explain(&mut self, text: &str) -> Result<JsValue, JsError> {
        super::fault::check("explain");
        let ledger = self.lab.explain(text);
        let view = to_js(&ledger.view(MAX_LEDGER_ROWS, MAX_UNKNOWN_LISTED));
        self.ledger = Some(ledger);
        view
    }

    /// [`SpamPanel::explain`] of the bytes of a dropped file: an email in any declared
    /// charset (GBK, Latin-1…), else text. The view's `email` is `{subject, from_domain,
    /// attachments: [[name, type]], body, body_chars, body_cut, header_tokens,
    /// header_evidence}` for an email, `null` for plain text; `email_error` says why a
    /// message that looked like an email was scored as plain text.
    #[wasm_bindgen(js_name = explainBytes)]
    pub fn explain_bytes(&mut self, bytes: &[u8]) -> Result<JsValue, JsError> {
        let ledger = self.lab.explain_bytes(bytes);
        let view = to_js(&ledger.view(MAX_LEDGER_ROWS, MAX_UNKNOWN_LISTED));
        self.ledger = Some(ledger);
        view
    }

    /// Scores emails' header tokens (`subject:word`, `from-domain:…`) too, or not (the
    /// default); a corpus of emails is recounted.
    ///
    /// # Errors
    /// As the fit; the setting is kept on error.
    #[wasm_bindgen(js_name = setHeaderEvidence)]
    pub fn set_header_evidence(&mut self, on: bool) -> Result<(), JsError> {
        self.lab.set_header_evidence(on).map_err(js_error)
    }

    /// Whether header evidence is on.
    #[wasm_bindgen(js_name = headerEvidence)]
    pub fn header_evidence(&self) -> bool {
        self.lab.header_evidence()
    }

    /// Leaves the common words (the, I, and…; 的, 了…) out of the training counts and of
    /// the message, or not (the default); the ledger's `common_words` lists those it left
    /// out.
    ///
    /// # Errors
    /// As the fit; the setting is kept on error.
    #[wasm_bindgen(js_name = setIgnoreCommonWords)]
    pub fn set_ignore_common_words(&mut self, on: bool) -> Result<(), JsError> {
        self.lab.set_ignore_common_words(on).map_err(js_error)
    }

    /// Whether common words are ignored.
    #[wasm_bindgen(js_name = ignoreCommonWords)]
    pub fn ignore_common_words(&self) -> bool {
        self.lab.ignore_common_words()
    }

    /// Starts reading a mailbox named `name` (a folder's, or a file's); the current corpus
    /// stays until `mailboxFinish`.
    #[wasm_bindgen(js_name = mailboxBegin)]
    pub fn mailbox_begin(&mut self, name: &str) {
        self.training = None;
        self.mailbox = Some(MailboxLoader::new(name));
    }

    /// How the mailbox being read gives each message's class besides its folder or file
    /// name: `kind` is "x-label" (the default), "spamassassin", "gmail" or "field" (then
    /// `field` names the header line and `spam` its value that means spam).
    ///
    /// # Errors
    /// No mailbox begun; a rule that cannot be used (the sentence says why).
    #[wasm_bindgen(js_name = mailboxLabelRule)]
    pub fn mailbox_label_rule(&mut self, kind: &str, field: &str, spam: &str) -> Result<(), JsError> {
        let rule = crate::nb::mailbox::LabelRule::parse(kind, field, spam).map_err(js_error)?;
        self.mailbox.as_mut().ok_or_else(no_mailbox)?.set_label_rule(rule);
        Ok(())
    }

    /// Reads one message file of the mailbox being read (its class from its folder).
    ///
    /// # Errors
    /// No mailbox begun, or past the caps (the mailbox is then dropped).
    #[wasm_bindgen(js_name = mailboxAddFile)]
    pub fn mailbox_add_file(&mut self, path: &str, bytes: &[u8]) -> Result<(), JsError> {
        let loader = self.mailbox.as_mut().ok_or_else(no_mailbox)?;
        loader.add_file(path, bytes).map_err(|e| {
            self.mailbox = None;
            js_error(e)
        })
    }

    /// Starts reading an mbox file of `len` bytes into the mailbox being read; its bytes
    /// come in pieces through `mailboxFeed` (never copied whole).
    ///
    /// # Errors
    /// No mailbox begun; an empty or oversized file.
    #[wasm_bindgen(js_name = mailboxBeginMbox)]
    pub fn mailbox_begin_mbox(&mut self, name: &str, len: f64) -> Result<(), JsError> {
        let loader = self.mailbox.as_mut().ok_or_else(no_mailbox)?;
        loader.begin_mbox_stream(name, len.clamp(0.0, usize::MAX as f64) as usize).map_err(js_error)
    }

    /// The next piece of the mbox (in order, cut anywhere); the messages that end in it are
    /// read now. Returns the share read (1 when the announced length is reached).
    ///
    /// # Errors
    /// A first piece that shows an image or a text that is no mbox; past the caps (the
    /// mailbox is then dropped).
    #[wasm_bindgen(js_name = mailboxFeed)]
    pub fn mailbox_feed(&mut self, piece: &[u8]) -> Result<f64, JsError> {
        let Some(loader) = self.mailbox.as_mut() else { return Ok(1.0) };
        match loader.feed_mbox(piece) {
            Ok(()) => Ok(loader.progress()),
            Err(e) => {
                self.mailbox = None;
                Err(js_error(e))
            }
        }
    }

    /// Messages of the mailbox read so far.
    #[wasm_bindgen(js_name = mailboxCount)]
    pub fn mailbox_count(&self) -> u32 {
        self.mailbox.as_ref().map_or(0, |l| l.messages_read() as u32)
    }

    /// Trains on the mailbox read, about `max_tokens` tokens a call so that no call is a
    /// long task: the first call checks it (de-duplicated, enough of each class) and splits
    /// it. Returns the share counted (1 when `mailboxFinish` is left). The current corpus
    /// stays until `mailboxFinish`.
    ///
    /// # Errors
    /// No mailbox begun, nothing usable, too few of a class (the mailbox is then dropped).
    #[wasm_bindgen(js_name = mailboxTrain)]
    pub fn mailbox_train(&mut self, max_tokens: u32) -> Result<f64, JsError> {
        let training = self.training()?;
        training.step(max_tokens as usize);
        Ok(training.progress())
    }

    /// Finishes the mailbox: what `mailboxTrain` left is trained on, the model fitted and
    /// the panel's corpus replaced. On error the previous corpus is kept and the message
    /// says why.
    ///
    /// # Errors
    /// No mailbox begun, nothing usable, too few of a class.
    #[wasm_bindgen(js_name = mailboxFinish)]
    pub fn mailbox_finish(&mut self) -> Result<(), JsError> {
        self.training()?;
        let training = self.training.take().ok_or_else(no_mailbox)?;
        self.lab.replace_with(training).map_err(js_error)
    }

    /// Abandons a mailbox being read or trained on.
    #[wasm_bindgen(js_name = mailboxCancel)]
    pub fn mailbox_cancel(&mut self) {
        self.mailbox = None;
        self.training = None;
    }

    /// The built-in example emails: `[[id, raw source], …]` (see
    /// `genlab::data::EXAMPLE_EMAILS`).
    #[wasm_bindgen(js_name = exampleEmails)]
    pub fn example_emails() -> Result<JsValue, JsError> {
        to_js(&crate::data::EXAMPLE_EMAILS)
    }

    /// Word `index` (a row's `index`) of the last ledger `explain` returned, in full:
    /// `{index, word, count, spam_count, ham_count, spam_total, ham_total, p_spam, p_ham,
    /// contribution, veto, formulas: [spam, ham]}`.
    ///
    /// # Errors
    /// No ledger yet, or no such word in it.
    #[wasm_bindgen(js_name = wordDetail)]
    pub fn word_detail(&self, index: u32) -> Result<JsValue, JsError> {
        let detail = self.ledger.as_ref().and_then(|l| l.word_detail(index as usize)).ok_or_else(|| {
            js_error(Error::IndexOutOfRange {
                kind: "ledger word",
                index: index as usize,
                len: self.ledger.as_ref().map_or(0, |l| l.explanation.words.len()),
            })
        })?;
        to_js(&detail)
    }

    /// Sets the smoothing α (0 allowed).
    ///
    /// # Errors
    /// α negative or not a number, or α = 0 where a probability would be 0/0.
    #[wasm_bindgen(js_name = setAlpha)]
    pub fn set_alpha(&mut self, alpha: f64) -> Result<(), JsError> {
        // The range of the link (`a`) and of the box: one constant, one sentence.
        limits::ALPHA.check("α", alpha).map_err(js_error)?;
        self.lab.set_alpha(alpha).map_err(js_error)
    }

    /// The current α.
    pub fn alpha(&self) -> f64 {
        self.lab.model().alpha()
    }

    /// `"multinomial"` or `"bernoulli"`.
    ///
    /// # Errors
    /// Any other name.
    #[wasm_bindgen(js_name = setEventModel)]
    pub fn set_event_model(&mut self, name: &str) -> Result<(), JsError> {
        let event = match name {
            "multinomial" => EventModel::Multinomial,
            "bernoulli" => EventModel::Bernoulli,
            _ => return Err(js_error(Error::Unknown { kind: "event model", name: name.chars().take(40).collect() })),
        };
        self.lab.set_event_model(event).map_err(js_error)
    }

    /// `"ml"`, `"smoothed"` or `"uniform"`.
    ///
    /// # Errors
    /// Any other name.
    #[wasm_bindgen(js_name = setPrior)]
    pub fn set_prior(&mut self, name: &str) -> Result<(), JsError> {
        let prior = match name {
            "ml" => Prior::MaximumLikelihood,
            "smoothed" => Prior::Smoothed,
            "uniform" => Prior::Uniform,
            _ => return Err(js_error(Error::Unknown { kind: "prior", name: name.chars().take(40).collect() })),
        };
        self.lab.set_prior(prior);
        Ok(())
    }

    /// The split seed of the held-out evaluation.
    pub fn seed(&self) -> f64 {
        self.lab.seed() as f64
    }

    /// Re-splits the corpus with another seed and retrains.
    ///
    /// # Errors
    /// A seed that is not a whole number from 0 to 2⁵³ − 1.
    #[wasm_bindgen(js_name = setSeed)]
    pub fn set_seed(&mut self, seed: f64) -> Result<(), JsError> {
        limits::SEED.check("seed", seed).map_err(js_error)?;
        self.lab.set_seed(seed as u64).map_err(js_error)
    }

    /// `{current: metrics, curve: [[α, metrics], …]}` on the held-out split.
    pub fn evaluate(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.lab.evaluate())
    }

    /// What the loaded corpus holds: `{name, credit, messages, dedup, bad_lines, errors,
    /// notes, split, vocabulary}`.
    pub fn corpus(&self) -> Result<JsValue, JsError> {
        to_js(self.lab.report())
    }

    /// The corpus as bags of word ids for the learning curves: `{labels: Uint8Array,
    /// offsets: Uint32Array, ids: Uint32Array, words, name, title}` (`title`: the name as a
    /// message, for the page to write in its language) (message i's ids are
    /// `ids[offsets[i]..offsets[i + 1]]`; labels 0 ham, 1 spam; ids below `words`).
    #[wasm_bindgen(js_name = corpusBags)]
    pub fn corpus_bags(&self) -> Result<JsValue, JsError> {
        let (labels, offsets, ids, words) = self.lab.bags();
        let out = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&out, &JsValue::from_str(k), v).map(|_| ());
        let fail = |_| JsError::new("The corpus could not be handed to the page.");
        set("labels", &js_sys::Uint8Array::from(labels.as_slice()).into()).map_err(fail)?;
        set("offsets", &js_sys::Uint32Array::from(offsets.as_slice()).into()).map_err(fail)?;
        set("ids", &js_sys::Uint32Array::from(ids.as_slice()).into()).map_err(fail)?;
        set("words", &JsValue::from_f64(words as f64)).map_err(fail)?;
        set("name", &JsValue::from_str(&self.lab.report().name)).map_err(fail)?;
        set("title", &to_js(&self.lab.report().title)?).map_err(fail)?;
        Ok(out.into())
    }

    /// Starts reading a corpus file; the current corpus stays until `corpusFinish`.
    ///
    /// # Errors
    /// An empty file, one over the size cap, or one that cannot be text (see
    /// `genlab::nb::corpus::unusable_content`).
    #[wasm_bindgen(js_name = corpusBegin)]
    pub fn corpus_begin(&mut self, bytes: &[u8], name: &str) -> Result<(), JsError> {
        // A file a person picked that cannot be a corpus (an image, a binary, an empty file,
        // no TAB on any line) is refused at once, saying which (nb::corpus::unusable_content).
        if bytes.len() <= crate::nb::lab::MAX_CORPUS_BYTES {
            if let Some(reason) = crate::nb::corpus::unusable_content_message(bytes) {
                return Err(js_error(Error::EmptyData(reason)));
            }
        }
        self.loader = Some(CorpusLoader::new(bytes, name).map_err(js_error)?);
        Ok(())
    }

    /// Reads about `max_bytes` more; returns the share read so far (1 when done).
    #[wasm_bindgen(js_name = corpusStep)]
    pub fn corpus_step(&mut self, max_bytes: u32) -> f64 {
        match &mut self.loader {
            Some(l) => {
                l.step(max_bytes as usize);
                l.progress()
            }
            None => 1.0,
        }
    }

    /// Finishes reading, de-duplicates, splits and trains. On error the previous corpus is
    /// kept and the message says why.
    ///
    /// # Errors
    /// No usable message, too few of a class.
    #[wasm_bindgen(js_name = corpusFinish)]
    pub fn corpus_finish(&mut self) -> Result<(), JsError> {
        let loader = self
            .loader
            .take()
            .ok_or_else(|| js_error(Error::Browser("finish a corpus that was never started".into())))?;
        self.lab.replace_corpus(loader).map_err(js_error)
    }

    /// Abandons a corpus being read.
    #[wasm_bindgen(js_name = corpusCancel)]
    pub fn corpus_cancel(&mut self) {
        self.loader = None;
    }

    /// Goes back to the built-in teaching corpus, keeping α, the event model, the prior,
    /// header evidence and whether common words are ignored.
    ///
    /// # Errors
    /// Never in practice (the embedded corpus is tested).
    #[wasm_bindgen(js_name = resetCorpus)]
    pub fn reset_corpus(&mut self) -> Result<(), JsError> {
        let m = self.lab.model();
        let (alpha, event, prior) = (m.alpha(), m.event_model(), m.prior());
        let headers = self.lab.header_evidence();
        let common = self.lab.ignore_common_words();
        let mut lab = SpamLab::builtin().map_err(js_error)?;
        lab.set_header_evidence(headers).map_err(js_error)?;
        lab.set_ignore_common_words(common).map_err(js_error)?;
        lab.set_event_model(event).map_err(js_error)?;
        lab.set_prior(prior);
        lab.set_alpha(alpha).map_err(js_error)?;
        self.lab = lab;
        Ok(())
    }

    /// The costs of the two mistakes: deciding spam for a ham message costs `false_positive`,
    /// letting a spam through costs `false_negative`; spam is decided when
    /// P(spam | x) > λ_FP/(λ_FP + λ_FN).
    ///
    /// # Errors
    /// A cost that is not a positive finite number.
    #[wasm_bindgen(js_name = setCosts)]
    pub fn set_costs(&mut self, false_positive: f64, false_negative: f64) -> Result<(), JsError> {
        // The ratio is what the box, the slider and the link hold: the link's range.
        if false_negative > 0.0 && false_positive.is_finite() && false_negative.is_finite() {
            limits::COST.check("λ_FP/λ_FN", false_positive / false_negative).map_err(js_error)?;
        }
        self.lab.set_costs(false_positive, false_negative).map_err(js_error)
    }

    /// `{false_positive, false_negative}` in force.
    pub fn costs(&self) -> Result<JsValue, JsError> {
        to_js(&self.lab.costs())
    }

    /// Bayesian smoothing with Beta(β₁, β₀) pseudo-counts for the Bernoulli words and a
    /// Dirichlet(α_ham, α_spam) for the priors; `null` returns to α-smoothing (Lidstone).
    ///
    /// # Errors
    /// A negative or non-finite pseudo-count; the settings are kept.
    #[wasm_bindgen(js_name = setSmoothing)]
    pub fn set_smoothing(&mut self, pseudo: JsValue) -> Result<(), JsError> {
        let smoothing = if pseudo.is_null() || pseudo.is_undefined() {
            Smoothing::Lidstone
        } else {
            let v: [f64; 4] = serde_wasm_bindgen::from_value(pseudo).map_err(|_| {
                JsError::new("The pseudo-counts could not be read: give four numbers [β₁, β₀, α_ham, α_spam].")
            })?;
            for (name, x) in ["β₁", "β₀", "α_ham", "α_spam"].into_iter().zip(v) {
                limits::PSEUDO.check(name, x).map_err(js_error)?;
            }
            Smoothing::bayesian(v[0], v[1], v[2], v[3]).map_err(js_error)?
        };
        self.lab.set_smoothing(smoothing).map_err(js_error)
    }

    /// The smoothing in force: `{kind: "lidstone"}` or `{kind: "bayesian", beta1, beta0, alpha_class}`.
    pub fn smoothing(&self) -> Result<JsValue, JsError> {
        to_js(&self.lab.smoothing())
    }

    /// What the Beta and Dirichlet pseudo-counts believe before any data:
    /// `[{mean, strength, sentence} for words, … for classes]`.
    ///
    /// # Errors
    /// A negative or non-finite pseudo-count.
    #[wasm_bindgen(js_name = describePriors)]
    pub fn describe_priors(beta1: f64, beta0: f64, alpha_ham: f64, alpha_spam: f64) -> Result<JsValue, JsError> {
        let words = describe_beta_prior(beta1, beta0).map_err(js_error)?;
        let classes = describe_class_prior(alpha_ham, alpha_spam).map_err(js_error)?;
        to_js(&(words, classes))
    }

    /// `"none"`, `"undersample_ham"` or `"oversample_spam"` (training part only, seeded).
    ///
    /// # Errors
    /// Any other name.
    #[wasm_bindgen(js_name = setResampling)]
    pub fn set_resampling(&mut self, name: &str) -> Result<(), JsError> {
        let r = Resampling::from_name(name).map_err(js_error)?;
        self.lab.set_resampling(r).map_err(js_error)
    }

    /// The resampling in force, by name.
    pub fn resampling(&self) -> String {
        self.lab.resampling().name().to_string()
    }

    /// Class counts of the training part before and after resampling, and the prior
    /// log-ratio before and after.
    #[wasm_bindgen(js_name = resampleSummary)]
    pub fn resample_summary(&self) -> Result<JsValue, JsError> {
        to_js(&self.lab.resample_summary())
    }

    /// A page of the corpus: `{offset, total, entries: [{index, label, text, part, copies}]}`.
    ///
    /// # Errors
    /// A limit over 500.
    pub fn messages(&self, offset: u32, limit: u32) -> Result<JsValue, JsError> {
        to_js(&self.lab.messages(offset as usize, limit as usize).map_err(js_error)?)
    }

    /// Adds a training message; returns its index.
    ///
    /// # Errors
    /// An empty or repeated message, or a bad label.
    #[wasm_bindgen(js_name = addMessage)]
    pub fn add_message(&mut self, label: &str, text: &str) -> Result<u32, JsError> {
        let label = parse_label(label)?;
        self.lab.add_message(label, text).map(|i| i as u32).map_err(js_error)
    }

    /// Removes message `index`.
    ///
    /// # Errors
    /// No such message, or the last training message of a class.
    #[wasm_bindgen(js_name = removeMessage)]
    pub fn remove_message(&mut self, index: u32) -> Result<(), JsError> {
        self.lab.remove_message(index as usize).map(|_| ()).map_err(js_error)
    }

    /// Gives message `index` the label `"ham"` or `"spam"`.
    ///
    /// # Errors
    /// No such message, a bad label, or the last training message of a class.
    #[wasm_bindgen(js_name = relabelMessage)]
    pub fn relabel_message(&mut self, index: u32, label: &str) -> Result<(), JsError> {
        let label = parse_label(label)?;
        self.lab.relabel_message(index as usize, label).map_err(js_error)
    }

    /// A word's training counts per class: `{word, in_vocabulary, token_counts: [ham, spam],
    /// doc_counts, total_tokens, class_docs}` (the word is lower-cased like the tokenizer).
    #[wasm_bindgen(js_name = wordCounts)]
    pub fn word_counts(&self, word: &str) -> Result<JsValue, JsError> {
        let word: String = word.trim().chars().take(100).collect::<String>().to_lowercase();
        to_js(&self.lab.word_counts(&word))
    }

    /// Sets the chart's words: `{axis, series: [accuracy, precision, recall, F1]}`, or
    /// `null` for English.
    ///
    /// # Errors
    /// An object of another shape.
    #[wasm_bindgen(js_name = setCurveText)]
    pub fn set_curve_text(&mut self, text: JsValue) -> Result<(), JsError> {
        self.curve_text = if text.is_null() || text.is_undefined() {
            CurveText::default()
        } else {
            serde_wasm_bindgen::from_value(text)
                .map_err(|e| JsError::new(&format!("The chart text could not be read: {e}")))?
        };
        Ok(())
    }

    /// Projector mode for the chart: bigger type, thicker lines.
    #[wasm_bindgen(js_name = setProjector)]
    pub fn set_projector(&mut self, on: bool) {
        self.projector = on;
    }

    /// The chart's colours: the dark theme's (`true`) or the light one's.
    #[wasm_bindgen(js_name = setTheme)]
    pub fn set_theme(&mut self, dark: bool) {
        self.dark = dark;
    }

    /// Draws the metrics-versus-α chart on `canvas`, sized to CSS size × dpr.
    ///
    /// # Errors
    /// When the canvas has no 2-D context.
    #[wasm_bindgen(js_name = drawCurve)]
    pub fn draw_curve(
        &mut self,
        canvas: HtmlCanvasElement,
        css_width: f64,
        css_height: f64,
        dpr: f64,
    ) -> Result<(), JsError> {
        let dpr = if dpr.is_finite() && dpr > 0.0 { dpr.clamp(0.5, 4.0) } else { 1.0 };
        let (w, h) = ((css_width.max(1.0) * dpr).round() as u32, (css_height.max(1.0) * dpr).round() as u32);
        if canvas.width() != w {
            canvas.set_width(w);
        }
        if canvas.height() != h {
            canvas.set_height(h);
        }
        let eval = self.lab.evaluate();
        let backend = CanvasBackend::with_canvas_object(canvas)
            .ok_or_else(|| js_error(Error::Browser("get a 2-D drawing context for the canvas".into())))?;
        let root = backend.into_drawing_area();
        let style = Style { dpr, projector: self.projector, dark: self.dark };
        draw_alpha_curve(&root, &eval.curve, self.lab.model().alpha(), &self.curve_text, &style).map_err(js_error)?;
        root.present().map_err(|e| JsError::new(&e.to_string()))?;
        Ok(())
    }
}

impl SpamPanel {
    /// The mailbox being trained on; the first call after the last piece is read checks
    /// and splits it (on error it is dropped).
    fn training(&mut self) -> Result<&mut Training, JsError> {
        if let Some(loader) = self.mailbox.take() {
            self.training = Some(self.lab.begin_mailbox_training(loader).map_err(js_error)?);
        }
        self.training.as_mut().ok_or_else(no_mailbox)
    }
}

/// The error of a mailbox call with no mailbox being read.
fn no_mailbox() -> JsError {
    js_error(Error::Browser("read a mailbox that was never started".into()))
}

/// `"ham"` or `"spam"` as a label.
fn parse_label(name: &str) -> Result<Label, JsError> {
    match name {
        "ham" => Ok(Label::Ham),
        "spam" => Ok(Label::Spam),
        _ => Err(js_error(Error::Unknown { kind: "label", name: name.chars().take(20).collect() })),
    }
}
