"""catan: a terminal client for Catan\x27s sea scenarios."""
