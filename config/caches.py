"""The file cache the site keeps its results in: Django's, compressing at zlib's fastest level.
A congress's standings pickle to about a megabyte, which the default level takes 35 ms to
compress on every cold results page and level 1 takes 6 ms, for a fifth more on disk
(bench/RESULTS.md, issue 19); reading is the same for both."""

from __future__ import annotations

import pickle
import zlib

from django.core.cache.backends.filebased import FileBasedCache

FASTEST = 1


class FileCache(FileBasedCache):
    def _write_content(self, file, timeout, value):
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), FASTEST))
