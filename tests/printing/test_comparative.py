"""Comparative Skat's PDFs: hand records and deck labels (the organizer's), the standings with
the book's columns and the travellers (beside their public pages), read back with pypdf.

The room is the comparative pages' (tests/scoring/test_comparative_pages.py): nine players
at three three-tables, three decks, deck 1 played at every table."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader
from pypdf.generic import ContentStream

import engine
from printing import hand_records
from tests.printing.conftest import PRINTED
from tests.scoring.test_comparative_pages import N, S, build, release
from tournament.comparative import page, services
from tournament.models import Deal, Deck, Seat, Series, SeriesStatus

SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RANKS = ("A", "10", "K", "Q", "9", "8", "7")
RED = (0.8, 0.0, 0.0)
BLACK = (0.0, 0.0, 0.0)


@pytest.fixture
def room(db):
    return build()


@pytest.fixture
def boss(django_user_model, room):
    user = django_user_model.objects.create_user("boss")
    room[0].organizers.add(user)
    return user


def pdf_of(client, name, **kwargs) -> PdfReader:
    response = client.get(reverse(f"printing:{name}", kwargs=kwargs))
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(b"".join(response.streaming_content)))


def text(reader: PdfReader) -> str:
    return "\n".join(p.extract_text() for p in reader.pages)


def hand_text(cards) -> str:
    """How a hand record prints the engine's cards: the Jacks (♣ ♠ ♥ ♦), then each suit's
    other cards from the Ace down, suit by suit, the empty suits left out."""
    codes = [c.code for c in cards]
    jacks = [SYMBOLS[s] + "J" for s in "CSHD" if s + "J" in codes]
    suits = [" ".join(r for r in RANKS if s + r in codes) for s in "CSHD"]
    return " ".join(jacks + [s for s in suits if s])


def loose(words: str) -> str:
    """A regex of ``words`` that lets pypdf put any spacing between them."""
    return r"\s*".join(re.escape(w) for w in words.split())


# -- hand records ------------------------------------------------------------------------------


def test_the_hand_records_print_the_engines_deal_of_every_deck(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    words = text(pdf_of(client, "hands_pdf", slug=tournament.slug, number=1))
    dealt = engine.deal_set(f"{tournament.slug}/series-1", 3, 3)
    assert "Comparative Night · Series 1 · hand records" in words
    assert f"dealt from seed {tournament.slug}" in words
    for deck in dealt:
        assert re.search(loose(f"Deck {deck.number}") + r"\s*" + loose(f"dealer {deck.dealer}"),
                         words), deck.number
        for letter, cards in deck.hands.items():
            assert re.search(rf"{letter}\s*" + loose(hand_text(cards)), words), (deck.number,
                                                                                  letter)
        skat = "   ".join(f"{SYMBOLS[c.code[0]]} {c.code[1:]}" for c in deck.skat)
        assert re.search(r"Skat\s*" + loose(skat), words), deck.number


def _font_maps(page) -> dict:
    """Each embedded font's code -> character (its /ToUnicode), to read the content stream."""
    maps = {}
    for name, ref in page["/Resources"]["/Font"].items():
        font = ref.get_object()
        if "/ToUnicode" not in font:
            continue
        cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
        table = {}
        for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
            for src, dst in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
                table[int(src, 16)] = chr(int(dst, 16))
        for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
            for a, b, dst in re.findall(r"<(\w+)>\s*<(\w+)>\s*<(\w+)>", block):
                for i, code in enumerate(range(int(a, 16), int(b, 16) + 1)):
                    table[code] = chr(int(dst, 16) + i)
        maps[name] = table
    return maps


def coloured_strings(reader: PdfReader) -> list[tuple[str, tuple]]:
    """Every string the pages draw, with the fill colour it is drawn in."""
    drawn = []
    for pdf_page in reader.pages:
        maps = _font_maps(pdf_page)
        colour, font = BLACK, {}
        for operands, op in ContentStream(pdf_page.get_contents(), reader).operations:
            if op == b"rg":
                colour = tuple(round(float(x), 2) for x in operands)
            elif op == b"Tf":
                font = maps.get(operands[0], {})
            elif op in (b"Tj", b"TJ"):
                parts = [operands[0]] if op == b"Tj" else [
                    s for s in operands[0] if not isinstance(s, (int, float))]
                for part in parts:
                    raw = part.original_bytes if hasattr(part, "original_bytes") else bytes(part)
                    drawn.append(("".join(font.get(b, "?") for b in raw), colour))
    return drawn


