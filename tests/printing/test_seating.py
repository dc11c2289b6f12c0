"""The seating chart (by table, by name) and the seat slips of a series as PDFs, read back with
pypdf: from plain rows (sizes, order, umlauts) and through the organizer's URLs (access,
a series not seated)."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from printing import seat_slips, seating
from printing.base import Layout
from tests.factories import new_tournament, register, seat
from tests.printing.conftest import PRINTED, many_rows
from tournament.models import Tournament
from tournament.seating import charts
from tournament.seating.charts import SeatRow, name_key

A4_PAGES_FOR_300 = 4  # two pages by table (48 four-tables a page), two by name (210 a page)


def chart_of(rows, draft=False, name="Skatkongress Grün-Weiß Köln"):
    return seating.SeatingPrint(name, 2, tuple(rows), draft)


def pdf(write, chart, **options):
    out = io.BytesIO()
    write(out, chart, printed_at=PRINTED, **options)
    out.seek(0)
    return PdfReader(out)


def pages(reader):
    return [page.extract_text() for page in reader.pages]


def squeezed(text):
    """The text without spaces: a narrowed (squeezed) line may come back without them."""
    return re.sub(r"\s+", "", text)


SMALL = [
    SeatRow(1, 1, 11, "Jürgen Müller", "Müller, Jürgen", "Grün-Weiß Köln"),
    SeatRow(1, 2, 12, "Änne Krüger", "Krüger, Änne", ""),
    SeatRow(1, 3, 13, "Max Mustermann", "Mustermann, Max", "Kreuz Bube"),
    SeatRow(2, 1, 14, "Ali Öztürk", "Öztürk, Ali", ""),
    SeatRow(2, 2, 15, "Paul Peters", "Peters, Paul", ""),
    SeatRow(2, 3, 16, "Björn Weiß", "Weiß, Björn", ""),
    SeatRow(2, 4, 17, "Otto Ortmann", "Ortmann, Otto", ""),
]


def test_names_sort_as_in_a_dictionary():
    names = ["Mustermann, Max", "Müller, Jürgen", "Peters, Paul", "Öztürk, Ali",
             "Ortmann, Otto", "Krüger, Änne", "Kuhn, Karl", "Strauß, Eva", "Strausberg, Udo"]
    assert sorted(names, key=name_key) == [
        "Krüger, Änne", "Kuhn, Karl", "Müller, Jürgen", "Mustermann, Max", "Ortmann, Otto",
        "Öztürk, Ali", "Peters, Paul", "Strausberg, Udo", "Strauß, Eva"]
    assert [r.name for r in charts.alphabetical(SMALL)] == [
        "Änne Krüger", "Jürgen Müller", "Max Mustermann", "Otto Ortmann", "Ali Öztürk",
        "Paul Peters", "Björn Weiß"]


def test_the_chart_by_table_then_by_name():
    by_table, by_name = pages(pdf(seating.write_chart, chart_of(SMALL)))
    assert "Skatkongress Grün-Weiß Köln · Series 2 · seating by table · tables 1–2" in by_table
    assert "page 1 of 1" in by_table and "printed 2027-05-01 21:30" in by_table
    # every table with its seats in order: seat, name, number
    assert re.search(r"Table 1\s*3 players\s*1\s*Jürgen Müller\s*11\s*2\s*Änne Krüger\s*12\s*"
                     r"3\s*Max Mustermann\s*13", by_table)
    assert re.search(r"Table 2\s*4 players\s*1\s*Ali Öztürk\s*14.*4\s*Otto Ortmann\s*17",
                     by_table, re.S)
    assert "by name · Krüger – Weiß" in by_name and "page 1 of 1" in by_name
    # name, club, table, seat, down the column (seven names: one column of large type);
    # Müller before Mustermann, Öztürk after Ortmann
    assert by_name.count("Name, club Table Seat") == 1
    by_name = by_name.replace("Name, club Table Seat", "")
    assert re.search(r"Krüger, Änne\s*1\s*2\s*Müller, Jürgen\s*Grün-Weiß Köln\s*1\s*1\s*"
                     r"Mustermann, Max\s*Kreuz Bube\s*1\s*3\s*Ortmann, Otto\s*2\s*4\s*"
                     r"Öztürk, Ali\s*2\s*1\s*Peters, Paul\s*2\s*2\s*Weiß, Björn\s*2\s*3",
                     by_name)
    assert "DRAFT" not in by_table + by_name


def sizes_of(page, text):
    """The font sizes ``text`` is drawn in on ``page``."""
    found = []

    def visit(shown, cm, tm, font, size):
        if text in shown:
            found.append(round(size * tm[0], 1) if tm[0] else size)

    page.extract_text(visitor_text=visit)
    return found


def test_a_club_nights_few_tables_print_in_large_type():
    """Issue 18, point 18: two tables, seven names print at two to three times a congress's
    type, each part still on one page; a congress keeps the small type."""
    by_table, by_name = pdf(seating.write_chart, chart_of(SMALL)).pages
    assert min(sizes_of(by_table, "Otto Ortmann")) >= 2 * seating.SEAT_SIZE
    assert min(sizes_of(by_name, "Ortmann, Otto")) >= 2 * seating.NAME_SIZE
    height = 740.0
    tables = charts.tables_of(SMALL)
    assert seating.table_type(tables, height) == seating.TABLE_TYPES[0]
    ten = charts.tables_of(many_rows(40))  # a club's ten four-tables: two columns, larger
    assert seating.table_type(ten, height).scale >= 2
    congress = pdf(seating.write_chart, chart_of(many_rows(300))).pages
    assert max(sizes_of(congress[0], "Table 1")) == pytest.approx(9.5)
    assert seating.table_type(charts.tables_of(many_rows(300)), height) == seating.Type(
        1.0, seating.TABLE_COLUMNS)
    assert seating.name_type(300, height) == seating.Type(1.0, seating.NAME_COLUMNS)
    assert seating.name_type(20, height).scale > 2


def test_300_players_fit_four_pages_and_all_are_named():
    rows = many_rows(300)
    reader = pdf(seating.write_chart, chart_of(rows))
    texts = pages(reader)
    assert len(texts) <= A4_PAGES_FOR_300
    by_table = [t for t in texts if "seating by table" in t]
    by_name = [t for t in texts if "seating by name" in t]
    assert len(by_table) + len(by_name) == len(texts)
    assert len(by_name) <= 2 and "page 1 of 2" in by_name[0] and "page 2 of 2" in by_name[1]
    tables = squeezed("".join(by_table))
    names = squeezed("".join(by_name))
    for row in rows:
        assert squeezed(f"Table {row.table}") in tables
        assert squeezed(f"{row.position}{row.name}{row.number}") in tables, row
        assert squeezed(row.sort_name) in names, row
    assert "Müller, Jürgen" in "".join(by_name) and "Krüger, Änne" in "".join(by_name)
    # page by page in dictionary order: the last name of a page comes before the next's first
    firsts = [re.search(r"by name · (.+?) – ", t).group(1) for t in by_name]
    assert firsts == sorted(firsts, key=name_key)


def test_1000_players_take_a_handful_of_pages():
    reader = pdf(seating.write_chart, chart_of(many_rows(1000)))
    texts = pages(reader)
    assert sum("seating by table" in t for t in texts) <= 6
    assert sum("seating by name" in t for t in texts) <= 5


def test_the_pages_hold_what_the_frame_holds():
    layout = Layout("a4", 538.6, 751.2)  # A4 less the margins, header and footer
    width, height = seating.usable(layout)
    for rows in (many_rows(300), many_rows(301, table_size=3), SMALL):
        tables = charts.tables_of(rows)
        for page in seating.table_pages(tables, height - seating.heading_height(True)):
            used = sum(max(seating.block_height(len(s)) for _, s in row) + seating.TABLE_GAP
                       for row in page)
            assert used <= height - seating.heading_height(True)
        assert [t for page in seating.table_pages(tables, height) for row in page
                for t in row] == tables
    per_column = seating.rows_per_column(height - seating.heading_height(False))
    assert per_column == 70
    columns = seating.name_pages(list(range(300)), per_column)
    assert [len(c) for page in columns for c in page] == [70, 70, 70, 30, 30, 30]


def test_a_draft_is_marked_on_every_page_and_slip():
    chart = chart_of(many_rows(60), draft=True)
    assert all("DRAFT: not published yet" in t for t in pages(pdf(seating.write_chart, chart)))
    slips = pages(pdf(seat_slips.write_slips, chart))
    assert all(t.count("draft") == t.count("Series 2 —") for t in slips)


def test_seat_slips_one_per_player_sorted_by_name():
    rows = many_rows(300)
    texts = pages(pdf(seat_slips.write_slips, chart_of(rows)))
    assert len(texts) == 10  # 30 slips to an A4 page
    assert "seat slips · Abel – Bäcker" in texts[0] and "page 1 of 10" in texts[0]
    everything = "\n".join(texts)
    for row in rows:
        assert f"Series 2 — table {row.table}, seat {row.position}" in everything, row
        assert row.name in everything
    assert everything.count("Series 2 —") == 300
    assert everything.count("Skatkongress Grün-Weiß Köln\n") >= 300
    order = re.findall(r"^(.+)\nSeries 2 — table", everything, re.M)
    assert order == [r.name for r in charts.alphabetical(rows)]


def test_letter_paper():
    reader = pdf(seat_slips.write_slips, chart_of(many_rows(300)), paper_name="letter")
    assert round(reader.pages[0].mediabox.height) == 792
    assert "\n".join(pages(reader)).count("Series 2 —") == 300


def test_a_series_without_seats_says_so():
    for write in (seating.write_chart, seat_slips.write_slips):
        (text,) = pages(pdf(write, chart_of([])))
        assert "Series 2 is not seated yet." in text


# --- through the organizer's URLs ----------------------------------------------------------

@pytest.fixture
def umlaut_night(db, django_user_model):
    """Seven players with umlauts in series 1 (seated, published); series 2 not seated."""
    marta = django_user_model.objects.create_user("marta-seat", password="x")
    tournament = new_tournament("skatabend", marta, name="Skatabend Süd", public=True,
                                deals_per_player=2, series_count=2)
    names = ["Jürgen Müller", "Änne Krüger", "Max Mustermann", "Ali Öztürk", "Otto Ortmann",
             "Björn Weiß", "Rosa Vogel"]
    for n, name in enumerate(names, start=1):
        register(tournament, [name], club="Grün-Weiß Köln" if n % 2 else "")
    first = seat(tournament.series.get(number=1), "print")
    return tournament, first, marta


def _url(name, tournament, number):
    return reverse(f"printing:{name}", args=[tournament.slug, number])


def _read(response):
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return pages(PdfReader(io.BytesIO(b"".join(response.streaming_content))))


def test_the_organizer_prints_the_chart_and_the_slips(client, umlaut_night):
    tournament, series, marta = umlaut_night
    client.force_login(marta)
    response = client.get(_url("seating_pdf", tournament, 1))
    assert "skatabend-s1-seating.pdf" in response["Content-Disposition"]
    by_table, by_name = _read(response)
    for row in charts.seat_rows(series):
        assert re.search(rf"{row.position}\s*{row.name}\s*{row.number}", by_table), row
        club = rf"\s*{row.club}" if row.club else ""
        assert re.search(rf"{row.sort_name}{club}\s*{row.table}\s*{row.position}",
                         by_name), row
    assert by_name.index("Müller, Jürgen") < by_name.index("Mustermann, Max")
    assert by_name.index("Ortmann, Otto") < by_name.index("Öztürk, Ali")
    (slips,) = _read(client.get(_url("seat_slips_pdf", tournament, 1)))
    for row in charts.alphabetical(charts.seat_rows(series)):
        assert f"{row.name}\nSeries 1 — table {row.table}, seat {row.position}" in slips
    assert "Skatabend Süd" in slips


def test_a_series_not_yet_seated_answers_a_page_that_says_so(client, umlaut_night):
    tournament, _, marta = umlaut_night
    client.force_login(marta)
    for name in ("seating_pdf", "seat_slips_pdf"):
        (text,) = _read(client.get(_url(name, tournament, 2)))
        assert "Series 2 is not seated yet." in text
        assert client.get(_url(name, tournament, 9)).status_code == 404


def test_only_the_tournaments_organizers_print(client, umlaut_night, django_user_model):
    tournament, _, _ = umlaut_night
    bea = django_user_model.objects.create_user("bea-seat", password="x")
    Tournament.objects.create(name="Bea's Cup", slug="beas-cup",
                              start_date=datetime.date(2027, 6, 1)).organizers.add(bea)
    ida = django_user_model.objects.create_user("ida-seat", password="x")
    tournament.assistants.add(ida)
    for name in ("seating_pdf", "seat_slips_pdf"):
        url = _url(name, tournament, 1)
        client.logout()
        anonymous = client.get(url)
        assert anonymous.status_code == 302 and anonymous.url.startswith(reverse("login"))
        for user in (bea, ida):
            client.force_login(user)
            assert client.get(url).status_code == 403


def test_the_series_pages_link_the_pdfs(client, umlaut_night):
    tournament, _, marta = umlaut_night
    client.force_login(marta)
    for page in ("tournament:series", "tournament:series_sheets"):
        html = client.get(reverse(page, args=[tournament.slug, 1])).content.decode()
        for name in ("seating_pdf", "seat_slips_pdf", "table_cards_pdf"):
            assert _url(name, tournament, 1) in html, (page, name)
    unseated = client.get(reverse("tournament:series", args=[tournament.slug, 2]))
    assert _url("seating_pdf", tournament, 2) not in unseated.content.decode()


def test_the_room_chart_by_name_sorts_umlauts_too(client, umlaut_night):
    tournament, _, _ = umlaut_night
    html = client.get(reverse("tournament:where", args=[tournament.slug, 1])).content.decode()
    assert html.index("Müller, Jürgen") < html.index("Mustermann, Max")
    assert html.index("Ortmann, Otto") < html.index("Öztürk, Ali")
