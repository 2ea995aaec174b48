// What every live page (a table, a GM tracker) shares: one WebSocket that reconnects
// with back-off, and swapping in the HTML regions the server sends while keeping the
// reader's place (the scroll of each list, the focused control).
window.InitiativeLive = (function () {
  "use strict";

  // Reconnecting: the first retry waits FIRST_RETRY_MS, each retry after it twice as
  // long, up to MAX_RETRY_MS. The wait starts over only once a connection has proved
  // itself by staying open STABLE_MS: a socket the server closes at once (a link it
  // drops, a page it cannot render) backs off instead of reconnecting four times a
  // second for ever.
  const FIRST_RETRY_MS = 250;
  const MAX_RETRY_MS = 5000;
  const STABLE_MS = 3000;

  // Opens root.dataset.ws. `on.message(msg)` gets every message; `on.refused(reason)`
  // a link that does not open this page (close codes 4403/4404, no retry); `on.lost()`
  // a dropped connection before the retry. Returns send(msg): the request's id, or 0
  // when there is no connection (nothing was sent).
  function connect(root, status, on) {
    const url = new URL(root.dataset.ws, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    let socket = null;
    let delay = FIRST_RETRY_MS;
    let openedAt = null; // when the current socket opened (null: it never did)
    let nextId = 1;

    function open() {
      socket = new WebSocket(url);
      openedAt = null;
      socket.onopen = function () {
        openedAt = Date.now();
        status.textContent = "Connected";
        status.classList.remove("error");
      };
      socket.onmessage = function (event) { on.message(JSON.parse(event.data)); };
      socket.onclose = function (event) {
        if (event.code === 4403 || event.code === 4404) {
          on.refused(event.reason);
          return;
        }
        if (on.lost) on.lost();
        status.textContent = "Connection lost; reconnecting…";
        status.classList.add("error");
        if (openedAt !== null && Date.now() - openedAt >= STABLE_MS) delay = FIRST_RETRY_MS;
        setTimeout(open, delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      };
    }

    open();
    return function send(msg) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return 0;
      msg.id = nextId++;
      socket.send(JSON.stringify(msg));
      return msg.id;
    };
  }

  // Replaces each region (element id -> HTML). A list matching a `scrollers` selector
  // that the reader left at its bottom (or any list, on the first swap) shows its newest
  // lines; one scrolled up stays put. Focus in a replaced region goes back to the
  // control `focusKey` names, else to `fallback()`, else to the region itself.
  function swapper(root, scrollers, focusKey, fallback) {
    let swapped = false;
    return function swap(regions) {
      const active = document.activeElement;
      const key = focusKey(active);
      const region = active && active.closest ? active.closest("section.region") : null;
      const lists = {};
      for (const selector of scrollers) {
        const list = root.querySelector(selector);
        if (list) lists[selector] = { top: list.scrollTop, bottom: !swapped
          || list.scrollTop + list.clientHeight >= list.scrollHeight - 8 };
      }
      for (const [id, html] of Object.entries(regions || {})) {
        const target = document.getElementById(id);
        if (target) target.innerHTML = html;
      }
      for (const [selector, was] of Object.entries(lists)) {
        const list = root.querySelector(selector);
        if (list) list.scrollTop = was.bottom ? list.scrollHeight : was.top;
      }
      swapped = true;
      if (!active || active === document.body || document.contains(active)) return;
      const again = (key && root.querySelector(key)) || (fallback && fallback()) || region;
      if (again) again.focus();
    };
  }

  // Every game's table page (its root is #table, table_base.html): the seat's regions
  // swapped in as the server renders them, the announcer, refusals shown in #problem,
  // the tab's "your turn" mark, a redirect to the rematch, and one request at a time (a
  // double click sends a choice once, not twice against a page that is out of date).
  // Every request but chat carries `seq`, the state the page shows (the last frame's, or
  // the page's own as served): the server plays a choice only if the game has not
  // changed since, so a choice made on an out-of-date page is refused, never played.
  // A click on a [data-op] element sends {"op": op} (with "action": N when it carries
  // data-action: a draft's step); a click on any other [data-action], or Enter / Space
  // on a focused board element (svg), sends {"op": "act", "action": N}; the chat form
  // sends {"op": "chat"}. `opts`: focusKey(el) and `first` (the selector of the control
  // focus falls back to) as swapper's; optional render(swapIn) wrapping each swap
  // (swapIn() swaps) and click(event) for a click on nothing of those. A replay page
  // (no socket address) only lets its links work, its log scrolled to the step's newest
  // lines. Returns send(msg) (null: replay).
  function tablePage(root, opts) {
    if (!root.dataset.ws) {
      root.querySelectorAll(".log").forEach(function (list) { list.scrollTop = list.scrollHeight; });
      return null;
    }
    const status = document.getElementById("connection");
    const announce = document.getElementById("announce");
    const problem = document.getElementById("problem");
    let lastAnnounce = "";
    let waitingFor = 0; // the id of a request not answered yet (0: none)
    let waitTimer = null;
    const swap = swapper(root, [".log", ".chat-lines"], opts.focusKey, function () {
      return root.querySelector(opts.first);
    });

    function showError(message) {
      problem.textContent = message;
      announce.textContent = message;
    }

    function settle() {
      waitingFor = 0;
      clearTimeout(waitTimer);
    }

    const post = connect(root, status, {
      message: function (msg) {
        if (waitingFor && typeof msg.reply_to === "number" && msg.reply_to >= waitingFor) settle();
        if (msg.type === "render") {
          const swapIn = function () { swap(msg.regions); };
          if (opts.render) opts.render(swapIn); else swapIn();
          if (msg.announce && msg.announce !== lastAnnounce) {
            lastAnnounce = msg.announce;
            announce.textContent = msg.announce;
          }
          root.dataset.seq = String(msg.seq);
          InitiativeTurn.update(msg.your_turn);
          if (msg.redirect) window.location.assign(msg.redirect);
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

    // Sends a request (one table request at a time) with the seq of the state shown; its
    // id, or 0 when nothing was sent.
    function send(msg) {
      if (waitingFor) return 0;
      msg.seq = Number(root.dataset.seq !== undefined ? root.dataset.seq : root.dataset.pageSeq);
      const id = post(msg);
      if (!id) {
        showError("Not connected; your choice was not sent.");
        return 0;
      }
      problem.textContent = "";
      waitingFor = id;
      waitTimer = setTimeout(settle, 5000);
      return id;
    }

    root.addEventListener("click", function (event) {
      const op = event.target.closest("[data-op]");
      if (op) {
        if (op.disabled) return;
        const msg = { op: op.dataset.op };
        if (op.dataset.action !== undefined) msg.action = Number(op.dataset.action);
        send(msg);
        return;
      }
      const el = event.target.closest("[data-action]");
      if (el && !el.disabled) send({ op: "act", action: Number(el.dataset.action) });
      else if (opts.click) opts.click(event);
    });

    root.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" && event.key !== " ") return;
      const el = event.target.closest("svg [data-action]");
      if (!el) return;
      event.preventDefault();
      send({ op: "act", action: Number(el.dataset.action) });
    });

    const form = document.getElementById("chat-form");
    if (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        const input = document.getElementById("chat-text");
        const team = document.getElementById("chat-team");
        if (!input.value.trim()) return;
        // chat goes out whatever else is pending: it changes no choice
        const id = post({ op: "chat", text: input.value, team: Boolean(team && team.checked) });
        if (id) input.value = "";
        else showError("Not connected; your message was not sent.");
      });
    }
    return send;
  }

  return { connect: connect, swapper: swapper, tablePage: tablePage };
})();
