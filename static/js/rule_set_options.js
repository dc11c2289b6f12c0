// The tournament form shows only the options of the rule set chosen above.
(function () {
  const select = document.getElementById("id_rule_set");
  const groups = document.querySelectorAll(".option-group");
  function show() { groups.forEach(g => { g.hidden = g.dataset.ruleSet !== select.value; }); }
  if (select) { select.addEventListener("change", show); show(); }
})();
