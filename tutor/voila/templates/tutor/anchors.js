/* The tutor's pages, served (Voilà, through index.html.j2) and static (Voici, added by
   tutor/static/build.py): one copy of this script for both.
   - « Voir dans la page », « Voir l'exemple pas à pas » and every #id address: the page opens
     what hides the target (each closed <details> around it; any other folded part listens to
     the "tutor-reveal" event, which bubbles from the target), goes there and moves the focus
     there (a screen reader reads on from the clause). A page opened at #id goes there once its
     target is drawn: Voilà's template calls tutorGoToAnchor() when the page is ready; without
     it (the static site), the page goes there when the target appears, and again once the page
     stops changing.
   - A target not on the page yet (a part built on demand): the element carrying
     data-tutor-holds="<id> <id>…" receives "tutor-reveal" with detail.id, and the page goes to
     the target as soon as it is drawn.
   - A target reached while the page above it still grows (sections built as the scroll passes
     them, cells laid out as they come near the screen) is kept where it was put: the page goes
     there again each time it moves, until the page has been still for a moment or the learner
     scrolls, types or clicks (body[data-tutor-holding] meanwhile).
   - An element data-tutor-go="<id>" drawn while the page opens (a shared link's « Scénario
     chargé » notice: tutor/ui/scenario.py) takes the page to that id, once, unless the address
     names a place of its own or the learner has already scrolled, typed or clicked.
   - Live regions: a widget with the class tv-live (« Une question ? »'s status line) is given
     role="status", so that screen readers announce what it says when it changes. */
