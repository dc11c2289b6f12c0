/* The table link's entry without network (issue 24; docs/live.md, "Entry offline").
   The page installs the service worker (static/js/sheet_sw.js) and links its manifest. With
   the network gone, or while deals wait, a saved deal goes into the outbox
   (static/js/outbox_store.js) with a new Idempotency-Key and its deal number, shows on the
   sheet as a waiting row, and the form moves on to the next deal. The outbox is sent
   (static/js/outbox_send.js) when the network is back, every 20 s and at page load; a deal
   stored leaves it and the sheet is read again; a refusal stays on its deal, with the
   reason, to be corrected in the form or discarded. Data: the JSON blocks "sheet-offline"
   (tournament/views/sheets/offline.py) and "skat-rules" (static/js/skat_value.js). */
(function () {
  "use strict";
  var block = document.getElementById("sheet-offline");
  if (!block || !window.SheetOutbox) return;
  var sheet = JSON.parse(block.textContent);
  var rulesBlock = document.getElementById("skat-rules");
  var rules = rulesBlock && window.SkatValue ? JSON.parse(rulesBlock.textContent) : null;
  var outbox = window.SheetOutbox;
  var token = sheet.token;
  var status = document.getElementById("outbox-status");
  var form = document.querySelector("#entry form.deal-form");
  var section = form ? form.closest("section") : null;
  var SEATS = ["declarer", "loser", "contra_by", "revoked_by"];
  var RETRY_MS = 20000;
  var entries = [];  // the outbox as last read
  var previews = {};  // each entry's value preview, by key
  var editing = null;  // the key of the refused deal being corrected in the form
  var syncing = null;
  var dirty = false;  // something typed into the form since it was last cleared
  var sender = outbox.sender({api: sheet.api, token: token, staffName: sheet.staff_name,
                              flags: rules ? rules.flags : null});

  function say(text, values) { return interpolate(text, values || {}, true); }

  /* ---- installable: the manifest and the service worker ---------------------------- */

  function installable() {
    var link = document.createElement("link");
    link.rel = "manifest";
    link.href = sheet.manifest;
    document.head.appendChild(link);
    if (!("serviceWorker" in navigator)) return;
    var container = navigator.serviceWorker;
    container.addEventListener("message", function (event) {
      if (event.data && event.data.type === "kept") {
        document.documentElement.dataset.offlineReady = "1";
      }
    });
    container.startMessages();
    container.register(sheet.worker, {scope: sheet.scope}).catch(function () {
      /* no worker (a private window, plain http): the outbox still keeps deals */
    });
    container.ready.then(function (registration) {
      var urls = [location.pathname];
      document.querySelectorAll("script[src]").forEach(function (s) { urls.push(s.src); });
      document.querySelectorAll('link[rel="stylesheet"], link[rel="icon"], link[rel="manifest"]')
        .forEach(function (l) { urls.push(l.href); });
      (container.controller || registration.active).postMessage({type: "keep", urls: urls});
    });
  }

  /* ---- the form: which deal it is for ------------------------------------------------ */

  function queueing() { return !navigator.onLine || entries.length > 0 || editing !== null; }

  /* The first deal neither on the sheet nor waiting: after the last waiting one, or the
     one missing before a waiting one (a discarded deal, to be entered again). */
  function nextNumber() {
    var number = sheet.next;
    var taken = {};
    entries.forEach(function (e) { taken[e.number] = true; });
    while (taken[number]) number++;
    return number;
  }

  /* The missing deal, when deals after it wait (they are sent once it is entered), or 0. */
  function gap() {
    var number = nextNumber();
    return entries.some(function (e) { return e.number > number; }) ? number : 0;
  }

  /* each seat's total at the end of the sheet, with the waiting deals but ``without`` */
  function totalsWithout(without) {
    if (!sheet.totals) return null;
    var totals = sheet.totals.slice();
    entries.forEach(function (e) {
      var shown = previews[e.key];
      if (e.key === without || e.state === "refused" || !shown || !shown.ok) return;
      Object.keys(shown.entries || {}).forEach(function (seat) {
        totals[Number(seat) - 1] += shown.entries[seat];
      });
    });
    return totals;
  }

  function tableFor(number, without) {
    var plan = sheet.deals[String(number)] || {};
    return {seats: sheet.seats, dealer: plan.dealer_seat, number: number,
            totals: totalsWithout(without), hide_totals: sheet.hide_totals,
            deck: plan.deck === undefined ? null : plan.deck};
  }

  function seatOptions(select, seats) {
    var kept = select.value;
    var blank = select.options[0] && select.options[0].value === "" ? select.options[0] : null;
    select.textContent = "";
    if (blank) select.appendChild(blank);
    seats.forEach(function (pair) {
      var option = document.createElement("option");
      option.value = String(pair[0]);
      option.textContent = pair[1];
      select.appendChild(option);
    });
    select.value = seats.some(function (p) { return String(p[0]) === kept; }) ? kept : "";
  }

  function formFor(number) {
    if (!form) return;
    var plan = sheet.deals[String(number)];
    section.hidden = !plan;  // every deal entered: what waits is sent, then submitted
    if (!plan) return;
    form.elements.number.value = String(number);
    var heading = section.querySelector("h2");
    heading.textContent = plan.heading + " ";
    var small = document.createElement("small");
    small.textContent = plan.dealer;
    heading.appendChild(small);
    if (editing !== null) {
      var note = document.createElement("span");
      note.className = "outbox-editing";
      note.textContent = " " + gettext("(correcting the refused deal)");
      heading.appendChild(note);
    }
    SEATS.forEach(function (name) {
      var select = form.elements[name];
      if (select && select.tagName === "SELECT") seatOptions(select, plan.seats);
    });
    if (form.elements.deck && plan.deck) form.elements.deck.value = String(plan.deck);
    form.dataset.skatTable = JSON.stringify(tableFor(number, editing));
    form.dataset.offline = queueing() ? "1" : "";
  }

  function clearForm() {
    var name = form.elements.scorekeeper ? form.elements.scorekeeper.value : null;
    form.reset();
    if (name !== null) form.elements.scorekeeper.value = name;
    dirty = false;
    form.dispatchEvent(new CustomEvent("deal:reset"));
  }

  function fill(fields) {
    clearForm();
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in fields) && el.type !== "checkbox") return;
      if (el.type === "checkbox") el.checked = el.name in fields;
      else if (el.type !== "hidden") el.value = fields[el.name];
    });
    form.elements.game.dispatchEvent(new Event("change", {bubbles: true}));
  }

  /* ---- the rows of the sheet ---------------------------------------------------------- */

  function cell(row, text, css) {
    var td = document.createElement("td");
    if (css) td.className = css;
    td.textContent = text === null || text === undefined ? "" : String(text);
    row.appendChild(td);
    return td;
  }

  function gameWords(entry, shown) {
    if (shown && shown.ok) return shown.text;
    var option = form && form.elements.game ?
      form.elements.game.querySelector('option[value="' + entry.fields.game + '"]') : null;
    return option ? option.textContent : entry.fields.game;
  }

  function seatName(entry) {
    var seat = entry.fields.declarer || entry.fields.loser;
    var plan = sheet.deals[String(entry.number)];
    var found = plan && plan.seats.filter(function (p) { return String(p[0]) === seat; })[0];
    return found ? found[1] : (seat || "");
  }

  function refusalRow(entry, columns) {
    var row = document.createElement("tr");
    row.className = "outbox-note";
    row.dataset.outbox = entry.key;
    var td = cell(row, "", "");
    td.colSpan = columns;
    var reason = document.createElement("p");
    reason.className = "error";
    reason.textContent = say(gettext("Deal %(number)s was not stored: %(reason)s"),
                             {number: entry.number, reason: entry.reason});
    td.appendChild(reason);
    Object.keys(entry.errors || {}).forEach(function (field) {
      (entry.errors[field] || []).forEach(function (text) {
        if (text === entry.reason) return;
        var line = document.createElement("p");
        line.className = "error";
        line.textContent = text;
        td.appendChild(line);
      });
    });
    var acts = [["discard", gettext("Discard it")]];
    if (entry.kind === "gone") {
      acts.unshift(["retry", gettext("Try again")]);  // a series published again, a link back
    } else if (entry.kind === "taken") {
      // its number is another device's deal: correcting it there again would be refused
      if (form && sheet.deals[String(sheet.next)]) {
        acts.unshift(["next", say(gettext("Store it as deal %(number)s"),
                                  {number: sheet.next})]);
      }
    } else if (form) {
      acts.unshift(["edit", gettext("Correct it")]);
    }
    acts.forEach(function (b) { td.appendChild(actButton(b[0], b[1])); });
    return row;
  }

  function actButton(act, text) {
    var span = document.createElement("span");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "secondary small";
    button.dataset.act = act;
    button.textContent = text;
    span.appendChild(button);
    span.appendChild(document.createTextNode(" "));
    return span;
  }

  /* Before the first deal waiting after a missing one: enter it, or move them up. */
  function gapRow(number, after, columns) {
    var row = document.createElement("tr");
    row.className = "outbox-note outbox-gap";
    row.dataset.outbox = after.key;
    var td = cell(row, "", "");
    td.colSpan = columns;
    var text = document.createElement("p");
    text.className = "error";
    text.textContent = say(gettext("Deal %(number)s is missing: the deals after it wait " +
                                   "until it is entered in the form below. If there is no " +
                                   "such deal, move them up (deal %(after)s becomes deal " +
                                   "%(number)s)."), {number: number, after: after.number});
    td.appendChild(text);
    td.appendChild(actButton("up", gettext("Move them up")));
    return row;
  }

  function renderRows() {
    var body = document.querySelector("table.sheet tbody");
    if (!body) return;
    body.querySelectorAll(".outbox-row, .outbox-note").forEach(function (r) { r.remove(); });
    var empty = body.querySelector("td.muted[colspan]");
    if (empty) empty.parentNode.hidden = entries.length > 0;
    var columns = 5 + sheet.seats;
    var totals = sheet.totals ? sheet.totals.slice() : null;
    previews = {};
    var missing = gap();
    entries.forEach(function (entry) {
      if (missing && entry.number > missing && !body.querySelector(".outbox-gap")) {
        body.appendChild(gapRow(missing, entry, columns));
      }
      // the form's stamp as the preview reads it: the deal's number, the sheet's version
      var fields = Object.assign({number: String(entry.number), version: String(sheet.version)},
                                 entry.fields);
      var shown = rules ? window.SkatValue.preview(rules, fields,
                                                   tableFor(entry.number, entry.key)) : null;
      previews[entry.key] = shown;
      var ok = shown && shown.ok && shown.value !== null;
      var row = document.createElement("tr");
      row.className = "deal outbox-row " + entry.state;
      row.dataset.outbox = entry.key;
      row.dataset.number = String(entry.number);
      cell(row, entry.number, "num");
      var plan = sheet.deals[String(entry.number)];
      cell(row, plan ? plan.dealer_seat : "", "col-dealer num");
      cell(row, seatName(entry), "col-declarer");
      var game = cell(row, "", "game");
      var tag = document.createElement("span");
      tag.className = "outbox-tag";
      tag.textContent = entry.state === "refused" ? gettext("refused") : gettext("waiting");
      game.appendChild(tag);
      game.appendChild(document.createTextNode(" " + gameWords(entry, shown)));
      cell(row, ok ? (shown.value > 0 ? "+" + shown.value : String(shown.value)) : "",
           "num value" + (ok && shown.value < 0 ? " neg" : ""));
      // the running totals go on through the waiting deals; a refused one adds nothing
      var counted = ok && totals && entry.state !== "refused";
      for (var seat = 1; seat <= sheet.seats; seat++) {
        var moved = counted ? (shown.entries[String(seat)] || 0) : 0;
        if (counted) totals[seat - 1] += moved;
        cell(row, counted ? totals[seat - 1] : "",
             "num" + (moved ? " moved" : "") + (counted && totals[seat - 1] < 0 ? " neg" : ""));
      }
      body.appendChild(row);
      if (entry.state === "refused") body.appendChild(refusalRow(entry, columns));
    });
  }

  function renderStatus() {
    if (!status) return;
    var waiting = entries.length;
    var refused = entries.filter(function (e) { return e.state === "refused"; }).length;
    var parts = [];
    if (waiting) {
      parts.push(say(ngettext("%(count)s deal waiting", "%(count)s deals waiting", waiting),
                     {count: waiting}));
    }
    if (refused) {
      parts.push(say(ngettext("%(count)s refused: see the deal on the sheet",
                              "%(count)s refused: see the deals on the sheet", refused),
                     {count: refused}));
    }
    var missing = gap();
    if (missing) {
      parts.push(say(gettext("deal %(number)s is missing: enter it first"),
                     {number: missing}));
    }
    if (!navigator.onLine) {
      parts.push(gettext("no network: saved deals stay on this phone until it is back"));
    }
    status.textContent = parts.join(" · ");
    status.hidden = parts.length === 0;
    status.classList.toggle("refused", refused > 0 || missing > 0);
  }

  function render() {
    renderRows();
    renderStatus();
    var edited = entries.filter(function (e) { return e.key === editing; })[0];
    formFor(edited ? edited.number : nextNumber());
  }

  /* the page kept by the worker may predate the name typed: the last deal kept has it */
  function keepName() {
    var input = form && form.elements.scorekeeper;
    var last = entries[entries.length - 1];
    if (input && !input.value && last && last.scorekeeper) input.value = last.scorekeeper;
  }

  function readOutbox() {
    return outbox.list(token).then(function (found) {
      entries = found;
      if (!entries.some(function (e) { return e.key === editing; })) editing = null;
      render();
    });
  }

  /* ``work`` under the outbox's lock, one at a time across this link's tabs: sending and
     renumbering never meet. */
  function locked(work) {
    return navigator.locks ? navigator.locks.request("sheet-outbox:" + token, work) : work();
  }

  function sync() {
    if (syncing) return syncing;
    var run = locked(function () { return sender.sendAll(sheet.version); });
    syncing = run.catch(function () { return false; }).then(function (changed) {
      syncing = null;
      return readOutbox().then(function () { if (changed) return refreshSheet(); });
    });
    return syncing;
  }

  /* The sheet as the server has it now: the page again when nothing is being typed, else its
     table and progress line (the form keeps what is typed). */
  async function refreshSheet() {
    if (!dirty || !form) {
      location.reload();
      return;
    }
    var response = await fetch(location.pathname, {credentials: "same-origin"});
    if (!response.ok) return;
    var fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    var data = fresh.getElementById("sheet-offline");
    if (!data || !fresh.querySelector("#entry form.deal-form")) {
      location.reload();  // every deal entered, or the sheet no longer open
      return;
    }
    var table = document.querySelector("table.sheet");
    var freshTable = fresh.querySelector("table.sheet");
    if (table && freshTable) {
      table.closest(".sheet-scroll").replaceWith(freshTable.closest(".sheet-scroll"));
    }
    var progress = document.querySelector(".sheet-progress");
    var freshProgress = fresh.querySelector(".sheet-progress");
    if (progress && freshProgress) progress.replaceWith(freshProgress);
    sheet = JSON.parse(data.textContent);
    form.elements.version.value = String(sheet.version);
    render();
  }

  /* ---- the page's events ----------------------------------------------------------------- */

  function keepDeal(event) {
    if (!queueing()) return;  // sent as ever; the worker keeps it if the network fails
    event.preventDefault();
    var data = new FormData(form);
    var number = Number(form.elements.number.value);
    if (rules) {  // the checks that need no server, on their fields, before it is kept
      var checked = window.SkatValue.preview(rules, data, tableFor(number, editing));
      if (!checked.ok && Object.keys(checked.errors || {}).length) {
        form.dispatchEvent(new CustomEvent("deal:show", {detail: checked}));
        return;
      }
    }
    var entry = outbox.fromForm(data);
    var kept = editing !== null ? outbox.replace(token, editing, entry) : outbox.keep(token, entry);
    editing = null;
    kept.then(function () {
      clearForm();
      return readOutbox();
    }).then(sync);
  }

  function act(event) {
    var button = event.target.closest("button[data-act]");
    var row = button && button.closest("[data-outbox]");
    if (!row) return;
    var entry = entries.filter(function (e) { return e.key === row.dataset.outbox; })[0];
    if (!entry) return;
    if (button.dataset.act === "next" || button.dataset.act === "up") {
      // this deal and those after it, numbered on from the sheet's next deal, under the lock
      locked(function () { return sender.renumber(entry.key, button.dataset.act); })
        .then(readOutbox).then(sync);
      return;
    }
    if (button.dataset.act === "retry") {
      outbox.list(token).then(function (found) {
        var all = found.filter(function (e) { return e.kind === "gone"; });
        return Promise.all(all.map(function (e) {
          return outbox.put(token, e.key, {state: "waiting", kind: "", reason: "", errors: {}});
        }));
      }).then(readOutbox).then(sync);
      return;
    }
    if (button.dataset.act === "discard") {
      if (!window.confirm(say(gettext("Discard deal %(number)s? It is not on the sheet, and it " +
                                      "will not be sent."), {number: entry.number}))) return;
      locked(function () { return outbox.drop(token, entry.key); }).then(function () {
        if (editing === entry.key) {
          editing = null;
          clearForm();
        }
        return readOutbox();
      }).then(sync);
      return;
    }
    editing = entry.key;
    formFor(entry.number);  // its seats first: a four-table's dealer sits out
    fill(entry.fields);
    render();
    section.scrollIntoView({block: "start"});
  }

  installable();
  if (!navigator.onLine) {
    // a copy of the page kept by the worker: its messages are an earlier visit's
    document.querySelectorAll("ul.messages").forEach(function (m) { m.remove(); });
  }
  if (form) {
    form.addEventListener("submit", keepDeal);
    form.addEventListener("input", function () { dirty = true; });
  }
  document.addEventListener("click", act);
  // another tab of this table, or the worker, kept or sent a deal: read the outbox again
  outbox.onChange(function (changed) { if (changed === token) readOutbox(); });
  window.addEventListener("online", function () { renderStatus(); sync(); });
  window.addEventListener("offline", function () { render(); });
  setInterval(function () { if (entries.length && navigator.onLine) sync(); }, RETRY_MS);
  readOutbox().then(keepName).then(sync);
})();
