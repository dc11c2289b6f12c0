"""Issue 13, point 5: the seating pages at congress size. A hundred tables (three hundred names)
a page, jump links to every page, a table or a player found by what a person types; the number
of queries does not grow with the tables."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.demo import build_congress
from tournament.models import Seat, SeriesStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def marta(django_user_model):
    return django_user_model.objects.create_user("marta-pages", password="x")


def seated_hall(players: int, slug: str = "hall", marta=None):
    """A congress of ``players`` at four-tables, seated and published, no deal played."""
    tournament = build_congress(slug, players, 1, played=0)
    tournament.public = True
    tournament.save()
    if marta is not None:
        tournament.organizers.add(marta)
    return tournament


@pytest.fixture
def hall(marta):
    return seated_hall(843, marta=marta)  # 211 tables, one of three: 1–100, 101–200, 201–211


def url(name, tournament, *args):
    return reverse(f"tournament:{name}", args=[tournament.slug, 1, *args])


def table_ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<section class="table-card" id="table-(\d+)"', html)]


def test_page_two_of_the_chart_shows_tables_101_to_200(client, hall):
    html = client.get(url("chart", hall) + "?page=2").content.decode()
    assert table_ids(html) == list(range(101, 201))
    assert ">1–100</a>" in html and '<strong aria-current="page">101–200</strong>' in html
    assert ">201–211</a>" in html and 'href="?page=3" rel="next"' in html


def test_every_table_is_reachable_through_the_jump_links(client, hall):
    first = client.get(url("chart", hall)).content.decode()
    jumps = re.findall(r'<nav class="page-jumps".*?</nav>', first, re.S)[0]
    assert "1–100" in jumps
    seen = table_ids(first)
    for page in re.findall(r'href="\?page=(\d+)"', jumps):
        seen += table_ids(client.get(url("chart", hall) + f"?page={page}").content.decode())
    assert sorted(seen) == list(range(1, 212))


def test_a_table_typed_in_the_box_opens_the_page_that_shows_it(client, hall):
    response = client.get(url("chart", hall) + "?table=150")
    assert response.status_code == 302 and response["Location"].endswith("?page=2#table-150")
    for typed in ("999", "abc", "-1", "1" * 40):
        html = client.get(url("chart", hall), {"table": typed}).content.decode()
        assert f"Series 1 has no table {typed[:20]}." in html
        assert table_ids(html) == list(range(1, 101))
    assert table_ids(client.get(url("chart", hall), {"table": "\x00"}).content.decode())


def test_a_page_number_past_the_end_or_not_a_number_shows_a_page(client, hall):
    assert table_ids(client.get(url("chart", hall) + "?page=99").content.decode())[0] == 201
    assert table_ids(client.get(url("chart", hall) + "?page=x").content.decode())[0] == 1


def test_a_player_finds_his_seat_by_name_or_by_number(client, hall):
    seat = Seat.objects.select_related("entry", "table").get(series__tournament=hall,
                                                             entry__number=112)
    entry = seat.entry
    html = client.get(url("where", hall), {"q": entry.last_name.upper()}).content.decode()
    row = f"{entry.last_name}, {entry.first_name} <small class=\"muted\">112</small>"
    table = reverse("tournament:table", args=[hall.slug, 1, seat.table.number])
    assert row in html and f'<a href="{table}" aria-label="Table {seat.table.number}">' in html
    # a number is the player's own: 12 does not find 112 or 120
    html = client.get(url("where", hall), {"q": "112"}).content.decode()
    assert html.count("<li data-key=") == 1 and row in html
    assert "1 player found for “112”" in html
    html = client.get(url("where", hall), {"q": "12"}).content.decode()
    assert html.count("<li data-key=") == 1 and "<small class=\"muted\">12</small>" in html
    html = client.get(url("where", hall), {"q": "Nobody Here"}).content.decode()
    assert "<li data-key=" not in html and "Nobody seated in series 1" in html


def test_the_names_come_in_pages_with_a_link_to_every_letter(client, hall):
    html = client.get(url("where", hall)).content.decode()
    assert html.count("<li data-key=") == 300  # a page of names: a projector screen full
    assert 'id="where">' in html  # no data-live: the page's script narrows a complete list only
    letters = re.findall(r'href="\?page=(\d+)#letter-(\w)"', html)
    assert letters and [p for p, _ in letters] == sorted([p for p, _ in letters], key=int)
    names = []
    for page in range(1, 4):
        text = client.get(url("where", hall) + f"?page={page}").content.decode()
        names += re.findall(r'<li data-key="[^"]*"', text)
        for p, letter in letters:
            if int(p) == page:
                assert f'id="letter-{letter}"' in text
    assert len(names) == len(set(names)) == 843


def test_a_search_keeps_its_words_on_every_page_of_what_it_found(client, hall):
    html = client.get(url("where", hall), {"q": "a"}).content.decode()  # most names
    assert 'href="?q=a&amp;page=2" rel="next"' in html and 'value="a"' in html
    second = client.get(url("where", hall), {"q": "a", "page": "2"}).content.decode()
    assert "page 2 of" in second and "<li data-key=" in second


def _queries(client, address) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    return len(queries)


def test_the_queries_do_not_grow_with_the_tables(client, marta, hall):
    small = seated_hall(24, slug="club", marta=marta)
    client.force_login(marta)
    for name in ("chart", "where", "series"):
        assert _queries(client, url(name, small)) == _queries(client, url(name, hall))


def test_a_move_from_any_page_lands_at_the_table_it_went_to(client, marta, hall):
    series = hall.series.get(number=1)
    hall.series.filter(pk=series.pk).update(status=SeriesStatus.SEATED)  # no deal played yet
    series.refresh_from_db()
    assert series.plan_changeable
    client.force_login(marta)
    plan = client.get(url("series", hall) + "?page=3").content.decode()
    assert table_ids(plan) == list(range(201, 212))
    assert '<input type="hidden" name="page" value="3">' in plan
    three = next(t for t in series.tables.all() if t.seats.count() == 3).number
    source = 205 if three < 201 else 5
    mover = Seat.objects.get(series=series, table__number=source, position=1).entry.number
    response = client.post(url("series_move", hall), {"number": mover, "table": three,
                                                      "page": "3"})
    assert response["Location"].endswith(f"?table={three}")
    response = client.get(response["Location"])
    assert response["Location"].endswith(f"?page={(three - 1) // 100 + 1}#table-{three}")
    html = client.get(response["Location"]).content.decode()
    assert f"Player {mover} moved to table {three}." in html
    card = html[html.index(f'id="table-{three}"'):]
    assert f'<span class="num">{mover}</span>' in card[:card.index("</section>")]
    # a swap goes back to the page it was sent from
    response = client.post(url("series_swap", hall), {"first": 1, "second": 2, "page": "3"})
    assert response["Location"].endswith("?page=3")


def test_a_table_typed_on_the_plan_opens_its_page(client, marta, hall):
    client.force_login(marta)
    response = client.get(url("series", hall) + "?table=201")
    assert response["Location"].endswith("?page=3#table-201")
    html = client.get(url("series", hall) + "?table=300", follow=True).content.decode()
    assert "Series 1 has no table 300." in html and table_ids(html)[0] == 1


@pytest.fixture
def comparative_hall():
    """162 players at 54 three-tables playing 12 decks: sections of at most 12 tables."""
    from tournament.comparative.services import make_comparative
    from tournament.models import Entry, Player, SeatingMethod, Tournament
    from tournament.seating import services as plans

    tournament = Tournament.objects.create(name="Duplicate Hall", slug="dup-hall", public=True,
                                           start_date=datetime.date(2027, 9, 11),
                                           series_count=1)
    people = Player.objects.bulk_create([Player(first_name="P", last_name=f"Dup{n}")
                                         for n in range(1, 163)])
    Entry.objects.bulk_create([Entry(tournament=tournament, player=p, number=n, first_name="P",
                                     last_name=p.last_name, checked_in=True)
                               for n, p in enumerate(people, start=1)])
    (series,) = plans.ensure_series(tournament)
    make_comparative(tournament, table_size=3, decks=12, seed="hall", user=None)
    plans.seat_series(series, SeatingMethod.DRAW, "hall", user=None)
    plans.publish(series, user=None)
    return tournament


def movement_rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="table-(\d+)">', html)]


def test_the_movement_chart_comes_in_pages_of_whole_sections(client, comparative_hall):
    address = url("movement", comparative_hall)
    first = client.get(address).content.decode()
    pages = [int(n) for n in re.findall(r'href="\?page=(\d+)"', first)]
    assert max(pages) >= 2 and len(movement_rows(first)) <= 48
    seen, sections = [], []
    for number in range(1, max(pages) + 1):
        html = client.get(address + f"?page={number}").content.decode()
        seen += movement_rows(html)
        shown = set(re.findall(r'<tr id="table-\d+"><td class="num">\d+</td>'
                               r'<td class="num">(\d+)</td>', html))
        paths = set(re.findall(r'<tr><td class="num">\d+</td><td class="num">(\d+)</td>', html))
        assert paths == shown  # a deck's path is on the page of its section
        sections.append(shown)
    assert seen == list(range(1, 55))
    assert all(not a & b for a, b in zip(sections, sections[1:], strict=False))


def test_a_table_typed_on_the_movement_chart_opens_its_page(client, comparative_hall):
    address = url("movement", comparative_hall)
    response = client.get(address + "?table=54")
    target = response["Location"]
    assert re.search(r"\?page=\d+#table-54$", target)
    assert 54 in movement_rows(client.get(target).content.decode())
    html = client.get(address, {"table": "55"}).content.decode()
    assert "Series 1 has no table 55." in html
