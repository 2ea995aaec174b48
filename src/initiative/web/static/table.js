// The table page's live connection: one WebSocket per page. The server sends this
// seat's regions as HTML (rendered from its own view only); clicks on [data-op]
// elements and the chat form send small JSON requests. On a lost connection the page
// reconnects with back-off and the server sends a full resync.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const status = document.getElementById("connection");
  const announce = document.getElementById("announce");
  let lastAnnounce = "";
  let waitingFor = 0; // the id of a table request not answered yet (0: none)
  let waitTimer = null;

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.action) return '[data-action="' + el.dataset.action + '"]';
    if (el.dataset && el.dataset.op) return '[data-op="' + el.dataset.op + '"]';
    return null;
  }

  // Keyboard and screen-reader users keep their place: when the focused element was
  // inside a region that was just replaced, focus goes to the same control if it is
  // still there, else to what comes next (Confirm, or the first step to choose: a unit,
  // a button or a card), else to the region itself, never to the top of the page. The
  // log and the chat keep their scroll (see live.js).
  const swap = InitiativeLive.swapper(root, [".log", ".chat-lines"], focusKey, function () {
    return root.querySelector("#confirm") || root.querySelector('[data-op="step"]');
  });

  function render(msg) {
    swap(msg.regions);
    if (msg.announce && msg.announce !== lastAnnounce) {
      lastAnnounce = msg.announce;
      announce.textContent = msg.announce;
    }
    InitiativeTurn.update(msg.your_turn);
    if (msg.redirect) window.location.assign(msg.redirect);
  }

  function showError(message) {
    status.textContent = message;
    status.classList.add("error");
    announce.textContent = message;
  }

  const post = InitiativeLive.connect(root, status, {
    message: function (msg) {
      if (waitingFor && typeof msg.reply_to === "number" && msg.reply_to >= waitingFor) {
        settle();
      }
      if (msg.type === "render") render(msg);
      else if (msg.type === "error") showError(msg.message);
    },
    refused: function (reason) {
      showError(reason || "This link does not open a seat at this table.");
    },
    lost: function () { settle(); },
  });

  // Sends a request; its id, or 0 when there is no connection (nothing was sent).
  function send(msg) {
    const id = post(msg);
    if (!id) {
      showError("Not connected; your request was not sent.");
      return 0;
    }
    if (status.classList.contains("error")) {
      status.textContent = "Connected";
      status.classList.remove("error");
    }
    return id;
  }

  function settle() {
    waitingFor = 0;
    clearTimeout(waitTimer);
  }

  // One table request at a time: a double click (or a held Enter key) on Confirm or a
  // step sends it once, not a second time against a screen that is out of date.
  root.addEventListener("click", function (event) {
    const el = event.target.closest("[data-op]");
    if (!el || el.disabled) return;
    if (waitingFor) return;
    const msg = { op: el.dataset.op };
    if (el.dataset.action !== undefined) msg.action = Number(el.dataset.action);
    waitingFor = send(msg);
    if (waitingFor) waitTimer = setTimeout(settle, 5000);
  });

  const form = document.getElementById("chat-form");
  if (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      const input = document.getElementById("chat-text");
      const team = document.getElementById("chat-team");
      const msg = { op: "chat", text: input.value, team: Boolean(team && team.checked) };
      if (input.value.trim() && send(msg)) input.value = "";
    });
  }

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
