"""genlab's panels as a notebook widget (anywidget): JupyterLab, Notebook 7, marimo.

    from genlab import Panel
    panel = Panel(panel="nb", lang="zh-CN", state="a=0", controls="-corpus")
    panel            # shows the panel; a student's change comes back in panel.state
    panel.state = "a=1"   # and the panel follows

Everything runs in the browser (the lab is Rust compiled to WebAssembly, inside the widget's
module); the kernel only holds the six traits.
"""

from __future__ import annotations

import base64
import html
from importlib import resources

import anywidget
import traitlets

try:
    from importlib.metadata import version as _version

    __version__ = _version("genlab")
except Exception:  # pragma: no cover - a source checkout that was never installed
    __version__ = "0+unknown"

__all__ = ["Panel", "__version__"]

# The widget module (dist/genlab-widget.mjs: the lab, its stylesheet and its .wasm, 2.6 MB) is
# in the wheel gzip-compressed. Every widget instance saved in a notebook's widget state carries
# its `_esm`, so the instance's `_esm` is a small loader holding that gzip as base64 (1.4 MB): it
# unpacks it with the browser's DecompressionStream and imports it, on the first render and not at
# the loader's import. anywidget 0.11 gives a model two seconds from its creation to import its
# module and run its initialize; past that it logs "[anywidget] Failed to initialize model." and
# drops every later message from the kernel, so `panel.state = ...` set in Python never arrives.
# Unpacking and importing 2.6 MB takes longer than that on a slow machine (seen in JupyterLite,
# where Pyodide's worker shares the cores), so the loader exports at once. The widget module has
# only a render (no initialize), which the loader forwards.
_LOADER = """// genlab {version}: the widget module, gzip-compressed (the browser unpacks it on the first render).
const packed = "{b64}";
async function load() {{
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const source = await new Response(stream).text();
  const url = URL.createObjectURL(new Blob([source], {{ type: "text/javascript" }}));
  try {{
    return (await import(url)).default;
  }} finally {{
    URL.revokeObjectURL(url);
  }}
}}
let loading = null;
export default {{
  async render(context) {{
    loading ??= load().catch((e) => {{
      loading = null;
      throw e;
    }});
    return (await loading).render(context);
  }},
}};
"""


def _module() -> str:
    packed = resources.files(__name__).joinpath("widget.mjs.gz").read_bytes()
    return _LOADER.format(version=__version__, b64=base64.b64encode(packed).decode("ascii"))


_ESM = _module()

_FALLBACK = (
    '<p class="genlab-fallback"><b>genlab</b> panel <code>{panel}</code> (state <code>{state}</code>): '
    "it is interactive in a running notebook (JupyterLab, Notebook 7, marimo) with "
    "<code>pip install genlab</code>; this copy of the notebook shows it only where its "
    "widgets can run.</p>"
)


class Panel(anywidget.AnyWidget):
    """One genlab panel. The traits mean what the ``<genlab-panel>`` element's attributes mean.

    panel:     "gda" (default), "nb", "cat" or "curves"
    lang:      "en" (default) or "zh-CN"
    state:     the panel's part of a link, e.g. "seed=3&n0=40" (GDA) or "a=0.5&ev=bernoulli"
               (naive Bayes); goes both ways: a student's change comes back here, rounded as
               links are, and setting it moves the panel
    controls:  controls to hide, each with a minus: "-seed,-tools"
    theme:     "dark", "light" or "" (the student's system setting)
    projector: projector contrast and strokes
    """

    _esm = _ESM
    panel = traitlets.Unicode("gda").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    state = traitlets.Unicode("").tag(sync=True)
    controls = traitlets.Unicode("").tag(sync=True)
    theme = traitlets.Unicode("").tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(self, panel: str = "gda", lang: str = "en", state: str = "", controls: str = "",
                 theme: str = "", projector: bool = False, **kwargs):
        super().__init__(panel=panel, lang=lang, state=state, controls=controls, theme=theme,
                         projector=projector, **kwargs)

    def __repr__(self) -> str:
        return (f"Panel(panel={self.panel!r}, lang={self.lang!r}, state={self.state!r}, "
                f"controls={self.controls!r}, theme={self.theme!r}, projector={self.projector!r})")

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/plain"] = repr(self)
            data["text/html"] = _FALLBACK.format(panel=html.escape(self.panel), state=html.escape(self.state or "default"))
        return bundle
