"""Results out and data in: every result table as CSV, XLSX and ODS (``exports.tables``), and a
whole tournament as one JSON file (``exports.tournament_file``), written and read by the
management commands ``export_tournament`` and ``import_tournament`` and the organizer's pages."""
