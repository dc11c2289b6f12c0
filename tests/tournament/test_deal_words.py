"""A deal's description in the reader's language (issue 20): ``Deal.description`` keeps the
engine's English, ``Deal.words`` the same parts as msgids (``tournament.words``), written with
every deal, filled in by migration 0021 for the deals stored before, checked by
``manage.py check_deals``, and said by ``say_deal`` wherever a deal shows in words."""

import importlib
import io
import re

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.utils import translation

from engine import evaluate_deal
from engine.describe import english
from engine.words import Phrase
from tests.tournament.test_deal_columns import varied_table
from tests.tournament.test_deals import make_table
from tournament.deal_words import decode_words, encode_words, say_deal, say_words
from tournament.models import Deal
from tournament.sheets import services as deals
from tournament.sheets.entry_forms import without_matadors
from tournament.sheets.loaders import load_sheet

RECORDS = [
    {"game": "solo", "trump": "hearts", "matadors": 2, "card_points": 95, "tricks": 8,
     "schneider_announced": True},
    {"game": "grand", "matadors": -3, "card_points": 50, "bid": 48},
    {"game": "tourne", "trump": "spades", "matadors": -1, "card_points": 55,
     "passt_nicht": True},
    {"game": "null", "tricks": 1},
    {"game": "ramsch", "loser": 2, "jungfer": True},
    {"game": "solo", "trump": "clubs", "matadors": 2, "card_points": 50, "contra": True,
     "recontra": True},
    {"game": "grand", "matadors": 1, "card_points": 80, "revoke": "opponent"},
    {"game": "penalty", "seat": 1, "reason": "misdeal"},
]


@pytest.mark.parametrize("record", RECORDS, ids=[r["game"] for r in RECORDS])
def test_the_words_encode_and_decode_to_themselves(record):
    evaluation = evaluate_deal(record, "nasl-1908", {"contra": True})
    stored = encode_words(evaluation.words)
    assert decode_words(stored) == evaluation.words
    assert english(decode_words(stored)) == evaluation.text
    with translation.override("en"):
        assert say_words(evaluation.words) == say_deal(stored) == evaluation.text
    assert len(stored) < 200  # compact: JSON, its separators without spaces
    assert ", " not in stored.replace("Ramsch, ", "")


def test_a_string_is_shown_as_written():
    stored = encode_words(["Heart Solo with 1, won (as stored)"])
    assert decode_words(stored) == ("Heart Solo with 1, won (as stored)",)
    assert say_deal(stored) == "Heart Solo with 1, won (as stored)"
    assert decode_words("") == () and say_deal("") == ""


def _old_without_matadors(text: str) -> str:
    """The preview's words for a pending deck as they were made from the English."""
    game, *rest = text.split(", ")
    game = re.sub(r" with(out)? \d+$", "", game)
    rest = [part for part in rest
            if part not in ("won", "lost") and not part.startswith("overbid on")]
    return ", ".join([game, *rest])


@pytest.mark.parametrize("record", RECORDS, ids=[r["game"] for r in RECORDS])
def test_the_preview_without_matadors_reads_as_before(record):
    evaluation = evaluate_deal(record, "nasl-1908", {"contra": True})
    with translation.override("en"):
        assert without_matadors(evaluation.words) == _old_without_matadors(evaluation.text)


@pytest.mark.django_db
def test_every_stored_deal_has_its_words_and_their_english_is_its_description():
    table = varied_table()
    info = deals.table_info(table)
    stored = list(table.deals.order_by("number"))
    for deal in stored:
        evaluation = evaluate_deal(deal.record, info.rules, info.options)
        assert deal.words == encode_words(evaluation.words), deal.description
        assert english(decode_words(deal.words)) == deal.description
        assert all(isinstance(part, Phrase) for part in decode_words(deal.words))
    with translation.override("en"):
        rows = [r.text for r in load_sheet(info).rows if r.kind == "deal"]
        assert rows == [d.description for d in stored] == [d.text for d in stored]


def _german_sheet():
    table = varied_table()
    table.refresh_from_db()
    deals.add_penalty(table, 2, "skat_looked", None, "", table.sheet_version, "Anna Sommer")
    return table


