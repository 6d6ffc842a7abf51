"""Hand evaluation: scales, card-usage rules, wild cards and batch kernels."""
