"""Rules engines for the ancient-world board games, one package per title."""
