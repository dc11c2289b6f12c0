"""Registered tandems and teams, ranked by the sum of their players' scores."""
