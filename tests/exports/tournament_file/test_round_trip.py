"""The round trip of docs/tournament-file.md: a tournament written, read into a database that
no longer holds it, and written again gives the same document but for the time it was
written; the imported tournament ranks and awards exactly as the original; what the site keeps
derived (feet, words, scoring columns, seats' columns) is rebuilt, and every foot adds up
(tests/conftest.py checks that after each test)."""

from __future__ import annotations

import json

import pytest

from exports.tournament_file.dump import dumps, tournament_document
from exports.tournament_file.load import read_file
from tests.exports.tournament_file.conftest import results
from tournament.models import AuditAction, AuditEntry, Club, Deal, Player, Table, Tournament

pytestmark = pytest.mark.django_db

# what may differ between two writings of one tournament (docs/tournament-file.md)
UNSTABLE = ("exported_at",)


def stable(document: dict) -> dict:
    return {key: value for key, value in document.items() if key not in UNSTABLE}


def derived(tournament: Tournament) -> list[tuple]:
    """What the site derives from the deals, by place: each deal's words, description, value
    and scoring columns, each table's foot and each seat's column of it."""
    deals = sorted(Deal.objects.filter(table__series__tournament=tournament).values_list(
        "table__series__number", "table__number", "number", "words", "description", "value",
        "game", "trump", "matadors", "won", "card_points", "passt_nicht", "points_1",
        "points_2", "points_3", "points_4"))
    feet = sorted(Table.objects.filter(series__tournament=tournament).values_list(
        "series__number", "number", "deals_played", "points_1", "won_2", "lost_3", "highest_4",
        "solo_1", "tourne_2", "won_games", "substituted"))
    seats = sorted(tournament.series.values_list(
        "number", "seats__table__number", "seats__position", "seats__points", "seats__bonus",
        "seats__others_lost", "seats__highest"))
    return [*deals, *feet, *seats]


@pytest.mark.parametrize("world", ["congress", "comparative"])
def test_written_read_into_an_emptied_database_and_written_again_is_the_same(
        request, world, owner):
    tournament = request.getfixturevalue(world)
    text = dumps(tournament_document(tournament))
    ranked, kept = results(tournament), derived(tournament)
    tournament.delete()  # the database forgets it: its players and clubs too
    Player.objects.all().delete()
    Club.objects.all().delete()

    imported = read_file(text.encode(), owner)

    again = tournament_document(imported.tournament)
    assert stable(again) == stable(json.loads(text))
    assert imported.slug == tournament.slug  # free again
    assert results(imported.tournament) == ranked
    assert derived(imported.tournament) == kept
    assert sorted(imported.new_clubs) == sorted(c["name"] for c in again["clubs"])


def test_an_import_beside_its_original_ranks_the_same_under_a_new_short_name(congress, owner):
    before = Tournament.objects.count()
    imported = read_file(dumps(tournament_document(congress)).encode(), owner)
    assert imported.slug == f"{congress.slug}-2"
    assert Tournament.objects.count() == before + 1
    assert results(imported.tournament) == results(congress)
    assert derived(imported.tournament) == derived(congress)
    assert stable(tournament_document(imported.tournament))["tournament"] == {
        **tournament_document(congress)["tournament"], "slug": f"{congress.slug}-2"}
    assert imported.new_clubs == []  # the clubs of the site, found by name


def test_the_import_makes_new_table_links_and_one_audit_entry(comparative, owner):
    imported = read_file(dumps(tournament_document(comparative)).encode(), owner)
    new = imported.tournament
    old_links = set(Table.objects.filter(series__tournament=comparative)
                    .values_list("token", flat=True))
    new_links = set(Table.objects.filter(series__tournament=new).values_list("token", flat=True))
    assert len(new_links) == 6 and not new_links & old_links
    (entry,) = AuditEntry.objects.filter(tournament=new)
    assert entry.action == AuditAction.TOURNAMENT_IMPORTED
    assert entry.user == owner and entry.subject == new.name
    assert entry.after == {"entries": 18, "series_count": 1, "tables": 6, "deals": 72,
                           "new_clubs": []}
    assert list(new.organizers.all()) == [owner] and new.created_by == owner


