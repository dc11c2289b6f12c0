"""Comparative Skat (docs/rules.md §13): matchpoints per deck, travellers, a player's decks."""