(function () {
  "use strict";
  if (window.tutorGoToAnchor) { return; }
  var SETTLE_MS = 1000;

  function reveal(target) {
    for (var el = target.parentElement; el; el = el.parentElement) {
      if (el.tagName === "DETAILS" && !el.open) { el.open = true; }
    }
    target.dispatchEvent(new CustomEvent("tutor-reveal", { bubbles: true }));
  }
  // a target not drawn yet (a section built on demand): the element that says it holds it
  // (data-tutor-holds="regle-x regle-y …") is asked to build it, and the page goes there as
  // soon as it appears
  var awaited = "";
  // a heading's id is kept as the Markdown renderer wrote it, percent-encoded (Bac-%C3%A0-sable)
  // while a link's address is read decoded: either finds it
  function byId(id) {
    return id ? document.getElementById(id) || document.getElementById(encodeURIComponent(id))
              : null;
  }
  // the element that says it holds a part not drawn yet (see above)
  function holderOf(id) {
    return id ? document.querySelector("[data-tutor-holds~='" + id.replace(/['\\]/g, "") + "']")
              : null;
  }
  // --- a target kept in place while the page above it grows ---
  var HOLD_QUIET_MS = 1500, HOLD_MAX_MS = 60000, HOLD_STEP_MS = 100;
  var holding = null;
  function release() {
    if (holding === null) { return; }
    clearInterval(holding);
    holding = null;
    if (document.body) { document.body.removeAttribute("data-tutor-holding"); }
  }
  var acted = false;  // the learner has scrolled, typed or clicked on this page
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
    window.addEventListener(type, function () { acted = true; release(); },
                            { capture: true, passive: true });
  });
  function goWhereTold(root) {
    var told = root.querySelector ? root.querySelector("[data-tutor-go]:not([data-tutor-gone])")
                                  : null;
    if (!told) { return; }
    told.setAttribute("data-tutor-gone", "");
    if (!acted && !hashId()) { goTo(told.getAttribute("data-tutor-go")); }
  }
  function hold(target) {
    release();
    var started = performance.now(), still = started;
    var top = target.getBoundingClientRect().top;
    document.body.setAttribute("data-tutor-holding", "");
    holding = setInterval(function () {
      var now = performance.now();
      if (!target.isConnected) { release(); return; }
      var y = target.getBoundingClientRect().top;
      // moved by the page, not by the learner, or short of the top (the page was too short
      // below it when it was reached): back there
      if (Math.abs(y - top) > 2 || y > 2) {
        target.scrollIntoView({ block: "start" });
        top = target.getBoundingClientRect().top;
        if (Math.abs(top - y) > 2) { still = now; }
      }
      if (document.body.hasAttribute("data-tutor-building")) { still = now; }
      if (now - still > HOLD_QUIET_MS || now - started > HOLD_MAX_MS) { release(); }
    }, HOLD_STEP_MS);
  }
  function goTo(id) {
    var target = byId(id);
    if (!target) {
      var holder = holderOf(id);
      if (holder) {
        awaited = id;
        reveal(holder);
        // a part built when the learner reaches it (tutor/ui/later.py) is built by going there
        holder.scrollIntoView({ block: "start" });
        holder.dispatchEvent(new CustomEvent("tutor-reveal", { bubbles: true,
                                                               detail: { id: id } }));
      }
      return false;
    }
    if (awaited === id) { awaited = ""; }
    reveal(target);
    target.scrollIntoView({ block: "start" });
    if (!target.hasAttribute("tabindex")) { target.setAttribute("tabindex", "-1"); }
    target.focus({ preventScroll: true });
    hold(target);
    return true;
  }
  function hashId() {
    try { return decodeURIComponent(location.hash.slice(1)); } catch (e) { return ""; }
  }
  window.tutorGoToAnchor = function () { return goTo(hashId()); };
  window.addEventListener("hashchange", window.tutorGoToAnchor);
  // a link to #id of this page opens its target, even when the address already says #id
  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest ? event.target.closest("a[href^='#']") : null;
    if (!link || event.defaultPrevented) { return; }
    var id = "";
    try { id = decodeURIComponent(link.getAttribute("href").slice(1)); } catch (e) { return; }
    if (!id || !(byId(id) || holderOf(id))) {
      return;
    }
    event.preventDefault();
    if (location.hash !== "#" + encodeURIComponent(id) && location.hash !== "#" + id) {
      history.pushState(null, "", "#" + id);
    }
    goTo(id);
  });

  function markLive(root) {
    var found = root.querySelectorAll ? root.querySelectorAll(".tv-live:not([role])") : [];
    for (var i = 0; i < found.length; i++) {
      found[i].setAttribute("role", "status");
      found[i].setAttribute("aria-live", "polite");
    }
    // text boxes the kernel caps (tutor.ui.widgets.capped, class tv-max-<n>): the input takes
    // no more than that
    var capped = root.querySelectorAll ? root.querySelectorAll(
      "[class*='tv-max-'] input:not([maxlength]), [class*='tv-max-'] textarea:not([maxlength])")
      : [];
    for (var j = 0; j < capped.length; j++) {
      var owner = capped[j].closest("[class*='tv-max-']");
      var m = owner && /(?:^|\s)tv-max-(\d+)(?:\s|$)/.exec(owner.className);
      if (m) { capped[j].setAttribute("maxlength", m[1]); }
    }
  }
  // the page being drawn: live regions as they come, and the address's #id once it exists
  var arrived = false, settle = null, queued = false;
  var watch = new MutationObserver(function () {
    if (queued) { return; }
    queued = true;
    requestAnimationFrame(function () {
      queued = false;
      markLive(document);
      goWhereTold(document);
      if (awaited && byId(awaited)) { goTo(awaited); }
      if (arrived === "done" || !hashId() || window.tutorPageManagesAnchor) { return; }
      if (!arrived) { arrived = window.tutorGoToAnchor(); }
      if (arrived) {
        if (settle !== null) { clearTimeout(settle); }
        settle = setTimeout(function () {
          settle = null;
          // the page has stopped changing under the target: go there once more, then stop
          if (!window.tutorPageManagesAnchor) { window.tutorGoToAnchor(); }
          arrived = "done";
        }, SETTLE_MS);
      }
    });
  });
  function start() {
    markLive(document);
    watch.observe(document.body, { childList: true, subtree: true });
  }
  if (document.body) { start(); } else { document.addEventListener("DOMContentLoaded", start); }
})();
