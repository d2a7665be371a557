// Declarations of genlab's element and mount() API (genlab.js, which re-exports js/genlab.js).
// Hand-written beside www/js/genlab.js; tests/e2e/npm_package.test.mjs compiles a consumer
// of them with TypeScript and checks that every name declared here is exported by the module.

/** The panels mount() and <genlab-panel> show. */
export type PanelName = "gda" | "nb" | "cat" | "curves";
/** The two languages of the interface. */
export type Lang = "en" | "zh-CN";
/** A fixed colour theme; null (or absent) follows the system's `prefers-color-scheme`. */
export type Theme = "dark" | "light";
/** "push" after a discrete step (a click, a choice), "replace" while dragging or typing. */
export type ChangeMode = "push" | "replace";

/**
 * A panel's settings, as `(await parseLink(query)).state.gda` (or `.nb`, `.cat`, `.curves`):
 * e.g. `{ seed: 3, n: [40, 120] }` for GDA, `{ alpha: 0.5, text: "WIN a prize" }` for naive
 * Bayes. Keys left out are the defaults. The README's "Embedding" section lists the keys.
 */
export type PanelState = Record<string, unknown>;

export interface MountOptions {
  /** Which panel (default "gda"). Any other name rejects with a message naming the four. */
  panel?: PanelName;
  /** That panel's settings (any subset; the rest are the defaults). */
  state?: PanelState | null;
  /** "en" (default) or "zh-CN"; anything else is "en". */
  lang?: Lang;
  /**
   * Controls to hide, by name (a lesson step's `hide:` takes the same names):
   * gda: "source", "classes", "n", "sd", "rho", "seed", "models", "pairwise", "decision", "prior", "tools", "numbers", "export".
   * nb: "examples", "alpha", "event", "prior", "costs", "bayesian", "resample", "eval", "export", "corpus", "editor".
   * cat: "query", "lambda", "prior", "table", "csv", "counts".
   * curves: "pairing", "m", "sizes", "splits", "lambda", "alpha", "seed", "export".
   */
  controls?: string[];
  /** Called after the user changes something. */
  onChange?: (mode: ChangeMode) => void;
  /** "dark" or "light"; null or absent follows the system's setting, also when it changes. */
  theme?: Theme | null;
  /** false: do not link genlab's stylesheet into the page (the caller styles the panel). Default true. */
  styles?: boolean;
}

/** What mount() resolves to: one panel's handle. */
export interface PanelHandle {
  /** The panel's settings now (every key). */
  getState(): PanelState;
  /** Changes the keys given; the others keep their values. */
  setState(state: PanelState): void;
  setLang(lang: Lang): void;
  setProjector(on: boolean): void;
  setTheme(theme: Theme | null): void;
  /** Removes the panel and frees its memory and listeners. */
  destroy(): void;
  /** The panel's controller (not a stable API). */
  readonly controller: unknown;
}

/**
 * Mounts one panel into `element`: loads the panel's code and its WebAssembly core (fetched
 * beside this module), links genlab's stylesheet unless `styles` is false, and removes the
 * element's children marked `data-genlab-fallback`.
 */
export function mount(element: HTMLElement, options?: MountOptions): Promise<PanelHandle>;

/** A whole page's state, by panel, as read from a link's query string. */
export interface LinkState {
  gda: PanelState;
  nb: PanelState;
  cat: PanelState;
  curves: PanelState;
  [key: string]: unknown;
}
/** A query string read: its state, and a notice for each value that was skipped. */
export interface ParsedLink {
  state: LinkState;
  notices: unknown[];
}
/** Reads a link's query string (bad values become notices), once a core has loaded. */
export function parseLink(query: string): Promise<ParsedLink>;
/** Writes a whole-page state as a query string (without "?"), defaults left out. */
export function linkFor(state: LinkState): Promise<string>;
/** parseLink without waiting: only once a core has loaded (after a mount()). */
export function parseState(query: string): ParsedLink;
/** linkFor without waiting: only once a core has loaded (after a mount()). */
export function stateQuery(state: LinkState): string;
/** genlab's version, once a core has loaded. */
export function version(): string;

/** One panel kind: its wasm module, its code and words (loaded when first mounted), its name's key, and the numbers a lesson glides. */
export interface PanelRecord {
  core: "gda" | "nb" | "curves";
  create(): Promise<unknown>;
  markup(): Promise<string>;
  strings?(): Promise<unknown>;
  name: string;
  widget: boolean;
  glides(a: unknown, b: unknown, num: (get: (s: any) => number, set: (s: any, v: number) => void, log?: boolean) => void): void;
}
/** The panels, in the page's order (mount()'s `panel` is one of their names). */
export const PANELS: Readonly<Record<PanelName, PanelRecord>>;

/** Loads the GDA panel's core (once); mount() does this itself. */
export function loadCore(): Promise<unknown>;
/** Loads the naive Bayes panels' core (once); mount() does this itself. */
export function loadNbCore(): Promise<unknown>;
/** Loads the learning curves' core (once); mount() does this itself. */
export function loadCurvesCore(): Promise<unknown>;
/** Loads the GDA panel's 3-D view's core (once), when that view is first shown. */
export function loadSurfaceCore(): Promise<unknown>;
/** Loads the lessons' core (once). */
export function loadLessonCore(): Promise<unknown>;
/** Lays out a GDA panel's markup in `element` ahead of mount(), hidden, while the core loads. */
export function prepare(element: HTMLElement, options?: { lang?: Lang }): void;
/** Keeps `element`'s theme classes and `apply(dark)` in step with a theme or the system's setting. */
export function themeFollower(element: HTMLElement, apply: (dark: boolean) => void): { set(theme: Theme | null): void; stop(): void };

/** `detail` of the element's `change` event. */
export interface GenlabChangeDetail {
  /** The panel that changed. */
  panel: PanelName;
  /** The panel's part of a link's query string, as the `state` attribute now holds it. */
  state: string;
  mode: ChangeMode;
}

export interface GenlabPanelEventMap extends HTMLElementEventMap {
  /** The student changed something: `detail.state` is the new `state` attribute. */
  change: CustomEvent<GenlabChangeDetail>;
  /** The panel is mounted (again, after `panel` or `controls` changed). */
  ready: CustomEvent<{ panel: PanelName }>;
}

/**
 * `<genlab-panel panel="nb" lang="zh-CN" state="a=0" controls="-corpus" projector theme="dark">`:
 * one panel set by its attributes; `state` follows the panel and a `change` event tells the page.
 * What the element holds in the page's markup shows until the panel replaces it (the
 * sentence a student sees where this module cannot load).
 */
export class GenlabPanelElement extends HTMLElement {
  static observedAttributes: string[];
  /** The mounted panel's handle, or null while it loads. */
  get handle(): PanelHandle | null;
  /** The panel's state as a query string (what the `state` attribute holds). */
  get state(): string;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  addEventListener<K extends keyof GenlabPanelEventMap>(type: K, listener: (this: GenlabPanelElement, ev: GenlabPanelEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof GenlabPanelEventMap>(type: K, listener: (this: GenlabPanelElement, ev: GenlabPanelEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "genlab-panel": GenlabPanelElement;
  }
}
