"""The exports app's one model: a tournament file waiting for its owner's confirmation
(``exports.tournament_file.models``)."""

from exports.tournament_file.models import PendingFile

__all__ = ["PendingFile"]
