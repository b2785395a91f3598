"""Measurements of the engine, the pictures and the table service: ``python -m bench``."""
