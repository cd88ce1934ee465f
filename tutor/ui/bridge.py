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

#: the query parameter of a link that opens a page's sandbox on a scenario (tutor/ui/scenario.py)
SCENARIO_PARAMETER = "scenario"
#: the id of the sandbox's « Scénario » panel, where a refused link's notice leads
SCENARIO_ANCHOR = "tutor-scenario"
#: the id of the note just above the sandbox's table (« Scénario chargé »): where a shared
#: link lands (its address ends with it) and where a loaded link's notice leads
POSITION_ANCHOR = "tutor-position"
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
      // tab ids as the tutor writes them (tutor.ui.progress_store.TAB_ID): a text holding
      // another is kept aside whole, then only its readable tabs are merged
      const TAB = /^[0-9A-Za-z_-]{1,64}$/;
      const odd = doc ? Object.keys(doc.tabs).filter((tab) => !TAB.test(tab)) : [];
      if (doc && odd.length && doc.format === mine.format && doc.game === mine.game) {
        window.localStorage.setItem(key + ":mis-de-cote:" + Date.now(), current);
        odd.forEach((tab) => { delete doc.tabs[tab]; });
      }
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
    } catch (e) {
      // storage full or refused (private browsing): the kernel tells the learner in French
      model.send({ save_failed: String((e && e.name) || "Error").slice(0, 40) });
    }
  });
  // --- sections built when the learner reaches them (tutor/ui/later.py) ---
  // A placeholder [data-tutor-later=key] asks the kernel for its section when it comes within
  // a screen of the visible part of the page (data-tutor-build="reach"; folded on a phone, once
  // opened) or when its button is clicked ("click"); the kernel builds it and sets built[key]
  // to its widget, drawn here in the placeholder's place. body[data-tutor-building] while a
  // section is asked for or being drawn (tests wait for it to go, as for data-tutor-pending).
  const SECTION = "[data-tutor-later]";
  const asked = new Set();
  const drawn = {};
  let building = 0;
  function flagBuilding() {
    if (building > 0) { document.body.setAttribute("data-tutor-building", ""); }
    else { document.body.removeAttribute("data-tutor-building"); }
  }
  function sectionOf(key) {
    return document.querySelector('[data-tutor-later="' + CSS.escape(key) + '"]');
  }
  let started = false;
  const early = [];  // asked for before the page's first drawing is done: asked right after
  function ask(el) {
    const key = el.getAttribute("data-tutor-later");
    if (!started) { early.push(el); return; }
    if (!key || asked.has(key) || key in drawn) { return; }
    asked.add(key);
    building += 1;
    flagBuilding();
    el.setAttribute("aria-busy", "true");
    model.send({ reach: key });
  }
  function settled(key) {
    if (asked.has(key)) { asked.delete(key); building -= 1; }
  }
  function goTo(el) {  // the address's #anchor, once the section that holds it is drawn
    const id = decodeURIComponent(window.location.hash.slice(1));
    // the page's one way to an anchor (anchors.js: opens what hides it, scrolls, focuses)
    if (id && el.querySelector("#" + CSS.escape(id)) && window.tutorGoToAnchor) {
      window.tutorGoToAnchor();
    }
  }
  async function draw(el, key, ref) {
    building += 1;
    flagBuilding();
    try {
      const manager = model.widget_manager;
      const child = await manager.get_model(String(ref).replace(/^IPY_MODEL_/, ""));
      const view = await manager.create_view(child, {});
      const widget = view.luminoWidget || view.pWidget;
      const host = el.querySelector(".tv-later-body") || el;
      host.textContent = "";
      if (widget && widget.constructor && widget.constructor.attach) {
        widget.constructor.attach(widget, host);
      } else {
        host.appendChild(view.el);
      }
      el.setAttribute("data-tutor-built", "");
      const details = el.querySelector("details.tv-fold");
      if (details) { details.open = true; }
      setTimeout(() => goTo(el), 0);
    } catch (e) {
      console.warn("tutor: section not drawn", key, e);
      el.setAttribute("data-tutor-failed", "");
    } finally {
      el.removeAttribute("aria-busy");
      building -= 1;
      flagBuilding();
    }
  }
  function drawAll() {
    const built = model.get("built") || {};
    Object.keys(built).forEach((key) => {
      const el = sectionOf(key);
      if (!el || drawn[key] === built[key]) { return; }
      drawn[key] = built[key];
      settled(key);
      draw(el, key, built[key]);
    });
    flagBuilding();
  }
  model.on("change:built", drawAll);
  model.on("msg:custom", (msg) => {
    if (msg && typeof msg.done === "string") { settled(msg.done); flagBuilding(); }
    if (msg && typeof msg.failed === "string") {
      settled(msg.failed);
      flagBuilding();
      const el = sectionOf(msg.failed);
      if (el) { el.removeAttribute("aria-busy"); el.setAttribute("data-tutor-failed", ""); }
    }
  });
  function scroller(el) {  // the page scrolls inside a container under Voilà's template
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && p.scrollHeight > p.clientHeight) {
        return p;
      }
    }
    return null;
  }
  const observers = new Map();
  function watch(el) {
    el.setAttribute("data-tutor-watched", "");
    if (el.getAttribute("data-tutor-build") !== "reach") { return; }
    const root = scroller(el);
    let io = observers.get(root);
    if (!io) {
      io = new IntersectionObserver((entries) => {
        entries.forEach((entry) => {
          if (!entry.isIntersecting) { return; }
          io.unobserve(entry.target);
          ask(entry.target.closest(SECTION));
        });
      }, { root: root, rootMargin: "100% 0px 100% 0px" });
      observers.set(root, io);
    }
    // folded (a phone): what is under the fold shows, and is asked for, once opened
    io.observe(el.querySelector(".tv-later-body") || el);
  }
  function watchAll() {
    document.querySelectorAll(SECTION + ":not([data-tutor-watched])").forEach(watch);
    drawAll();
  }
  function startSections() {
    started = true;
    early.splice(0).forEach(ask);
    watchAll();
    new MutationObserver(() => {
      if (document.querySelector(SECTION + ":not([data-tutor-watched])")) { watchAll(); }
    }).observe(document.body, { childList: true, subtree: true });
    // printing shows every folded section's text
    window.addEventListener("beforeprint", () => {
      document.querySelectorAll("details.tv-fold").forEach((d) => { d.open = true; });
    });
  }
  if (key) {  // a page of the tutor (not the Accueil's link): it has sections
    document.addEventListener("click", (event) => {
      const button = event.target.closest && event.target.closest("[data-tutor-open]");
      const el = button && button.closest(SECTION);
      if (el) { button.disabled = true; ask(el); }
    });
    // --- a refusal the learner caused is seen where it is said ---
    // An error panel drawn after the learner's click or key (a refusal of what they did) and
    // out of sight (on a phone, the game's error area is a screen below its settings) is
    // brought into view; one drawn without a gesture (a link's scenario at arrival) is not.
    let gesture = false;
    document.addEventListener("click", () => { gesture = true; }, true);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { gesture = true; }
    }, true);
    // the learner scrolling away since their click means they look elsewhere: leave the page be
    const away = () => { gesture = false; };
    window.addEventListener("wheel", away, { passive: true });
    window.addEventListener("touchmove", away, { passive: true });
    const ERROR = ".tv-panel.tv-error[role=alert]:not([data-tutor-seen])";
    new MutationObserver(() => {
      document.querySelectorAll(ERROR).forEach((panel) => {
        panel.setAttribute("data-tutor-seen", "");
        if (!gesture) { return; }
        gesture = false;
        const box = panel.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) {
          panel.scrollIntoView({ block: "center" });
        }
      });
    }).observe(document.body, { childList: true, subtree: true });
    if (document.documentElement.hasAttribute("data-tutor-template") &&
        !document.body.hasAttribute("data-tutor-ready")) {
      document.addEventListener("tutor-ready", startSections, { once: true });
    } else {
      startSections();
    }
  }
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
    #: each section built so far (:mod:`tutor.ui.later`): its key -> its widget, which the
    #: browser draws in the section's placeholder (set by the kernel only)
    built = traitlets.Dict().tag(sync=True)

    def __init__(self, key: str, **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        #: the page's sections built on arrival, by key (:class:`tutor.ui.later.Later`)
        self.sections: dict[str, Any] = {}
        self.on_msg(self._message)
        self._on_load: list[Callable[[str], None]] = []
        self._on_query: list[Callable[[str], None]] = []
        self._on_change: list[Callable[[str], None]] = []
        self._on_save_failed: list[Callable[[str], None]] = []
        self.observe(self._arrived, names="loaded")
        self.observe(self._incoming, names="incoming")

    @traitlets.validate("query", "stored", "page", "incoming")
    def _bounded(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        return value if isinstance(value, str) and len(value) <= MAX_TEXT else ""

    def _arrived(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return
        # a copy: a callback may build a part of the page that asks for the query in turn
        # (it is then called at once, not twice)
        for callback in list(self._on_query):
            callback(self.query)
        for callback in list(self._on_load):
            callback(self.stored)

    @traitlets.validate("oversize")
    def _size(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        return value if type(value) is int and 0 <= value < 2**53 else 0

    @traitlets.validate("limit")
    def _limit(self, proposal: dict[str, Any]) -> int:
        return MAX_TEXT  # set by the kernel only

    def set_state(self, sync_data: dict[str, Any]) -> None:
        # what the page's sections are is the kernel's to say, never the browser's
        super().set_state({k: v for k, v in sync_data.items() if k != "built"})

    def section_key(self, name: str) -> str:
        """A key for a new section of this page, unique on it (``name``, or ``name-2``…)."""
        key, n = name, 2
        while key in self.sections:
            key, n = f"{name}-{n}", n + 1
        return key

    def register(self, key: str, section: Any) -> None:
        """Keep ``section`` (with a ``build()`` method) to build when the browser asks."""
        self.sections[key] = section

    def draw(self, key: str, widget: Any) -> None:
        """Have the browser draw ``widget`` in the placeholder of section ``key``."""
        self.built = {**self.built, key: f"IPY_MODEL_{widget.model_id}"}

    def _message(self, _: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and "save_failed" in content:
            reason = content["save_failed"]
            for callback in list(self._on_save_failed):
                callback(reason if isinstance(reason, str) else "")
            return
        key = content.get("reach") if isinstance(content, dict) else None
        if not isinstance(key, str) or key not in self.sections:
            return  # not a section of this page (a hostile or stale page)
        try:
            self.sections[key].build()
        except Exception:
            self.send({"failed": key})
            raise
        self.send({"done": key})  # already built (by the kernel itself): nothing to draw anew

    def _incoming(self, change: dict[str, Any]) -> None:
        if self.loaded:
            for callback in self._on_change:
                callback(change["new"])

    def on_change(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(stored)`` whenever another tab saves under this page's key."""
        self._on_change.append(callback)

    def on_save_failed(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(reason)`` when the browser could not keep a save (its storage is
        full, or refused: ``QuotaExceededError``, ``SecurityError``)."""
        self._on_save_failed.append(callback)

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
