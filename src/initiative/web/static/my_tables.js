// My tables: every table this browser created or opened a link of, kept in this browser
// alone (localStorage), with its full links, so a lost link is never lost for good.
// A page that gives links carries them as JSON in <div id="my-table" data-entry> (the
// page of links: every seat's, the spectators' and the creator's own; a table page: its
// own seat's; a GM tracker's pages likewise); this script merges them into the list.
// The lobby's #my-tables section lists them, each with its links, Copy and Remove.
(function () {
  "use strict";
  const KEY = "initiative.myTables";
  const MAX = 100;

  function load() {
    try {
      const found = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(found) ? found.filter(function (t) {
        return t && typeof t.id === "string" && Array.isArray(t.seats);
      }) : [];
    } catch (e) {
      return [];
    }
  }

  function save(list) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX)));
    } catch (e) { /* storage full or off: the list stays as it was */ }
  }

  function same(a, b) { return a.kind === b.kind && a.id === b.id; }

  // The table's entry with what `seen` adds: a newer link for a seat replaces the old one
  // (a seat taken again from the lobby), the creator's and spectators' links are kept.
  function merged(old, seen) {
    const seats = old.seats.slice();
    seen.seats.forEach(function (s) {
      const at = seats.findIndex(function (o) { return o.name === s.name; });
      if (at >= 0) seats[at] = s; else seats.push(s);
    });
    return {
      kind: seen.kind, id: seen.id, game: seen.game, title: seen.title, name: seen.name,
      series: seen.series || old.series || "",
      creator: seen.creator || old.creator || "", creator_label: seen.creator_label || "",
      spectator: seen.spectator || old.spectator || "",
      seats: seats, at: Date.now()
    };
  }

  // A rematch keeps its table's links and creator's key: a table of the same series
  // whose creator's link this browser holds gives the rematch its page of links too.
  function withCreator(list, seen) {
    if (seen.kind !== "table" || seen.creator || !seen.series) return seen;
    const held = list.find(function (t) {
      return t.kind === "table" && t.creator && t.id !== seen.id
        && (t.id === seen.series || t.series === seen.series);
    });
    const from = held ? "/t/" + held.id + "/created?" : "";
    if (!held || held.creator.indexOf(from) < 0) return seen;
    return Object.assign({}, seen, {
      creator: held.creator.replace(from, "/t/" + seen.id + "/created?")
    });
  }

  function remember(given) {
    const list = load();
    const seen = withCreator(list, given);
    const at = list.findIndex(function (t) { return same(t, seen); });
    const entry = at >= 0 ? merged(list[at], seen)
      : merged({ seats: [], creator: "", spectator: "" }, seen);
    if (at >= 0) list.splice(at, 1);
    list.unshift(entry);
    save(list);
  }

  function forget(entry) {
    save(load().filter(function (t) { return !same(t, entry); }));
  }

  function el(tag, props, text) {
    const node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) { node.setAttribute(k, props[k]); });
    if (text) node.textContent = text;
    return node;
  }

  // One link, shown as its full address, with its Copy button (static/copy.js).
  function linkItem(id, href, text, label) {
    const li = el("li", {}, text + ": ");
    li.appendChild(el("a", { href: href, id: id, class: "mine-link" }, href));
    li.appendChild(document.createTextNode(" "));
    li.appendChild(el("button", {
      type: "button", class: "copy", "data-copy": id, "aria-label": "Copy the link: " + label
    }, "Copy"));
    return li;
  }

  function row(entry, n, refresh) {
    const li = el("li", { class: "my-table", "data-id": entry.id, "data-game": entry.game || "" });
    li.appendChild(el("strong", {}, entry.name || "A table"));
    li.appendChild(document.createTextNode(" "));
    li.appendChild(el("span", { class: "mode" }, entry.title || ""));
    const links = el("ul", { class: "mine-links" });
    if (entry.creator) {
      const what = entry.creator_label || "Page of links";
      links.appendChild(linkItem("mine-" + n + "-creator", entry.creator, what,
        entry.name + ": " + what));
    }
    entry.seats.forEach(function (s, i) {
      const as = entry.kind === "tracker" ? s.name : "Play as " + s.name;
      links.appendChild(linkItem("mine-" + n + "-" + i, s.link, as,
        entry.name + ": " + s.name));
    });
    if (entry.spectator) {
      links.appendChild(linkItem("mine-" + n + "-spectator", entry.spectator, "Watch",
        entry.name + ": spectators"));
    }
    li.appendChild(links);
    const remove = el("button", { type: "button", class: "remove" }, "Remove");
    remove.appendChild(el("span", { class: "sr-only" }, " " + (entry.name || "this table")
      + " from My tables"));
    remove.addEventListener("click", function () {
      forget(entry);
      refresh("Removed " + (entry.name || "the table") + " from My tables.");
    });
    li.appendChild(remove);
    return li;
  }

  function show(section) {
    const list = section.querySelector("ul.my-tables");
    const empty = section.querySelector(".mine-empty");
    const status = section.querySelector(".mine-status");
    function refresh(said) {
      const entries = load();
      list.replaceChildren.apply(list, entries.map(function (t, n) { return row(t, n, refresh); }));
      empty.hidden = entries.length > 0;
      if (said !== undefined && status) status.textContent = said;
    }
    refresh();
    window.addEventListener("storage", function (event) {
      if (event.key === KEY) refresh();
    });
  }

  const data = document.getElementById("my-table");
  if (data) {
    try { remember(JSON.parse(data.dataset.entry)); } catch (e) { /* not this page's data */ }
  }
  const section = document.getElementById("my-tables");
  if (section) show(section);
})();
