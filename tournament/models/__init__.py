"""The core models, one module per concern, all importable from ``tournament.models``."""

from tournament.models.audit import AuditAction, AuditEntry
from tournament.models.comparative import DealSet, Deck, DeckAnalysis
from tournament.models.events import (
    PUBLIC_STATES,
    RELEASED_STATES,
    Entry,
    KeepApart,
    ScoringSystem,
    SeatingMethod,
    Series,
    SeriesStatus,
    TablePolicy,
    Tournament,
    rule_set_choices,
)
from tournament.models.people import Club, Player
from tournament.models.sheets import Deal, Penalty
from tournament.models.tables import (
    RetiredLink,
    Seat,
    SheetStatus,
    Substitution,
    Table,
    new_token,
)

__all__ = [
    "PUBLIC_STATES", "RELEASED_STATES", "AuditAction", "AuditEntry", "Club", "Deal", "DealSet",
    "Deck", "DeckAnalysis", "Entry", "KeepApart",
    "Penalty", "Player", "RetiredLink", "ScoringSystem", "Seat", "SeatingMethod", "Series",
    "SeriesStatus", "SheetStatus", "Substitution", "Table", "TablePolicy", "Tournament",
    "new_token", "rule_set_choices",
]
