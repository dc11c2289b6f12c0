"""Views of the scoring app (standings, prizes, score sheets; none yet)."""
