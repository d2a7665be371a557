// Declarations of the notebook widget (genlab-widget.mjs): an anywidget module. Its model's
// traits: panel ("gda", "nb", "cat"), lang ("en", "zh-CN"), state (the panel's part of a
// link's query string; both ways), controls ("-seed,-tools"), theme ("dark", "light", ""),
// projector (boolean).

/** The part of an anywidget model the widget uses: get, set and on; the rest where the host has it. */
export interface GenlabModel {
  /** A trait's value: strings, and a boolean for "projector". */
  get(name: string): unknown;
  set(name: "state", value: string): void;
  on(event: string, callback: () => void): void;
  off?(event: string, callback: () => void): void;
  save_changes?(): void;
}

declare const widget: {
  /** Mounts one panel into `el`; resolves to its cleanup. Never throws into the host. */
  render(props: { model: GenlabModel; el: HTMLElement }): Promise<() => void>;
};
export default widget;
