// "Your turn": the tab title starts with "(Your turn)" while this seat decides, and, if
// the player turned it on (off by default, remembered in this browser), a short tone
// sounds when the turn comes to them. The tone is made with the Web Audio API: no file.
window.InitiativeTurn = (function () {
  "use strict";
  const KEY = "initiative.turnSound";
  const PREFIX = "(Your turn) ";
  let audio = null;
  let wasMine = null; // unknown until the first state: opening a page plays no tone

  function stored() {
    try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function remember(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  // Browsers start sound only after a click or a key: the context is made (or resumed)
  // then, so a later tone can play.
  function wake() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  function tone() {
    const ctx = wake();
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.setValueAtTime(660, start);
    osc.frequency.setValueAtTime(880, start + 0.12);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.32);
  }

  function setUp() {
    const box = document.getElementById("turn-sound");
    if (!box) return;
    box.checked = stored();
    box.addEventListener("change", function () {
      remember(box.checked);
      if (box.checked) wake();
    });
    document.addEventListener("pointerdown", function () { if (box.checked) wake(); },
      { once: true });
  }

  // Called with every state the server sends: is it this seat's turn now?
  function update(mine) {
    document.title = (mine ? PREFIX : "") + document.title.replace(PREFIX, "");
    if (mine && wasMine === false && stored()) tone();
    wasMine = Boolean(mine);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
  return { update: update };
})();
