"""Results: which deals count (``scope``), what they add up to (``loaders``: the database sums,
``tables``: who sat where), and the standings computed from them (``services``)."""
