"""The payout sheet (page, PDF, downloads) and the cash book (issue 22, point 3), on the demo
congress with a preset configured before the series are played: every number is checked
against the ledger (``money.services.money_book``), not against the sheet's own sums."""

from __future__ import annotations

import csv
import datetime
import io
import random
import subprocess
from decimal import Decimal
from html.parser import HTMLParser

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from money.cash_book import Balance, balance_problems
from money.currency import amount
from money.payout_sheet import payout_sheet
from money.pdf import players_table
from money.presets import PRESETS
from money.rules import FEE_KINDS, POOLS
from money.services import SETTLEMENT_PRESET, money_book, save_money
from money.tables import figure, signed_figure, units
from printing.base import Layout
from tests.factories import SOLO_LOST, club_night, confirm_series, play, table_of_size
from tournament.demo import build_demo_congress, play_demo_series
from tournament.models import Entry, Tournament

pytestmark = pytest.mark.django_db

PREISSKAT = "prizes_from_entry_fees"
WEEKLY = "stake_paid_out_each_series"
MONEY_URLS = ("money:payouts", "money:payouts_pdf", "money:cash_book")
EXPORT_URLS = ("money:payouts_export", "money:cash_book_export")


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("kassenwart", password="Kasse-1908")


def congress(organizer, preset: str | None, *, settle: bool = False, currency: str | None = None):
    """The demo congress (62 entered, 59 seated in three series), money configured first
    (``preset``, or the League's settlement), then every series played and confirmed."""
    tournament = build_demo_congress(reset=True, with_deals=False)
    tournament.organizers.add(organizer)
    if preset is not None or settle:
        save_money(tournament, organizer, rules=PRESETS[preset] if preset else {},
                   preset=preset or SETTLEMENT_PRESET, settle_at_rate=settle,
                   currency=currency)
    for series in tournament.series.order_by("number"):
        play_demo_series(series, random.Random(f"money-{series.number}"), share=1.0,
                         confirm=True)
    return tournament


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


class _Rows(HTMLParser):
    """Each body row of the first ``<table class="… css_class …">``: its class and the
    text of its cells (lines of a cell joined by " | ")."""

    def __init__(self, css_class: str):
        super().__init__()
        self.css_class, self.inside, self.done = css_class, False, False
        self.rows: list[tuple[str, list[str]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if (tag == "table" and self.css_class in (attrs.get("class") or "").split()
                and not self.done):
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append((attrs.get("class") or "", []))
        elif self.inside and tag == "td":
            self.cell = []
        elif self.cell is not None and tag == "br":
            self.cell.append(" | ")

    def handle_endtag(self, tag):
        if tag == "td" and self.cell is not None:
            self.rows[-1][1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "table" and self.inside:
            self.inside, self.done = False, True

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def rows_of(content: bytes, css_class: str) -> list[tuple[str, list[str]]]:
    parser = _Rows(css_class)
    parser.feed(content.decode())
    return [(cls, cells) for cls, cells in parser.rows if cells]


def pdf_text(content: bytes, tmp_path, *, layout: bool = True) -> str:
    path = tmp_path / "payouts.pdf"
    path.write_bytes(content)
    return subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(path), "-"],
                          check=True, capture_output=True, text=True).stdout


def pdf_pages(content: bytes, tmp_path) -> int:
    path = tmp_path / "pages.pdf"
    path.write_bytes(content)
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True,
                          text=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines()
                    if line.startswith("Pages:")))


def pdf_of(response) -> bytes:
    return b"".join(response.streaming_content)


# -- the page ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", [PREISSKAT, WEEKLY])
def test_the_page_lists_every_entry_once_with_the_ledgers_numbers(organizer, preset):
    tournament = congress(organizer, preset)
    ledger = money_book(tournament).ledger
    # who came: the 59 checked in and seated; the 3 who never came pay nothing
    came = Entry.objects.filter(tournament=tournament, checked_in=True)
    numbers = dict(came.values_list("number", "id"))
    response = logged_in(organizer).get(reverse("money:payouts", args=[tournament.slug]))
    assert response.status_code == 200
    rows = [cells for _, cells in rows_of(response.content, "payouts")]
    assert sorted(int(cells[0]) for cells in rows) == sorted(numbers)  # each once
    assert len(rows) == 59
    for cells in rows:
        entry = numbers[int(cells[0])]
        paid = sum(ledger.paid[entry].values())
        received = sum(ledger.received[entry].values())
        # the last three columns: paid … received, net (no settlement here)
        assert cells[-1] == signed_figure(ledger.net(entry))
        assert cells[-2] == figure(received)
        assert figure(paid) in cells
    heads = response.content.decode()
    assert "Lost-game money" in heads  # a kind the preset charges is a column
    assert "Missed series" not in heads  # one it does not is none


