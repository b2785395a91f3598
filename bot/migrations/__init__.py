"""Schema migrations of the store (alembic).

``Store.init()`` upgrades the database to the newest revision on every start, so a deployed
database upgrades in place; ``alembic upgrade head`` (with ``alembic.ini`` at the top of a
checkout) does the same by hand for the database ``DATABASE_URL`` names.

To change the schema: change the tables in ``bot/store.py``, then add a revision to
``versions/`` (``alembic revision --autogenerate -m "what changed"`` against a database at the
current head writes a first draft; check it by hand), and run the tests: they migrate empty
SQLite and PostgreSQL databases to head and compare the result with the tables.
"""
