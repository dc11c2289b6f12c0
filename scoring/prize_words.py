"""The words of a player in line for a prize (``scoring.prizes``): for each kind of prize, his
reason ("net Games 12 (won 14, lost 2), 1,260 Points") and what he is ranked by in short
("Games +12", "Grand without 3"), as a pair; made of ``scoring.prize_list``'s words of a game
and of Points.

Pure: asked only of the players the prize list names.
"""

from __future__ import annotations

from scoring.prize_list import counted, describe_game, game_name, plus, points
from scoring.standings import DealResult, Standing
from tournament.numbers import grouped
from tournament.speech import gettext


def most_games_words(s: Standing) -> tuple[str, str]:
    # Translators: a prize's reason, "net Games 12 (won 14, lost 2), 1,260 Points"
    return (gettext("net Games %(games)s (won %(won)s, lost %(lost)s), %(points)s") % {
        "games": grouped(s.games), "won": grouped(s.won), "lost": grouped(s.lost),
        "points": points(s.points)},
        # Translators: what a player is ranked by, "Games +12"
        gettext("Games %(games)s") % {"games": plus(s.games)})


def points_words(s: Standing) -> tuple[str, str]:
    # Translators: a prize's reason, "1,260 Points, net Games 12"
    return gettext("%(points)s, net Games %(games)s") % {
        "points": points(s.points), "games": grouped(s.games)}, points(s.points)


def place_words(s: Standing) -> tuple[str, str]:
    return (gettext("Seeger-Fabian score %(score)s (won %(won)s, lost %(lost)s)") % {
        "score": grouped(s.score), "won": grouped(s.won), "lost": grouped(s.lost)},
        # Translators: what a player is ranked by, "score 1,234" (Seeger-Fabian)
        gettext("score %(score)s") % {"score": grouped(s.score)})


def game_words(deal: DealResult) -> tuple[str, str]:
    return describe_game(deal), game_name(deal)


def highest_words(won: tuple[DealResult, int]) -> tuple[str, str]:
    deal, total = won
    # Translators: a prize's reason: the game, then the winner's Points
    return gettext("%(game)s, %(points)s") % {"game": describe_game(deal),
                                               "points": points(total)}, grouped(deal.value)


def count_words(won: tuple[int, str, int]) -> tuple[str, str]:
    count, label, total = won
    # Translators: a prize's reason, "5 Grands won, 1,260 Points"
    return gettext("%(games)s won, %(points)s") % {
        "games": counted(count, label), "points": points(total)}, counted(count, label)
