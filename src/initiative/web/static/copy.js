// Copy buttons beside secret links (the created pages, the GM's list of links, My
// tables in the lobby), each copying a full address: the
// Clipboard API where the browser allows it (https, or this computer), else the link's
// text is selected so Ctrl+C (or the phone's Copy) takes it.
(function () {
  "use strict";

  function say(text) {
    const status = document.getElementById("copy-status");
    if (status) status.textContent = text;
  }

  function select(el) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function fallback(el, name) {
    select(el);
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    say(copied ? "Copied the link: " + name + "."
      : "The link is selected: press Ctrl+C (or Copy) to copy it.");
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("button.copy[data-copy]");
    if (!button) return;
    const link = document.getElementById(button.dataset.copy);
    if (!link) return;
    const name = (button.getAttribute("aria-label") || "").replace(/^Copy the link: /, "");
    const text = link.textContent.trim();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () {
        select(link);
        say("Copied the link: " + name + ".");
      }, function () { fallback(link, name); });
    } else {
      fallback(link, name);
    }
  });
})();
