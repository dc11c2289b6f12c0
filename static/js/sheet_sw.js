/* The table links' service worker (issue 24; docs/live.md, "Entry offline"), with Workbox.
   Served by tournament/views/sheets/offline.py at /s/sheet-sw.js after a line that sets
   self.SHEET_SW (the vendored files' addresses); its scope /s/ holds the table links' pages
   and nothing else. It keeps:
     a table link's sheet /s/<token>/     network first, the last copy when the network fails
     the static files, the JS catalog,
     the link's manifest                  the copy at hand, refreshed behind it
   and nothing more: the API, the organizer's pages and every other answer go to the network
   as if it were not there. A new deal's form sent while the network answers nothing is kept
   in the page's outbox (static/js/outbox_store.js) and the sheet's last copy shown. */
/* global SHEET_SW, workbox, importScripts, SheetOutbox */
"use strict";

importScripts(SHEET_SW.workbox_sw);
importScripts.apply(null, SHEET_SW.outbox);
workbox.setConfig({debug: false, modulePathCb: function (name) { return SHEET_SW.workbox[name]; }});

var PAGE = /^\/s\/([^/]+)\/$/;
var MANIFEST = /^\/s\/[^/]+\/manifest\.webmanifest$/;
var NEW_DEAL = /^\/s\/([^/]+)\/deal\/$/;

var pages = new workbox.strategies.NetworkFirst({
  cacheName: "sheet-pages",
  networkTimeoutSeconds: 8,
  plugins: [new workbox.expiration.ExpirationPlugin({maxEntries: 12})]
});
var files = new workbox.strategies.StaleWhileRevalidate({
  cacheName: "sheet-files",
  plugins: [new workbox.expiration.ExpirationPlugin({maxEntries: 60})]
});

function own(url) { return url.origin === self.location.origin; }
function isPage(url) { return own(url) && PAGE.test(url.pathname); }
function isFile(url) {
  return own(url) && (url.pathname.indexOf(SHEET_SW.static) === 0 ||
                      url.pathname === SHEET_SW.catalog || MANIFEST.test(url.pathname));
}

function withTimeout(promise, seconds) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, seconds * 1000);
    promise.then(function (answer) { clearTimeout(timer); resolve(answer); },
                 function (error) { clearTimeout(timer); reject(error); });
  });
}

/* A new deal's form posted without an answer: into the outbox, and the sheet shown (its last
   copy), where the deal waits. A server that stored it after all finds the deal's number
   taken when the outbox sends it, and the outbox sees the same deal there (outbox.js). */
function keepUnsent(options) {
  var request = options.request;
  var copy = request.clone();
  var token = NEW_DEAL.exec(new URL(request.url).pathname)[1];
  return withTimeout(fetch(request), SHEET_SW.post_timeout).catch(function () {
    return copy.formData().then(function (data) {
      return SheetOutbox.keep(token, SheetOutbox.fromForm(data));
    }).then(function () {
      return Response.redirect(SHEET_SW.scope + token + "/", 303);
    });
  });
}

var router = new workbox.routing.Router();
router.registerRoute(new workbox.routing.Route(function (o) { return isPage(o.url); }, pages));
router.registerRoute(new workbox.routing.Route(function (o) { return isFile(o.url); }, files));
router.registerRoute(new workbox.routing.Route(function (o) {
  return own(o.url) && NEW_DEAL.test(o.url.pathname);
}, {handle: keepUnsent}, "POST"));
router.addFetchListener();

/* The page asks, once it is controlled, for itself and its files to be kept: the first visit
   loaded them before this worker ran. What is kept already is left to the routes above. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep") return;
  var kept = Promise.all((data.urls || []).map(function (href) {
    var url = new URL(href, self.location.href);
    var strategy = isPage(url) ? pages : (isFile(url) ? files : null);
    if (!strategy) return null;
    return caches.match(url.href).then(function (found) {
      return found || strategy.handle({event: event, request: new Request(url.href)});
    }).catch(function () { return null; });
  })).then(function () {
    if (event.source) event.source.postMessage({type: "kept"});
  });
  event.waitUntil(kept);
});

workbox.core.skipWaiting();
workbox.core.clientsClaim();
