"""Tournaments: teams and singles, timed games in rounds, live standings and the payout.

pairing.py and standings.py are pure (no Flask, no SQL); service.py, rounds.py
and report.py are the operations that api.py (JSON) and pages.py (forms) share.
"""
