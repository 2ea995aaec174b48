// The table page's live connection: one WebSocket per page. The server sends this
// seat's regions as HTML (rendered from its own view only); clicks on [data-op]
// elements and the chat form send small JSON requests. On a lost connection the page
// reconnects with back-off and the server sends a full resync.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const url = new URL(root.dataset.ws, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const status = document.getElementById("connection");
  const announce = document.getElementById("announce");
  let socket = null;
  let delay = 250;
  let lastAnnounce = "";
  let nextId = 1;

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.action) return '[data-action="' + el.dataset.action + '"]';
    if (el.dataset && el.dataset.op) return '[data-op="' + el.dataset.op + '"]';
    return null;
  }

  function render(msg) {
    const key = focusKey(document.activeElement);
    for (const [id, html] of Object.entries(msg.regions || {})) {
      const region = document.getElementById(id);
      if (region) region.innerHTML = html;
    }
    if (key) {
      const again = root.querySelector(key) || root.querySelector("[data-op='confirm']")
        || root.querySelector("#actions button:not([disabled])");
      if (again) again.focus();
    }
    if (msg.announce && msg.announce !== lastAnnounce) {
      lastAnnounce = msg.announce;
      announce.textContent = msg.announce;
    }
    document.title = (msg.your_turn ? "(Your turn) " : "") + document.title.replace(/^\(Your turn\) /, "");
    if (msg.redirect) window.location.assign(msg.redirect);
  }

  function showError(message) {
    status.textContent = message;
    status.classList.add("error");
    announce.textContent = message;
  }

  function connect() {
    socket = new WebSocket(url);
    socket.onopen = function () {
      delay = 250;
      status.textContent = "Connected";
      status.classList.remove("error");
    };
    socket.onmessage = function (event) {
      const msg = JSON.parse(event.data);
      if (msg.type === "render") render(msg);
      else if (msg.type === "error") showError(msg.message);
    };
    socket.onclose = function (event) {
      if (event.code === 4403 || event.code === 4404) {
        showError(event.reason || "This link does not open a seat at this table.");
        return;
      }
      status.textContent = "Connection lost; reconnecting…";
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }

  function send(msg) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showError("Not connected; your request was not sent.");
      return;
    }
    msg.id = nextId++;
    socket.send(JSON.stringify(msg));
  }

  root.addEventListener("click", function (event) {
    const el = event.target.closest("[data-op]");
    if (!el || el.disabled) return;
    const msg = { op: el.dataset.op };
    if (el.dataset.action !== undefined) msg.action = Number(el.dataset.action);
    send(msg);
  });

  const form = document.getElementById("chat-form");
  if (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      const input = document.getElementById("chat-text");
      if (input.value.trim()) send({ op: "chat", text: input.value });
      input.value = "";
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

  connect();
})();
