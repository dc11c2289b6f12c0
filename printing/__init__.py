"""Printable PDFs (reportlab): score sheets and table cards. An outer app: it reads the plain
data of the inner apps (``tournament.sheets.loaders``) and owns no models."""