def test_the_balance_line_shows_equal_totals(organizer):
    tournament = congress(organizer, WEEKLY)
    ledger = money_book(tournament).ledger
    paid = sum(sum(kinds.values()) for kinds in ledger.paid.values())
    into_pools = sum(ledger.pools_in.values())
    paid_out = sum(ledger.pool_out(pool) for pool in ("prizes", "series_prizes", "table"))
    assert paid == into_pools > 0 and 0 < paid_out < paid
    page = logged_in(organizer).get(reverse("money:payouts", args=[tournament.slug]))
    text = page.content.decode()
    total = amount(paid, "USD", "en")
    assert f"Paid in: {total}; into the pools: {total}." in text
    assert (f"Paid out: {amount(paid_out, 'USD', 'en')} + kept: "
            f"{amount(paid - paid_out, 'USD', 'en')} = {total}.") in text
    assert "It balances." in text and "It does not balance" not in text


def test_a_sheet_that_does_not_balance_names_each_difference():
    """It never happens (the ledger balances by construction); if it did, the page and the
    PDF say by how much, each difference on its own."""
    wrong = Balance(paid=1000, into_pools=990, paid_out=500, kept=480, settled=3, settles=True,
                    balances=False)
    problems = balance_problems(wrong, "EUR")
    assert len(problems) == 3
    assert "$0.10" not in problems[0] and "0.10" in problems[0]
    assert "0.20" in problems[1] and "0.03" in problems[2]
    right = Balance(1000, 1000, 600, 400, 0, False, True)
    assert balance_problems(right, "EUR") == ()


def test_the_settlement_at_the_tables_is_a_column_and_sums_to_zero(organizer):
    tournament = congress(organizer, None, settle=True)
    book = money_book(tournament)
    assert book.settled and sum(book.settled.values()) == 0
    response = logged_in(organizer).get(reverse("money:payouts", args=[tournament.slug]))
    text = response.content.decode()
    assert "Settled at the tables" in text
    assert "Settled at the tables: $0.00 in all." in text and "It balances." in text
    numbers = dict(Entry.objects.filter(tournament=tournament).values_list("number", "id"))
    for _, cells in rows_of(response.content, "payouts"):
        settled = book.settled.get(numbers[int(cells[0])], 0)
        assert cells[-2] == signed_figure(settled)  # the settlement, then the net
        assert cells[-1] == signed_figure(settled)  # no fees: the net is the settlement


def test_a_tie_in_the_payouts_shows_both_players_with_equal_amounts(organizer):
    tournament = congress(organizer, WEEKLY)
    ledger = money_book(tournament).ledger
    ties = [p for p in ledger.payouts if len(p.players) > 1 and p.cents]
    assert ties, "the demo's series prizes have tied players"
    tie = ties[0]
    names = dict(Entry.objects.filter(id__in=tie.players).values_list("id", "number"))
    for player in tie.players:
        assert ledger.received[player]["series_prizes"] >= tie.cents
    response = logged_in(organizer).get(reverse("money:payouts", args=[tournament.slug]))
    tied_rows = [cells for cls, cells in rows_of(response.content, "payout-groups")
                 if "tied" in cls.split()]
    places = f"{tie.places[0]}–{tie.places[-1]}"
    row = next(cells for cells in tied_rows if cells[2] == places
               and all(f"(#{names[p]})" in cells[3] for p in tie.players))
    assert row[3].count(" | ") == len(tie.players) - 1  # one name a line
    assert row[4] == figure(tie.cents)  # what each of them receives


