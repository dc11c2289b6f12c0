"""The offline value preview (static/js/skat_value.js) against the server's (issue 24, point 1).

One node process for the module: every case goes in on stdin as JSON, every answer comes back
on stdout. The server's answer is the deal preview's own path without a database: the deal
form (``new_deal_form``, ``cards=False``) and ``score_input``, the engine's check and value;
the totals and the Seeger-Fabian foot are the sheet's arithmetic (``preview_totals``,
``engine.seeger_fabian_foot``). The cases come from the engine's enumerations
(tests/tournament/value_cases.py): every rule set, every option set the tournament form
allows, every game, with a spread of inputs. No database is used; the module lives here, not in
tests/engine/, because it drives the deal form (the pure half imports no Django app).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.utils import translation

from engine import EngineError, ScoringSystem, rule_sets, seeger_fabian_foot
from tests.tournament.value_cases import Case, all_cases, option_sets, refusal_cases, tournament
from tournament.deal_words import say_words
from tournament.sheets.entry_forms import new_deal_form, without_matadors
from tournament.sheets.loaders import score_input
from tournament.sheets.offline_rules import offline_rules

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "static" / "js" / "skat_value.js"
NODE = "/usr/bin/node"
# reads {"rules": {id: rules}, "cases": [...], "browser": [...]}; "browser" cases run the
# file as a page loads it (no module, a global gettext that marks what it translated)
RUNNER = r"""
const fs = require("fs"), vm = require("vm");
const file = process.argv[1];
const SkatValue = require(file);
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const page = {self: {gettext: (text) => "[" + text + "]"}};
vm.runInNewContext(fs.readFileSync(file, "utf8"), page);
const run = (library, c) => library.preview(job.rules[c.rules], c.fields, c.table);
process.stdout.write(JSON.stringify({
  cases: job.cases.map((c) => run(SkatValue, c)),
  browser: job.browser.map((c) => run(page.self.SkatValue, c)),
  exported: Object.keys(SkatValue),
}));
"""


def run_node(job: dict) -> dict:
    if not os.access(NODE, os.X_OK):
        pytest.fail(f"{NODE} is missing: the offline preview's parity test needs node "
                    "(Debian's nodejs, `apt-get install nodejs`); it is never skipped.")
    done = subprocess.run([NODE, "-e", RUNNER, str(SCRIPT)], input=json.dumps(job),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def rules_of(case: Case) -> dict:
    with translation.override(case.language):
        return offline_rules(tournament(case.rules, case.options, case.system))


def server_preview(case: Case) -> dict:
    """What the server's deal preview answers for ``case``, its words in the case's
    language (tournament/views/sheets/entry.py ``deal_preview``, without the sheet's rows)."""
    with translation.override(case.language):
        form = new_deal_form(case.info, case.number, case.fields, cards=False)
        scored = None
        if form.is_valid():
            try:
                scored = score_input(case.info, case.number, form.input)
            except EngineError as exc:
                form.refuse(exc)
        if scored is None:
            return {"ok": False, "errors": sorted(n for n in form.errors if n != "__all__"),
                    "non_field": bool(form.non_field_errors())}
        if form.matadors_pending:
            return {"ok": True, "number": case.number,
                    "text": without_matadors(scored.words), "value": None,
                    "entries": {}, "totals": None, "totals_after": None}
        text = say_words(scored.words)
    entries = {str(seat): points for seat, points in scored.entries.items()}
    moved = [scored.entries.get(seat, 0) for seat in range(1, case.info.size + 1)]
    table = case.table
    totals = after = None
    if "totals" in table and not table.get("hide_totals"):
        totals = [t + m for t, m in zip(table["totals"], moved, strict=True)]
        after = [t + m for t, m in zip(table.get("before", table["totals"]), moved,
                                       strict=True)]
    return {"ok": True, "number": case.number, "text": text, "value": scored.outcome.value,
            "outcome": scored.outcome.as_dict(), "entries": entries, "score": entries,
            "totals": totals, "totals_after": after,
            "seeger_fabian": seeger_fabian(case, form.input.declarer, scored)}


def seeger_fabian(case: Case, declarer: int | None, scored) -> dict | None:
    """Each seat's Seeger-Fabian score from this deal alone: the foot is a sum over deals."""
    if not ScoringSystem(case.system).sheet_foot:
        return None
    won = scored.outcome.won
    return {str(seat): seeger_fabian_foot(
        scored.entries.get(seat, 0), won=int(declarer == seat and won),
        lost=int(declarer == seat and not won),
        others_lost=int(declarer is not None and declarer != seat and not won),
        table_size=case.info.size).score for seat in range(1, case.info.size + 1)}


def as_server(result: dict) -> dict:
    """The JavaScript's answer in the shape ``server_preview`` gives."""
    if not result["ok"]:
        return {"ok": False, "errors": sorted(result["errors"]),
                "non_field": bool(result["non_field"])}
    if result["value"] is None:
        return {key: result[key] for key in ("ok", "number", "text", "value", "entries",
                                             "totals", "totals_after")}
    return {key: result[key] for key in ("ok", "number", "text", "value", "outcome", "entries",
                                         "score", "totals", "totals_after", "seeger_fabian")}


@pytest.fixture(scope="module")
def ran():
    """Every case, the server's answer and the JavaScript's, from one node process."""
    cases = all_cases()
    refusals = refusal_cases()
    rules: dict[str, dict] = {}
    for case in [*cases, *refusals]:
        if case.rules_id not in rules:
            rules[case.rules_id] = rules_of(case)
    job = {"rules": rules,
           "cases": [c.job() for c in [*cases, *refusals]],
           "browser": [c.job() for c in refusals]}
    answers = run_node(job)
    return {"cases": cases, "refusals": refusals, "rules": rules,
            "js": answers["cases"][:len(cases)], "js_refusals": answers["cases"][len(cases):],
            "browser": answers["browser"], "exported": answers["exported"]}


def _pairs() -> list[tuple[str, str]]:
    """Every (rule set, game) the engine knows: each game of a rule set under any option."""
    return sorted({(r.key, g.key) for r in rule_sets() for options in option_sets(r)
                   for g in r.enabled_games(options)})


@pytest.mark.parametrize(("rule_set", "game"), _pairs(), ids=lambda v: v)
def test_the_script_previews_every_deal_as_the_server(ran, rule_set, game):
    mine = [(case, js) for case, js in zip(ran["cases"], ran["js"], strict=True)
            if case.rules == rule_set and case.game == game]
    said = Counter("refused" if not js["ok"] else "pending" if js["value"] is None else
                   "won" if js["outcome"]["won"] else "lost" for _, js in mine)
    assert len(mine) >= 40 and said["refused"] and said["lost"] >= 10, said  # a spread
    if game not in ("ramsch", "passed"):
        assert said["won"] >= 10, said
    wrong = [(case.fields, case.table, server, as_server(js))
             for case, js in mine if (server := server_preview(case)) != as_server(js)]
    assert wrong == [], f"{len(wrong)} of {len(mine)} differ, the first: {wrong[0]}"


def test_the_cases_reach_every_value_of_the_spread(ran):
    """Won and lost, every ladder's contingencies, refusals: what the parity covers."""
    answers = [js for js in ran["js"] if js["ok"] and js["outcome"]]
    outcome = Counter(key for js in answers for key in ("schneider", "schwarz", "overbid",
                                                        "contra_value", "revoke_value")
                      if js["outcome"].get(key) not in (None, False))
    assert all(outcome[key] >= 50 for key in ("schneider", "schwarz", "overbid",
                                              "contra_value", "revoke_value")), outcome
    refused = Counter(field for js in ran["js"] if not js["ok"] for field in js["errors"])
    for field in ("game", "declarer", "matadors", "card_points", "tricks", "trump", "bid",
                  "schneider_announced", "contra_by", "revoked_by", "loser", "revoke", "deck"):
        assert refused[field] >= 5, (field, refused)
    assert sum(1 for js in ran["js"] if js["ok"] and js["value"] is None) >= 50  # comparative
    assert len(ran["cases"]) >= 10000


def test_a_refusal_names_its_field_with_its_label(ran):
    for case, js in zip(ran["refusals"], ran["js_refusals"], strict=True):
        assert not js["ok"], case.fields
        assert list(js["errors"]) == [case.field], (case.fields, js)
        label = ran["rules"][case.rules_id]["labels"][case.field]
        assert js["errors"][case.field][0].startswith(f"{label}: "), js
        assert server_preview(case)["errors"] == [case.field]  # the server says the same


def test_without_node_the_parity_test_fails_and_says_why(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "NODE", "/nowhere/node")
    with pytest.raises(pytest.fail.Exception, match="nodejs"):
        run_node({"rules": {}, "cases": [], "browser": []})


def test_in_a_page_the_messages_go_through_gettext(ran):
    """Loaded as a page loads it (no module): self.SkatValue, and Django's gettext()."""
    assert ran["exported"] == ["preview"]
    for case, js in zip(ran["refusals"], ran["browser"], strict=True):
        message = js["errors"][case.field][0]
        label = ran["rules"][case.rules_id]["labels"][case.field]
        assert message.startswith(f"[{label}: [") and message.endswith("]]"), message


@pytest.mark.parametrize("rule_set", [r.key for r in rule_sets()])
def test_offline_rules_are_json_for_every_option_set_the_form_allows(rule_set):
    rules = next(r for r in rule_sets() if r.key == rule_set)
    for options in option_sets(rules):
        for system in ScoringSystem:
            for language in ("en", "de"):
                with translation.override(language):
                    made = offline_rules(tournament(rule_set, options, system.value))
                assert json.loads(json.dumps(made)) == made
                assert made["options"] == options
                assert [g["key"] for g in made["games"]] == [
                    g.key for g in rules.enabled_games(options)]


def test_offline_rules_speak_the_page_language():
    with translation.override("de"):
        made = offline_rules(tournament("nasl-1908", {}, "seeger-fabian"))
    solo = next(g for g in made["games"] if g["key"] == "solo")
    assert solo["name"]["hearts"] != "Heart Solo" and made["words"]["won"] != "won"
    assert made["labels"]["card_points"] != "Card points"
