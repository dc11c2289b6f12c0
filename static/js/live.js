/* Pages that update themselves while the room plays (docs/live.md, "Live pages").

   The contract, for every page that loads this file:
   * A changing part of the page is an element with `data-live` and an `id`. It is polled at
     `data-live-url` (default: the page's own address, query string included, so a table's
     sorting and paging stay) every `data-live-every` seconds (default 10; fractions allowed).
     Both are read from the element or its nearest ancestor that has them (e.g. <main>);
     `data-live-every` else from the page's `[data-live-stamp]`.
   * Each poll sends `If-None-Match` with the last ETag, and `X-Live: 1` (only a poll is
     answered 304: a reload gets the page, with any message of the visitor's). A 304 only says "still current"; a
     200 is parsed (DOMParser) and each region is replaced by the element of the same id in
     the answer (a region the answer lacks stays as it is).
   * `[data-live-stamp]` shows "updated 12 s ago": the time since the last answer that
     confirmed the page is current, or "not updated for 2 min — no connection" after a failed
     poll. `data-live-etag` on it (or on a region) is the ETag of the page as served, so the
     first poll of an unchanged page is a 304 too.
   * After regions were replaced, `live:updated` is fired on document, its detail
     {url, regions: [ids]}; after every confirming answer (200 or 304), `live:checked`.
   * Polling pauses while the tab is hidden and resumes at once when it is shown; after a
     failed poll it waits twice as long each time (at most 5 minutes, or the server's
     Retry-After), and the usual interval again after the next answer.
   gettext and interpolate: Django's JavaScript catalog, loaded before this file. */
