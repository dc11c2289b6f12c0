"""Printable PDFs (reportlab): score sheets, table cards and the results. An outer app: it reads
the plain data of the inner apps (``tournament.sheets.loaders``, the page layer of
``scoring``) and owns no models."""
