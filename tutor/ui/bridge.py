"""The learner's browser seen from the kernel: the page address's query string and a small store
kept in the browser (``localStorage``), through one invisible widget per page.

Why a widget: the kernel cannot see the page's address (Voilà hands a preheated kernel its page
before any request, JupyterLab has no page address of its own, the static site has no server at
all), and whatever the learner keeps must stay in their browser, never on a server. The widget's
front end is a few lines of JavaScript run by `anywidget`_ in JupyterLab, Voilà and the static site
alike: when the page draws it, it sends ``location.search`` and the stored text to the kernel, and
writes back to ``localStorage`` whatever the kernel sets.

The kernel sees both arrive asynchronously, after the cell that displayed the widget has run:
:meth:`BrowserLink.on_query` and :meth:`BrowserLink.on_load` call back once they are known
(at once if they already are).

.. _anywidget: https://anywidget.dev
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

#: longest query string or stored text accepted from a browser (a hostile page may send more)
MAX_TEXT = 64 * 1024

_ESM = r"""
function render({ model, el }) {
  el.classList.add("tv-browser-link");
  el.style.display = "none";
  const key = model.get("key");
  const limit = model.get("limit");
  function kept() {
    try { return (key && window.localStorage.getItem(key)) || ""; } catch (e) { return ""; }
  }
  // a value too large for one message is not sent (the page would lose its connection): its
  // size is, and the kernel says so
  let stored = kept();
  let oversize = 0;
  if (stored.length > limit) { oversize = stored.length; stored = ""; }
  // what this page sends is what it read: never written back (see change:stored below)
  let sending = false;
  function send() {
    model.set("query", window.location.search || "");
    model.set("page", window.location.origin + window.location.pathname);
    sending = true;
    try { model.set("stored", stored); } finally { sending = false; }
    model.set("oversize", oversize);
    model.set("loaded", true);
    model.save_changes();
  }
  // Under the tutor's page template, wait until every widget is drawn: what the kernel does
  // with the query (a scenario) may create widgets, which must not race the page's first
  // drawing (seen: "widget model not found", a page never ready). Elsewhere, at once.
  if (document.documentElement.hasAttribute("data-tutor-template") &&
      !document.body.hasAttribute("data-tutor-ready")) {
    document.addEventListener("tutor-ready", send, { once: true });
  } else {
    send();
  }
  // a text of tabs ({"format", "game", "tabs": {tab: …}, "gone": [tab…]}) is merged into what
  // is kept: its tabs replace theirs, the others stay; anything kept that cannot be merged is
  // first set aside under a key of its own, untouched
  function tabsOf(text) {
    try {
      const doc = JSON.parse(text);
      const ok = doc && typeof doc === "object" && !Array.isArray(doc) && doc.tabs &&
        typeof doc.tabs === "object" && !Array.isArray(doc.tabs);
      return ok ? doc : null;
    } catch (e) { return null; }
  }
  function write(text) {
    const mine = tabsOf(text);
    let out = text;
    const current = kept();
    if (mine) {
      const gone = Array.isArray(mine.gone) ? mine.gone : [];
      delete mine.gone;
      const doc = current.length <= limit ? tabsOf(current) : null;
      if (doc && doc.format === mine.format && doc.game === mine.game) {
        gone.forEach((tab) => { delete doc.tabs[tab]; });
        Object.keys(mine.tabs).forEach((tab) => { doc.tabs[tab] = mine.tabs[tab]; });
        out = JSON.stringify(doc);
      } else {
        if (current) { window.localStorage.setItem(key + ":mis-de-cote:" + Date.now(), current); }
        out = JSON.stringify(mine);
      }
    }
    window.localStorage.setItem(key, out);
  }
  model.on("change:stored", () => {
    // only the kernel's saves are written: the text this page read when it was drawn, sent
    // once it is ready (seconds later on a busy machine), would put back every tab's counts as
    // they were then, over what another tab saved meanwhile
    if (sending) { return; }
    try {
      if (key) { write(model.get("stored")); }
    } catch (e) { /* storage full or refused (private browsing): nothing is kept */ }
  });
  // another tab of this page saved: the kernel shows it too
  window.addEventListener("storage", (event) => {
    if (event.storageArea !== window.localStorage || event.key !== key) { return; }
    const text = event.newValue || "";
    if (text.length > limit) { return; }
    model.set("incoming", text);
    model.save_changes();
  });
}
export default { render };
"""


class BrowserLink(anywidget.AnyWidget):
    """One page's link to the learner's browser (display it once, it shows nothing).

    ``query`` is the page address's query string (``"?scenario=…"``, or ``""``), ``page`` the
    address without it; ``stored`` the
    text kept under ``key`` in the browser's ``localStorage`` (``""`` and its size in
    ``oversize`` when it is longer than ``limit``: one message could not carry it); ``loaded``
    becomes true once the browser has sent both. ``incoming`` is what another tab saved since.
    A text saved that holds ``"tabs"`` is merged by tab into what the browser keeps (see
    :mod:`tutor.ui.progress_store`); what cannot be merged is kept aside under
    ``key + ":mis-de-cote:<time>"``.
    """

    _esm = _ESM
    key = traitlets.Unicode("").tag(sync=True)
    query = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    limit = traitlets.Int(MAX_TEXT).tag(sync=True)
    oversize = traitlets.Int(0).tag(sync=True)
    incoming = traitlets.Unicode("").tag(sync=True)

    def __init__(self, key: str, **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        self._on_load: list[Callable[[str], None]] = []
        self._on_query: list[Callable[[str], None]] = []
        self._on_change: list[Callable[[str], None]] = []
        self.observe(self._arrived, names="loaded")
        self.observe(self._incoming, names="incoming")

    @traitlets.validate("query", "stored", "page", "incoming")
    def _bounded(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        return value if isinstance(value, str) and len(value) <= MAX_TEXT else ""

    def _arrived(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return
        for callback in self._on_query:
            callback(self.query)
        for callback in self._on_load:
            callback(self.stored)

    @traitlets.validate("oversize")
    def _size(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        return value if type(value) is int and 0 <= value < 2**53 else 0

    @traitlets.validate("limit")
    def _limit(self, proposal: dict[str, Any]) -> int:
        return MAX_TEXT  # set by the kernel only

    def _incoming(self, change: dict[str, Any]) -> None:
        if self.loaded:
            for callback in self._on_change:
                callback(change["new"])

    def on_change(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(stored)`` whenever another tab saves under this page's key."""
        self._on_change.append(callback)

    def on_query(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(query)`` once the browser has sent the page's query string."""
        self._on_query.append(callback)
        if self.loaded:
            callback(self.query)

    def on_load(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(stored)`` once the browser has sent the text it keeps."""
        self._on_load.append(callback)
        if self.loaded:
            callback(self.stored)

    def save(self, text: str) -> None:
        """Keep ``text`` in the browser (merged by tab when it holds ``"tabs"``, else it
        replaces what was kept under this page's key)."""
        if len(text) > MAX_TEXT:
            raise ValueError("Trop de données à conserver dans le navigateur.")
        self.stored = text


_COPY_ESM = r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button tv-copy-link";
  const said = document.createElement("span");
  said.className = "tv-copy-said tv-muted";
  said.setAttribute("role", "status");
  function draw() {
    button.textContent = model.get("label");
    button.disabled = !model.get("text");
  }
  function done(ok) {
    said.textContent = ok ? model.get("done_label") : model.get("failed_label");
    model.set("copied", model.get("copied") + (ok ? 1 : 0));
    model.save_changes();
  }
  function fallback(text) {
    // no Clipboard API (an address that is not https or localhost): a selected text area
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    done(ok);
  }
  button.addEventListener("click", () => {
    const text = model.get("text");
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(() => done(true), () => fallback(text));
    } else {
      fallback(text);
    }
  });
  model.on("change:text", () => { said.textContent = ""; draw(); });
  model.on("change:label", draw);
  draw();
  el.appendChild(button);
  el.appendChild(said);
}
export default { render };
"""


class CopyButton(anywidget.AnyWidget):
    """A button that copies ``text`` to the learner's clipboard, in the browser itself (the
    click is the learner's own gesture, which the Clipboard API asks for); it then says
    ``done_label`` (or ``failed_label``) beside it, and counts ``copied``."""

    _esm = _COPY_ESM
    text = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Copier").tag(sync=True)
    done_label = traitlets.Unicode("Copié.").tag(sync=True)
    failed_label = traitlets.Unicode("").tag(sync=True)
    copied = traitlets.Int(0).tag(sync=True)


def query_value(query: str, name: str) -> str | None:
    """The value of ``name`` in a query string (``"?a=1&b=2"``), decoded; ``None`` if absent."""
    from urllib.parse import parse_qs

    values = parse_qs(query.lstrip("?"), keep_blank_values=True).get(name)
    return values[0] if values else None
