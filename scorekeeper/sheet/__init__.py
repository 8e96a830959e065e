"""The score sheet as people read it: words, summary, statistics, chart and exports. Pure: neither Flask nor
SQLAlchemy."""
