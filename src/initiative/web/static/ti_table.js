// The Initiative table's live connection (one WebSocket per page). The server sends
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
  const root = document.getElementById("ti-table");
  if (!root) return;
  const status = document.getElementById("connection");
  const announce = document.getElementById("announce");
  const problem = document.getElementById("problem");
  let lastAnnounce = "";
  let waitingFor = 0; // the id of a request not answered yet (0: none)
  let waitTimer = null;
  let chosen = null; // the card or pile chosen first: {kind: "card" | "pile", id}

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    return null;
  }

  const swap = InitiativeLive.swapper(root, [".log"], focusKey, function () {
    return root.querySelector("#ti-actions [data-action]");
  });

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

  function showError(message) {
    problem.textContent = message;
    announce.textContent = message;
  }

  const post = InitiativeLive.connect(root, status, {
    message: function (msg) {
      if (waitingFor && typeof msg.reply_to === "number" && msg.reply_to >= waitingFor) settle();
      if (msg.type === "render") {
        chosen = null;
        const before = boardBox();
        const left = before ? before.scrollLeft : 0;
        swap(msg.regions);
        const box = boardBox();
        if (box) {
          box.scrollLeft = left;
          showBoardChoice(box);
        }
        if (msg.announce && msg.announce !== lastAnnounce) {
          lastAnnounce = msg.announce;
          announce.textContent = msg.announce;
        }
        root.dataset.seq = String(msg.seq);
        InitiativeTurn.update(msg.your_turn);
      } else if (msg.type === "error") {
        showError(msg.message);
      }
    },
    refused: function (reason) {
      status.textContent = reason || "This link does not open a seat at this table.";
      status.classList.add("error");
    },
    lost: function () { settle(); },
  });

  function settle() {
    waitingFor = 0;
    clearTimeout(waitTimer);
  }

  // One request at a time: a double click sends an action once.
  function send(index) {
    if (waitingFor) return;
    const id = post({ op: "act", action: Number(index) });
    if (!id) {
      showError("Not connected; your choice was not sent.");
      return;
    }
    problem.textContent = "";
    waitingFor = id;
    waitTimer = setTimeout(settle, 5000);
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
        send(index);
        return;
      }
    }
    chosen = Object.keys(takes(el)).length && !(chosen && chosen.kind === kind && chosen.id === id)
      ? { kind: kind, id: id } : null;
    mark();
  }

  root.addEventListener("click", function (event) {
    const el = event.target.closest("[data-action]");
    if (el && !el.disabled) {
      send(el.dataset.action);
      return;
    }
    const card = event.target.closest(".ti-card[data-card]");
    if (card) { pick(card, "card", card.dataset.card); return; }
    const pile = event.target.closest(".pile[data-pile]");
    if (pile) pick(pile, "pile", pile.dataset.pile);
  });

  root.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const el = event.target.closest("svg [data-action]");
    if (!el) return;
    event.preventDefault();
    send(el.dataset.action);
  });
})();
