"""The money where the players meet it (issue 22, point 2): the door's fees on arrival, a score
sheet's lost-game and passed-deal money, and the prize money beside the places of the
standings, the public's of the released series only. Every amount the pages show is the
ledger's; the tests compute the expected ones by hand from the rules."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from money.currency import amount
from money.presets import PRESETS
from money.services import arrival_fees, money_book, save_money
from tests import factories
from tests.factories import SOLO_LOST, confirm_series, play, release, seat, table_of_size
from tests.sheets import u
from tournament.models import Entry, Seat
from tournament.sheets.services import table_info

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_user("kasse", password="Kreuz-Bube-1908")


@pytest.fixture
def staff(boss):
    client = Client()
    client.force_login(boss)
    return client


def night(boss, preset: str | None = None, *, slug: str = "money-night",
          options: dict | None = None, **fields):
    """The club night (a four- and a three-table, Hans Ziegler at the bar), its money set
    before the first deal (the rules lock then)."""
    tournament = factories.club_night(boss, slug=slug, seed="sheets", **fields)
    if options:
        tournament.options = options
        tournament.save(update_fields=["options"])
    if preset:
        save_money(tournament, boss, rules=dict(PRESETS[preset]), preset=preset, currency="EUR")
    return tournament


def euros(cents: int, language: str = "en") -> str:
    return amount(cents, "EUR", language)


def lose(table, seat: int) -> None:
    """The next deal: a Heart Solo lost by ``seat``, or (the dealer sitting out at a
    four-table) by the next seat."""
    table.refresh_from_db()
    number = table.deals.count() + 1
    dealer = table_info(table).dealer(number)
    if table.seats.count() == 4 and seat == dealer:
        seat = seat % 4 + 1
    play(table, SOLO_LOST, declarer=seat)


def tiers(lost: int, rules: list[list[int]]) -> int:
    """The lost-game money of ``lost`` games by the tiers, by hand: the n-th costs the cents
    of the last tier begun."""
    return sum(max((cents for first, cents in rules if first <= n), default=0)
               for n in range(1, lost + 1))


# -- the door ---------------------------------------------------------------------------------


def test_the_door_shows_what_each_arriving_player_pays(boss, staff):
    tournament = night(boss, "stake_paid_out_each_series")
    assert arrival_fees(tournament) == {"series_fee": 500, "list_fee": 200}
    page = staff.get(reverse("tournament:door", args=[tournament.slug]) + "?q=Ziegler")
    html = page.content.decode()
    box = html[html.index('id="door-money"'):]
    box = box[:box.index("</p>")]
    assert "Stake per series" in box and euros(500) in box
    assert "List fee" in box and euros(200) in box
    assert "together" in box and euros(700) in box
    assert "Entry fee" not in box  # this scheme takes none
    assert "To take" in html
    # beside Hans Ziegler's check-in button, and in the list of the last check-ins
    row = html[html.index("Ziegler"):]
    assert euros(700) in row[:row.index("</tr>")]
    recent = html[html.index("Last check-ins"):]
    assert recent.count(euros(700)) == Entry.objects.filter(
        tournament=tournament, checked_in=True).count()


def test_the_door_speaks_the_readers_language(boss, staff):
    tournament = night(boss, "prizes_from_entry_fees")
    staff.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    html = staff.get(reverse("tournament:door", args=[tournament.slug])).content.decode()
    assert euros(1500, "de") in html  # "15,00 €": the entry fee is all the door takes
    assert "together" not in html and "insgesamt" not in html


def test_the_door_of_a_tournament_without_money_shows_none(boss, staff):
    tournament = night(boss)
    html = staff.get(reverse("tournament:door", args=[tournament.slug])
                     + "?q=Ziegler").content.decode()
    assert staff.get(reverse("tournament:door", args=[tournament.slug])).status_code == 200
    assert "door-money" not in html and "To take" not in html
    assert "€" not in html and "$" not in html


# -- the score sheet --------------------------------------------------------------------------


def _sheet_money(html: str) -> dict[str, list[str]]:
    """The sheet's money table: each line's cells by its class."""
    part = html[html.index('id="sheet-money"'):]
    part = part[:part.index("</table>")]
    lines = {}
    for row in part.split("<tr")[2:]:
        name = row.split('class="', 1)[1].split('"', 1)[0]
        lines[name] = [cell.split(">", 1)[1].split("</td>", 1)[0]
                       for cell in row.split("<td")[1:]]
    return lines


def test_a_sheet_shows_each_seats_lost_games_and_their_money_by_the_tiers(boss, staff):
    tournament = night(boss, "prizes_from_entry_fees")  # 0.50 € for the 1st-3rd, then 1.00 €
    four = table_of_size(tournament, 4)
    for declarer in (1, 1, 1, 1, 1, 2, 3, 3):  # the four-table's eight deals
        lose(four, declarer)
    lost = list(Seat.objects.filter(table=four).order_by("position")
                .values_list("lost", flat=True))
    assert sum(lost) == 8 and max(lost) >= 4  # the second tier is reached
    rules = PRESETS["prizes_from_entry_fees"]["lost_game_fee"]
    expected = [euros(tiers(n, rules)) for n in lost]
    assert tiers(5, rules) == 3 * 50 + 2 * 100
    for page in (staff.get(u("sheet", four.token)),  # the staff on the table's link
                 Client().get(u("sheet", four.token)),  # the scorekeeper at the table
                 staff.get(reverse("tournament:organizer_sheet",  # the staff's way to it
                                   args=[tournament.slug, 1, four.number]), follow=True)):
        lines = _sheet_money(page.content.decode())
        assert lines["lost-games"] == [str(n) for n in lost]
        assert lines["lost-game-money"] == expected
        assert "passed-deal-money" not in lines  # this scheme charges no passed deals


def test_passed_deals_over_the_threshold_cost_every_player_of_the_table(boss):
    # 0.50 € each for every passed deal from the 4th at a three-table; lost games 1.00 €
    tournament = night(boss, "passed_deals_and_missed_series", options={"ramsch": False})
    three = table_of_size(tournament, 3)
    for _ in range(3):
        play(three, {"game": "passed"}, declarer=None)
    html = Client().get(u("sheet", three.token)).content.decode()
    assert "passed-deal-money" not in _sheet_money(html)  # three passed deals cost nothing
    play(three, {"game": "passed"}, declarer=None)
    play(three, {"game": "passed"}, declarer=None)
    lose(three, 2)
    lines = _sheet_money(Client().get(u("sheet", three.token)).content.decode())
    assert lines["passed-deal-money"] == [euros(2 * 50)] * 3  # the 4th and the 5th
    assert lines["lost-games"] == ["0", "1", "0"]
    assert lines["lost-game-money"] == [euros(0), euros(100), euros(0)]
    assert "5 passed deals" in Client().get(u("sheet", three.token)).content.decode()


def test_a_sheet_without_money_shows_none(boss, staff):
    tournament = night(boss, "table_rank_obolus")  # money, but none of a sheet's
    four = table_of_size(tournament, 4)
    lose(four, 1)
    assert "sheet-money" not in staff.get(u("sheet", four.token)).content.decode()
    plain = night(boss, slug="no-money")
    four = table_of_size(plain, 4)
    lose(four, 1)
    assert "sheet-money" not in Client().get(u("sheet", four.token)).content.decode()


def test_the_public_copy_of_a_released_sheet_shows_its_money(boss):
    tournament = night(boss, "prizes_from_entry_fees")
    three = table_of_size(tournament, 3)
    lose(three, 1)
    series = release(confirm_series(tournament.series.get(number=1)))
    lost = list(Seat.objects.filter(table=three).order_by("position")
                .values_list("lost", flat=True))
    html = Client().get(reverse("tournament:table", args=[tournament.slug, series.number,
                                                          three.number])).content.decode()
    lines = _sheet_money(html)
    assert lines["lost-games"] == [str(n) for n in lost]
    assert lines["lost-game-money"] == [euros(tiers(n, [[1, 50], [4, 100]])) for n in lost]


# -- the standings ----------------------------------------------------------------------------


def _column(response) -> dict[int, int]:
    """The standings' prize money by participant number, as the page's table holds it."""
    table = response.context["table"]
    assert "prize_money" in table.columns.names()
    return {row.record.number: row.record.extras["prize_money"] for row in table.rows}


def _received(book, series: int | None = None) -> dict[int, int]:
    """What the ledger pays each player (by participant number): everything, or series
    ``series``' series prizes and table money."""
    numbers = dict(Entry.objects.values_list("id", "number"))
    if series is None:
        return {numbers[e]: sum(pools.values()) for e, pools in book.ledger.received.items()}
    found: dict[int, int] = {}
    for paid in book.ledger.payouts:
        if paid.pool in ("series_prizes", "table") and book.series_number(paid.series) == series:
            for e in paid.players:
                found[numbers[e]] = found.get(numbers[e], 0) + paid.cents
    return found


