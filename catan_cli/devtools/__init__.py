"""Tools for writing scenario data (not used at run time)."""
