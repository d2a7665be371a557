// The spam panel's evidence ledger: one row a term (the prior, each word, the weaker words
// summed, the absent words, the total), patched in place from one keystroke to the next; the
// verdict; the words it does not know; the core's sentences (messages: js/messages.js); what
// it read of an email; and a word's details, asked for on demand.

import { num, pctRelation, signed, prob } from "../format.js";
import { t } from "../i18n.js";
import { messageText } from "../messages.js";
import { fillAround, sentence } from "../util.js";

/** A message the page's own checks treat as a header token (scored only with header evidence). */
const isHeaderToken = (w) => w.startsWith("subject:") || w.startsWith("from-domain:");

/**
 * The ledger of the panel whose parts `$` finds: `panel` the core, `lang()` the page's
 * language now, `cutMessage()` the message a link cut (or null), `ledger()` the ledger shown.
 * Returns its writers and `stop()` (clears the pending live-region update).
 */
export function createLedger({ $, panel, lang: langNow, cutMessage: cutNow, ledger: ledgerNow }) {
  const text = $("text");
  const ledgerList = $("ledger");
  const details = $("details");
  let lang = langNow();
  let liveTimer = 0;
  /** A sentence of the core, ended in the panel's language. */
  const sentenceOf = (s) => sentence(s, lang);

  /** Writes `s` into `el` unless it already says it (an unchanged node costs no layout). */
  function setText(el, s) {
    if (el.textContent !== s) el.textContent = s;
  }

  /**
   * One ledger row as what it shows: label, sub-label, the bar's direction and width, the
   * value's text, and for word rows their index and spoken label. `scale` is the largest
   * finite |term|.
   */
  function rowSpec({ label, sub = "", value, scale, kind, index }) {
    const infinite = value === Infinity || value === -Infinity;
    const share = infinite ? 1 : scale > 0 ? Math.min(1, Math.abs(value) / scale) : 0;
    const spec = {
      label, sub, kind, index,
      barClass: `bar ${value > 0 ? "to-spam" : "to-ham"}${infinite ? " veto" : ""}`,
      width: `${(share * 50).toFixed(2)}%`,
      valueText: signed(value),
      aria: "",
      title: "",
      threshold: null,
    };
    if (index !== undefined) {
      const dir = value > 0 ? t(lang, "nb.towardSpamWord") : value < 0 ? t(lang, "nb.towardHamWord") : "";
      spec.aria = `${label}: ${spec.valueText} ${dir}`;
    }
    return spec;
  }

  /** The spec each ledger `<li>` shows now. */
  const shown = new WeakMap();

  /** A new, empty ledger `<li>`: name, track with its bar, value. */
  function rowElement() {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.className = "term-name";
    const track = document.createElement("span");
    track.className = "track";
    const bar = document.createElement("span");
    track.append(bar);
    const v = document.createElement("span");
    v.className = "term-value";
    li.append(name, track, v);
    return li;
  }

  /**
   * Makes `li` show `spec`, writing only what differs from what it shows (an unchanged
   * row costs no DOM write, so no style, layout or paint either).
   */
  function patchRow(li, spec) {
    const was = shown.get(li) ?? {};
    shown.set(li, spec);
    const [name, track, v] = li.children;
    const bar = track.firstElementChild;
    if (was.kind !== spec.kind) {
      li.className = `term ${spec.kind}`;
      // A word of the message is the user's, in their language: not the page's to translate.
      li.translate = spec.kind !== "word" && spec.kind !== "header";
    }
    if (was.label !== spec.label || was.sub !== spec.sub) {
      name.textContent = spec.label;
      if (spec.sub) {
        const s = document.createElement("span");
        s.className = "term-sub";
        s.textContent = spec.sub;
        name.append(" ", s);
      }
    }
    if (was.barClass !== spec.barClass) bar.className = spec.barClass;
    if (was.width !== spec.width) bar.style.width = spec.width;
    const th = spec.threshold;
    if (was.threshold?.left !== th?.left || was.threshold?.title !== th?.title) {
      track.querySelector(".threshold")?.remove();
      if (th) {
        const mark = document.createElement("span");
        mark.className = "threshold";
        mark.title = th.title;
        mark.style.left = th.left;
        track.append(mark);
      }
    }
    if (was.valueText !== spec.valueText) v.textContent = spec.valueText;
    if (was.title !== spec.title) {
      if (spec.title) li.title = spec.title;
      else li.removeAttribute("title");
    }
    if (was.index !== spec.index) {
      if (spec.index !== undefined) {
        li.tabIndex = 0;
        li.dataset.index = String(spec.index);
      } else {
        li.removeAttribute("tabindex");
        delete li.dataset.index;
      }
    }
    if (was.aria !== spec.aria) {
      if (spec.aria) li.setAttribute("aria-label", spec.aria);
      else li.removeAttribute("aria-label");
    }
  }

  /** A row's identity: the same term of the ledger from one message (or setting) to the next. */
  const rowId = (s) => `${s.kind}\u0000${s.label}`;

  /**
   * Shows `specs` in the ledger list. Each row keeps its `<li>` while its term stays (a
   * keystroke in a long message changes a few rows of a hundred, a new α every value but no
   * word), and only what changed is written; the `<li>`s of terms that left are given to the
   * new terms. Rebuilding every row on every keystroke cost the DOM, the layout and the paint
   * of a hundred rows.
   */
  function showRows(specs) {
    const before = [...ledgerList.children];
    const byId = new Map(before.map((li) => [rowId(shown.get(li)), li]));
    const lis = specs.map((spec) => byId.get(rowId(spec)));
    const kept = new Set(lis);
    // A new term takes the <li> that stood at its place if that one's term left (so a
    // changed row is rewritten where it is, not moved), else any that left, else a new one.
    const spare = before.filter((li) => !kept.has(li));
    const free = new Set(spare);
    specs.forEach((spec, i) => {
      if (!lis[i]) {
        const here = before[i];
        lis[i] = here && free.has(here) ? here : [...free][0] ?? rowElement();
        free.delete(lis[i]);
      }
      patchRow(lis[i], spec);
    });
    for (const li of free) li.remove();
    let at = ledgerList.firstElementChild;
    for (const li of lis) {
      if (li === at) at = at.nextElementSibling;
      else ledgerList.insertBefore(li, at);
    }
  }

  /** The verdict as one sentence. */
  function verdictText(e) {
    // With Beta pseudo-counts the Bernoulli tables' zeros come from β₁ or β₀, not α.
    if (e.verdict === null) return t(lang, e.event_model === "bernoulli" && e.smoothing?.kind === "bayesian" ? "nb.noVerdictBeta" : "nb.noVerdict");
    const rel = pctRelation(e.p_spam, { logOdds: e.log_odds });
    const certainty = e.log_odds === Infinity ? t(lang, "nb.hamOut") : e.log_odds === -Infinity ? t(lang, "nb.spamOut") : "";
    const label = t(lang, e.verdict === "spam" ? "nb.spam" : "nb.ham");
    const threshold = e.threshold_log_odds !== 0 ? t(lang, "nb.verdictThreshold", { p: num(e.threshold_p_spam, 3) }) : "";
    return t(lang, "nb.verdict", { label, p: rel, certainty, lo: signed(e.log_odds) }) + threshold;
  }

  /** The ledger list, the verdict, unknown words and veto sentences. */
  function writeLedger(l) {
    const e = l.explanation;
    // The lede's formula of the event model in force: counts n_w (multinomial), or present
    // words and the absent-word term (Bernoulli).
    $("formula-mn").hidden = e.event_model === "bernoulli";
    $("formula-bern").hidden = e.event_model !== "bernoulli";
    // A loop, not Math.max(...list): a long message must not spread thousands of arguments.
    let scale = 1e-9;
    for (const v of [e.prior_log_ratio, e.absent_evidence ?? 0, e.hidden.contribution]) {
      if (Number.isFinite(v)) scale = Math.max(scale, Math.abs(v));
    }
    for (const w of e.words) if (Number.isFinite(w.contribution)) scale = Math.max(scale, Math.abs(w.contribution));
    const priorRow = rowSpec({ label: t(lang, "nb.priorRow"), value: e.prior_log_ratio, scale, kind: "prior" });
    priorRow.title = t(lang, "nb.priorTitle");
    const specs = [priorRow];
    for (const w of e.words) {
      // A header token (subject:word, from-domain:…) is its own kind of row; it sums into the
      // total like every other row.
      const header = isHeaderToken(w.word);
      const sub = [header ? t(lang, "nb.headerSub") : "", w.count > 1 ? `×${w.count}` : ""].filter(Boolean).join(" ");
      specs.push(rowSpec({ label: w.word, sub, value: w.contribution, scale, kind: header ? "header" : "word", index: w.index }));
    }
    if (e.hidden.words > 0) {
      // The weaker words of a long message, summed: the rows still add up to the total.
      const hidden = rowSpec({
        label: t(lang, "nb.hiddenRow", { k: e.hidden.words.toLocaleString(lang) }),
        sub: t(lang, "nb.hiddenSub"), value: e.hidden.contribution, scale, kind: "hidden",
      });
      hidden.title = t(lang, "nb.hiddenTitle", { n: e.words.length, k: e.hidden.words });
      specs.push(hidden);
    }
    if (e.absent) {
      specs.push(rowSpec({ label: t(lang, "nb.absentRow"), sub: `(${e.absent.absent_words})`, value: e.absent.contribution, scale, kind: "absent" }));
    }
    const total = e.log_odds ?? 0;
    const totalRow = rowSpec({
      label: t(lang, "nb.totalRow"), sub: t(lang, "nb.totalSub"), value: total,
      scale: Math.max(scale, Math.abs(Number.isFinite(total) ? total : 0)), kind: "total",
    });
    if (e.log_odds === null) totalRow.valueText = "0/0";
    if (e.threshold_log_odds !== 0 && Number.isFinite(e.threshold_log_odds)) {
      // The decision threshold log(λ_FP/λ_FN) as a line on the total's bar: spam only
      // when the total passes it.
      const totalScale = Math.max(scale, Math.abs(Number.isFinite(total) ? total : 0), Math.abs(e.threshold_log_odds));
      totalRow.threshold = {
        title: `${t(lang, "nb.threshold")} ${signed(e.threshold_log_odds)}`,
        left: `${(50 + 50 * Math.max(-1, Math.min(1, e.threshold_log_odds / totalScale))).toFixed(2)}%`,
      };
      if (Number.isFinite(total)) totalRow.width = `${(50 * Math.min(1, Math.abs(total) / totalScale)).toFixed(2)}%`;
    }
    specs.push(totalRow);
    showRows(specs);

    const verdict = $("verdict");
    setText(verdict, verdictText(e));
    verdict.className = `verdict ${e.verdict === null ? "undefined" : e.verdict === "spam" ? "is-spam" : "is-ham"}`;
    // A message a link cut: its verdict is said to be the cut message's, never the whole one's.
    const cutMessage = cutNow();
    const cut = cutMessage && cutMessage.text === text.value ? cutMessage : null;
    const note = $("cut-note");
    note.hidden = !cut;
    const kept = cut ? [...cut.text].length : 0;
    setText(note, cut ? t(lang, "nb.cutNote", { kept: kept.toLocaleString(lang), whole: cut.whole.toLocaleString(lang), lost: (cut.whole - kept).toLocaleString(lang) }) : "");
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => setText($("live"), cut ? `${verdict.textContent} ${note.textContent}` : verdict.textContent), 900);

    const more = e.unknown_count - e.unknown_words.length;
    const list = e.unknown_words.join(", ") + (more > 0 ? t(lang, "nb.unknownMore", { k: more }) : "");
    // The words are the user's, in their own language: kept apart from the page's words;
    // written only when they change (a keystroke must not lay the panel out again).
    const unknown = $("unknown");
    const unknownKey = `${lang}\n${e.unknown_count}\n${list}\n${l.truncated}`;
    if (unknown.dataset.shown !== unknownKey) {
      unknown.dataset.shown = unknownKey;
      if (e.unknown_count) fillAround(unknown, t(lang, "nb.unknown", { words: "{words}" }), "words", list);
      else unknown.textContent = "";
      if (l.truncated) unknown.textContent += ` ${t(lang, "nb.truncated")}`;
    }
    // The common words left out of this message: the user's words, kept apart from the page's.
    const common = $("common-words");
    const commonList = l.common_words.map((w) => (w.count > 1 ? `${w.word} ×${w.count}` : w.word)).join(", ");
    const commonKey = `${lang}\n${l.ignore_common_words}\n${commonList}\n${/\S/.test(text.value)}`;
    if (common.dataset.shown !== commonKey) {
      common.dataset.shown = commonKey;
      if (!l.ignore_common_words) common.textContent = "";
      else if (commonList) fillAround(common, t(lang, "nb.commonIgnored", { words: "{words}" }), "words", commonList);
      else common.textContent = /\S/.test(text.value) ? t(lang, "nb.commonNone") : "";
    }
    const sentences = $("sentences");
    const said = l.sentences.map((s) => messageText(lang, s));
    if (said.join("\n") !== [...sentences.children].map((li) => li.textContent).join("\n")) {
      sentences.replaceChildren(...said.map((s) => {
        const li = document.createElement("li");
        li.textContent = s;
        return li;
      }));
    }
    sentences.hidden = said.length === 0;
    setText(details, /\S/.test(text.value) ? t(lang, "nb.detailsHint") : t(lang, "nb.typeHint"));
  }

  /** What the ledger read when the message is an email: subject, sender domain, attachments
   * (listed, never scored), the decoded body (as text, never as HTML) and the header tokens;
   * or why a message that looks like an email was scored as plain text. */
  function writeEmail(l) {
    const m = l.email;
    const box = $("email");
    const problem = l.email_error ? t(lang, "nb.emailError", { msg: sentenceOf(messageText(lang, l.email_error)) }) : "";
    setText($("email-error"), problem);
    $("email-error").hidden = !problem;
    box.hidden = !m;
    if (!m) {
      // Hidden, the box keeps no earlier email's fields behind it (a fresh page's are empty).
      for (const r of ["email-subject", "email-from", "email-part", "email-attachments", "email-body-summary", "email-body", "email-headers"]) setText($(r), "");
      return;
    }
    setText($("email-subject"), m.subject ?? t(lang, "nb.noSubject"));
    setText($("email-from"), m.from_domain ?? "—");
    const att = m.attachments.length
      ? `${m.attachments.map(([name, type]) => (name ? `${name} (${type})` : type)).join(", ")} — ${t(lang, "nb.attachmentsNote")}`
      : t(lang, "nb.noAttachments");
    setText($("email-attachments"), att);
    // Which text part was read: a plain-text stub beside an HTML alternative gives way to it.
    setText($("email-part"), t(lang, `nb.part.${m.part}`, { n: (m.stub_words ?? 0).toLocaleString(lang) }));
    setText($("email-body-summary"), t(lang, "nb.emailBody", { n: m.body_chars.toLocaleString(lang) }));
    const body = m.body_cut
      ? `${m.body}${t(lang, "nb.emailBodyCut", { k: m.body.length.toLocaleString(lang), n: m.body_chars.toLocaleString(lang) })}`
      : m.body;
    setText($("email-body"), body);
    const tokens = m.header_tokens.slice(0, 12).join(", ") + (m.header_tokens.length > 12 ? ", …" : "");
    setText($("email-headers"), !m.header_tokens.length ? t(lang, "nb.headersNone")
      : t(lang, m.header_evidence ? "nb.headersOn" : "nb.headersOff", { tokens }));
  }

  /** The details box for word `i` of the current ledger (asked for on demand: a keystroke ships only the rows). */
  function showDetails(i) {
    const e = ledgerNow()?.explanation;
    if (!e) return;
    let w;
    try {
      w = panel.wordDetail(i);
    } catch {
      return;
    }
    const f = w.formulas;
    const counts = t(lang, e.event_model === "multinomial" ? "nb.d.countsM" : "nb.d.countsB",
      { s: w.spam_count, st: w.spam_total, h: w.ham_count, ht: w.ham_total });
    const expr = e.event_model === "multinomial"
      ? `${w.count} × (log ${prob(w.p_spam)} − log ${prob(w.p_ham)})`
      : `log ${prob(w.p_spam)} − log ${prob(w.p_ham)}`;
    const lines = [t(lang, "nb.d.times", { w: w.word, n: w.count }), counts, f[0], f[1], t(lang, "nb.d.evidence", { expr, v: signed(w.contribution, 3) })];
    details.replaceChildren(...lines.map((s) => {
      const p = document.createElement("p");
      p.textContent = s;
      return p;
    }));
  }

  return {
    writeLedger: (l) => { lang = langNow(); writeLedger(l); },
    writeEmail: (l) => { lang = langNow(); writeEmail(l); },
    showDetails: (i) => { lang = langNow(); showDetails(i); },
    stop: () => clearTimeout(liveTimer),
  };
}
