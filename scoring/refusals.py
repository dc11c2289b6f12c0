"""The refusal of a results change, as the organizer reads it."""

from tournament.refusals import Refusal


class ScoringError(Refusal):
    """A results change refused (release, lot, team, prize, seating by results)."""
