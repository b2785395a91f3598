"""End to end: the real bot process against a fake Discord on 127.0.0.1."""
