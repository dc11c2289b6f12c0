"""The results as PDFs (standings, series, clubs, teams, prizes), read back with pypdf: what
they show, to whom, and that each is one click from its page."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from engine import ScoringSystem
from printing import results
from printing.results import number, signed
from scoring.awards import services as awards
from scoring.models import Team
from scoring.release import services as releases
from scoring.release.page import NOTHING_RELEASED, Release
from scoring.results import loaders as results_loaders
from scoring.results import services as result_services
from scoring.results.loaders import Results
from scoring.results.page import StandingRow, StandingsPage, club_page
from tests.printing.conftest import PRINTED
from tests.scoring.test_views import tied_tournament
from tournament.demo import build_demo_congress
from tournament.models import Entry, SeriesStatus, Tournament
from tournament.permissions import Visitor

pytestmark = pytest.mark.django_db

PDFS = ["standings_pdf", "club_standings_pdf", "team_standings_pdf", "prizes_pdf"]


@pytest.fixture
def demo(django_user_model):
    """The demo congress (public): series 1 and 2 confirmed, 3 under way; nothing released."""
    tournament = build_demo_congress(with_deals=True)
    boss = django_user_model.objects.create_user("boss-print")
    tournament.organizers.add(boss)
    return tournament, boss


def _get(client, name, tournament, *args, query=""):
    return client.get(reverse(f"printing:{name}", args=[tournament.slug, *args]) + query)


def text(client, name, tournament, *args, query=""):
    response = _get(client, name, tournament, *args, query=query)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    return "\n".join(page.extract_text() for page in reader.pages), reader


def flat(words: str) -> str:
    """The text with every line break and run of spaces as one space (wrapped paragraphs)."""
    return re.sub(r"\s+", " ", words)


def row(comp, standing) -> str:
    """A standings row as extracted: place, number, name, club, points, won, lost, games."""
    player = comp.player(standing.entry)
    cells = [standing.place, str(player.number), player.sort_name, player.club,
             number(standing.points), str(standing.won), str(standing.lost),
             signed(standing.games)]
    return r"\s*".join(re.escape(c) for c in cells if c)


def test_nothing_released_says_so_as_the_page_does(client, demo):
    tournament, _ = demo
    page = client.get(reverse("scoring:standings", args=[tournament.slug])).content.decode()
    assert NOTHING_RELEASED in page
    anybody = result_services.compute(tournament).players.values()
    for name in PDFS:
        words, _ = text(client, name, tournament)
        assert NOTHING_RELEASED in words, name
        assert not any(p.sort_name in words for p in anybody), name
    words, _ = text(client, "standings_pdf", tournament)
    assert "No results yet." in words and "Provisional" not in words


def test_the_public_pdf_counts_the_released_series_only(client, demo):
    tournament, boss = demo
    releases.release_series(tournament.series.get(number=1), boss)
    words, reader = text(client, "standings_pdf", tournament)
    assert "Released series counted: 1." in words
    assert NOTHING_RELEASED not in words and "Provisional" not in words
    released = result_services.compute(tournament, released_only=True)
    everything = result_services.compute(tournament)
    assert len(released.standings) > 50  # more than one page: the header is on each
    assert len(reader.pages) == 2
    assert all(re.search(r"Place\s*No\.\s*Player\s*Club\s*Points\s*Won\s*Lost\s*Games",
                         p.extract_text()) for p in reader.pages)
    for standing in released.standings:
        assert re.search(row(released, standing), words), standing
    # the leader of all series (series 2 and 3 counted) is not what the public reads
    top = everything.standings[0]
    assert top not in released.standings
    assert not re.search(row(everything, top), words)
    # series 2 is confirmed but not released: its PDF says so and shows nobody
    words, _ = text(client, "series_standings_pdf", tournament, 2)
    assert "Series 2 is not released yet." in words and "No results yet." in words
    assert not any(p.sort_name in words for p in everything.players.values())
    words, _ = text(client, "series_standings_pdf", tournament, 1)
    assert "Released series counted: 1." in words
    one = result_services.compute(tournament, series=1, released_only=True)
    assert all(re.search(row(one, s), words) for s in one.standings)


def test_a_correction_in_progress_is_said_as_on_the_page(client, demo):
    tournament, boss = demo
    releases.release_series(tournament.series.get(number=1), boss)
    tournament.series.filter(number=1).update(status=SeriesStatus.CORRECTING)
    # issue 18.20: the public sees none of a series under correction until released again
    notice = ("Series 1: a correction is in progress. Its results are shown again, corrected, "
              "when the series is released again.")
    page = client.get(reverse("scoring:standings", args=[tournament.slug])).content.decode()
    assert notice in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))
    for name in PDFS:
        words, _ = text(client, name, tournament)
        assert notice in flat(words), name
        assert "Released series counted" not in words, name


def test_a_pdf_asks_a_fixed_number_of_queries(client, demo, django_assert_max_num_queries):
    tournament, boss = demo
    client.force_login(boss)
    for name in PDFS:
        with django_assert_max_num_queries(16):
            text(client, name, tournament)


def test_the_organizer_reads_what_the_page_shows_them(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    releases.release_series(tournament.series.get(number=1), boss)
    words, _ = text(client, "standings_pdf", tournament)
    assert "Series counted: 1, 2, 3, released or not (not released yet: 2, 3)." in words
    assert "Provisional: sheets that are not confirmed yet are counted." in words
    comp = result_services.compute(tournament)
    for standing in comp.standings:
        assert re.search(row(comp, standing), words), standing
    words, _ = text(client, "series_standings_pdf", tournament, 2)
    two = result_services.compute(tournament, series=2)
    assert "Series counted: 2, released or not (not released yet: 2)." in words
    assert all(re.search(row(two, s), words) for s in two.standings)


def test_a_club_filter_of_the_page_goes_with_its_pdf(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    comp = result_services.compute(tournament)
    club = comp.player(comp.standings[0].entry)
    page = client.get(reverse("scoring:standings", args=[tournament.slug])
                      + f"?club={club.club_id}").content.decode()
    link = reverse("printing:standings_pdf", args=[tournament.slug]) + f"?club={club.club_id}"
    assert f'href="{link}"' in page
    words, _ = text(client, "standings_pdf", tournament, query=f"?club={club.club_id}")
    assert f"Players of {club.club} only." in words
    for standing in comp.standings:
        player = comp.player(standing.entry)
        assert (player.sort_name in words) == (player.club_id == club.club_id)


def test_club_and_team_standings(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    entries = list(Entry.objects.filter(tournament=tournament).order_by("number")[:2])
    team = Team.objects.create(tournament=tournament, name="Die Asse")
    team.members.set(entries)
    comp = result_services.compute(tournament)
    words, _ = text(client, "club_standings_pdf", tournament)
    page = club_page(Visitor(tournament, staff=True))
    assert flat(page.explain) in flat(words)
    for r in page.rows:
        assert re.search(rf"{re.escape(r.place)}\s*{re.escape(r.name)}\s*"
                         rf"{number(r.score)}\s*{r.counted}", words), r
        assert r.members in flat(words)
    words, _ = text(client, "team_standings_pdf", tournament)
    score = sum(s.score for s in comp.standings if s.entry in {e.id for e in entries})
    assert re.search(rf"1\s*Die Asse\s*{number(score)}\s*2", words)
    assert ", ".join(e.name for e in entries) in flat(words)


def test_the_prize_list_names_winners_with_the_reasons_to_read_aloud(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    words, _ = text(client, "prizes_pdf", tournament)
    words = flat(words)
    comp = result_services.compute(tournament)
    prizes = awards.prizes(comp)
    assert len(prizes) == 7
    for prize in prizes:
        assert f"{prize.number} {prize.title}" in words
        assert prize.reason in words, prize.reason
        for winner in prize.winners:
            player = comp.player(winner)
            assert f"{player.name} (no. {player.number}, {player.club})" in words
    assert "series 1, table" in words  # a game prize cites its deal


def test_a_tie_and_its_lot_read_as_on_the_page(client, django_user_model):
    tournament = tied_tournament()
    boss = django_user_model.objects.create_user("lot-print")
    tournament.organizers.add(boss)
    client.force_login(boss)
    words = flat(text(client, "prizes_pdf", tournament)[0])
    assert "Tie between Anna Tie (#1), Bert Tie (#2): to be settled by lot." in words
    awards.record_lot(tournament, 1, 2, boss, "cut")
    words = flat(text(client, "prizes_pdf", tournament)[0])
    assert "Bert Tie (no. 2) — by lot" in words
    # the public: the series is not released, nothing is
    client.logout()
    assert NOTHING_RELEASED in text(client, "prizes_pdf", tournament)[0]


def test_a_private_tournament_is_a_404_but_for_its_staff(client, demo):
    tournament, boss = demo
    Tournament.objects.filter(pk=tournament.pk).update(public=False)
    for name in PDFS:
        assert _get(client, name, tournament).status_code == 404, name
    assert _get(client, "series_standings_pdf", tournament, 1).status_code == 404
    client.force_login(boss)
    for name in PDFS:
        assert _get(client, name, tournament).status_code == 200, name
    assert _get(client, "series_standings_pdf", tournament, 1).status_code == 200
    assert _get(client, "series_standings_pdf", tournament, 9).status_code == 404


def test_every_results_page_links_its_pdf(client, demo):
    tournament, boss = demo
    slug = tournament.slug
    releases.release_series(tournament.series.get(number=2), boss)  # before: nothing to print
    for page, pdf in (("scoring:standings", "printing:standings_pdf"),
                      ("scoring:clubs", "printing:club_standings_pdf"),
                      ("scoring:teams", "printing:team_standings_pdf"),
                      ("scoring:prizes", "printing:prizes_pdf")):
        html = client.get(reverse(page, args=[slug])).content.decode()
        assert f'href="{reverse(pdf, args=[slug])}"' in html, page
    html = client.get(reverse("scoring:series_standings", args=[slug, 2])).content.decode()
    assert f'href="{reverse("printing:series_standings_pdf", args=[slug, 2])}"' in html
    client.force_login(boss)
    html = client.get(reverse("scoring:results_admin", args=[slug])).content.decode()
    for name in PDFS:
        assert reverse(f"printing:{name}", args=[slug]) in html, name
    for n in (1, 2, 3):
        assert reverse("printing:series_standings_pdf", args=[slug, n]) in html


def test_letter_paper(client, demo):
    tournament, _ = demo
    _, reader = text(client, "prizes_pdf", tournament, query="?paper=letter")
    assert round(reader.pages[0].mediabox.height) == 792


def test_a_congress_of_3000_is_a_paged_table_with_its_header_on_every_page():
    tournament = Tournament(name="Skatkongress der 3000", slug="k3000",
                            scoring_system="seeger-fabian",
                            start_date=datetime.date(2027, 6, 1))
    players = {e: results_loaders.PlayerInfo(e, e, f"Spieler {e}", f"Müller, Jürgen {e}", 1,
                                      "Skatfreunde Grün-Weiß") for e in range(1, 3001)}
    comp = result_services.Computation(tournament, ScoringSystem.SEEGER_FABIAN, (), (),
                                Results((), (), (), False, frozenset()), players, None, False)
    rows = [StandingRow(place=str(e), rank=e, tied=False, number=e,
                        name=players[e].name, sort_name=players[e].sort_name,
                        sort_label=players[e].sort_label,
                        club=players[e].club, points=1500 - e, won=30, lost=2,
                        games=28 - e % 40, score=4000 - e) for e in range(1, 3001)]
    page = StandingsPage(comp, rows, "", [])
    release = Release([1, 2, 3], [1, 2, 3], [], [1, 2, 3], True)
    out = io.BytesIO()
    results.write_standings(out, page, release, printed_at=PRINTED)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    count = len(reader.pages)
    assert 40 < count < 60
    for i in (1, 2, count // 2, count):  # reading all 48 back would take pypdf long
        words = reader.pages[i - 1].extract_text()
        assert f"page {i} of {count}" in words
        assert re.search(r"Place\s*No\.\s*Player\s*Club\s*Points\s*Won\s*Lost\s*Games\s*Score",
                         words), i
    last = reader.pages[-1].extract_text()
    assert re.search(r"3000\s*3000\s*Müller, Jürgen 3000\s*Skatfreunde Grün-Weiß\s*"
                     r"−1,500\s*30\s*2\s*\+28\s*1,000", last)  # grouped (tournament.numbers)
