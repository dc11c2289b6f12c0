"""The API under ``/api/`` (django-ninja, docs/api.md): the public's results as its pages show
them, everything of an organizer's tournaments for his personal token, and a table link's deal
entry."""
