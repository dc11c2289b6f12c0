"""One way for the suite to build players: an entry of a tournament with its own person."""

from __future__ import annotations

from tournament.models import Club, Entry, Player, Tournament


def add_entry(tournament: Tournament, number: int, first_name: str, last_name: str,
              club: Club | None = None, checked_in: bool = True, email: str = "",
              player: Player | None = None) -> Entry:
    """Register a player directly (no checks, no audit): a new person unless ``player``."""
    if player is None:
        player = Player.objects.create(first_name=first_name, last_name=last_name)
    return Entry.objects.create(tournament=tournament, player=player, number=number,
                                first_name=first_name, last_name=last_name, club=club,
                                email=email, checked_in=checked_in)


def add_entries(tournament: Tournament, count: int, *, first: str = "P", last: str = "Player",
                club: Club | None = None, checked_in: bool = True) -> list[Entry]:
    """``count`` checked-in players numbered 1..count: "P1 Player001", "P2 Player002", …"""
    return [add_entry(tournament, n, f"{first}{n}", f"{last}{n:03d}", club=club,
                      checked_in=checked_in) for n in range(1, count + 1)]
