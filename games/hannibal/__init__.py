"""Hannibal: Rome vs Carthage (Mark Simonitch): rules engine and game data."""
