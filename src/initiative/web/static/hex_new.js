// The hex create-table form: show only the seats the chosen number of players uses.
// Without this script every seat is shown and the server ignores the ones not used.
(function () {
  "use strict";

  function setUp() {
    const players = document.getElementById("hex-players");
    if (!players) return;
    function update() {
      const count = Number(players.value);
      document.querySelectorAll("fieldset.seat[data-seat]").forEach(function (seat) {
        seat.hidden = Number(seat.dataset.seat) >= count;
      });
    }
    players.addEventListener("change", update);
    update();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
