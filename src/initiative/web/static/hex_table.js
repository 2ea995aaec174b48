// The hex skirmish table's page (one WebSocket per page; live.js tablePage does the
// rest). The server sends this seat's regions as HTML, rendered from its own view only.
// Every legal action on the page (a button in the list, a card section, a highlighted
// hex, a facing arrow or a unit to target) carries data-action: a click, or Enter /
// Space on a focused board element, sends {"op": "act", "action": N}.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root || root.dataset.game !== "hex_skirmish") return;

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.unit !== undefined) return '[data-unit="' + el.dataset.unit + '"]';
    return null;
  }

  InitiativeLive.tablePage(root, { focusKey: focusKey, first: "#hx-actions [data-action]" });
})();
