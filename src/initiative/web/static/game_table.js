// The table page of a game that brings no script of its own: live.js tablePage runs the
// socket, the regions, chat and one request at a time; focus goes back to the same
// control after an update, else to the first choice.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.action) return '[data-action="' + el.dataset.action + '"]';
    return null;
  }

  InitiativeLive.tablePage(root, { focusKey: focusKey, first: "[data-action]" });
})();
