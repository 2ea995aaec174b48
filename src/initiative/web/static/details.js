// The details dialog of a table page: a click (or Enter / Space) on an element with
// data-details="KEY" that is not a step control shows the server-rendered entry
// #details-KEY (hidden in the page, refreshed with every render) in a modal <dialog>.
// Escape, the Close button or a click on the backdrop closes it, and focus goes back
// to the control that opened it. Steps ([data-op]) keep their own handler (table.js).
//
// Giving the focus back: the opener (the button clicked, or the info button of the
// unit or card clicked) gets the focus just before showModal(), so the browser gives it
// back to the opener itself as the dialog closes, at once, whichever way it is closed.
// The "close" event comes later, as a task of its own: by then the reader may be on
// another control already (and pressing Space or Enter there), so the event only moves
// the focus to the opener when it is on nothing (the page, the closed dialog, a control
// a render replaced) or still where the browser put it back; it never takes it away
// from a control the reader went to.
(function () {
  "use strict";
  const dialog = document.getElementById("details-dialog");
  if (!dialog) return;
  const title = document.getElementById("details-dialog-title");
  const body = dialog.querySelector(".details-body");
  let openKey = null;
  let openerId = null;
  let focusBefore = null; // what had the focus as the dialog opened (given back on close)

  function fill(entry) {
    title.textContent = entry.dataset.title || "Details";
    const copy = entry.cloneNode(true);
    copy.removeAttribute("id");
    const heading = copy.querySelector(".details-title");
    if (heading) heading.remove(); // the dialog's own heading names it
    body.replaceChildren(...copy.childNodes);
  }

  function show(key, opener) {
    const entry = document.getElementById("details-" + key);
    if (!entry) return false;
    fill(entry);
    openKey = key;
    const back = opener || document.querySelector('button[data-details="' + key + '"]');
    openerId = back && back.id ? back.id : null;
    if (!dialog.open) {
      if (back && document.activeElement !== back) back.focus({ preventScroll: true });
      focusBefore = document.activeElement;
      dialog.showModal();
    }
    return true;
  }

  // Whether the focus is on no control of the page, so it may go back to the opener.
  function focusIsLost(active) {
    return !active || active === document.body || dialog.contains(active)
      || !document.contains(active);
  }

  document.addEventListener("click", function (event) {
    const target = event.target;
    if (target === dialog) { dialog.close(); return; } // a click on the backdrop
    if (target.closest("[data-op]") || target.closest("dialog")) return;
    const el = target.closest("[data-details]");
    if (el && show(el.dataset.details, el.matches("button") ? el : el.querySelector("button.info"))) {
      event.preventDefault();
    }
  });

  // Keys pressed in the dialog are for the dialog, not the table's shortcuts (c, b, u).
  dialog.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") event.stopPropagation();
  });

  dialog.addEventListener("close", function () {
    if (dialog.open) return; // opened again before this event came: that one stays
    const key = openKey;
    const before = focusBefore;
    openKey = focusBefore = null;
    const active = document.activeElement;
    if (!focusIsLost(active) && active !== before) return; // the reader moved on
    const back = (openerId && document.getElementById(openerId))
      || document.querySelector('button[data-details="' + key + '"]');
    if (back && back !== active) back.focus();
  });

  // A render replaced the hidden entries: show the open entry's new text (or close the
  // dialog when its unit or card is no longer shown).
  const store = document.getElementById("details");
  if (store && window.MutationObserver) {
    new MutationObserver(function () {
      if (!dialog.open || !openKey) return;
      const entry = document.getElementById("details-" + openKey);
      if (entry) fill(entry);
      else dialog.close();
    }).observe(store, { childList: true });
  }
})();
