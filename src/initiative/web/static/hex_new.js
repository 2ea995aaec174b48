// The create-table forms of the hex game and The Initiative: show only the seats the
// chosen number of players uses. A solo player who runs two characters (The
// Initiative's house rule select marked data-solo-seats, TI-A17) sees two seats, the
// second without its own "Played by" (one link plays both). Without this script every
// seat is shown and the server ignores the ones not used.
(function () {
  "use strict";

  function setUp() {
    const players = document.getElementById("hex-players");
    if (!players) return;
    const solo = document.querySelector("select[data-solo-seats]");
    const hint = document.getElementById("solo-hint");
    function update() {
      const people = Number(players.value);
      let count = people;
      if (solo && people === 1) count = Number(solo.value || solo.dataset.soloSeats);
      document.querySelectorAll("fieldset.seat[data-seat]").forEach(function (seat) {
        const index = Number(seat.dataset.seat);
        seat.hidden = index >= count;
        seat.classList.toggle("solo-seat", index >= people && index < count);
      });
      if (hint) hint.hidden = people !== 1;
    }
    players.addEventListener("change", update);
    if (solo) solo.addEventListener("change", update);
    update();
    // A link to a house rule opens the folded house rules first.
    document.querySelectorAll('a[href^="#rule-"]').forEach(function (link) {
      link.addEventListener("click", function () {
        const target = document.getElementById(link.getAttribute("href").slice(1));
        const folded = target && target.closest("details");
        if (folded) folded.open = true;
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
