// Narrow the list as players type their names, when every name is on the page: nothing is
// sent anywhere. "kruger" and "krueger" find Krüger (each row carries its name's key, see
// static/js/name_key.js). A list of many pages is searched by the form (Enter, Find).
(function () {
  const input = document.getElementById("where-filter");
  const list = document.getElementById("where");
  if (!input || !list || !list.hasAttribute("data-live")) return;
  const rows = list.querySelectorAll("li");
  input.addEventListener("input", () => {
    const words = nameKey(input.value).split(" ").filter(Boolean);
    rows.forEach(r => {
      r.hidden = words.length > 0 && !words.every(w => r.dataset.key.includes(w));
    });
  });
})();
