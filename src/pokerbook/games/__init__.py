"""Games as data: the model, stakes, house profiles and the catalogue."""