@pytest.mark.django_db
def test_a_german_sheet_shows_the_deals_in_german():
    """Needs the German catalog (locale/de) with the engine's msgids: it fails until the
    fragments are merged into it."""
    table = _german_sheet()
    info = deals.table_info(table)
    with translation.override("de"):
        rows = load_sheet(info).rows
    texts = [r.text for r in rows if r.kind == "deal"]
    assert "mit\u00a01" in texts[0] and texts[0].endswith("Schneider, gewonnen"), texts[0]
    assert texts[1].endswith("verloren") and "ohne\u00a01" in texts[1], texts[1]
    assert texts[3] == "Ramsch, Jungfrau"
    assert "Kontra" in texts[4] and "Verstoß" in texts[5]
    parts = {part for text in texts for part in text.split(", ")}
    assert not parts & {"won", "lost", "Contra", "conceded"}
    assert not any(" with " in text or " without " in text for text in texts)
    (penalty,) = [r.text for r in rows if r.kind == "penalty"]
    assert penalty.startswith("Strafe: ")
    # the same words in English for the next reader, and stored in English
    with translation.override("en"):
        english_rows = [r.text for r in load_sheet(info).rows if r.kind == "deal"]
    assert english_rows == [d.description for d in table.deals.order_by("number")]
    assert english_rows[0] == "Heart Solo with 1, Schneider, won"


@pytest.mark.django_db
def test_the_migration_fills_the_words_of_the_deals_stored_before():
    table = varied_table()
    before = {d.pk: d.words for d in table.deals.all()}
    # a deal whose record the engine no longer takes keeps its stored English
    odd = table.deals.get(number=3)
    Deal.objects.filter(pk=odd.pk).update(record={**odd.record, "game": "no-such-game"})
    Deal.objects.filter(table=table).update(words="")
    migration = importlib.import_module("tournament.migrations.0021_deal_words")
    migration.fill_words(apps, None)
    for deal in table.deals.order_by("number"):
        if deal.pk == odd.pk:
            assert decode_words(deal.words) == (deal.description,)
            assert deal.text == deal.description
        else:
            assert deal.words == before[deal.pk], deal.description
            assert deal.words


@pytest.mark.django_db
@pytest.mark.feet_may_differ
def test_check_deals_reports_words_that_are_not_the_records():
    table = varied_table()
    slug = table.series.tournament.slug
    call_command("check_deals", tournament=slug, stdout=io.StringIO())  # all agree
    Deal.objects.filter(table=table, number=2).update(words=encode_words(["Grand, won"]))
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 stored deal"):
        call_command("check_deals", tournament=slug, stdout=out)
    assert f"table {table.number}: Deal 2: stored words “Grand, won”" in out.getvalue()


@pytest.mark.django_db
def test_a_deal_entered_now_is_stored_with_its_words():
    table = make_table()
    info = deals.table_info(table)
    declarer = next(p.position for p in info.players)
    deal = deals.add_deal(table, deals.DealInput(dict(RECORDS[0]), declarer=declarer),
                          table.sheet_version, "test")
    deal.refresh_from_db()
    assert deal.description == "Heart Solo with 2, Schneider announced, Schneider, won"
    assert deal.words == encode_words(evaluate_deal(RECORDS[0]).words)


@pytest.mark.django_db
def test_the_phone_and_the_sheets_messages_read_the_deal_in_the_readers_language(four):
    """Needs the German catalog (the phone's JSON and the message after a deal is saved)."""
    from django.test import Client

    from tests.factories import enter, playing_seat
    from tests.sheets import solo_post, u

    enter(four, 1)
    declarer = Deal.objects.get(table=four, number=1).declarer
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    preview = german.post(u("deal_preview", four.token),
                          solo_post(four, 2, declarer, number=2)).json()
    assert preview["text"] == "Herz-Solo mit\u00a01, Schneider, gewonnen"  # never "mit / 1"
    english_preview = Client(HTTP_ACCEPT_LANGUAGE="en").post(
        u("deal_preview", four.token), solo_post(four, 2, declarer, number=2)).json()
    assert english_preview["text"] == "Heart Solo with 1, Schneider, won"
    saved = german.post(u("deal_add", four.token), solo_post(four, 2, playing_seat(four, 2)),
                        follow=True).content.decode()
    assert "Herz-Solo mit\u00a01, Schneider, gewonnen" in saved
    assert Deal.objects.get(table=four, number=2).description == (
        "Heart Solo with 1, Schneider, won")


@pytest.mark.django_db
def test_the_standings_index_outlives_the_words_column():
    """SQLite builds tournament_deal anew to add ``words`` (0021): the hand-made index of the
    scoring columns (0010) is made again, or every standings sum would read the records."""
    with connection.cursor() as cursor:
        indexes = connection.introspection.get_constraints(cursor, "tournament_deal")
    assert "deal_scoring" in indexes
