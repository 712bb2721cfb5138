"""Brain-Score's public names, over brainscore_nb's own implementations."""
