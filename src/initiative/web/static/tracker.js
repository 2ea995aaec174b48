// A GM tracker page's live connection: one WebSocket per page. The server sends this
// page's regions as HTML (rendered from its own viewer's view); the page's forms (the
// GM's command line and buttons, a player's commit and declare) send small JSON
// requests instead of posting. Without JavaScript the same forms post to the server.
(function () {
  "use strict";
  const root = document.getElementById("tracker");
  if (!root) return;
  const status = document.getElementById("connection");
  const announce = document.getElementById("announce");
  const problem = document.getElementById("command-error");
  const declare = document.getElementById("declare-form");
  status.textContent = "Connecting…";

  function focusKey(el) {
    if (!el || !root.contains(el)) return null;
    if (el.id) return "#" + el.id;
    if (el.dataset && el.dataset.line) return '[data-line="' + CSS.escape(el.dataset.line) + '"]';
    const form = el.closest && el.closest("form[id]");
    if (form && el.name) return "#" + CSS.escape(form.id) + ' [name="' + CSS.escape(el.name) + '"]';
    if (form && el.dataset && el.dataset.verb) return "#" + CSS.escape(form.id) + " button[data-verb]";
    if (el.dataset && el.dataset.card) return '[data-card="' + el.dataset.card + '"]';
    return null;
  }

  // The log and the console transcript keep the reader's place (see live.js).
  const swap = InitiativeLive.swapper(root, [".log", ".transcript"], focusKey, null);

  // The newest answer stays in view: after this page's own request the console's
  // transcript shows its end (newest at the bottom, as a terminal does).
  // A transcript that first appears (the first command) shows its end too.
  // More commands, once opened, stays open when the controls are drawn again (a row's
  // More closes: the row's state has changed). Known by its region and summary's text.
  function detailsKey(d) {
    const region = d.closest("section[id]");
    const summary = d.querySelector("summary");
    return (region ? region.id : "") + "|" + (summary ? summary.textContent.trim() : "");
  }

  function render(msg) {
    const had = root.querySelector(".transcript") !== null;
    const opened = new Set();
    root.querySelectorAll("details.more-commands[open]").forEach(function (d) {
      opened.add(detailsKey(d));
    });
    swap(msg.regions);
    root.querySelectorAll("details.more-commands").forEach(function (d) {
      if (!d.open && opened.has(detailsKey(d))) d.open = true;
    });
    const transcript = root.querySelector(".transcript");
    if (transcript && (msg.reply_to != null || !had)) {
      transcript.scrollTop = transcript.scrollHeight;
    }
    if (msg.announce) announce.textContent = msg.announce;
    if (declare) declare.hidden = !msg.can_declare;
    root.dataset.seq = String(msg.seq);
  }

  function showError(message) {
    problem.textContent = message;
  }

  const post = InitiativeLive.connect(root, status, {
    message: function (msg) {
      if (msg.type === "render") render(msg);
      else if (msg.type === "error") showError(msg.message);
    },
    refused: function (reason) {
      status.textContent = reason || "This link does not open this tracker.";
      status.classList.add("error");
    },
  });

  // True when the request went out.
  function send(msg) {
    if (!post(msg)) {
      showError("Not connected; your request was not sent.");
      return false;
    }
    problem.textContent = "";
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
    } else if (op === "form") {
      const args = {};
      new FormData(form).forEach(function (value, key) {
        if (key.indexOf("a:") === 0 && typeof value === "string") args[key.slice(2)] = value;
      });
      send({ op: "form", verb: form.dataset.verb, args: args });
    } else if (op === "commit" && button && button.name === "card") {
      const card = button.value === "top" ? "top" : Number(button.value);
      send({ op: "commit", card: card });
    } else if (op === "declare") {
      const input = form.querySelector("input[name=text]");
      if (input.value.trim() && send({ op: "declare", text: input.value })) input.value = "";
    }
  });

})();
