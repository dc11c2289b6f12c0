"""Issue 18, point 2, in the results: whose points count for whom when a substitute took a
seat (a setting), and what the deals of a sheet ended early count (nothing, or the table's
average), in the standings summed by the database and deal by deal alike."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from engine import ScoringSystem
from scoring.comparison import services as comparisons
from scoring.models import MissingDeals, Substitutes
from scoring.ranking import missing_deals_credit, standings
from scoring.results import loaders as results_loaders
from scoring.results import services as result_services
from scoring.results.scope import Scope
from scoring.settings import services as results_settings
from tests.factories import SOLO_LOST, SOLO_WON, add_entry, club_night, play, table_of_size
from tests.scoring.test_comparative_pages import build, seat
from tournament.models import Entry
from tournament.sheets import absence
from tournament.sheets import services as deals

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_user("boss")


def set_scoring(tournament, **values):
    settings = results_settings.scoring_settings(tournament)
    for name, value in values.items():
        setattr(settings, name, value)
    settings.save()


def by_seat(table):
    return dict(table.seats.values_list("position", "entry_id"))


def substituted_night(boss):
    """Seeger-Fabian; at the four-table Hans Ziegler takes seat 1 from deal 3. Seat 1 wins
    deals 1 and 2 (+30 each), Hans loses deal 3 (−20), seat 2 wins deal 4 (+30)."""
    tournament = club_night(boss, scoring="seeger-fabian")
    four = table_of_size(tournament, 4)
    hans = Entry.objects.get(tournament=tournament, first_name="Hans")
    absence.seat_substitute(four, 1, 3, hans.number, boss, reason="fell ill")
    for record, declarer in ((SOLO_WON, 1), (SOLO_WON, 1), (SOLO_LOST, 1), (SOLO_WON, 2)):
        play(four, record, declarer)
    return tournament, four, hans


@pytest.mark.parametrize(("mode", "absent", "substitute"), [
    # the absent player keeps deals 1-2: 60 + 2 × 50; the substitute is not ranked
    (Substitutes.ABSENT_KEEPS, 160, None),
    # each his own: the substitute's lost game, −20 − 50
    (Substitutes.EACH_OWN, 160, -70),
    # the seat counts for the absent player: 40 + 100 − 50
    (Substitutes.FOR_ABSENT, 90, None),
])
def test_whose_points_count_for_whom_is_the_setting(boss, mode, absent, substitute):
    tournament, four, hans = substituted_night(boss)
    set_scoring(tournament, substitutes=mode)
    comp = result_services.compute(tournament)
    score = {s.entry: s.score for s in comp.standings}
    seats = by_seat(four)
    assert score[seats[1]] == absent
    assert score.get(hans.id) == substitute
    if substitute is None:
        assert hans.id in comp.results.did_not_play
    # the others at the table score the substitute's lost game as any other (30 each)
    assert score[seats[2]] == 30 + 50 + 30
    assert score[seats[3]] == score[seats[4]] == 30
    # deal by deal (the player page's reading) gives the same
    results = results_loaders.load_results(Scope(tournament, substitutes=mode))
    pure = {s.entry: s.score for s in standings(ScoringSystem.SEEGER_FABIAN, results.deals,
                                                results.penalties, results.played)}
    assert pure == score


def test_a_penalty_after_the_substitute_sat_down_is_his(boss):
    tournament, four, hans = substituted_night(boss)
    four.refresh_from_db()
    deals.add_penalty(four, 1, "other", 15, "", four.sheet_version, "test", user=boss)
    set_scoring(tournament, substitutes=Substitutes.EACH_OWN)
    score = {s.entry: s.score for s in result_services.compute(tournament).standings}
    assert score[hans.id] == -70 - 15
    assert score[by_seat(four)[1]] == 160


def test_the_player_page_of_a_substitute_lists_his_deals(client, boss):
    tournament, four, hans = substituted_night(boss)
    set_scoring(tournament, substitutes=Substitutes.EACH_OWN)
    client.force_login(boss)
    html = client.get(reverse("scoring:player", args=[tournament.slug, hans.number])
                      ).content.decode()
    assert "Total: <strong" in html and "-20" in html
    assert "Did not play" not in html


@pytest.mark.parametrize(("system", "setting", "credit"), [
    # League: the table's Points 30 − 20 = 10 over 3 players × 2 deals, × 4 missing: 6⅔ → 7
    ("league", MissingDeals.TABLE_AVERAGE, 7),
    # Seeger-Fabian: 10 + 50 − 50 + 2 × 40 = 90 over 6, × 4 missing: 60
    ("seeger-fabian", MissingDeals.TABLE_AVERAGE, 60),
    ("league", MissingDeals.NOTHING, 0),
])
def test_the_deals_of_an_ended_sheet_count_as_the_setting_says(boss, system, setting, credit):
    tournament = club_night(boss, scoring=system)
    three = table_of_size(tournament, 3)
    play(three, SOLO_WON, 1)
    play(three, SOLO_LOST, 2)
    absence.end_sheet(three, 2, boss, reason="fire alarm")
    set_scoring(tournament, missing_deals=setting)
    comp = result_services.compute(tournament)
    seats = by_seat(three)
    row = {s.entry: s for s in comp.standings}
    assert [row[seats[n]].credit for n in (1, 2, 3)] == [credit] * 3
    if system == "league":
        assert [row[seats[n]].points for n in (1, 2, 3)] == [30 + credit, -20 + credit, credit]
    else:
        assert row[seats[3]].score == 40 * 2 // 2 + credit  # seat 3: the bonus for 1 lost game
        assert row[seats[3]].foot.score + credit == row[seats[3]].score


def test_the_average_is_rounded_half_up_and_needs_deals_played():
    assert missing_deals_credit(ScoringSystem.LEAGUE, 3, 2, 6, 9, 1, 0) == 6  # 9·4/6 = 6
    assert missing_deals_credit(ScoringSystem.LEAGUE, 4, 2, 8, 1, 1, 0) == 1  # 6/8 → 1
    assert missing_deals_credit(ScoringSystem.LEAGUE, 4, 2, 8, -1, 0, 1) == -1  # −6/8 → −1
    assert missing_deals_credit(ScoringSystem.LEAGUE, 3, 0, 6, 0, 0, 0) == 0
    assert missing_deals_credit(ScoringSystem.LEAGUE, 3, 6, 6, 90, 3, 0) == 0


def test_a_comparative_table_ended_early_leaves_its_decks_to_neuberg(boss):
    tournament, series = build(slug="ended-comparative")
    tournament.organizers.add(boss)
    short = series.tables.get(number=3)  # played deck 1 only
    absence.end_sheet(short, 1, boss, reason="a player fell ill")
    short.refresh_from_db()
    deals.submit_sheet(short, "Ida", session="a")
    deals.confirm_sheet(short, "boss", user=boss)
    comparison = comparisons.compare(tournament)
    line = {s.player: s for s in comparison.standings}
    # decks 2 and 3 expected three results a letter and have two: Neuberg scales them
    assert comparison.data.expected == {d: 3 for d in comparison.data.decks}
    assert line[seat(series, 2, 3)].percent == 75  # as the room's hand-worked figures
    assert line[seat(series, 3, 2)].decks == 1


def test_a_substitute_who_counts_for_nobody_is_not_compared(boss):
    tournament, series = build(slug="substituted-comparative")
    tournament.organizers.add(boss)
    table = series.tables.get(number=2)
    spare = add_entry(tournament, 10, "Spare", "Player", checked_in=False)
    absence.seat_substitute(table, 3, 3, spare.number, boss)  # S from deal 3 (deck 3)
    comparison = comparisons.compare(tournament)
    players = {s.player for s in comparison.standings}
    assert spare.id not in players
    deck_3 = next(d for d in comparison.data.decks.values() if d.number == 3)
    s_results = [r for r in comparison.data.results if r.deck == deck_3.id and r.letter == "S"]
    assert [r.player for r in s_results] == [seat(series, 1, 3)]  # table 2's S left out


def pdf_words(client, name, **kwargs):
    response = client.get(reverse(f"printing:{name}", kwargs=kwargs))
    assert response.status_code == 200
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    return re.sub(r"\s+", " ", "\n".join(p.extract_text() for p in reader.pages))


def test_the_standings_page_and_pdf_and_the_sheet_pdf_say_how_it_counts(client, boss):
    tournament, four, hans = substituted_night(boss)
    three = table_of_size(tournament, 3)
    play(three, SOLO_WON, 1)
    play(three, SOLO_LOST, 2)
    absence.end_sheet(three, 2, boss, reason="fire alarm")
    set_scoring(tournament, missing_deals=MissingDeals.TABLE_AVERAGE)
    anna = four.seats.get(position=1).entry
    substitute = (f"Series 1, table {four.number}: from deal 3 Hans Ziegler (#{hans.number}) "
                  f"played seat 1 for {anna.name} (#{anna.number}); {anna.name} keeps deals "
                  "1–2; Hans Ziegler's deals count for nobody.")
    ended = (f"Series 1, table {three.number}: the director ended the sheet after deal 2 of 6; "
             "the 4 deals not played count the table's average: +60 for each player.")
    client.force_login(boss)
    html = client.get(reverse("scoring:standings", args=[tournament.slug])).content.decode()
    assert html_words(substitute) in html and html_words(ended) in html
    words = pdf_words(client, "standings_pdf", slug=tournament.slug)
    assert substitute in words and ended in words
    sheet = pdf_words(client, "sheet_pdf", slug=tournament.slug, number=1, table=four.number)
    assert (f"From deal 3 Hans Ziegler (#{hans.number}) plays seat 1 in place of {anna.name}."
            in sheet)
    assert re.search(r" 3 \w+ \w+ Hans Ziegler Heart Solo", sheet)  # deal 3's declarer
    ended_sheet = pdf_words(client, "sheet_pdf", slug=tournament.slug, number=1,
                            table=three.number)
    assert "Ended after deal 2 of 6 by boss (fire alarm): deals 3–6 are not played." in ended_sheet


def html_words(text):
    return text.replace("'", "&#x27;")


@pytest.mark.parametrize("mode", [Substitutes.ABSENT_KEEPS, Substitutes.FOR_ABSENT])
def test_the_page_of_a_substitute_not_ranked_says_where_he_played(client, boss, mode):
    tournament, four, hans = substituted_night(boss)
    set_scoring(tournament, substitutes=mode)
    client.force_login(boss)
    html = html_words(client.get(reverse("scoring:player", args=[tournament.slug, hans.number])
                                 ).content.decode())
    assert "Did not play" not in html
    assert f"from deal 3 Hans Ziegler (#{hans.number}) played seat 1 for" in html
    absent = four.seats.get(position=1).entry
    html = html_words(client.get(reverse("scoring:player", args=[tournament.slug,
                                                                 absent.number])).content.decode())
    assert f"from deal 3 Hans Ziegler (#{hans.number}) played seat 1 for" in html
