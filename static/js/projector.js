/* The projector (docs/live.md, "The projector"): one slide at a time, the next after the
   seconds the organizer chose (`data-seconds` on <main>), a thin bar filling with the slide's
   time. → or Page Down: the next slide; ← or Page Up: the previous; the space bar pauses and
   goes on; T switches between the dark and the light theme. "Full screen" uses the Fullscreen
   API and hides while the page is full screen; the mouse pointer hides after a few seconds
   without moving.

   live.js replaces #projector-slides when the room changes and then fires `live:updated`:
   the slide on screen stays (found again by its `data-slide` key), or the one at its place.
   Every word shown is in the page, translated by the server; this file adds none. */
(function () {
  "use strict";
  var IDLE_MS = 3000;
  var main = document.querySelector("main.projector");
  if (!main) return;
  var seconds = parseFloat(main.getAttribute("data-seconds"));
  if (!isFinite(seconds) || seconds <= 0) seconds = 15;
  var bar = document.querySelector("[data-timer]");
  var count = document.querySelector("[data-count]");
  var pausedNote = document.querySelector("[data-paused]");
  var fullButton = document.querySelector("[data-fullscreen]");
  var clock = document.querySelector("[data-clock]");

  var index = 0;
  var key = "";
  var started = 0;  // when the slide on screen appeared (or went on after a pause)
  var spent = 0;  // of its time, before the pause
  var paused = false;
  var frame = null;

  function slides() { return Array.prototype.slice.call(document.querySelectorAll("[data-slide]")); }

  function show(next) {
    var all = slides();
    if (!all.length) return;
    index = ((next % all.length) + all.length) % all.length;
    all.forEach(function (slide, i) { slide.hidden = i !== index; });
    key = all[index].getAttribute("data-slide");
    if (count) count.textContent = all.length > 1 ? (index + 1) + " / " + all.length : "";
    started = Date.now();
    spent = 0;
    draw();
  }

  function elapsed() { return paused ? spent : spent + (Date.now() - started); }

  function draw() {
    var share = Math.min(1, elapsed() / (seconds * 1000));
    if (bar) bar.style.transform = "scaleX(" + share.toFixed(4) + ")";
  }

  function tick() {
    if (!paused && slides().length > 1 && elapsed() >= seconds * 1000) show(index + 1);
    draw();
    frame = window.requestAnimationFrame(tick);
  }

  function pause(on) {
    if (on === paused) return;
    if (on) spent = elapsed(); else started = Date.now();
    paused = on;
    document.body.classList.toggle("projector-held", paused);
    if (pausedNote) pausedNote.hidden = !paused;
  }

  /* live.js put fresh slides in: keep the one on screen, or the one at its place. */
  document.addEventListener("live:updated", function () {
    var all = slides();
    var found = -1;
    all.forEach(function (slide, i) { if (slide.getAttribute("data-slide") === key) found = i; });
    var keep = spent;
    var since = started;
    show(found >= 0 ? found : Math.min(index, all.length - 1));
    if (found >= 0) { spent = keep; started = since; }  // its time goes on, not from zero
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var k = event.key;
    if (k === "ArrowRight" || k === "PageDown") show(index + 1);
    else if (k === "ArrowLeft" || k === "PageUp") show(index - 1);
    else if (k === " " || k === "Spacebar") pause(!paused);
    else if (k === "t" || k === "T") {
      var light = document.body.classList.contains("projector-light");
      document.body.classList.toggle("projector-light", !light);
      document.body.classList.toggle("projector-dark", light);
    } else return;
    event.preventDefault();
  });

  /* Full screen: the button shows where the browser can, and hides while it is. */
  function fullscreenChanged() {
    if (fullButton) fullButton.hidden = !document.fullscreenEnabled || Boolean(document.fullscreenElement);
  }
  if (fullButton) {
    fullButton.addEventListener("click", function () {
      if (document.documentElement.requestFullscreen) {
        document.documentElement.requestFullscreen().catch(function () { /* refused: stays */ });
      }
    });
    document.addEventListener("fullscreenchange", fullscreenChanged);
    fullscreenChanged();
  }

  /* The pointer hides when the mouse rests (a class, so the CSS decides how). */
  var idle = null;
  function moved() {
    document.body.classList.remove("projector-idle");
    window.clearTimeout(idle);
    idle = window.setTimeout(function () { document.body.classList.add("projector-idle"); }, IDLE_MS);
  }
  document.addEventListener("mousemove", moved);
  moved();

  /* The hall's clock: the PC's time, hours and minutes. */
  function time() {
    if (!clock) return;
    var now = new Date();
    clock.textContent = String(now.getHours()).padStart(2, "0") + ":" +
      String(now.getMinutes()).padStart(2, "0");
  }
  time();
  window.setInterval(time, 1000);

  show(0);
  frame = window.requestAnimationFrame(tick);
}());
