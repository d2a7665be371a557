// The spam panel's corpus files: a text corpus read in steps, and a mailbox (an mbox, a
// folder of emails, a .zip of one) read in slices of at most CHUNK_MS of work per task, with
// the progress bar. The corpus in use stays unless the new one is read and trained on.

import { t } from "../i18n.js";
import { errorText } from "../messages.js";
import { zipEntries, zipRead, ZipError, ZIP_LIMITS } from "../zip.js";
import { sentence } from "../util.js";

/** Lets the browser run other tasks (input, paint) before the next chunk of work: a message
 * to ourselves, which unlike setTimeout(0) is not clamped to 4 ms when chained. */
function nextTask() {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
    ch.port2.postMessage(0);
  });
}

/** Largest mailbox read, in bytes (the core's cap, genlab::limits::MAX_MAILBOX_BYTES). */
const MAX_MAILBOX_BYTES = 64_000_000;
/** Largest corpus file read, in bytes (genlab::nb::lab::MAX_CORPUS_BYTES). */
const MAX_CORPUS_BYTES = 10_000_000;
/** Work done in one main-thread task while reading a mailbox, in ms (a long task is 50 ms). */
const CHUNK_MS = 12;
/** Tokens counted per mailboxTrain call (about 1 ms of work natively on the SpamAssassin corpus). */
const TRAIN_TOKENS = 65536;

/** Files under a dropped directory entry, each as {path, file} (paths as the folder picker gives them). */
export async function filesOfEntry(entry, out) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    out.push({ path: entry.fullPath.replace(/^\//, ""), file });
  } else if (entry.isDirectory) {
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      for (const e of batch) await filesOfEntry(e, out);
    }
  }
  return out;
}

/**
 * The loaders of the panel whose parts `$` finds in `section`: `panel` the core, `lang()`
 * the page's language now, `showInputError(msg, anchor)`, `schedule(metrics)` and
 * `onChange(mode)` the controller's.
 */
