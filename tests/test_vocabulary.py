"""One vocabulary across the apps: each word is defined once, in the engine or a pure module,
and the models' choices, the forms and the pages take it from there."""

import engine
from engine import FLAGS, Revoker, Suit
from scoring import standings
from tournament import demo, models
from tournament.seating import algorithms
from tournament.sheets import forms, page


def test_scoring_system_is_the_engines():
    assert models.ScoringSystem is engine.ScoringSystem
    assert standings.ScoringSystem is engine.ScoringSystem
    field = models.Tournament._meta.get_field("scoring_system")
    assert field.choices == [(s.value, s.label) for s in engine.ScoringSystem]
    assert field.default == "league"


def test_table_policy_is_the_seating_algorithms():
    assert models.TablePolicy is algorithms.TablePolicy
    assert [(p.value, p.label) for p in algorithms.TablePolicy] == [
        ("prefer_four", "As many four-tables as possible"),
        ("three_only", "Three-tables only"),
        ("four_only", "Four-tables only"),
    ]
    field = models.Tournament._meta.get_field("table_policy")
    assert field.choices == [(p.value, p.label) for p in algorithms.TablePolicy]
    assert field.default == "prefer_four"


def test_the_deal_form_has_a_checkbox_for_every_flag_of_the_record():
    assert all(getattr(module, "FLAGS", FLAGS) is FLAGS for module in (forms, page))
    booleans = {name for name, f in forms.DealForm.base_fields.items()
                if f.__class__.__name__ == "BooleanField"}
    assert booleans - {"without"} == set(FLAGS)
    assert set(FLAGS) <= set(page.FIELD_ORDER)


def test_suit_and_revoke_choices_come_from_the_engine():
    trump = forms.DealForm.base_fields["trump"]
    assert [key for key, _ in trump.choices][1:] == ["clubs", "spades", "hearts", "diamonds"]
    assert dict(trump.choices)["hearts"] == "♥ Hearts"
    revoke = forms.DealForm.base_fields["revoke"]
    assert [key for key, _ in revoke.choices] == ["", *Revoker]
    assert dict(revoke.choices)[Revoker.OPPONENT] == Revoker.OPPONENT.label


def test_the_demo_uses_the_engines_words():
    assert sorted(Suit, reverse=True) == demo.SUITS  # clubs first, the engine's own suits
    assert all(isinstance(key, engine.GameKey) for key in demo.GAME_WEIGHTS)


def test_custom_prize_kinds_are_the_prize_modules():
    from scoring.models import CustomPrize
    from scoring.prizes import PrizeKind

    field = CustomPrize._meta.get_field("kind")
    # the places by Seeger-Fabian score are the schedule's, never an extra prize's
    assert field.choices == [(k.name, k.label) for k in PrizeKind if k is not PrizeKind.PLACE]
    assert PrizeKind.LOWEST_POINTS.label == "Lowest Points (booby prize)"


# -- words on pages (issue 12.15) ---------------------------------------------------------------

def _user_facing_strings():
    """Every template line, and every string literal of the apps but docstrings: the words a
    person can meet on a page, in a message or in a form."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for path in sorted(root.glob("templates/**/*.html")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            yield f"{path.relative_to(root)}:{number}", line
    for app in ("engine", "tournament", "scoring", "printing"):
        for path in sorted((root / app).glob("**/*.py")):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text())
            docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                          if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                               ast.AsyncFunctionDef))
                          and node.body and isinstance(node.body[0], ast.Expr)}
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                        and id(node) not in docstrings):
                    yield f"{path.relative_to(root)}:{node.lineno}", node.value


def test_pages_and_messages_say_their_not_his():
    import re

    gendered = re.compile(r"\b(he|his|him|himself|she|her|hers|herself)\b", re.IGNORECASE)
    found = [f"{where}: {text.strip()[:80]}" for where, text in _user_facing_strings()
             if gendered.search(text)]
    assert found == []


def test_a_null_game_keeps_its_rule_sets_name_with_its_flags():
    """The sheet's words start with the engine's name of the game in every rule set (ISkO's
    Hand and Ouvert flags follow the name, they do not replace it)."""
    from engine import GameKind, describe, game_name, rule_sets

    for rules in rule_sets():
        for game in rules.games:
            if game.kind is not GameKind.NULL or game.option:
                continue
            record = {"game": game.key, "tricks": 0}
            if rules.hand_flags:
                record.update(hand=True, ouvert=True)
            assert describe(record, rules).startswith(game_name(rules, game.key)), rules.key


def test_the_player_page_names_each_game_as_the_sheet_does(client, django_user_model, db):
    """One name per game: every deal on a player's page reads as on the score sheet."""
    import re

    from django.urls import reverse

    from scoring.release import services
    from tournament.demo import build_demo_congress
    from tournament.models import Deal

    tournament = build_demo_congress(with_deals=True)
    services.release_series(tournament.series.get(number=1), None)
    texts = set(Deal.objects.filter(table__series__tournament=tournament,
                                    table__series__number=1)
                .values_list("description", flat=True))
    assert any(t.startswith("Nullo") for t in texts)
    for number in range(1, 6):
        page = client.get(reverse("scoring:player", args=[tournament.slug, number]))
        html = page.content.decode()
        games = re.findall(r'<td >(?:\d+ / \d+ / \d+)</td>\s*<td >([^<]+)</td>', html)
        assert games, number
        assert set(games) <= texts, set(games) - texts
