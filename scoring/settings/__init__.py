"""The results settings of a tournament (``ScoringSettings``): read, and saved by the form."""
