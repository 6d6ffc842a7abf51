"""The ``pokerbook`` command line."""