def test_hearts_and_diamonds_are_drawn_red_clubs_and_spades_black(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    drawn = coloured_strings(pdf_of(client, "hands_pdf", slug=tournament.slug, number=1))
    by_symbol: dict[str, set] = {s: set() for s in "♣♠♥♦"}
    for string, colour in drawn:
        for symbol in by_symbol:
            if symbol in string:
                by_symbol[symbol].add(colour)
    assert by_symbol["♥"] == {RED} and by_symbol["♦"] == {RED}
    assert by_symbol["♣"] == {BLACK} and by_symbol["♠"] == {BLACK}
    # the cards themselves stay black: only the symbols are coloured
    assert all(colour == BLACK for string, colour in drawn if "10" in string)


def test_at_a_four_table_the_dealer_holds_no_hand_and_sits_out():
    dealt = engine.deal_set("four/series-1", 4, 4)
    decks = [page.deck_record(Deck(number=d.number, dealer=str(d.dealer),
                                   hands=d.as_json()["hands"], skat=d.as_json()["skat"]))
             for d in dealt]
    out = io.BytesIO()
    hand_records.write_hand_records(out, decks, tournament_name="Vierer-Abend", series=1,
                                    table_size=4, seed="four", printed_at=PRINTED)
    words = text(PdfReader(io.BytesIO(out.getvalue())))
    for deck in dealt:
        assert f"dealer {deck.dealer}, sits out" in words
        assert len(deck.hands) == 3 and str(deck.dealer) not in deck.hands
        for letter, cards in deck.hands.items():
            assert re.search(rf"{letter}\s*" + loose(hand_text(cards)), words)


# -- deck labels -------------------------------------------------------------------------------


def test_deck_labels_name_the_table_each_deck_starts_at(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    reader = pdf_of(client, "deck_labels_pdf", slug=tournament.slug, number=1)
    words = text(reader)
    paths = services.deck_paths(services.room_movement(series, series.tournament.deal_set))
    assert len(paths) == 3
    for path in paths:
        assert re.search(loose(f"Deck {path.deck}") + r"\s*" +
                         loose(f"starts at table {path.tables[0]}"), words), path
    assert "section" not in words  # one section: not worth a word
    assert words.count("Comparative Night") >= 3 + 1  # every label, and the header


def test_each_section_gets_its_own_labels_and_an_unseated_room_a_blank_table():
    decks = [page.DeckRecord(n, "N", (), ()) for n in (1, 2)]
    paths = [services.DeckPath(1, 1, (1, 2)), services.DeckPath(1, 2, (2, 1)),
             services.DeckPath(2, 1, (3, 4)), services.DeckPath(2, 2, (4, 3))]
    labels = hand_records.deck_labels(decks, paths)
    assert [(lb.section, lb.deck, lb.table) for lb in labels] == [
        (1, 1, 1), (1, 2, 2), (2, 1, 3), (2, 2, 4)]
    out = io.BytesIO()
    hand_records.write_deck_labels(out, labels, tournament_name="Cup", series=1)
    words = text(PdfReader(io.BytesIO(out.getvalue())))
    assert "section 2 · starts at table 4" in words
    assert [lb.table for lb in hand_records.deck_labels(decks, [])] == [None, None]
    out = io.BytesIO()
    hand_records.write_deck_labels(out, hand_records.deck_labels(decks, None),
                                   tournament_name="Cup", series=1)
    assert text(PdfReader(io.BytesIO(out.getvalue()))).count("starts at table ____") == 2


# -- standings and travellers ------------------------------------------------------------------


def test_the_standings_pdf_shows_the_pages_places_and_columns(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    words = text(pdf_of(client, "comparative_pdf", slug=tournament.slug))
    best = Seat.objects.get(series=series, table__number=2, position=S).entry
    assert re.search(loose(f"2 {best.number} {best.last_name}, {best.first_name} 3 9.00 75.00"),
                     words)
    assert words.count("4=") == 2 and "54.17" in words and "100.00" in words
    assert "By seat letter" in words and "Released series only" not in words
    series_words = text(pdf_of(client, "comparative_series_pdf", slug=tournament.slug,
                               number=1))
    assert "Comparative standings, series 1" in series_words and "54.17" in series_words


def test_the_traveller_pdf_has_every_tables_scores_and_matchpoints(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    words = text(pdf_of(client, "traveller_pdf", slug=tournament.slug, number=1, deck=1))
    name = {p: Seat.objects.get(series=series, table__number=1, position=p).entry
            for p in (1, 2, 3)}
    description = Deal.objects.get(table__series=series, table__number=1, number=1).description
    first = (f"1 N · {name[N].first_name} {name[N].last_name} {description} 30 "
             f"30 {name[N].first_name} {name[N].last_name} 4.00 "
             f"0 {name[2].first_name} {name[2].last_name} 1.00 "
             f"0 {name[S].first_name} {name[S].last_name} 2.00")
    assert re.search(loose(first), words), words
    assert "top 4 matchpoints" in words
    lines = [line.strip() for line in words.splitlines()]
    body = [line for line in lines[lines.index("S score · MP") + 1:]
            if not line.startswith(("Comparative Night", "page ", "printed "))]
    rows = [body[i:i + 13] for i in range(0, len(body), 13)]  # 4 cells, then 3 a letter
    assert [(r[0], r[3], r[4], r[6], r[9], r[12]) for r in rows] == [
        ("1", "30", "30", "4.00", "1.00", "2.00"), ("2", "20", "20", "2.00", "1.00", "2.00"),
        ("3", "36", "0", "0.00", "4.00", "2.00")]
    every = text(pdf_of(client, "travellers_pdf", slug=tournament.slug, number=1))
    for deck in (1, 2, 3):
        assert f"Series 1, deck {deck} · top 4 matchpoints" in every
    assert "3.50" in every and "0.50" in every  # Neuberg on decks 2 and 3


# -- who may print what ------------------------------------------------------------------------


def test_the_hands_are_never_public_before_the_release(client, room, boss, django_user_model):
    tournament, series = room
    slug = tournament.slug
    public = reverse("printing:public_hands_pdf", args=[slug, 1])
    assert client.get(public).status_code == 404
    assert client.get(reverse("printing:hands_pdf", args=[slug, 1])).status_code == 302
    traveller = text(pdf_of(client, "traveller_pdf", slug=slug, number=1, deck=1))
    assert "No results of this series to show yet" in traveller and "4.00" not in traveller
    standings = text(pdf_of(client, "comparative_pdf", slug=slug))
    assert "54.17" not in standings and "Released series only" in standings
    release(series)
    assert client.get(public).status_code == 200
    assert "4.00" in text(pdf_of(client, "traveller_pdf", slug=slug, number=1, deck=1))
    # the organizer's own prints stay the organizer's
    assert client.get(reverse("printing:deck_labels_pdf", args=[slug, 1])).status_code == 302


def test_another_tournaments_organizer_and_an_assistant_are_refused(client, room,
                                                                   django_user_model):
    tournament, series = room
    other = django_user_model.objects.create_user("other")
    build(slug="other-night")[0].organizers.add(other)
    helper = django_user_model.objects.create_user("helper")
    tournament.assistants.add(helper)
    for user in (other, helper):
        client.force_login(user)
        for name in ("hands_pdf", "deck_labels_pdf"):
            assert client.get(reverse(f"printing:{name}",
                                      args=[tournament.slug, 1])).status_code == 403
    client.force_login(other)
    assert client.get(reverse("printing:public_hands_pdf",
                              args=[tournament.slug, 1])).status_code == 404
    # an assistant may sit at a table: he sees the hands, page and PDF, once released only
    client.force_login(helper)
    public = reverse("printing:public_hands_pdf", args=[tournament.slug, 1])
    assert client.get(public).status_code == 404
    assert client.get(reverse("tournament:hands", args=[tournament.slug, 1])).status_code == 404
    Series.objects.filter(pk=series.pk).update(status=SeriesStatus.RELEASED)
    assert client.get(public).status_code == 200
    assert client.get(reverse("tournament:hands", args=[tournament.slug, 1])).status_code == 200


def test_a_tournament_that_is_not_comparative_has_no_hand_records(client, boss, room):
    tournament, series = room
    tournament.deal_set.delete()
    client.force_login(boss)
    for name in ("hands_pdf", "deck_labels_pdf", "public_hands_pdf"):
        assert client.get(reverse(f"printing:{name}",
                                  args=[tournament.slug, 1])).status_code == 404
    assert client.get(reverse("printing:travellers_pdf",
                              args=[tournament.slug, 1])).status_code == 404
    assert Series.objects.filter(tournament=tournament).exists()


def test_each_page_links_its_pdf(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    slug = tournament.slug
    pages = {
        reverse("tournament:hands", args=[slug, 1]): [
            reverse("printing:public_hands_pdf", args=[slug, 1])],
        reverse("tournament:comparative", args=[slug]): [
            reverse("printing:hands_pdf", args=[slug, 1]),
            reverse("printing:deck_labels_pdf", args=[slug, 1])],
        reverse("scoring:comparative", args=[slug]): [
            reverse("printing:comparative_pdf", args=[slug]),
            reverse("printing:travellers_pdf", args=[slug, 1])],
        reverse("scoring:comparative_series", args=[slug, 1]): [
            reverse("printing:comparative_series_pdf", args=[slug, 1])],
        reverse("scoring:comparative_deck", args=[slug, 1, 2]): [
            reverse("printing:traveller_pdf", args=[slug, 1, 2]),
            reverse("printing:travellers_pdf", args=[slug, 1])],
    }
    for url, links in pages.items():
        html = client.get(url).content.decode()
        for link in links:
            assert f'href="{link}"' in html, (url, link)
