/* What the page says while it loads, in French (Voilà's and Voici's spinner speak English):
   the served pages (index.html.j2, right after the spinner) and the static site (added by
   tutor/static/build.py at the same place) include this one copy. */
(function () {
  "use strict";
  var LOADING = "Chargement de la page\u2026";
  var SAID = {  // what Voici's front end says itself
    "Starting up kernel...": "Démarrage de Python dans votre navigateur\u2026"
  };
  var text = document.getElementById("loading_text");
  if (text) { text.textContent = LOADING; }
  var show = window.update_loading_text;
  if (typeof show !== "function") { return; }
  window.update_loading_text = function (index, count, said) {
    var french = said == null
      ? "Préparation de la page\u2026 (" + index + " sur " + count + ")"
      : (SAID[said] || LOADING);
    show(index, count, french);
  };
  // called while the page is read, before any cell runs: no count to give yet
  window.voila_process = function (index, count) { show(index, count, LOADING); };
})();
