// The create-table form: show only the seats the chosen mode uses, the players field only
// where the number is a choice (co-op, free-for-all), and name each seat's preset team.
// Without this script every seat is shown and the server ignores the ones not used.
(function () {
  "use strict";

  function setUp() {
    const mode = document.getElementById("mode");
    const players = document.getElementById("players");
    if (!mode || !players) return;
    // seating[mode] = {default: players when not told, presets: {count: [team name of
    // each seat]}} (server/setup.py mode_seating)
    const seating = JSON.parse(mode.dataset.seating);
    const playersRow = players.closest("label");

    function update() {
      const seats = seating[mode.value];
      if (!seats) return;
      const counts = Object.keys(seats.presets).map(Number);
      const low = Math.min.apply(null, counts);
      const high = Math.max.apply(null, counts);
      const choice = low < high;
      playersRow.hidden = !choice;
      players.disabled = !choice;  // neither sent nor checked where the mode fixes it
      players.min = String(low);
      players.max = String(high);
      let count = choice ? Number(players.value) : low;
      if (!counts.includes(count)) count = seats.default;
      const presets = seats.presets[count];
      document.querySelectorAll("fieldset.seat").forEach(function (seat) {
        const i = Number(seat.dataset.seat);
        const used = i < count;
        seat.hidden = !used;
        seat.disabled = !used;  // unused seats are not sent at all
        const preset = seat.querySelector("option.preset");
        if (preset && used) preset.textContent = "preset: " + presets[i];
      });
    }

    mode.addEventListener("change", update);
    players.addEventListener("input", update);
    update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
