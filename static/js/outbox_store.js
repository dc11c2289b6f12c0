/* The outbox of a table link's deals (issue 24; docs/live.md, "Entry offline"), in IndexedDB
   through idb-keyval: one list per table link, in the order of the deals' numbers, kept across
   a reload, a closed tab and a phone restart. The page (static/js/outbox.js) and the service
   worker (static/js/sheet_sw.js) both read and write it; every change is one IndexedDB
   transaction (idb-keyval's update), so two tabs never lose each other's deals.

   An entry: {key, number, fields, scorekeeper, state, reason, errors, body, at}
     key        the Idempotency-Key the deal is sent with (a new one for a changed deal)
     number     the deal of the table it is meant to be
     fields     the deal form's fields as strings, as FormData has them
     state      "waiting" or "refused" (then reason and errors say why)
     kind       of a refusal: "taken" (another device entered the deal's number), "gone"
                (the link was replaced), else the engine's or the sheet's
     body       the request once sent: a retry after a lost answer sends it unchanged */
(function (root) {
  "use strict";
  var keyval = root.idbKeyval;
  var store = keyval.createStore("skat-sheets", "outbox");
  // what the form sends besides the deal
  var NOT_THE_DEAL = ["csrfmiddlewaretoken", "entry", "version", "number", "scorekeeper"];

  function uuid() {
    if (root.crypto && typeof root.crypto.randomUUID === "function") {
      return root.crypto.randomUUID();
    }
    var bytes = root.crypto.getRandomValues(new Uint8Array(16)); // a page served over http
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) {
      return (b + 0x100).toString(16).slice(1);
    }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20),
            hex.slice(20)].join("-");
  }

  /* A new entry: the deal form's fields (strings), the deal it is meant to be, who enters. */
  function entry(fields, number, scorekeeper) {
    return {key: uuid(), number: Number(number), fields: fields,
            scorekeeper: scorekeeper || "", state: "waiting", at: Date.now()};
  }

  /* The entry of a deal form's FormData (its number and scorekeeper fields included). */
  function fromForm(data) {
    var fields = {};
    var number = 0;
    var scorekeeper = "";
    data.forEach(function (value, name) {
      if (name === "number") number = value;
      else if (name === "scorekeeper") scorekeeper = String(value);
      else if (NOT_THE_DEAL.indexOf(name) === -1) fields[name] = String(value);
    });
    return entry(fields, number, scorekeeper);
  }

  function list(token) {
    return keyval.get(token, store).then(function (found) { return found || []; });
  }

  // Every tab and the service worker of this site hear each change (two tabs on one table
  // each number the next deal from what the others kept): {token} on "skat-sheets-outbox".
  var channel = typeof BroadcastChannel === "function" ?
    new BroadcastChannel("skat-sheets-outbox") : null;

  function change(token, how) {
    return keyval.update(token, function (found) { return how((found || []).slice()); }, store)
      .then(function () { if (channel) channel.postMessage({token: token}); });
  }

  /* ``heard(token)`` is called when another tab or the worker changed that token's outbox. */
  function onChange(heard) {
    if (channel) channel.addEventListener("message", function (event) {
      if (event.data && event.data.token) heard(event.data.token);
    });
  }

  function byNumber(entries) {
    // stable: deals of one number stay in the order they were kept
    return entries.map(function (e, i) { return [e, i]; }).sort(function (a, b) {
      return a[0].number - b[0].number || a[1] - b[1];
    }).map(function (pair) { return pair[0]; });
  }

  function keep(token, entry) {
    return change(token, function (entries) { return byNumber(entries.concat([entry])); });
  }

  function put(token, key, changes) {
    return change(token, function (entries) {
      return entries.map(function (e) {
        return e.key === key ? Object.assign({}, e, changes) : e;
      });
    });
  }

  function replace(token, key, entry) {
    return change(token, function (entries) {
      return byNumber(entries.map(function (e) { return e.key === key ? entry : e; }));
    });
  }

  /* The entry ``key`` and every one after it numbered anew from ``number`` on, in their
     order: each a new deal (a new key, nothing sent yet, waiting). For a deal whose number
     another device took, and for the deals after a discarded one. */
  function renumber(token, key, number) {
    return change(token, function (entries) {
      var at = entries.map(function (e) { return e.key; }).indexOf(key);
      if (at === -1) return entries;
      return entries.map(function (e, i) {
        if (i < at) return e;
        return Object.assign({}, e, {key: uuid(), number: number + i - at, body: null,
                                     state: "waiting", reason: "", errors: {}, kind: ""});
      });
    });
  }

  function drop(token, key) {
    return change(token, function (entries) {
      return entries.filter(function (e) { return e.key !== key; });
    });
  }

  root.SheetOutbox = {
    uuid: uuid, entry: entry, fromForm: fromForm, list: list, keep: keep, put: put,
    replace: replace, renumber: renumber, drop: drop, onChange: onChange
  };
})(typeof self !== "undefined" ? self : this);
