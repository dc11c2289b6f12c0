"""The client's address: one answer for every per-address limit (the login throttle, the
public pages' throttle).

Behind proxies the address is in X-Forwarded-For, and only its right part can be believed:
each proxy appends the address it saw, so with ``PROXY_COUNT`` proxies the client is the
``PROXY_COUNT``-th entry from the right. Anything further left is what the client chose to send.
"""

from __future__ import annotations

from ipaddress import ip_address

from django.conf import settings


def client_address(request) -> str:
    """The address of the client that sent ``request``: REMOTE_ADDR without proxies, else the
    entry the nearest-to-client proxy wrote; REMOTE_ADDR when the header is short or garbled
    (a request that did not pass every proxy)."""
    peer = request.META.get("REMOTE_ADDR", "")
    proxies = getattr(settings, "PROXY_COUNT", 0)
    if proxies <= 0:
        return peer
    entries = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    entries = [part for part in entries if part]
    if len(entries) < proxies:
        return peer
    candidate = entries[-proxies]
    try:
        return str(ip_address(candidate))
    except ValueError:
        return peer
