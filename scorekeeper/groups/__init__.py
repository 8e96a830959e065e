"""Groups: a table's people, the games they played together, and the figures counted from them."""
