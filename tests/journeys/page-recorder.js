// Test-only: added by the journeys' server (tests/journeys/server.mjs) to each page as its
// first script, from the page's own origin, so the page's strict CSP allows it. Classic
// WebDriver has no console events: this keeps, in window.__journeys, what the e2e suite's
// Playwright listeners see —
// - errors: uncaught errors, unhandled rejections, console.error calls (a Rust panic's
//   message comes this way), CSP violations and resources that failed to load;
// - downloads: each download the page starts (an <a download> clicked), with its name and
//   URL and the Blob behind that URL, held back from the browser's download manager, which
//   WebDriver cannot reach: the test reads the file's bytes from the Blob instead (the
//   page's CSP, connect-src 'self', rightly refuses a fetch of a blob: URL).
(() => {
  const errors = [];
  const downloads = [];
  window.__journeys = { errors, downloads };

  /** A value as text for the record. */
  const describe = (v) => {
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    if (typeof v === "string") return v;
    try {
      return JSON.stringify(v);
    } catch {
      return String(v);
    }
  };

  window.addEventListener("error", (e) => {
    if (e instanceof ErrorEvent) {
      // Read after the event has gone through the page: an error the page handled (its
      // listener called preventDefault) is not reported to the console, so not here either.
      setTimeout(() => {
        if (!e.defaultPrevented) errors.push(`uncaught ${describe(e.error ?? e.message)} (${e.filename}:${e.lineno})`);
      });
    } else if (e.target && e.target !== window) {
      // A resource (script, stylesheet, image) that failed to load.
      const t = e.target;
      errors.push(`could not load <${t.tagName.toLowerCase()}> ${t.src || t.href || ""}`);
    }
  }, true);
  window.addEventListener("unhandledrejection", (e) => setTimeout(() => {
    if (!e.defaultPrevented) errors.push(`unhandled rejection: ${describe(e.reason)}`);
  }));
  document.addEventListener("securitypolicyviolation", (e) => {
    errors.push(`CSP ${e.effectiveDirective || e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
  }, true);
  const consoleError = console.error;
  console.error = function recordedError(...args) {
    errors.push(`console.error: ${args.map(describe).join(" ")}`);
    return consoleError.apply(this, args);
  };

  const blobs = new Map();
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = function recordedCreateObjectURL(obj) {
    const url = createObjectURL.call(URL, obj);
    if (obj instanceof Blob) blobs.set(url, obj);
    return url;
  };
  window.addEventListener("click", (e) => {
    const a = e.target instanceof Element ? e.target.closest("a[download]") : null;
    if (!a) return;
    downloads.push({ name: a.download, href: a.href, blob: blobs.get(a.href) ?? null });
    e.preventDefault();
  }, true);
})();
