"""The tables of the exports: the result pages' own django-tables2 tables
(``scoring.listings``, ``tournament.registration.listings``) with a ``value_<column>`` where
their page renders HTML or a formatted figure, so that an exported number stays a number; and a
table for each page that shows its rows without django-tables2 (prizes, travellers, the seating
plan, the audit log), over the same rows of the page layer. Every file is written from these
by ``exports.files``."""
