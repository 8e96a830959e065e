"""Plumbing beneath every feature: errors and JSON bodies, conditional requests, caching, compression, assets,
security, the proxy, limits, links, logs, the database, revisions and keys. It imports no feature."""
