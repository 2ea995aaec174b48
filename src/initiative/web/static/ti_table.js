// The Initiative table's page (one WebSocket per page; live.js tablePage does the
// connection, the regions, the announcer and one request at a time). The server sends
// this seat's regions as HTML, rendered from its own view only. Every legal action on
// the page (a button in the list, a card's pile button, a highlighted room, token or
// door) carries data-action: a click, or Enter / Space on a focused board element,
// sends {"op": "act", "action": N}. A card and a pile may also be chosen one after
// the other, in either order: their data-takes maps the other's id to the action.
// On a narrow screen the board scrolls sideways in its box: its scroll is kept across
// updates, and when the board offers a choice but none is in sight it scrolls to the
// first one (every choice is also in the list of choices).
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root || root.dataset.game !== "the_initiative") return;
  let chosen = null; // the card or pile chosen first: {kind: "card" | "pile", id}

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    return null;
  }

  function boardBox() {
    return root.querySelector("#ti-board .board-scroll");
  }

  // Scroll the board sideways to its first choice when none is in sight.
  function showBoardChoice(box) {
    if (box.scrollWidth <= box.clientWidth) return;
    const picks = Array.prototype.slice.call(box.querySelectorAll("[data-action]"));
    if (!picks.length) return;
    const edge = box.getBoundingClientRect();
    const inSight = picks.some(function (el) {
      const r = el.getBoundingClientRect();
      return r.left >= edge.left && r.right <= edge.right;
    });
    if (!inSight) box.scrollLeft += picks[0].getBoundingClientRect().left - edge.left - 8;
  }

  function render(swapIn) {
    chosen = null;
    const before = boardBox();
    const left = before ? before.scrollLeft : 0;
    swapIn();
    const box = boardBox();
    if (box) {
      box.scrollLeft = left;
      showBoardChoice(box);
    }
  }

  function takes(el) {
    try { return JSON.parse(el.dataset.takes || "{}"); } catch (e) { return {}; }
  }

  function mark() {
    root.querySelectorAll(".chosen, .can-take").forEach(function (el) {
      el.classList.remove("chosen", "can-take");
    });
    if (!chosen) return;
    const own = root.querySelector(chosen.kind === "card"
      ? '.ti-card[data-card="' + chosen.id + '"]' : '.pile[data-pile="' + chosen.id + '"]');
    if (own) own.classList.add("chosen");
    const offers = own ? takes(own) : {};
    Object.keys(offers).forEach(function (other) {
      const el = root.querySelector(chosen.kind === "card"
        ? '.pile[data-pile="' + other + '"]' : '.ti-card[data-card="' + other + '"]');
      if (el) el.classList.add("can-take");
    });
  }

  // A card or a pile clicked outside its buttons: the first of a pair, or the second.
  function pick(el, kind, id) {
    if (chosen && chosen.kind !== kind) {
      const first = root.querySelector(chosen.kind === "card"
        ? '.ti-card[data-card="' + chosen.id + '"]' : '.pile[data-pile="' + chosen.id + '"]');
      const index = first ? takes(first)[id] : undefined;
      if (index !== undefined) {
        chosen = null;
        mark();
        send({ op: "act", action: Number(index) });
        return;
      }
    }
    chosen = Object.keys(takes(el)).length && !(chosen && chosen.kind === kind && chosen.id === id)
      ? { kind: kind, id: id } : null;
    mark();
  }

  function click(event) {
    const card = event.target.closest(".ti-card[data-card]");
    if (card) { pick(card, "card", card.dataset.card); return; }
    const pile = event.target.closest(".pile[data-pile]");
    if (pile) pick(pile, "pile", pile.dataset.pile);
  }

  const send = InitiativeLive.tablePage(root, {
    focusKey: focusKey, first: "#ti-actions [data-action]", render: render, click: click,
  });
})();