def test_a_named_short_name_and_a_taken_one(night, owner):
    text = dumps(tournament_document(night)).encode()
    assert read_file(text, owner, slug="friday").slug == "friday"
    assert read_file(text, owner, slug="friday").slug == "friday-2"
    assert read_file(text, None).slug == "club-night-2"


def test_a_dry_run_saves_nothing_and_says_what_it_would_make(night, owner):
    from tests.exports.tournament_file.conftest import rows

    before = rows()
    imported = read_file(dumps(tournament_document(night)).encode(), owner, dry_run=True)
    assert (imported.slug, imported.entries, imported.deals) == ("club-night-2", 8, 5)
    assert rows() == before


def test_the_congress_file_holds_every_kind_of_row_a_tournament_keeps(congress):
    document = tournament_document(congress)
    first, _, third = document["series"]
    tables = third["tables"]
    assert first["status"] == "released" and third["sits_out"] == [61]
    ended = next(t for t in tables if t["substitutions"])
    assert ended["sheet"]["ended_after"] and ended["sheet"]["status"] == "submitted"
    assert ended["substitutions"][0] | {"reason": "went home", "substitute": 60} == \
        ended["substitutions"][0]
    assert any(p["reason"] == "misdeal" and p["deal"] for t in tables for p in t["penalties"])
    assert document["keep_apart"] == [{"first": 3, "second": 4, "reason": "couple"}]
    assert [t["name"] for t in document["teams"]] == ["Four of Chicago", "Milwaukee Tandem"]
    assert document["lots"] == [{"prize": 8, "winner": 9, "note": "drawn by the director"}]
    assert document["results_settings"]["substitutes"] == "each_own"
    assert document["entries"][0] | {"publication": "pseudonym", "pseudonym": "Grand Hand",
                                     "email": "anna@example.org"} == document["entries"][0]
    assert document["tournament"]["publication"] == "initial"
    assert "token" not in json.dumps(document)  # the table links stay secret
    deal = first["tables"][0]["deals"][0]
    assert {"number", "dealer", "declarer", "game", "outcome", "version"} <= set(deal)


def test_an_anonymized_tournament_travels_with_the_names_it_holds(comparative, owner):
    from tournament.registration.anonymizing import anonymize

    anonymize(comparative, owner)
    comparative.refresh_from_db()
    document = tournament_document(comparative)
    assert document["entries"][0]["first_name"] == ""
    assert document["entries"][0]["last_name"] == "Player 1"
    assert document["tournament"]["anonymized_at"] is not None
    imported = read_file(dumps(document).encode(), owner)
    again = tournament_document(imported.tournament)
    assert stable(again) == stable({**document, "tournament": {
        **document["tournament"], "slug": imported.slug}})
    assert results(imported.tournament) == results(comparative)


def test_the_provisional_standings_switch_travels_and_an_older_file_reads_it_off(congress,
                                                                               owner):
    """Version 3 carries ``provisional_public`` (the public's standings during play); a file
    of version 2 has none and is read with it off; a version-3 file must say it."""
    from exports.tournament_file.document import FileRefused

    congress.provisional_public = True
    congress.save()
    document = tournament_document(congress)
    assert document["version"] == 3 and document["tournament"]["provisional_public"] is True
    congress.delete()
    assert read_file(dumps(document).encode(), owner).tournament.provisional_public is True
    older = json.loads(dumps(document))
    older["version"] = 2
    del older["tournament"]["provisional_public"]
    older["tournament"]["slug"] = "older-file"
    assert read_file(json.dumps(older).encode(), owner).tournament.provisional_public is False
    with pytest.raises(FileRefused) as refused:
        read_file(json.dumps({**older, "version": 3}).encode(), owner)
    assert any(str(p).startswith("tournament.provisional_public")
               for p in refused.value.problems)