(function () {
  "use strict";
  var DEFAULT_EVERY = 10;
  var SHORTEST = 0.2;
  var LONGEST_WAIT = 300;

  // the page's catalog (/jsi18n/), or the English words where it did not load
  var gettext = typeof window.gettext === "function" ? window.gettext
    : function (text) { return text; };
  function fill(format, values) {
    return typeof interpolate === "function" ? interpolate(format, values, true)
      : format.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  function pageAddress() { return window.location.href.split("#")[0]; }

  function addressOf(region) {
    var holder = region.closest("[data-live-url]");
    var url = holder ? holder.getAttribute("data-live-url") : "";
    return url ? new URL(url, window.location.href).href : pageAddress();
  }

  function everyOf(region) {
    var holder = region.closest("[data-live-every]") ||
      document.querySelector("[data-live-stamp][data-live-every]");
    var seconds = holder ? parseFloat(holder.getAttribute("data-live-every")) : NaN;
    return isFinite(seconds) && seconds > 0 ? Math.max(SHORTEST, seconds) : DEFAULT_EVERY;
  }

  function firstEtag() {
    var marked = document.querySelector("[data-live-stamp][data-live-etag], [data-live][data-live-etag]");
    return marked ? marked.getAttribute("data-live-etag") : "";
  }

  /* One poller per address: the regions it feeds, its ETag, its timer. */
  function Poller(url, every) {
    this.url = url;
    this.every = every;
    this.etag = url === pageAddress() ? firstEtag() : "";
    this.confirmed = Date.now();  // the page as served was current when it was served
    this.failed = null;  // why the last poll failed, or null
    this.wait = every;
    this.timer = null;
    this.busy = false;
  }

  Poller.prototype.schedule = function (seconds) {
    var self = this;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(function () { self.poll(); }, seconds * 1000);
  };

  Poller.prototype.stop = function () { window.clearTimeout(this.timer); this.timer = null; };

  Poller.prototype.poll = function () {
    var self = this;
    if (this.busy || document.hidden) return;
    this.busy = true;
    var headers = {"X-Live": "1"};
    if (this.etag) headers["If-None-Match"] = this.etag;
    fetch(this.url, {headers: headers, credentials: "same-origin", cache: "no-store",
                     redirect: "follow"})
      .then(function (response) {
        if (response.status === 304) return self.succeeded(null, response);
        if (response.status !== 200 || response.redirected) {
          var retry = parseInt(response.headers.get("Retry-After") || "", 10);
          self.fail(response.status === 429 || response.status === 503 ? "busy" : "answer",
                    isFinite(retry) ? retry : 0);
          return null;
        }
        return response.text().then(function (text) { self.succeeded(text, response); });
      })
      .catch(function () { self.fail("connection", 0); })
      .then(function () {
        self.busy = false;
        stamp();
        if (!document.hidden) self.schedule(self.wait);
      });
  };

  Poller.prototype.succeeded = function (text, response) {
    this.etag = response.headers.get("ETag") || this.etag;
    this.confirmed = Date.now();
    this.failed = null;
    this.wait = this.every;
    if (text !== null) replace(this.url, text);
    document.dispatchEvent(new CustomEvent("live:checked", {detail: {url: this.url}}));
  };

  /* A server that says when to come back (Retry-After, a 429 or 503) is asked again then,
     not later, yet never sooner than the page's interval: a busy server is not asked more
     often. Without it each failure doubles the wait. */
  Poller.prototype.fail = function (why, retryAfter) {
    this.failed = why;
    this.wait = Math.min(LONGEST_WAIT, retryAfter > 0 ? Math.max(retryAfter, this.every)
                                                      : this.wait * 2);
  };

  function replace(url, text) {
    var answer = new DOMParser().parseFromString(text, "text/html");
    var replaced = [];
    document.querySelectorAll("[data-live][id]").forEach(function (region) {
      if (addressOf(region) !== url) return;
      var fresh = answer.getElementById(region.id);
      if (!fresh || !fresh.hasAttribute("data-live")) return;
      region.replaceWith(document.importNode(fresh, true));
      replaced.push(region.id);
    });
    if (replaced.length) {
      document.dispatchEvent(new CustomEvent("live:updated",
                                             {detail: {url: url, regions: replaced}}));
    }
  }

  function ago(seconds) {
    if (seconds < 60) return fill(gettext("%(seconds)s s"), {seconds: seconds});
    var minutes = Math.floor(seconds / 60);
    if (minutes < 60) return fill(gettext("%(minutes)s min"), {minutes: minutes});
    return fill(gettext("%(hours)s h"), {hours: Math.floor(minutes / 60)});
  }

  var pollers = [];

  function stamp() {
    if (!pollers.length) return;
    var oldest = pollers[0];
    var failed = null;
    pollers.forEach(function (p) {
      if (p.confirmed < oldest.confirmed) oldest = p;
      failed = failed || p.failed;
    });
    var seconds = Math.max(0, Math.round((Date.now() - oldest.confirmed) / 1000));
    var text;
    if (failed) {
      var reason = {connection: gettext("no connection"), busy: gettext("the server is busy"),
                    answer: gettext("reload the page")}[failed];
      text = fill(gettext("not updated for %(age)s — %(reason)s"), {age: ago(seconds), reason: reason});
    } else if (seconds < 2) {
      text = gettext("updated just now");
    } else {
      text = fill(gettext("updated %(age)s ago"), {age: ago(seconds)});
    }
    document.querySelectorAll("[data-live-stamp]").forEach(function (el) {
      el.textContent = text;
      el.classList.toggle("live-stale", Boolean(failed));
    });
  }

  function start() {
    var byAddress = {};
    document.querySelectorAll("[data-live][id]").forEach(function (region) {
      var url = addressOf(region);
      var every = everyOf(region);
      if (!byAddress[url]) {
        byAddress[url] = new Poller(url, every);
        pollers.push(byAddress[url]);
      } else if (every < byAddress[url].every) {
        byAddress[url].every = byAddress[url].wait = every;
      }
    });
    if (!pollers.length) return;
    pollers.forEach(function (p) { p.schedule(p.every); });
    stamp();
    window.setInterval(stamp, 1000);
    document.addEventListener("visibilitychange", function () {
      pollers.forEach(function (p) {
        if (document.hidden) p.stop(); else p.poll();
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}());
