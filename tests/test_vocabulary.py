"""One vocabulary across the apps: each word is defined once, in the engine or a pure module,
and the models' choices, the forms and the pages take it from there."""

import engine
from engine import FLAGS, Revoker, Suit
from scoring import standings
from tournament import demo, models
from tournament.seating import algorithms
from tournament.sheets import entry_forms, forms, page


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
    assert all(getattr(module, "FLAGS", FLAGS) is FLAGS for module in (forms, page, entry_forms))
    booleans = {name for name, f in forms.DealForm.base_fields.items()
                if f.__class__.__name__ == "BooleanField"}
    assert booleans - {"without"} == set(FLAGS)
    assert set(FLAGS) <= set(entry_forms.FIELD_ORDER)


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


# -- seat letters, suits and ranks are the engine's (issue 19.4) --------------------------------

SEAT_LETTERS = ("N", "E", "S", "W")
SUIT_WORDS = (("C", "S", "H", "D"), ("♣", "♠", "♥", "♦"), ("clubs", "spades", "hearts", "diamonds"))
RANK_LABELS = ("J", "A", "10", "K", "Q", "9", "8", "7")


def _redeclared(strings):
    """What a literal's strings spell out of the engine's vocabulary, or None: a seat-letter
    string ("NESW", "NES", "ABCD"), three seat letters, three suits (letters, symbols or
    keys), four rank labels, or two suit symbols within one string."""
    strings = [s for s in strings if isinstance(s, str)]
    found = []
    if any(s in ("NES", "NESW", "ABC", "ABCD") for s in strings):
        found.append("seat letters")
    if len(set(strings) & set(SEAT_LETTERS)) >= 3:
        found.append("seat letters")
    if any(len(set(strings) & set(words)) >= 3 for words in SUIT_WORDS) or any(
            len(set(s) & set(SUIT_WORDS[1])) >= 2 for s in strings):
        found.append("suits")
    if len(set(strings) & set(RANK_LABELS)) >= 4:
        found.append("ranks")
    return ", ".join(dict.fromkeys(found)) or None


def _literal_strings(node):
    """The strings of a literal: a constant, or a tuple, list, set or dict of literals."""
    import ast

    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        parts = node.elts
    elif isinstance(node, ast.Dict):
        parts = [*(k for k in node.keys if k is not None), *node.values]
    else:
        return []
    return [s for part in parts for s in _literal_strings(part)]


def vocabulary_literals(source):
    """(line, what) for every literal in ``source`` (docstrings aside) that spells seat letters,
    suits or ranks: the words a module outside the engine must import, not declare."""
    import ast

    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    found = {}
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if isinstance(node, (ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Dict)):
            what = _redeclared(_literal_strings(node))
            if what:
                found.setdefault(node.lineno, what)
    return sorted(found.items())


def test_the_guard_sees_each_kind_of_redeclared_word():
    sample = '''
LETTERS = "NESW"
SEATS = ("N", "E", "S", "W")
SUITS = (("C", "♣", "black"), ("S", "♠", "black"), ("H", "♥", "red"), ("D", "♦", "red"))
RANKS = ("J", "A", "10", "K", "Q", "9", "8", "7")
KEYS: list[str] = ["clubs", "spades", "hearts", "diamonds"]
def f(hands):
    return sorted(hands, key="NESW".index), {"N": 1, "E": 2, "S": 3}
SYMBOLS = "♣♠♥♦"
'''
    assert vocabulary_literals(sample) == [
        (2, "seat letters"), (3, "seat letters"), (4, "suits"), (5, "ranks"), (6, "suits"),
        (8, "seat letters"), (9, "suits"),
    ]
    assert vocabulary_literals('"""NESW, ♣ ♠ ♥ ♦"""\nNAME = "North"\nX = ("N", "S")\n') == []


# Modules that may write the words out, each with its reason.
SPELLS_THE_WORDS_OUT = {
    # run as a script without the project on its path: it posts what a phone posts
    "bench/congress_http.py": "an HTTP client on the standard library alone",
}


def test_no_module_outside_the_engine_declares_seat_letters_suits_or_ranks():
    """Seat letters, suits and ranks are the engine's (engine/seats.py, engine/cards.py): a
    module outside it imports them. Tests may write them out, to check the engine's."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    paths = [path for app in ("tournament", "scoring", "printing", "config", "bench")
             for path in sorted((root / app).glob("**/*.py")) if "migrations" not in path.parts]
    found = [f"{path.relative_to(root)}:{line}: {what}" for path in paths
             if str(path.relative_to(root)) not in SPELLS_THE_WORDS_OUT
             for line, what in vocabulary_literals(path.read_text(encoding="utf-8"))]
    assert found == []
    excused = [str(path.relative_to(root)) for path in paths
               if vocabulary_literals(path.read_text(encoding="utf-8"))]
    assert sorted(SPELLS_THE_WORDS_OUT) == excused  # an excuse no longer needed goes


# -- the place label ("3=") is one function (issue 19.4) ----------------------------------------

def test_every_standing_prints_its_place_with_the_one_label():
    from fractions import Fraction

    from scoring.comparative import ComparativeStanding, LetterStanding
    from scoring.standings import ClubStanding, Standing, TeamStanding, place_label

    assert (place_label(3, True), place_label(3, False)) == ("3=", "3")
    for tied in (True, False):
        standings = [Standing(1, 10, 1, 0, 1, 10, 3, tied),
                     ClubStanding(1, 10, (1,), (1,), 3, tied), TeamStanding("A", 10, (1,), 3, tied),
                     ComparativeStanding(1, 2, Fraction(1), Fraction(50), 3, tied),
                     LetterStanding("N", 1, 2, 10, 3, tied)]
        assert {s.place for s in standings} == {place_label(3, tied)}


def _place_suffixes(source):
    """Lines of f-strings that print a value followed by a lone "=" (a place label built by
    hand; an HTML attribute's ``="…"`` is no place)."""
    import ast

    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.JoinedStr)
            and any(isinstance(a, ast.FormattedValue) and isinstance(b, ast.Constant)
                    and b.value == "="
                    for a, b in zip(node.values, node.values[1:], strict=False))]