def test_the_standings_show_the_prize_money_of_the_ledger(boss, staff):
    tournament = night(boss, "prizes_from_entry_fees")
    confirm_series(tournament.series.get(number=1))
    response = staff.get(reverse("scoring:standings", args=[tournament.slug]))
    shown = _column(response)
    ledger = _received(money_book(tournament))
    assert shown == {n: ledger.get(n, 0) for n in shown}
    # 7 entry fees of 15 € (not Hans Ziegler's: he never came to the tables nor checked in),
    # a prize a table (2), linear: 2/3 and 1/3 in whole euros
    assert sorted(shown.values(), reverse=True)[:3] == [7000, 3500, 0]
    html = response.content.decode()
    assert "Prize money" in html and euros(7000) in html and euros(3500) in html
    ordered = staff.get(reverse("scoring:standings", args=[tournament.slug])
                        + "?sort=-prize_money")
    assert [row.record.extras["prize_money"] for row in ordered.context["table"].rows][:2] == [
        7000, 3500]


def test_no_prize_money_column_without_prize_money(boss, staff):
    for slug, preset in (("plain", None), ("lost-games-only", "stake_and_tiered_lost_games")):
        tournament = night(boss, preset, slug=slug)
        confirm_series(tournament.series.get(number=1))
        response = staff.get(reverse("scoring:standings", args=[tournament.slug]))
        assert "prize_money" not in response.context["table"].columns.names()
        assert "Prize money" not in response.content.decode()