def test_without_money_rules_the_pages_explain_and_link_the_money_page(organizer, tmp_path):
    tournament = congress(organizer, None)
    client = logged_in(organizer)
    settings_url = reverse("money:settings", args=[tournament.slug])
    for name in ("money:payouts", "money:cash_book"):
        response = client.get(reverse(name, args=[tournament.slug]))
        text = response.content.decode()
        assert response.status_code == 200
        assert "This tournament moves no money" in text
        assert f'href="{settings_url}"' in text
        assert 'class="data payouts"' not in text and "It balances" not in text
    pdf = client.get(reverse("money:payouts_pdf", args=[tournament.slug]))
    assert "This tournament moves no money" in pdf_text(pdf_of(pdf), tmp_path, layout=False)


# -- the PDF ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "pages"), [(PREISSKAT, 2), (WEEKLY, 3)])
def test_the_pdf_holds_the_total_and_each_players_net(organizer, tmp_path, preset, pages):
    tournament = congress(organizer, preset)
    ledger = money_book(tournament).ledger
    response = logged_in(organizer).get(reverse("money:payouts_pdf", args=[tournament.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    content = pdf_of(response)
    assert content.startswith(b"%PDF")
    # 59 players' rows, the pools and the payouts: two pages of A4 for a prize a table,
    # three with a payout list a series
    assert pdf_pages(content, tmp_path) == pages
    text = pdf_text(content, tmp_path)
    assert f"page {pages} of {pages}" in text
    paid = sum(sum(kinds.values()) for kinds in ledger.paid.values())
    assert f"Paid in: {amount(paid, 'USD', 'en')}" in text
    assert "It balances." in text
    lines = text.splitlines()
    for entry in (min(ledger.paid), max(ledger.paid)):
        player = Entry.objects.get(id=entry)
        line = next(line for line in lines if f" {player.first_name} {player.last_name} " in line
                    and line.split()[0] == str(player.number))
        assert line.split()[-1] == signed_figure(ledger.net(entry))


def test_the_pdf_writes_amounts_in_the_tournaments_language(organizer, tmp_path):
    tournament = congress(organizer, PREISSKAT, currency="EUR")
    tournament.language = "de"
    tournament.save(update_fields=["language"])
    ledger = money_book(tournament).ledger
    paid = sum(sum(kinds.values()) for kinds in ledger.paid.values())
    response = logged_in(organizer).get(reverse("money:payouts_pdf", args=[tournament.slug]))
    text = pdf_text(pdf_of(response), tmp_path)
    assert amount(paid, "EUR", "de").replace("\xa0", " ") in text  # "1.208,00 €"
    assert "€" in text and "$" not in text


# -- the downloads ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", [PREISSKAT, WEEKLY])
def test_the_player_table_downloads_a_row_a_player_with_the_ledgers_numbers(organizer, preset):
    tournament = congress(organizer, preset)
    ledger = money_book(tournament).ledger
    numbers = dict(Entry.objects.filter(tournament=tournament, checked_in=True)
                   .values_list("number", "id"))  # who came
    client = logged_in(organizer)
    csv_file = client.get(reverse("money:payouts_export", args=[tournament.slug, "csv"]))
    assert csv_file.status_code == 200
    assert csv_file["Content-Disposition"].endswith('-payouts.csv"')
    rows = list(csv.DictReader(io.StringIO(csv_file.content.decode("utf-8-sig"))))
    assert sorted(int(row["number"]) for row in rows) == sorted(numbers)
    for row in rows:
        entry = numbers[int(row["number"])]
        assert row["paid"] == str(units(sum(ledger.paid[entry].values())))
        assert row["received"] == str(units(sum(ledger.received[entry].values())))
        assert row["net"] == str(units(ledger.net(entry)))  # "-7.00": a number, no apostrophe
        for kind in FEE_KINDS:
            if kind in row:
                assert row[kind] == str(units(ledger.paid[entry][kind]))
    # in the order the page was sorted by
    by_net = client.get(reverse("money:payouts_export", args=[tournament.slug, "csv"]),
                        {"sort": "-net"})
    nets = [Decimal(row["net"]) for row in csv.DictReader(
        io.StringIO(by_net.content.decode("utf-8-sig")))]
    assert nets == sorted(nets, reverse=True) and len(nets) == 59
    xlsx = client.get(reverse("money:payouts_export", args=[tournament.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    heads, *cells = list(sheet.iter_rows(values_only=True))
    assert len(cells) == 59
    assert heads[0] == "No." and heads[-1] == "Net"
    for row in cells:
        entry = numbers[row[0]]
        assert isinstance(row[-1], int | float)  # numbers stay numbers
        assert round(row[-1] * 100) == ledger.net(entry)


def test_the_cash_book_downloads_a_row_a_kind_and_a_pool_with_the_ledgers_sums(organizer):
    tournament = congress(organizer, WEEKLY)
    ledger = money_book(tournament).ledger
    client = logged_in(organizer)
    by_kind = {kind: sum(paid[kind] for paid in ledger.paid.values()) for kind in FEE_KINDS}
    used = [kind for kind in FEE_KINDS if by_kind[kind]]
    assert used == ["series_fee", "list_fee", "lost_game_fee"]
    response = client.get(reverse("money:cash_book_export", args=[tournament.slug, "csv"]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    fees = [row for row in rows if row["section"] == "Fees"]
    assert [row["key"] for row in fees] == used
    for row in fees:
        assert row["came_in"] == str(units(by_kind[row["key"]]))
        assert int(row["payers"]) == sum(1 for paid in ledger.paid.values()
                                         if paid[row["key"]])
    pools = {row["key"]: row for row in rows if row["section"] == "Pools"}
    assert list(pools) == list(POOLS)
    for pool, row in pools.items():
        assert row["came_in"] == str(units(ledger.pools_in[pool]))
    prizes = pools["series_prizes"]
    out = ledger.pool_out("series_prizes")
    assert prizes["out"] == str(units(out))
    assert prizes["kept"] == str(units(ledger.pools_in["series_prizes"] - out))
    (total,) = [row for row in rows if row["key"] == "total"]
    paid = sum(by_kind.values())
    assert total["came_in"] == str(units(paid))
    assert total["kept"] == str(units(paid - out))  # the till: kept and left in the pools
    xlsx = client.get(reverse("money:cash_book_export", args=[tournament.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    values = list(sheet.iter_rows(values_only=True))[1:]
    assert [row[1] for row in values if row[0] == "Fees"] == used
    assert all(isinstance(row[4], int | float) for row in values)
    assert round(values[-1][4] * 100) == paid


def test_the_cash_book_page_shows_the_till_and_links_its_downloads(organizer):
    tournament = congress(organizer, WEEKLY)
    ledger = money_book(tournament).ledger
    paid = sum(ledger.pools_in.values())
    out = sum(ledger.pool_out(pool) for pool in ("prizes", "series_prizes", "table"))
    response = logged_in(organizer).get(reverse("money:cash_book", args=[tournament.slug]))
    text = response.content.decode()
    assert f"Cash at the end: <span class=\"num\">{amount(paid - out, 'USD', 'en')}" in text
    assert amount(ledger.pools_in["organizer"], "USD", "en") in text
    kinds = [cells for _, cells in rows_of(response.content, "cash-kinds")]
    assert [cells[0] for cells in kinds] == ["Stake per series", "List fee", "Lost-game money"]
    assert kinds[0][2] == figure(sum(p["series_fee"] for p in ledger.paid.values()))
    for fmt in ("csv", "xlsx", "ods"):
        assert reverse("money:cash_book_export", args=[tournament.slug, fmt]) in text


# -- who may ----------------------------------------------------------------------------------


def test_an_assistant_a_stranger_and_the_public_are_refused(organizer, django_user_model):
    tournament = congress(organizer, PREISSKAT)
    assistant = django_user_model.objects.create_user("ida", password="Herz-Sieben-1908")
    tournament.assistants.add(assistant)
    stranger = django_user_model.objects.create_user("bea", password="Karo-Bube-1908")
    urls = [reverse(name, args=[tournament.slug]) for name in MONEY_URLS]
    urls += [reverse(name, args=[tournament.slug, "csv"]) for name in EXPORT_URLS]
    for url in urls:
        assert logged_in(assistant).get(url).status_code == 403, url
        assert logged_in(stranger).get(url).status_code == 403, url
        public = Client().get(url)
        assert public.status_code == 302 and public.url.startswith(reverse("login")), url
        assert logged_in(organizer).get(url).status_code == 200, url


def test_rules_before_anyone_entered_give_empty_tables_not_an_error(organizer, tmp_path):
    tournament = Tournament.objects.create(name="Empty Night", slug="empty-night",
                                           start_date=datetime.date(2027, 5, 1))
    tournament.organizers.add(organizer)
    save_money(tournament, organizer, rules=PRESETS[WEEKLY], preset=WEEKLY)
    client = logged_in(organizer)
    for name in MONEY_URLS:
        assert client.get(reverse(name, args=[tournament.slug])).status_code == 200, name
    pdf = pdf_of(client.get(reverse("money:payouts_pdf", args=[tournament.slug])))
    assert "Nobody is paid yet." in pdf_text(pdf, tmp_path, layout=False)
    for name in EXPORT_URLS:
        response = client.get(reverse(name, args=[tournament.slug, "csv"]))
        assert response.status_code == 200, name
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[-1]["key"] == "total" and rows[-1]["came_in"] == "0.00"


def test_the_pdf_of_the_largest_amounts_the_page_takes_still_prints(django_user_model, client):
    """Every kind at 100.000,00 (the most the Money page takes), three pools paying and the
    settlement: the columns no longer fit even in the smallest type, so the PDF shows paid,
    received and net per player, as a phone does (no 500)."""
    boss = django_user_model.objects.create_user("rich")
    night = club_night(boss, slug="rich-night")
    most = 10**7
    rules = {"entry_fee": most, "series_fee": most, "list_fee": most,
             "lost_game_fee": [[1, most]], "missed_series_fee": most,
             "passed_deal_fee": {"from_three": 1, "from_four": 1, "cents": most},
             "table_rank_fee": {"three": [most] * 3, "four": [most] * 4},
             "destinations": {"entry_fee": {"prizes": 50, "series_prizes": 25, "table": 25}},
             "prizes": {"places": {"top": 3}}, "series_prizes": {"places": {"top": 2}},
             "table": "winner"}
    save_money(night, boss, rules=rules, settle_at_rate=True)
    night.entries.filter(checked_in=False).update(checked_in=True)  # misses the series
    night.options = {**night.options, "ramsch": False}  # a deal all pass is passed
    night.save(update_fields=["options"])
    play(table_of_size(night, 3), {"game": "passed"}, declarer=None)
    play(table_of_size(night, 3), SOLO_LOST, declarer=1)
    confirm_series(night.series.get(number=1))
    sheet = payout_sheet(night)
    assert all(sheet.paid_by_kind)  # every kind is a column
    client.force_login(boss)
    pdf = client.get(reverse("money:payouts_pdf", args=[night.slug]))
    assert pdf.status_code == 200
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")
    # a frame too narrow for the kinds and pools: the table keeps paid, received and net
    narrow = players_table(sheet, Layout("a4", 300, 700))
    assert narrow.wrap(300, 700)[0] <= 300
    assert len(narrow._cellvalues[0]) == 2 + 4  # No., name; paid, received, settled, net


def test_the_payouts_of_a_congress_are_paged_on_their_own(organizer):
    """A prize to every player of every series: 177 groups, a hundred to a page, the players'
    table keeping its own page."""
    tournament = build_demo_congress(reset=True, with_deals=False)
    tournament.organizers.add(organizer)
    save_money(tournament, organizer, rules={
        "series_fee": 100, "destinations": {"series_fee": {"series_prizes": 100}},
        "series_prizes": {"places": {"every": 1}}})
    for series in tournament.series.order_by("number"):
        play_demo_series(series, random.Random(f"paged-{series.number}"), share=1.0,
                         confirm=True)
    groups = len(money_book(tournament).ledger.payouts)
    assert groups > 150
    client = logged_in(organizer)
    url = reverse("money:payouts", args=[tournament.slug])
    first = rows_of(client.get(url).content, "payout-groups")
    second = rows_of(client.get(url, {"payouts-page": 2}).content, "payout-groups")
    assert len(first) == 100 and len(first) + len(second) == groups
    assert len(rows_of(client.get(url, {"payouts-page": 2}).content, "payouts")) == 59