def test_no_module_but_the_standings_builds_a_place_label():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    assert _place_suffixes('x = f"{rank}=" if tied else str(rank)\ny = f"{a} = {b}"\n') == [1]
    assert _place_suffixes("""z = f' {name}="{value}"'\n""") == []
    found = [f"{path.relative_to(root)}:{line}"
             for app in ("tournament", "scoring", "printing")
             for path in sorted((root / app).glob("**/*.py"))
             if "migrations" not in path.parts and path != root / "scoring" / "standings.py"
             for line in _place_suffixes(path.read_text(encoding="utf-8"))]
    assert found == []


# -- the rule set travels as an object (issue 19.4) ---------------------------------------------

# Where a rule set's key becomes the rule set, each with its reason; everything else is handed
# the RuleSet (the CLIs, `python -m engine`, parse their --rules inside the engine).
RESOLVES_A_KEY = {
    "tournament/models/events.py": "Tournament.rules: the stored key, read for every layer",
    "tournament/forms.py": "the settings form checks the key a person chose",
    "scoring/standings.py": "a DealResult built without one is in the default rule set",
    "bench/bench_printing.py": "a score sheet without a database, in the default rule set",
    "tournament/audit_words.py": "the audit log names a rule set a change stored by its key",
}


def _app_modules():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for app in ("tournament", "scoring", "printing", "config", "bench"):
        for path in sorted((root / app).glob("**/*.py")):
            if "migrations" not in path.parts:
                yield str(path.relative_to(root)), path.read_text(encoding="utf-8")


def test_a_rule_sets_key_becomes_the_rule_set_only_at_the_edges():
    import ast

    from engine import rule_sets

    keys = {rules.key for rules in rule_sets()}
    resolving, named = set(), []
    for where, source in _app_modules():
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Name) and node.id == "get_rule_set"
                    or isinstance(node, ast.Attribute) and node.attr == "get_rule_set"):
                resolving.add(where)
            if isinstance(node, ast.Constant) and node.value in keys:
                named.append(f"{where}:{node.lineno}: {node.value}")  # DEFAULT_RULE_SET, please
    assert resolving == set(RESOLVES_A_KEY)
    assert named == []


def test_deal_set_of_is_defined_once():
    import ast

    defined = [where for where, source in _app_modules()
               for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.FunctionDef) and node.name == "deal_set_of"]
    assert defined == ["tournament/comparative/services.py"]


# -- which scoring system it is: asked of the ranking table only (issue 19.1) -------------------

SYSTEM_WORDS = {system.value for system in engine.ScoringSystem} | {"matchpoints"}


def system_compares(source: str) -> list[int]:
    """The lines that compare something with a scoring system: ``ScoringSystem.X`` or its
    value as a string, in ``==``, ``!=``, ``is``, ``in`` or a ``match`` case."""
    import ast

    def names_a_system(node: ast.AST) -> bool:
        return any((isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                    and n.value.id == "ScoringSystem")
                   or (isinstance(n, ast.Constant) and n.value in SYSTEM_WORDS)
                   for n in ast.walk(node))

    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and names_a_system(node):
            found.add(node.lineno)
        if isinstance(node, ast.match_case) and names_a_system(node.pattern):
            found.add(node.pattern.lineno)
    return sorted(found)


def test_the_guard_sees_a_compare_with_a_scoring_system():
    sample = '''
if system is ScoringSystem.SEEGER_FABIAN: pass
ok = tournament.scoring_system == "league"
x = s in ("seeger-fabian", "matchpoints")
match system:
    case ScoringSystem.LEAGUE: pass
default = ScoringSystem.LEAGUE.value
'''
    assert system_compares(sample) == [2, 3, 4, 6]


def test_only_the_ranking_table_asks_which_scoring_system_it_is():
    """One table of ranking systems (scoring/ranking.py) says how each system ranks, scores and
    words its pages: nobody else compares with a system."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    paths = [path for app in ("tournament", "scoring", "printing")
             for path in sorted((root / app).glob("**/*.py")) if "migrations" not in path.parts]
    found = [f"{path.relative_to(root)}:{line}" for path in paths
             if path.relative_to(root).as_posix() != "scoring/ranking.py"
             for line in system_compares(path.read_text(encoding="utf-8"))]
    assert found == []
    ranking = (root / "scoring" / "ranking.py").read_text(encoding="utf-8")
    assert "ScoringSystem" in ranking  # the table itself names them
