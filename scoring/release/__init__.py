"""The release of a series' results to the public, and what the visitor's pages say of
the series."""
