"""The score sheet as plain data (docs/rules.md §9): running totals and its invariants."""

from engine import get_rule_set
from tournament.sheets.sheet import SheetDeal, SheetPenalty, build_sheet, deal_entries

NASL = get_rule_set("nasl-1908")


def deal(number, declarer, value, seats=3, **extra):
    dealer = (number % seats) + 1  # docs/rules.md §8: seat 2 deals first
    return SheetDeal(number=number, dealer=extra.pop("dealer", dealer), declarer=declarer,
                     text="game", value=value,
                     entries=extra.pop("entries", {declarer: value} if declarer else {}))


def test_only_the_declarers_total_moves_000_section_11():
    # 000 L4756 opening rows: A +16, B −12, C +10, then A +24 (A 40), B +21 (B 9), C −18 (C −8)
    deals = [deal(1, 1, 16), deal(2, 2, -12), deal(3, 3, 10), deal(4, 1, 24), deal(5, 2, 21),
             deal(6, 3, -18)]
    sheet = build_sheet(3, 36, deals, [], NASL)
    assert [r.totals for r in sheet.rows] == [
        (16, 0, 0), (16, -12, 0), (16, -12, 10), (40, -12, 10), (40, 9, 10), (40, 9, -8)]
    assert sheet.totals == (40, 9, -8)
    assert sheet.progress == "6 of 36" and sheet.next_number == 7
    assert not sheet.problems and not sheet.complete


def test_penalty_rows_move_the_penalised_player_only():
    sheet = build_sheet(3, 36, [deal(1, 1, 20), deal(2, 2, 30)],
                        [SheetPenalty(after_deal=1, seat=3, points=10, text="misdeal")], NASL)
    assert [(r.kind, r.totals) for r in sheet.rows] == [
        ("deal", (20, 0, 0)), ("penalty", (20, 0, -10)), ("deal", (20, 30, -10))]
    assert sheet.played == 2  # a penalty is not a deal


def test_contra_and_revoke_move_a_second_total():
    entries = deal_entries(-40, 1, contra_by=2, contra_value=20)
    assert entries == {1: -40, 2: 20}
    assert deal_entries(20, 1, revoked_by=3, revoke_value=-20) == {1: 20, 3: -20}
    assert deal_entries(-30, None, loser=2) == {2: -30}
    assert deal_entries(0, None) == {}


def test_missing_deal_and_wrong_dealer_are_reported():
    sheet = build_sheet(3, 36, [deal(1, 1, 20), deal(3, 2, 30, dealer=3)], [], NASL)
    assert "Deal 2 is missing: the sheet jumps to deal 3." in sheet.problems
    assert any("Deal 3: seat 3 dealt, but the rotation gives seat 1" in p
               for p in sheet.problems)


def test_four_table_dealer_cannot_be_declarer():
    sheet = build_sheet(4, 48, [deal(1, 2, 20, seats=4)], [], NASL)  # seat 2 deals deal 1
    assert any("dealer sits out" in p for p in sheet.problems)


def test_the_series_ends_at_its_deal_count_passed_and_ramsch_count():
    deals = [deal(n, None if n % 2 else 1, 0 if n % 2 else 20) for n in range(1, 4)]
    sheet = build_sheet(3, 3, deals, [], NASL)
    assert sheet.complete and sheet.played == 3
    too_many = build_sheet(3, 3, [*deals, deal(4, 1, 20)], [], NASL)
    assert any("one too many" in p for p in too_many.problems)
    assert not too_many.complete
