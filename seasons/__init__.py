"""Club seasons: the ranking over a season's series or evenings, as each club's rulebook
keeps it (drops, best N, total or average, minimum played, absence penalty, guests).

``seasons.ranking.rank_season`` is the one function the season pages, the PDF, the downloads
and the API read; ``python -m seasons`` is the same function as a command (docs/seasons.md).
The pure half (``rules``, ``ranking``, ``presets``) imports no Django.
"""

from seasons.ranking import Row, printed, rank_season, ranking_json
from seasons.rules import Document, Rules, SeasonError, read_document, read_rules

__all__ = ["Document", "Row", "Rules", "SeasonError", "printed", "rank_season",
           "ranking_json", "read_document", "read_rules"]
