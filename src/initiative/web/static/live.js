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

  // Seeing what just happened (issue 25), on every game's table page. New log lines
  // (li[data-at], server/log_lines.py) appear one at a time at the pace the reader
  // chose in #pace (kept in this browser; "0": all at once; 600 ms by default), so
  // moves that came in one update (a bot's, a Challenge Card's) can be followed; the
  // first frame shows its log at once. Elements of the board or track carrying
  // data-key and data-sig (what the game shows of them) are marked `changed` when
  // their data-sig differs from what it was when this seat last decided: `decided()`
  // keeps that baseline, in this browser, for the table and seat, and shows at once the
  // lines still waiting. More than BACKLOG lines waiting come three times as fast.
  const PACE_KEY = "initiative.pace";
  const DEFAULT_PACE = 600;
  const BACKLOG = 8; // more lines than this waiting: they come three times as fast

  function follower(root) {
    const select = document.getElementById("pace");
    const baseKey = "initiative.since." + (root.dataset.ws || "").split("?")[0] + "." +
      (root.dataset.seat || "");
    let pace = storedPace();
    let shown = null; // the order of the first line not shown yet (null: no frame yet)
    let timer = null;
    let base = load();

    function storedPace() {
      try {
        const value = localStorage.getItem(PACE_KEY);
        return value === null ? DEFAULT_PACE : Math.max(0, Number(value) || 0);
      } catch (e) { return DEFAULT_PACE; }
    }

    function load() {
      try { return JSON.parse(localStorage.getItem(baseKey) || "null"); } catch (e) { return null; }
    }

    // A notice at position n stands before the entry at n.
    function order(li) {
      const at = Number(li.dataset.at);
      return li.classList.contains("notice") ? 2 * at : 2 * at + 1;
    }

    function atBottom(list) {
      return list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    }

    function revealOne() {
      timer = null;
      const next = root.querySelector(".log li.queued[data-at]");
      if (!next) return;
      const list = next.closest(".log");
      const bottom = atBottom(list);
      const before = next.previousElementSibling; // the divider shows with its first line
      if (before && before.classList.contains("since-mark")) before.classList.remove("queued");
      next.classList.remove("queued");
      next.classList.add("fresh");
      shown = order(next) + 1;
      if (bottom) list.scrollTop = list.scrollHeight;
      const left = root.querySelectorAll(".log li.queued[data-at]").length;
      if (left) timer = setTimeout(revealOne, left > BACKLOG ? pace / 3 : pace);
    }

    function revealAll() {
      clearTimeout(timer);
      timer = null;
      root.querySelectorAll(".log li.queued").forEach(function (li) {
        li.classList.remove("queued");
        if (li.dataset.at !== undefined) shown = Math.max(shown, order(li) + 1);
      });
      root.querySelectorAll(".log").forEach(function (list) { list.scrollTop = list.scrollHeight; });
    }

    function queueNew() {
      const lines = root.querySelectorAll(".log li[data-at]");
      let end = 0;
      lines.forEach(function (li) { end = Math.max(end, order(li) + 1); });
      if (shown === null || !pace) { shown = end; return; }
      shown = Math.min(shown, end); // an undo shortened the log
      lines.forEach(function (li) { if (order(li) >= shown) li.classList.add("queued"); });
      root.querySelectorAll(".log li.since-mark").forEach(function (mark) {
        const after = mark.nextElementSibling;
        if (after && after.classList.contains("queued")) mark.classList.add("queued");
      });
      if (!timer && root.querySelector(".log li.queued")) timer = setTimeout(revealOne, 0);
    }

    function markChanged() {
      let any = false;
      if (base) {
        root.querySelectorAll("[data-key][data-sig]").forEach(function (el) {
          if (base[el.dataset.key] === el.dataset.sig) return;
          el.classList.add("changed");
          el.setAttribute("aria-description", "changed since your last move");
          any = true;
        });
      }
      const key = document.getElementById("changed-key");
      if (key) key.hidden = !any;
    }

    if (select) {
      select.value = String(pace);
      if (select.value !== String(pace)) { pace = DEFAULT_PACE; select.value = String(pace); }
      select.addEventListener("change", function () {
        pace = Math.max(0, Number(select.value) || 0);
        try { localStorage.setItem(PACE_KEY, String(pace)); } catch (e) { /* private mode */ }
        if (!pace) revealAll();
      });
    }

    return {
      // After every swap of the regions.
      swapped: function () { queueNew(); markChanged(); },
      // Right before this seat's decision is sent: the board as it was; the lines still
      // waiting are shown at once (the seat has decided: they are old news).
      decided: function () {
        revealAll();
        base = {};
        root.querySelectorAll("[data-key][data-sig]").forEach(function (el) {
          base[el.dataset.key] = el.dataset.sig;
        });
        try { localStorage.setItem(baseKey, JSON.stringify(base)); } catch (e) { /* private */ }
      },
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
    const follow = follower(root);

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
          const swapIn = function () { swap(msg.regions); follow.swapped(); };
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
      if (msg.op === "act" || msg.op === "confirm") follow.decided();
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