export function createLoaders({ section, $, panel, lang: langNow, showInputError, schedule, onChange }) {
  /** A sentence of the core, ended in the panel's language. */
  const sentenceOf = (s) => sentence(s, langNow());

  /** Reads a corpus file in steps, showing progress; the old corpus stays on failure. */
  async function loadFile(file) {
    const progress = $("progress");
    const fileInput = $("file");
    if (file.size > MAX_CORPUS_BYTES) {
      showInputError(t(langNow(), "nb.tooBig", { name: file.name, mb: (file.size / 1e6).toFixed(1) }), fileInput);
      return;
    }
    progress.hidden = false;
    progress.value = 0;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      panel.corpusBegin(bytes, file.name);
      let done = 0;
      while (done < 1) {
        done = panel.corpusStep(262144);
        progress.value = done;
        await new Promise((r) => setTimeout(r, 0));
      }
      panel.corpusFinish();
      showInputError("", fileInput);
    } catch (e) {
      panel.corpusCancel();
      showInputError(t(langNow(), "nb.notLoaded", { msg: sentenceOf(errorText(langNow(), e)) }), fileInput);
    }
    progress.hidden = true;
    schedule(true);
    onChange("push");
  }

  /**
   * Reads a mailbox into the panel in chunks of at most CHUNK_MS of work per task, with the
   * progress bar; `work(report)` feeds the panel's mailbox loader. The corpus in use stays
   * unless the whole mailbox is read and trained on.
   */
  async function loadMailbox(name, anchor, work) {
    const progress = $("progress");
    progress.hidden = false;
    progress.value = 0;
    section.dataset.loading = "mailbox";
    try {
      panel.mailboxBegin(name);
      try {
        panel.mailboxLabelRule($("label-rule").value, $("label-field").value, $("label-spam").value);
      } catch (e) {
        // A rule that cannot be used is said next to the rule, and nothing is read.
        anchor = $("label-rule").value === "field" ? $("label-field") : $("label-rule");
        throw e;
      }
      await work((share) => { progress.value = share; });
      await nextTask();
      // Counting a large mailbox's training part is itself tens of milliseconds: a slice of
      // tokens a call, at most about CHUNK_MS of them per task; then the fit, on its own.
      let start = performance.now();
      while (panel.mailboxTrain(TRAIN_TOKENS) < 1) {
        if (performance.now() - start > CHUNK_MS) {
          await nextTask();
          start = performance.now();
        }
      }
      await nextTask();
      panel.mailboxFinish();
      showInputError("", anchor);
    } catch (e) {
      panel.mailboxCancel();
      showInputError(t(langNow(), "nb.notLoaded", { msg: sentenceOf(errorText(langNow(), e)) }), anchor);
    }
    progress.hidden = true;
    delete section.dataset.loading;
    schedule(true);
    onChange("push");
  }

  /** Reads an mbox file in 32 KB pieces, at most about CHUNK_MS of work per task. */
  function loadMbox(file, anchor = $("file")) {
    if (file.size > MAX_MAILBOX_BYTES) {
      showInputError(t(langNow(), "nb.mailboxTooBig", { name: file.name, mb: (file.size / 1e6).toFixed(1) }), anchor);
      return Promise.resolve();
    }
    return loadMailbox(file.name, anchor, async (report) => {
      // Pieces of 32 KB: each call parses only the messages that end in its piece, and the
      // file is never held whole in the page or in the module.
      panel.mailboxBeginMbox(file.name, file.size);
      const PIECE = 32768;
      const READ = 1 << 20;
      for (let at = 0; at < file.size; at += READ) {
        const chunk = new Uint8Array(await file.slice(at, Math.min(file.size, at + READ)).arrayBuffer());
        let start = performance.now();
        for (let i = 0; i < chunk.length; i += PIECE) {
          report(panel.mailboxFeed(chunk.subarray(i, i + PIECE)));
          if (performance.now() - start > CHUNK_MS) {
            await nextTask();
            start = performance.now();
          }
        }
        await nextTask();
      }
    });
  }

  /** Reads a folder of message files ({path, file}), each labelled by its folder. */
  function loadFolder(name, files, anchor = $("folder")) {
    const total = files.reduce((n, f) => n + f.file.size, 0);
    if (total > MAX_MAILBOX_BYTES) {
      showInputError(t(langNow(), "nb.mailboxTooBig", { name, mb: (total / 1e6).toFixed(1) }), anchor);
      return Promise.resolve();
    }
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return loadMailbox(name, anchor, async (report) => {
      const BATCH = 64;
      for (let i = 0; i < files.length; i += BATCH) {
        const batch = files.slice(i, i + BATCH);
        const bytes = await Promise.all(batch.map((f) => f.file.arrayBuffer()));
        let start = performance.now();
        for (let j = 0; j < batch.length; j++) {
          panel.mailboxAddFile(batch[j].path, new Uint8Array(bytes[j]));
          if (performance.now() - start > CHUNK_MS) {
            report((i + j + 1) / files.length);
            await nextTask();
            start = performance.now();
          }
        }
        report(Math.min(1, (i + batch.length) / files.length));
        await nextTask();
      }
    });
  }

  /** A .zip of a mailbox in folders: its entries inflated one by one (www/js/zip.js), each
   * read as a message file of its folder. A refused archive keeps the corpus. */
  async function loadZip(file, anchor = $("file")) {
    const sayZip = (e) => (e instanceof ZipError ? t(langNow(), `nb.zip.${e.key}`, e.params) : errorText(langNow(), e));
    let entries;
    try {
      entries = await zipEntries(file);
    } catch (e) {
      showInputError(t(langNow(), "nb.notLoaded", { msg: sentenceOf(sayZip(e)) }), anchor);
      return;
    }
    const budget = { left: ZIP_LIMITS.bytes };
    let failure = null;
    await loadMailbox(file.name, anchor, async (report) => {
      let start = performance.now();
      for (let i = 0; i < entries.length; i++) {
        let bytes;
        try {
          bytes = await zipRead(file, entries[i], budget);
        } catch (e) {
          failure = e;
          throw new Error(sayZip(e));
        }
        panel.mailboxAddFile(entries[i].name, bytes);
        report((i + 1) / entries.length);
        if (performance.now() - start > CHUNK_MS) {
          await nextTask();
          start = performance.now();
        }
      }
    });
    return failure;
  }

  /** A file for the corpus: a mailbox (by its name or its first bytes), a zipped mailbox,
   * else a text corpus. */
  async function loadCorpusFile(file) {
    const head = String.fromCharCode(...new Uint8Array(await file.slice(0, 5).arrayBuffer()));
    if (/\.zip$/i.test(file.name) || head.startsWith("PK\x03\x04")) return loadZip(file);
    if (/\.(mbox|mbx)$/i.test(file.name) || head === "From ") return loadMbox(file);
    return loadFile(file);
  }

  return { loadFile, loadMbox, loadFolder, loadZip, loadCorpusFile };
}
