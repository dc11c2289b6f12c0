"""Models of the tournament app (clubs, players, tournaments, series, tables, deals).

None yet; see DESIGN.md, "Domain model".
"""
