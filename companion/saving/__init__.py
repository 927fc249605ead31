"""Saving: the games on disk, and nothing told before it is saved.

The SQLite file (``database``), the marks that notice a file put back from an older state
(``marks``), the data folder's lock and damage (``datafolder``), one table's saved record
(``record``) and the clock time of each logged event (``logtimes``).
"""
