// A large PDF (all sheets, all table cards) takes a while to make: name the job in the link,
// then ask the server every second how far it is and show it beside the links.
// gettext, ngettext and interpolate: Django's JavaScript catalog, loaded before this file.
(function () {
  "use strict";
  function jobName() {
    var bytes = new Uint8Array(8);
    window.crypto.getRandomValues(bytes);
    return Array.from(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function show(box, text, done, total) {
    box.hidden = false;
    box.querySelector(".print-progress-text").textContent = text;
    var bar = box.querySelector("progress");
    if (total) { bar.max = total; bar.value = done; } else { bar.removeAttribute("value"); }
  }
  function watch(box, url, job, started) {
    fetch(url + "?job=" + job, {credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (state) {
        if (state.known && state.finished) {
          show(box, interpolate(ngettext(
            "Ready: %(done)s of %(total)s table. The download starts.",
            "Ready: %(done)s of %(total)s tables. The download starts.", state.total),
            {done: state.total, total: state.total}, true),
               state.total, state.total);
          return;
        }
        if (state.known) {
          show(box, interpolate(ngettext(
            "Making the PDF: %(done)s of %(total)s table…",
            "Making the PDF: %(done)s of %(total)s tables…", state.total),
            {done: state.done, total: state.total}, true),
               state.done, state.total);
        }
        if (Date.now() - started < 15 * 60 * 1000) {
          window.setTimeout(function () { watch(box, url, job, started); }, 1000);
        }
      })
      .catch(function () {
        window.setTimeout(function () { watch(box, url, job, started); }, 2000);
      });
  }
  document.querySelectorAll("a[data-batch]").forEach(function (link) {
    link.addEventListener("click", function () {
      var box = document.getElementById(link.dataset.progressBox);
      var job = jobName();
      var href = link.getAttribute("href").replace(/[?&]job=[^&]*/, "");
      link.setAttribute("href", href + (href.indexOf("?") < 0 ? "?" : "&") + "job=" + job);
      show(box, gettext("Making the PDF…"), 0, 0);
      watch(box, link.dataset.batch, job, Date.now());
    });
  });
})();