def test_the_public_sees_the_prize_money_of_the_released_series_only(boss, staff):
    # 5 € a series paid out that series: series 2's prizes change what the staff's ledger pays
    tournament = night(boss, "stake_paid_out_each_series", series_count=2)
    release(confirm_series(tournament.series.get(number=1)))
    confirm_series(seat(tournament.series.get(number=2), "second"))
    standings = reverse("scoring:standings", args=[tournament.slug])
    public = _column(Client().get(standings))
    staffs = _column(staff.get(standings))
    released = _received(money_book(tournament, released_only=True))
    assert public == {n: released.get(n, 0) for n in public}
    assert staffs == {n: v for n, v in _received(money_book(tournament)).items() if n in staffs}
    assert public != staffs
    assert sum(public.values()) < sum(staffs.values())
    # a series' standings: that series' series prizes (the public's series 2: nothing)
    second = reverse("scoring:series_standings", args=[tournament.slug, 2])
    of_second = _received(money_book(tournament), 2)
    shown = _column(staff.get(second))
    assert shown == {n: of_second.get(n, 0) for n in shown} and sum(shown.values()) > 0
    assert "prize_money" not in Client().get(second).context["table"].columns.names()


def test_the_standings_download_holds_the_prize_money_as_a_number(boss, staff):
    tournament = night(boss, "prizes_from_entry_fees")
    confirm_series(tournament.series.get(number=1))
    text = staff.get(f"/t/{tournament.slug}/standings.csv").content.decode()
    head, first, second, *_ = text.splitlines()
    assert head.endswith(",prize_money")  # the columns' keys head a CSV
    assert first.endswith(",70.00") and second.endswith(",35.00")

