"""Prizes: the schedule of the scoring system, the tournament's own prizes, and the lots
that settle a tie."""
