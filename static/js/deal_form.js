/* The deal entry form: show the fields of the chosen game, preview value and totals live.
   Without JavaScript every field is shown and the server checks the deal on saving.
   Without the server (no network, or deals waiting in the table link's outbox: the form's
   data-offline, set by static/js/outbox.js) the preview is static/js/skat_value.js's, from
   the page's "skat-rules" block and the sheet the form's data-skat-table describes. */
(function () {
  "use strict";
  document.querySelectorAll("form.deal-form").forEach(function (form) {
    var game = form.elements.game;
    if (!game) return;
    var previewBox = form.querySelector(".preview");
    var nonField = form.querySelector(".js-non-field");
    var touched = new Set(["game"]);
    var timer = null;
    var sequence = 0;
    var rulesBlock = document.getElementById("skat-rules");
    var rules = null;

    /* Hidden fields are disabled: the browser neither validates nor sends them. */
    /* Fields that only matter after another answer: who revoked, who said Contra. */
    var needs = {
      revoked_by: function () { return form.elements.revoke && form.elements.revoke.value === "opponent"; },
      contra_by: function () { return form.elements.contra && form.elements.contra.checked; }
    };

    function showFields() {
      var key = game.value;
      form.querySelectorAll("[data-games]").forEach(function (wrapper) {
        var need = needs[wrapper.dataset.field];
        var shown = wrapper.dataset.games.split(" ").indexOf(key) !== -1 && (!need || need());
        wrapper.hidden = !shown;
        wrapper.querySelectorAll("input, select, textarea").forEach(function (el) {
          el.disabled = !shown;
        });
      });
    }

    function clearErrors() {
      form.querySelectorAll(".field-error").forEach(function (el) { el.remove(); });
      form.querySelectorAll(".has-error").forEach(function (el) {
        el.classList.remove("has-error");
      });
      nonField.textContent = "";
    }

    function errorLine(text) {
      var p = document.createElement("p");
      p.className = "error field-error";
      p.textContent = text;
      return p;
    }

    function show(result) {
      clearErrors();
      if (result.ok) {
        previewBox.hidden = false;
        /* comparative trump games: the cards give matadors and value only on saving */
        var pending = result.value === null;
        previewBox.querySelector(".preview-text").textContent =
          pending ? result.text + ". " + result.pending : result.text + ":";
        previewBox.querySelector(".preview-value").textContent = pending ? "" :
          (result.value > 0 ? "+" + result.value : String(result.value));
        var totalsTable = previewBox.querySelector(".preview-totals");
        totalsTable.hidden = !result.totals;
        /* the row of the totals after this deal (a correction, an inserted deal) and the
           row of the totals at the end of the sheet */
        [["after", result.totals_after], ["end", result.totals]].forEach(function (pair) {
          var row = totalsTable.querySelector('[data-totals="' + pair[0] + '"]');
          if (!row) return;
          (pair[1] || []).forEach(function (total, i) {
            var cell = row.querySelector('[data-seat="' + (i + 1) + '"]');
            if (!cell) return;
            cell.textContent = total;
            cell.classList.toggle("moved", String(i + 1) in result.entries);
          });
        });
        return;
      }
      previewBox.hidden = true;
      Object.keys(result.errors || {}).forEach(function (name) {
        if (!touched.has(name)) return;
        var wrapper = form.querySelector('[data-field="' + name + '"]');
        if (!wrapper || wrapper.hidden) return;
        wrapper.classList.add("has-error");
        result.errors[name].forEach(function (text) { wrapper.appendChild(errorLine(text)); });
      });
      (result.non_field || []).forEach(function (text) { nonField.appendChild(errorLine(text)); });
    }

    /* the preview without the server: false where the page has no rules for it */
    function previewHere() {
      if (!window.SkatValue || !rulesBlock) return false;
      rules = rules || JSON.parse(rulesBlock.textContent);
      var table = form.dataset.skatTable ? JSON.parse(form.dataset.skatTable) : {};
      show(window.SkatValue.preview(rules, new FormData(form), table));
      return true;
    }

    function preview() {
      var mine = ++sequence;
      if ((form.dataset.offline || !navigator.onLine) && previewHere()) return;
      var csrf = form.elements.csrfmiddlewaretoken;
      fetch(form.dataset.preview, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        headers: {"X-CSRFToken": csrf ? csrf.value : "", "Accept": "application/json"}
      }).then(function (response) {
        return response.ok ? response.json() : null;
      }).then(function (result) {
        if (result && mine === sequence) show(result);
      }).catch(function () {
        /* no answer: the preview here, if the page has it (a help; saving checks all) */
        if (mine === sequence) previewHere();
      });
    }

    function changed(event) {
      if (event.target.name) touched.add(event.target.name);
      if (event.target === game || event.target.name === "revoke" ||
          event.target.name === "contra") showFields();
      clearTimeout(timer);
      timer = setTimeout(preview, 250);
    }

    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    function touchAll() {
      form.querySelectorAll("[data-field]").forEach(function (w) { touched.add(w.dataset.field); });
    }
    form.addEventListener("submit", touchAll);
    /* the outbox (static/js/outbox.js): its own checks refused the deal, or the form was
       cleared for the next deal */
    form.addEventListener("deal:show", function (event) {
      touchAll();
      show(event.detail);
    });
    form.addEventListener("deal:reset", function () {
      clearTimeout(timer);
      sequence++;
      touched = new Set(["game"]);
      clearErrors();
      previewBox.hidden = true;
      showFields();
    });
    showFields();
    if (form.querySelector(".field-error")) {
      touchAll();  // the server refused the deal: keep its messages, preview the rest
    }
    if (form.dataset.previewNow) preview();
  });
})();
