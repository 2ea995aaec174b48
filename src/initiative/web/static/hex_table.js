// The hex skirmish table's live connection (one WebSocket per page). The server sends
// this seat's regions as HTML, rendered from its own view only. Every legal action on
// the page (a button in the list, a card section, a highlighted hex, a facing arrow or
// a unit to target) carries data-action: a click, or Enter / Space on a focused board
// element, sends {"op": "act", "action": N}.
(function () {
  "use strict";
  const root = document.getElementById("hex-table");
  if (!root) return;
  const status = document.getElementById("connection");
  const announce = document.getElementById("announce");
  const problem = document.getElementById("problem");
  let lastAnnounce = "";
  let waitingFor = 0; // the id of a request not answered yet (0: none)
  let waitTimer = null;

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.unit !== undefined) return '[data-unit="' + el.dataset.unit + '"]';
    return null;
  }

  const swap = InitiativeLive.swapper(root, [".log"], focusKey, function () {
    return root.querySelector("#hx-actions [data-action]");
  });

  function showError(message) {
    problem.textContent = message;
    announce.textContent = message;
  }

  const post = InitiativeLive.connect(root, status, {
    message: function (msg) {
      if (waitingFor && typeof msg.reply_to === "number" && msg.reply_to >= waitingFor) settle();
      if (msg.type === "render") {
        swap(msg.regions);
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

  // One request at a time: a double click sends an action once, not twice against a
  // page that is out of date.
  function act(el) {
    if (waitingFor) return;
    const id = post({ op: "act", action: Number(el.dataset.action) });
    if (!id) {
      showError("Not connected; your choice was not sent.");
      return;
    }
    problem.textContent = "";
    waitingFor = id;
    waitTimer = setTimeout(settle, 5000);
  }

  root.addEventListener("click", function (event) {
    const el = event.target.closest("[data-action]");
    if (el && !el.disabled) act(el);
  });

  root.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const el = event.target.closest("svg [data-action]");
    if (!el) return;
    event.preventDefault();
    act(el);
  });
})();
