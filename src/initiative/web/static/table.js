// Initiative Break's table page: live.js tablePage runs the socket, the regions, chat
// and one request at a time. Here: where focus goes back after an update (the same
// control, else Confirm or the first step to choose), and the keys c (confirm), b (step
// back) and u (undo).
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root || root.dataset.game !== "initiative_break") return;

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.action) return '[data-action="' + el.dataset.action + '"]';
    if (el.dataset && el.dataset.op) return '[data-op="' + el.dataset.op + '"]';
    return null;
  }

  const send = InitiativeLive.tablePage(root, {
    focusKey: focusKey, first: '#confirm, [data-op="step"]',
  });
  if (!send) return;

  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, textarea, select")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = { c: "confirm", b: "back", u: "undo" };
    const op = keys[event.key];
    if (!op) return;
    const button = root.querySelector('[data-op="' + op + '"]');
    if (button) { event.preventDefault(); button.click(); }
  });
})();
