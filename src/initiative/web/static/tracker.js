// A GM tracker page's live connection: one WebSocket per page. The server sends this
// page's regions as HTML (rendered from its own viewer's view); the page's forms (the
// GM's command line and buttons, a player's commit and declare) send small JSON
// requests instead of posting. Without JavaScript the same forms post to the server.
(function () {
  "use strict";
  const root = document.getElementById("tracker");
  if (!root) return;
  const url = new URL(root.dataset.ws, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const status = document.getElementById("connection");
  const announce = document.getElementById("announce");
  const problem = document.getElementById("command-error");
  const declare = document.getElementById("declare-form");
  let socket = null;
  let delay = 250;
  let nextId = 1;
  status.textContent = "Connecting…";

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.line) return '[data-line="' + el.dataset.line + '"]';
    if (el.dataset && el.dataset.card) return '[data-card="' + el.dataset.card + '"]';
    return null;
  }

  // Scrolled lists (log, console) stay at their bottom when the reader left them there.
  const SCROLLERS = [".log", ".transcript"];
  function scrollState() {
    const state = {};
    for (const selector of SCROLLERS) {
      const list = root.querySelector(selector);
      if (list) state[selector] = { top: list.scrollTop,
        bottom: list.scrollTop + list.clientHeight >= list.scrollHeight - 8 };
    }
    return state;
  }
  function restoreScroll(state) {
    for (const selector of SCROLLERS) {
      const list = root.querySelector(selector);
      if (!list) continue;
      const was = state[selector];
      list.scrollTop = !was || was.bottom ? list.scrollHeight : was.top;
    }
  }

  function render(msg) {
    const active = document.activeElement;
    const key = focusKey(active);
    const region = active && active.closest ? active.closest("section.region") : null;
    const scrolled = scrollState();
    for (const [id, html] of Object.entries(msg.regions || {})) {
      const target = document.getElementById(id);
      if (target) target.innerHTML = html;
    }
    restoreScroll(scrolled);
    if (active && active !== document.body && !document.contains(active)) {
      const again = (key && root.querySelector(key)) || region;
      if (again) again.focus();
    }
    if (msg.announce) announce.textContent = msg.announce;
    if (declare) declare.hidden = !msg.can_declare;
    root.dataset.seq = String(msg.seq);
  }

  function showError(message) {
    problem.textContent = message;
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
        status.textContent = event.reason || "This link does not open this tracker.";
        status.classList.add("error");
        return;
      }
      status.textContent = "Connection lost; reconnecting…";
      status.classList.add("error");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }

  function send(msg) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showError("Not connected; your request was not sent.");
      return false;
    }
    problem.textContent = "";
    msg.id = nextId++;
    socket.send(JSON.stringify(msg));
    return true;
  }

  // Every form of the page carries data-op; the button pressed (or the text typed)
  // gives the request's value.
  root.addEventListener("submit", function (event) {
    const form = event.target.closest("form[data-op]");
    if (!form) return;
    event.preventDefault();
    const op = form.dataset.op;
    const button = event.submitter;
    if (op === "run") {
      const input = form.querySelector("input[name=line]");
      const line = button && button.name === "line" ? button.value : (input ? input.value : "");
      if (!line.trim()) return;
      if (send({ op: "run", line: line }) && input && !(button && button.name === "line")) {
        input.value = "";
      }
    } else if (op === "commit" && button && button.name === "card") {
      const card = button.value === "top" ? "top" : Number(button.value);
      send({ op: "commit", card: card });
    } else if (op === "declare") {
      const input = form.querySelector("input[name=text]");
      if (input.value.trim() && send({ op: "declare", text: input.value })) input.value = "";
    }
  });

  connect();
})();
