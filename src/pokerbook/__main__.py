"""``python -m pokerbook``."""

from pokerbook.cli.main import main

main()
