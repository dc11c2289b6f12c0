"""Settings of the whole suite."""

import pytest
from hypothesis import settings

# Hypothesis checks properties, not speed: its per-example deadline would make a property fail
# on a busy machine (speed is measured in bench/, never by the unit tests).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: a rolled-back test leaves ids (and so results'
    cache keys) that the next test's database may hand out again."""
    from django.core.cache import cache

    from scoring.cache import forget_recent

    cache.clear()
    forget_recent()
