"""Money as data: fees, lost-game money, prize pools and payouts, to the cent.

``money.ledger.settle`` is the one function every page, the door and the PDFs will read (issue
22); ``python -m money`` is the same function as a command: one JSON document on stdin, one on
stdout (docs/money.md). Pure: no Django, integer cents, never floats.
"""

from money.ledger import Ledger, settle
from money.rules import FEE_KINDS, POOLS, MoneyError, Rules, read_document

__all__ = ["FEE_KINDS", "POOLS", "Ledger", "MoneyError", "Rules", "read_document", "settle"]
