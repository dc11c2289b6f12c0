"""The results cache is keyed on ``RESULTS_RULES_VERSION``: a change to a rule that shapes the
kept results must bump it, or the site would read what the old rules computed. This test
lists those rules and keeps a digest of their code (comments, docstrings and layout aside)
beside the version it was taken at."""

import ast
import hashlib
import inspect
import textwrap

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import scoring.awards.loaders
import scoring.awards.services
import scoring.comparative
import scoring.comparison.loaders
import scoring.comparison.services
import scoring.prizes
import scoring.ranking
import scoring.results.loaders
import scoring.results.scope
import scoring.results.services
import scoring.results.tables
import scoring.standings
import tournament.sheets.foot
import tournament.sheets.sheet
from scoring import cache
from scoring.results import services as results
from tests.scoring.test_views import tied_tournament
from tournament.permissions import counts_results_of

# What shapes the kept standings, prizes and comparisons: the ranking, the standings, the
# prizes and their schedule, the matchpoints, which series count for whom, how a sheet is
# scored, the loaders that read the deals, and the classes the cache keeps.
SHAPES_RESULTS = [
    scoring.ranking,
    scoring.standings,
    scoring.prizes,
    scoring.comparative,
    counts_results_of,
    tournament.sheets.sheet,
    tournament.sheets.foot,
    scoring.results.scope,
    scoring.results.tables,
    scoring.results.loaders,
    scoring.results.services,
    scoring.awards.loaders,
    scoring.awards.services,
    scoring.comparison.loaders,
    scoring.comparison.services,
]

# (RESULTS_RULES_VERSION, the digest of SHAPES_RESULTS taken at it)
TAKEN_AT = (9, "9b3f1ba65d2804cb")


def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return tree


def code_digest(sources: list[str]) -> str:
    """A digest of what the code does: its syntax tree without comments, docstrings and
    layout, so that rewording a comment asks for no bump."""
    digest = hashlib.sha256()
    for source in sources:
        tree = _without_docstrings(ast.parse(textwrap.dedent(source)))
        digest.update(ast.dump(tree).encode())
    return digest.hexdigest()[:16]


def rules_digest() -> str:
    return code_digest([inspect.getsource(rule) for rule in SHAPES_RESULTS])


def test_a_rule_that_shapes_results_changes_only_with_the_version():
    version, digest = cache.RESULTS_RULES_VERSION, rules_digest()
    bumped = version + 1 if version == TAKEN_AT[0] else version
    assert (version, digest) == TAKEN_AT, (
        "A rule that shapes the cached results changed (SHAPES_RESULTS lists them): bump "
        "RESULTS_RULES_VERSION in scoring/cache.py and update this digest: "
        f'TAKEN_AT = ({bumped}, "{digest}")')


def test_the_digest_sees_code_and_not_words():
    rule = "def score(points, won):\n    return points + 50 * won\n"
    same = ('def score(points, won):\n    """The score."""\n    # 50 a game\n'
            "    return points + 50 *  won\n")
    changed = "def score(points, won):\n    return points + 40 * won\n"
    assert code_digest([rule]) == code_digest([same])
    assert code_digest([rule]) != code_digest([changed])


@pytest.mark.django_db
def test_another_rules_version_reads_nothing_kept(monkeypatch, django_assert_max_num_queries):
    tournament = tied_tournament()
    first = results.compute(tournament)
    with django_assert_max_num_queries(1):  # kept: only the version is read
        results.compute(tournament)
    monkeypatch.setattr(cache, "RESULTS_RULES_VERSION", cache.RESULTS_RULES_VERSION + 1)
    cache.forget_recent()
    with CaptureQueriesContext(connection) as computed:
        again = results.compute(tournament)
    assert len(computed) > 1 and again.standings == first.standings
