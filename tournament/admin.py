"""Admin registrations for the tournament app."""
