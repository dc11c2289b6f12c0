/* Sending a table link's outbox (issue 24; docs/live.md, "Entry offline"): each deal in
   its order through POST /api/tables/<token>/deals (docs/api.md), with its Idempotency-Key,
   up to a refused one. static/js/outbox.js calls SheetOutbox.sender(config).sendAll(version)
   and shows what came of it; what each answer does is the table in docs/live.md. */
(function (root) {
  "use strict";
  var FLAGS = ["schneider_announced", "schwarz_announced", "passt_nicht", "conceded", "hand",
               "ouvert", "contra", "recontra", "jungfer", "all_tricks"];

  function say(text, values) { return interpolate(text, values || {}, true); }

  /* config: {api, token, staffName, flags (the rule set's, else the engine's)} */
  function sender(config) {
    var outbox = root.SheetOutbox;
    var token = config.token;
    var flags = config.flags || FLAGS;

    /* a whole number as Django's IntegerField reads it (" 12 ", "12.0", "1_2"), else the text:
       the API then names the field */
    function whole(text) {
      var match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(text.replace(/\.0*\s*$/, ""));
      if (!match) return text;
      var value = parseInt(match[2].replace(/_/g, ""), 10);
      return match[1] === "-" ? -value : value;
    }

    function seat(text) { return text === undefined || text === "" ? null : whole(text); }

    function given(fields, name) { return fields[name] !== undefined && fields[name] !== ""; }

    /* The API's deal (api/sheet_schemas.py DealIn) from the form's fields, as DealForm.clean
       makes the record: a field the game does not show was not sent (the form disables it). */
    function bodyOf(entry, version) {
      var f = entry.fields;
      var record = {game: f.game};
      if (given(f, "trump")) record.trump = f.trump;
      if (given(f, "matadors")) {
        var matadors = whole(f.matadors);
        record.matadors = f.without && typeof matadors === "number" ? -matadors : matadors;
      }
      ["card_points", "tricks", "bid", "loser"].forEach(function (key) {
        if (given(f, key)) record[key] = whole(f[key]);
      });
      if (given(f, "revoke")) record.revoke = f.revoke;
      flags.forEach(function (flag) { if (flag in f) record[flag] = true; });
      var body = {number: entry.number, sheet_version: version, record: record,
                  declarer: seat(f.declarer), contra_by: record.contra ? seat(f.contra_by) : null,
                  revoked_by: record.revoke === "opponent" ? seat(f.revoked_by) : null,
                  scorekeeper: entry.scorekeeper || config.staffName || ""};
      if (given(f, "deck")) body.deck = whole(f.deck);
      return body;
    }

    function api(method, body, key) {
      var headers = {"Accept": "application/json",
                     "Accept-Language": document.documentElement.lang || "en"};
      if (body) headers["Content-Type"] = "application/json";
      if (key) headers["Idempotency-Key"] = key;
      return fetch(config.api, {method: method, headers: headers, credentials: "same-origin",
                               cache: "no-store", body: body ? JSON.stringify(body) : undefined})
        .then(function (response) {
          return response.json().catch(function () { return {}; }).then(function (data) {
            return {status: response.status, data: data};
          });
        });
    }

    /* The deal on the sheet is this one: a save whose answer was lost, or the same deal
       entered on another phone. */
    function sameDeal(stored, body) {
      if (!stored) return false;
      var mine = Object.keys(body.record);
      var theirs = Object.keys(stored.record).filter(function (k) {
        return k !== "matadors" || "matadors" in body.record;  // a deck's cards count them
      });
      return stored.declarer === body.declarer && stored.contra_by === body.contra_by &&
        stored.revoked_by === body.revoked_by && mine.length === theirs.length &&
        mine.every(function (k) { return stored.record[k] === body.record[k]; });
    }

    function refuse(entry, answer, there) {
      var data = answer.data || {};
      var reason = typeof data.detail === "string" ? data.detail :
        gettext("the server refused it.");
      var kind = answer.status === 404 ? "gone" : "";
      if (there) {  // the deal's number is taken: say by what
        kind = "taken";
        reason = say(gettext("another device entered deal %(number)s meanwhile (%(game)s). " +
                             "Discard this one if that is the deal played; if this one is " +
                             "the deal after it, store it as the next deal."),
                     {number: entry.number, game: there.game});
      }
      return outbox.put(token, entry.key, {state: "refused", reason: reason, kind: kind,
                                           errors: data.errors || {}, at: Date.now()});
    }

    /* The API's own 404 (its JSON says why): the link was replaced by a new draw, or the
       series withdrawn. A proxy's 404 page is no answer of the site's: the deals wait. */
    function gone(answer) {
      return answer.status === 404 && typeof (answer.data || {}).detail === "string";
    }

    /* The link was replaced (a new draw) or the series withdrawn: no deal of this outbox
       can be sent, each says why (the API's words), and may be tried again. */
    async function refuseAll(answer) {
      var waiting = await outbox.list(token);
      for (var i = 0; i < waiting.length; i++) {
        if (waiting[i].state !== "refused") await refuse(waiting[i], answer, null);
      }
    }

    /* One deal: its request as first sent (a lost answer: the same key, the same body),
       "stored", "refused", "gone" (the link no longer works) or "later" (no network, the
       server busy). A 409 is judged by the sheet read afresh, never by the answer alone: a
       409 whose answer was lost comes back unchanged under its key, however old. */
    async function sendOne(entry, version) {
      for (var attempt = 0; attempt < 3; attempt++) {
        var body = entry.body || bodyOf(entry, version);
        if (!entry.body) {
          entry = Object.assign({}, entry, {body: body});
          await outbox.put(token, entry.key, {body: body});
        }
        var answer = await api("POST", body, entry.key);
        var data = answer.data || {};
        if (answer.status === 201) {
          await outbox.drop(token, entry.key);
          return {done: "stored", version: data.sheet_version, next: data.next_deal};
        }
        if (gone(answer)) {
          await refuseAll(answer);
          return {done: "gone"};
        }
        if (answer.status === 409) {
          var now = await api("GET");
          if (gone(now)) {
            await refuseAll(now);
            return {done: "gone"};
          }
          if (now.status !== 200) return {done: "later"};
          var there = now.data.deals.filter(function (d) {
            return d.number === entry.number;
          })[0];
          if (sameDeal(there, body)) {  // stored after all, or typed alike on another phone
            await outbox.drop(token, entry.key);
            return {done: "stored", version: now.data.sheet_version, next: now.data.next_deal};
          }
          if (there) {
            await refuse(entry, answer, there);
            return {done: "refused"};
          }
          if (now.data.next_deal === entry.number &&
              now.data.sheet_version !== body.sheet_version) {
            // a correction elsewhere moved the version; this deal's number is still free:
            // again from the sheet as it is, under a new key (the old one keeps its 409)
            var again = Object.assign({}, entry, {key: outbox.uuid(), body: null});
            await outbox.replace(token, entry.key, again);
            entry = again;
            version = now.data.sheet_version;
            continue;
          }
          if (now.data.next_deal !== null && now.data.next_deal < entry.number) {
            return {done: "later"};  // a deal before it is missing (sendAll's gap)
          }
        }
        if (answer.status === 409 || answer.status === 422) {
          await refuse(entry, answer, null);
          return {done: "refused"};
        }
        return {done: "later"};
      }
      return {done: "later"};
    }

    /* The outbox sent in order, up to a refused deal or a missing one (later ones wait behind
       it): whether the page (``shown``: its sheet's version) should read the sheet again: a
       deal was stored, or refused while the sheet had changed (another device's deal to
       compare). Nothing sent, nothing to read: a page kept by the worker never reloads in a
       loop. */
    /* A change of the outbox by the person at the table ("up": the deals after a missing
       one moved up; "next": a deal whose number was taken stored as the next), numbered from
       the sheet's next deal as the server has it now. Run under the outbox's lock (as
       sendAll), so that it never renumbers a deal being sent; a deal once sent and waiting
       (maybe stored, its answer lost) is never renumbered. Whether anything changed. */
    async function renumber(key, how) {
      var waiting = await outbox.list(token);
      var entry = waiting.filter(function (e) { return e.key === key; })[0];
      if (!entry || (entry.body && entry.state !== "refused")) return false;
      var sheetNow = await api("GET");
      if (sheetNow.status !== 200 || sheetNow.data.next_deal === null) return false;
      var next = sheetNow.data.next_deal;
      if (how === "up" && entry.number <= next) return false;  // the gap was filled meanwhile
      await outbox.renumber(token, key, next);
      return true;
    }

    async function sendAll(shown) {
      var waiting = await outbox.list(token);
      if (!waiting.length || waiting[0].state === "refused") return false;
      var sheetNow = await api("GET");
      if (gone(sheetNow)) {
        await refuseAll(sheetNow);
        return false;
      }
      if (sheetNow.status !== 200) return false;
      var version = sheetNow.data.sheet_version;
      var next = sheetNow.data.next_deal;
      var settled = false;
      for (var i = 0; i < waiting.length && waiting[i].state !== "refused"; i++) {
        // a deal missing before it (one discarded): the form asks for it first
        if (next !== null && waiting[i].number > next) break;
        var sent = await sendOne(waiting[i], version);
        settled = settled || sent.done !== "later";
        if (sent.done !== "stored") break;
        version = sent.version;
        next = sent.next === undefined ? null : sent.next;
      }
      return settled && version !== shown;
    }

    return {sendAll: sendAll, renumber: renumber, bodyOf: bodyOf};
  }

  root.SheetOutbox.sender = sender;
})(typeof self !== "undefined" ? self : this);
